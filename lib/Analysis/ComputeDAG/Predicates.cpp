//===- Predicates.cpp - Ansor's sketch rule predicates --------------------===//

#include "ansor/Analysis/ComputeDAG/Predicates.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::ansor;
using sched::LoopKind;

bool mlir::ansor::isStrictlyInlinable(const ComputeDAG &dag, unsigned index) {
  const DAGNode &node = dag.getNode(index);
  if (isa<tensor::PadOp>(node.op))
    return true;
  auto op = dyn_cast<linalg::LinalgOp>(node.op);
  if (!op || node.numLoops(LoopKind::R) != 0)
    return false;
  if (!llvm::all_of(op.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isProjectedPermutation(); }))
    return false;
  bool pure = true;
  op.getBlock()->walk([&](Operation *inner) { pure &= isPure(inner); });
  return pure;
}

/// Math ops that lower to a few instructions, unlike the transcendental
/// ones expanded into polynomials or library calls.
static bool isCheapMathOp(Operation *op) {
  return isa<math::AbsFOp, math::AbsIOp, math::ClampFOp, math::CopySignOp,
             math::CeilOp, math::FloorOp, math::RoundOp, math::RoundEvenOp,
             math::TruncOp, math::FmaOp, math::CountLeadingZerosOp,
             math::CountTrailingZerosOp, math::CtPopOp, math::IsNaNOp,
             math::IsInfOp, math::IsFiniteOp, math::IsNormalOp, math::SqrtOp,
             math::RsqrtOp>(op);
}

/// Whether a value `node` computes is used more than once where inlining
/// puts it: by two consumers, by one through a map that is not a projected
/// permutation (a window: a convolution reads each input element kh x kw
/// times), or across a loop of extent > 1 that does not index it, or
/// through a strictly inlinable consumer (inlined too: an elementwise op, a
/// pad) that is itself used so.
static bool isReadAgain(const ComputeDAG &dag, unsigned index) {
  const DAGNode &node = dag.getNode(index);
  if (node.consumers.size() > 1)
    return true;
  for (unsigned consumerIndex : node.consumers) {
    const DAGNode &consumer = dag.getNode(consumerIndex);
    if (auto op = dyn_cast<linalg::LinalgOp>(consumer.op))
      for (OpOperand *input : op.getDpsInputOperands()) {
        if (input->get().getDefiningOp() != node.op)
          continue;
        AffineMap map = op.getMatchingIndexingMap(input);
        if (!map.isProjectedPermutation())
          return true;
        for (auto [dim, extent] : llvm::enumerate(consumer.extents))
          if (extent > 1 && !map.isFunctionOfDim(dim))
            return true;
      }
    if (!consumer.isOutput && isStrictlyInlinable(dag, consumerIndex) &&
        isReadAgain(dag, consumerIndex))
      return true;
  }
  return false;
}

bool mlir::ansor::isRecomputedExpensively(const ComputeDAG &dag,
                                          unsigned index) {
  auto op = dyn_cast<linalg::LinalgOp>(dag.getNode(index).op);
  if (!op)
    return false;
  bool expensive = false;
  op.getBlock()->walk([&](Operation *inner) {
    expensive |= isa_and_present<math::MathDialect>(inner->getDialect()) &&
                 !isCheapMathOp(inner);
  });
  return expensive && isReadAgain(dag, index);
}

bool mlir::ansor::needsMultiLevelTiling(const ComputeDAG &dag, unsigned index) {
  const DAGNode &node = dag.getNode(index);
  auto op = dyn_cast<linalg::LinalgOp>(node.op);
  if (!op || node.isInit)
    return false;
  // A reduction whose combiner upstream's vectorizer does not take (an
  // argmax's select carrying an index) stays scalar in any tiling; a
  // scalar register block's running values then
  // live in memory the output may alias, stored and reloaded at each step
  // of the reductions tiled around it. Left whole, its reductions stay
  // innermost, as in the untuned lowering.
  if (node.numLoops(LoopKind::R) > 0 && !hasVectorizableCombiner(op))
    return false;
  unsigned missing = 0;
  for (AffineMap map : node.inputMaps) {
    bool missesSpatial = false;
    for (auto [dim, kind] : llvm::enumerate(node.kinds))
      if (kind == LoopKind::S && node.extents[dim] > 1 &&
          !map.isFunctionOfDim(dim))
        missesSpatial = true;
    missing += missesSpatial;
  }
  return node.numLoops(LoopKind::R) > 0 ? missing >= 1 : missing >= 2;
}

bool mlir::ansor::reducesAcrossContiguousRows(const ComputeDAG &dag,
                                              unsigned index) {
  const DAGNode &node = dag.getNode(index);
  if (!isa<linalg::LinalgOp>(node.op) || node.isInit ||
      node.numLoops(LoopKind::R) == 0 || needsMultiLevelTiling(dag, index))
    return false;
  // Every input the reduction reads must be contiguous along a spatial loop
  // (a per-row operand such as a mean[j] read by a row reduction is not
  // what makes the reduction cross rows, and the reduced x[j][k] is).
  bool reduced = false;
  for (AffineMap map : node.inputMaps) {
    bool readsReduction =
        llvm::any_of(llvm::enumerate(node.kinds), [&](auto loop) {
          return loop.value() == LoopKind::R &&
                 map.isFunctionOfDim(loop.index());
        });
    if (!readsReduction)
      continue;
    if (map.getNumResults() == 0)
      return false;
    auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
    if (!last || node.kinds[last.getPosition()] != LoopKind::S ||
        node.extents[last.getPosition()] == 1)
      return false;
    reduced = true;
  }
  return reduced;
}

bool mlir::ansor::readsOnceAlongRows(AffineMap map, ArrayRef<int64_t> extents,
                                     ArrayRef<bool> reduction) {
  if (extents.empty() || map.getNumResults() == 0)
    return false;
  unsigned innermost = extents.size() - 1;
  if (!reduction[innermost] ||
      map.getResults().back() != getAffineDimExpr(innermost, map.getContext()))
    return false;
  for (auto [loop, extent] : llvm::enumerate(extents))
    if (!reduction[loop] && extent != 1 && !map.isFunctionOfDim(loop))
      return false;
  return true;
}

bool mlir::ansor::reducesOnceAlongContiguousRows(const ComputeDAG &dag,
                                                 unsigned index) {
  const DAGNode &node = dag.getNode(index);
  if (!isa<linalg::LinalgOp>(node.op) || node.isInit ||
      node.initMaps.size() != 1 || isConvolutionLike(node.op) ||
      !needsMultiLevelTiling(dag, index))
    return false;
  SmallVector<bool> reduction;
  for (LoopKind kind : node.kinds)
    reduction.push_back(kind == LoopKind::R);
  return llvm::any_of(node.inputMaps, [&](AffineMap map) {
    return readsOnceAlongRows(map, node.extents, reduction);
  });
}

bool mlir::ansor::isOutputIndexedBySpatialLoops(const ComputeDAG &dag,
                                                unsigned index) {
  const DAGNode &n = dag.getNode(index);
  auto op = dyn_cast<linalg::LinalgOp>(n.op);
  if (!op || op.getNumDpsInits() != 1)
    return false;
  SmallVector<AffineExpr> spatial;
  for (auto [loop, kind] : llvm::enumerate(n.kinds))
    if (kind == sched::LoopKind::S)
      spatial.push_back(getAffineDimExpr(loop, op.getContext()));
  AffineMap init = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  return init.getResults() == ArrayRef(spatial);
}

/// Whether `value`, computed in the body of `op`, is computed from a block
/// argument of the body for which `pred` holds.
static bool isComputedFrom(linalg::LinalgOp op, Value value,
                           function_ref<bool(BlockArgument)> pred) {
  SmallVector<Value> worklist = {value};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() == op.getBlock() && pred(arg))
        return true;
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (def->getBlock() == op.getBlock())
      llvm::append_range(worklist, def->getOperands());
  }
  return false;
}

/// Whether init `index` of `op` is combined with an op whose neutral element
/// upstream's reduction tiling knows, that op being what it yields, and the
/// value combined reads no init's running value: tiled, each lane or part
/// keeps running values of its own (a sum of running sums, `q + s`, would
/// add partial sums).
static bool combinesInitKnownly(linalg::LinalgOp op, unsigned index) {
  BlockArgument acc = op.getMatchingBlockArgument(op.getDpsInitOperand(index));
  if (!acc.hasOneUse())
    return false;
  Operation *combiner = *acc.user_begin();
  auto yield = cast<linalg::YieldOp>(op.getBlock()->getTerminator());
  if (combiner->getNumResults() != 1 ||
      yield.getOperand(index) != combiner->getResult(0) ||
      !isa<arith::AddFOp, arith::AddIOp, arith::MulFOp, arith::MulIOp,
           arith::MaximumFOp, arith::MinimumFOp, arith::MaxNumFOp,
           arith::MinNumFOp, arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp,
           arith::MinUIOp, arith::AndIOp, arith::OrIOp, arith::XOrIOp>(
          combiner))
    return false;
  Value value = combiner->getOperand(combiner->getOperand(0) == acc ? 1 : 0);
  return !isComputedFrom(op, value, [&](BlockArgument arg) {
    return op.isDpsInit(op.getMatchingOpOperand(arg));
  });
}

bool mlir::ansor::indexesReductionLoop(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  return llvm::any_of(
      op.getBlock()->getOps<linalg::IndexOp>(), [&](linalg::IndexOp index) {
        return iterators[index.getDim()] == utils::IteratorType::reduction;
      });
}

bool mlir::ansor::hasVectorizableCombiner(linalg::LinalgOp op) {
  return op.getNumDpsInits() > 0 &&
         llvm::all_of(llvm::seq(op.getNumDpsInits()), [&](unsigned index) {
           return combinesInitKnownly(op, index);
         });
}

bool mlir::ansor::hasKnownCombiner(linalg::LinalgOp op) {
  return !indexesReductionLoop(op) && hasVectorizableCombiner(op);
}

bool mlir::ansor::combinesVaryingValue(linalg::LinalgOp op) {
  if (op.getNumDpsInits() != 1 || !hasKnownCombiner(op))
    return false;
  BlockArgument acc = op.getMatchingBlockArgument(op.getDpsInitOperand(0));
  Operation *combiner = *acc.user_begin();
  Value value = combiner->getOperand(combiner->getOperand(0) == acc ? 1 : 0);
  SmallVector<unsigned> reductions;
  op.getReductionDims(reductions);
  // An input read along a reduction loop (hasKnownCombiner excludes a
  // reduction loop's index): a 0-d input or one broadcast along the
  // reductions does not vary.
  return isComputedFrom(op, value, [&](BlockArgument arg) {
    return arg != acc && llvm::any_of(reductions, [&](unsigned dim) {
             return op.getMatchingIndexingMap(op.getMatchingOpOperand(arg))
                 .isFunctionOfDim(dim);
           });
  });
}

bool mlir::ansor::needsRfactor(const ComputeDAG &dag, unsigned index,
                               unsigned cores) {
  const DAGNode &node = dag.getNode(index);
  // Upstream's reduction tiling builds the partials from the combiner's
  // neutral element: without a known one, every program failed to build
  // (an exponential moving average along rows, 8 of 12). Upstream then
  // vectorizes each partial's reduction, which takes a loop-invariant
  // combined value (a count's `c + 1.0`) once per block: 2 of 8 rfactored
  // row counts were wrong (2048 for 8192).
  auto op = dyn_cast<linalg::LinalgOp>(node.op);
  if (!op || node.numLoops(LoopKind::R) == 0 || node.initMaps.size() != 1 ||
      !combinesVaryingValue(op))
    return false;
  int64_t space = node.spatialSize(), reduce = node.reductionSize();
  if (needsMultiLevelTiling(dag, index))
    return space <= reduce && space <= 16 * static_cast<int64_t>(cores);
  // Ansor tries rfactor for every reduction longer than the core count. Our
  // rfactor parallelizes only the factored loop, so it is derived only where
  // the spatial loops cannot give that parallelism (the MLT condition).
  return reduce > static_cast<int64_t>(cores) &&
         space <= 16 * static_cast<int64_t>(cores);
}

/// Whether the node writes its result with its spatial loops, in order.
static bool writesSpatialLoopsInOrder(const DAGNode &node) {
  if (node.initMaps.size() != 1)
    return false;
  AffineMap map = node.initMaps.front();
  if (!map.isProjectedPermutation())
    return false;
  unsigned result = 0;
  for (auto [dim, kind] : llvm::enumerate(node.kinds)) {
    if (kind != LoopKind::S)
      continue;
    if (result >= map.getNumResults() || map.getDimPosition(result) != dim)
      return false;
    ++result;
  }
  return result == map.getNumResults();
}

std::optional<unsigned>
mlir::ansor::getSingleElementwiseMatchedConsumer(const ComputeDAG &dag,
                                                 unsigned index) {
  const DAGNode &node = dag.getNode(index);
  if (node.isOutput || node.consumers.size() != 1 || !node.op->hasOneUse() ||
      !writesSpatialLoopsInOrder(node))
    return std::nullopt;
  unsigned consumerIndex = node.consumers.front();
  const DAGNode &consumer = dag.getNode(consumerIndex);
  auto op = dyn_cast<linalg::LinalgOp>(consumer.op);
  if (!op || consumer.isInit || consumer.numLoops(LoopKind::R) != 0 ||
      consumer.extents.size() != node.numLoops(LoopKind::S))
    return std::nullopt;
  OpOperand &use = *node.op->getUses().begin();
  if (!op.isDpsInput(&use) || !op.getMatchingIndexingMap(&use).isIdentity() ||
      op.getNumDpsInits() != 1 ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity())
    return std::nullopt;
  if (!isStrictlyInlinable(dag, consumerIndex))
    return std::nullopt;
  return consumerIndex;
}

bool mlir::ansor::isCopy(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  Block *body = linalgOp ? linalgOp.getBlock() : nullptr;
  if (!body || !llvm::hasSingleElement(body->getOperations()))
    return false;
  return llvm::all_of(body->getTerminator()->getOperands(), [&](Value v) {
    auto arg = dyn_cast<BlockArgument>(v);
    return arg && arg.getOwner() == body &&
           arg.getArgNumber() < linalgOp.getNumDpsInputs();
  });
}

bool mlir::ansor::isTransposition(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || linalgOp.getNumReductionLoops() != 0 ||
      linalgOp.getNumDpsInputs() != 1 || linalgOp.getNumDpsInits() != 1 ||
      !isCopy(op))
    return false;
  AffineMap input =
      linalgOp.getMatchingIndexingMap(linalgOp.getDpsInputOperand(0));
  AffineMap output =
      linalgOp.getMatchingIndexingMap(linalgOp.getDpsInitOperand(0));
  return input.isPermutation() && !input.isIdentity() && output.isIdentity();
}

bool mlir::ansor::isIntegerDivision(Operation *op) {
  return isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
             arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(op);
}

bool mlir::ansor::dividesIntegers(Operation *op) {
  return op
      ->walk([](Operation *inner) {
        return isIntegerDivision(inner) ? WalkResult::interrupt()
                                        : WalkResult::advance();
      })
      .wasInterrupted();
}

bool mlir::ansor::isConvolutionLike(Operation *op) {
  return isConvolution1D(op) || isDecomposedConvolution(op);
}

bool mlir::ansor::isDecomposedConvolution(Operation *op) {
  return isConvolution2D(op) || isConvolution3D(op);
}

bool mlir::ansor::isConvolution3D(Operation *op) {
  return isa<linalg::Conv3DNdhwcDhwcfOp, linalg::Conv3DNcdhwFcdhwOp,
             linalg::Conv3DOp, linalg::DepthwiseConv3DNdhwcDhwcOp,
             linalg::PoolingNdhwcSumOp, linalg::PoolingNdhwcMaxOp,
             linalg::PoolingNdhwcMinOp>(op);
}

bool mlir::ansor::isConvolution2D(Operation *op) {
  return isa<linalg::Conv2DNhwcHwcfOp, linalg::Conv2DNchwFchwOp,
             linalg::Conv2DOp, linalg::DepthwiseConv2DNhwcHwcOp,
             linalg::PoolingNhwcSumOp, linalg::PoolingNhwcMaxOp,
             linalg::PoolingNhwcMaxUnsignedOp, linalg::PoolingNhwcMinOp,
             linalg::PoolingNhwcMinUnsignedOp, linalg::PoolingNchwSumOp,
             linalg::PoolingNchwMaxOp>(op);
}

bool mlir::ansor::isConvolution1D(Operation *op) {
  return isa<linalg::Conv1DOp, linalg::Conv1DNwcWcfOp, linalg::Conv1DNcwFcwOp,
             linalg::DepthwiseConv1DNwcWcOp, linalg::PoolingNwcSumOp,
             linalg::PoolingNwcMaxOp, linalg::PoolingNwcMaxUnsignedOp,
             linalg::PoolingNwcMinOp, linalg::PoolingNwcMinUnsignedOp,
             linalg::PoolingNcwSumOp, linalg::PoolingNcwMaxOp>(op);
}

SmallVector<unsigned>
mlir::ansor::getLoopsNeedingUnitInnerTile(const ComputeDAG &dag,
                                          unsigned index) {
  const DAGNode &node = dag.getNode(index);
  SmallVector<unsigned> loops;
  // Reduced across rows inside a register block, the block would become a
  // multi_reduction over its outer dimension, which the vector lowering
  // transposes element by element; with the reductions outside the block,
  // each step is a vector add along the contiguous rows.
  if (reducesAcrossContiguousRows(dag, index)) {
    for (auto [loop, kind] : llvm::enumerate(node.kinds))
      if (kind == LoopKind::R)
        loops.push_back(loop);
    return loops;
  }
  if (!isDecomposedConvolution(node.op))
    return {};
  // The window expressions (e.g. oh + kh, ow + kw) of the image input; all
  // but the last must be reduced to a single point for a 1-D convolution.
  SmallVector<AffineExpr> windows;
  for (AffineExpr expr : node.inputMaps.front().getResults())
    if (!isa<AffineDimExpr>(expr))
      windows.push_back(expr);
  for (AffineExpr expr : ArrayRef(windows).drop_back())
    expr.walk([&](AffineExpr sub) {
      if (auto dim = dyn_cast<AffineDimExpr>(sub))
        loops.push_back(dim.getPosition());
    });
  return loops;
}

bool mlir::ansor::isIncreasingSum(AffineExpr expr) {
  if (isa<AffineDimExpr, AffineConstantExpr>(expr))
    return true;
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return false;
  if (binary.getKind() == AffineExprKind::Add)
    return isIncreasingSum(binary.getLHS()) && isIncreasingSum(binary.getRHS());
  if (binary.getKind() != AffineExprKind::Mul)
    return false;
  auto scale = dyn_cast<AffineConstantExpr>(binary.getRHS());
  return scale && scale.getValue() > 0 && isIncreasingSum(binary.getLHS());
}

bool mlir::ansor::needsSharedInitThreads(const ComputeDAG &dag,
                                         unsigned index) {
  bool hasInit = llvm::any_of(dag.getNode(index).producers, [&](unsigned p) {
    return dag.getNode(p).isInit;
  });
  return hasInit && !isOutputIndexedBySpatialLoops(dag, index);
}

SmallVector<unsigned> mlir::ansor::getLoopsKeptWhole(const ComputeDAG &dag,
                                                     unsigned index) {
  const DAGNode &node = dag.getNode(index);
  SmallVector<unsigned> loops;
  auto visit = [&](AffineMap map) {
    for (AffineExpr expr : map.getResults()) {
      if (isIncreasingSum(expr))
        continue;
      expr.walk([&](AffineExpr sub) {
        if (auto dim = dyn_cast<AffineDimExpr>(sub))
          if (!llvm::is_contained(loops, dim.getPosition()))
            loops.push_back(dim.getPosition());
      });
    }
  };
  llvm::for_each(node.inputMaps, visit);
  llvm::for_each(node.initMaps, visit);
  llvm::sort(loops);
  return loops;
}

bool mlir::ansor::isVectorizableAccess(AffineMap map) {
  return map.isProjectedPermutation(/*allowZeroInResults=*/true);
}

bool mlir::ansor::isVectorizable(const ComputeDAG &dag, unsigned index) {
  auto op = dyn_cast<linalg::LinalgOp>(dag.getNode(index).op);
  if (!op)
    return false;
  // Upstream refuses a 2-D or 3-D convolution, not the 1-D ones its blocks
  // decompose into.
  if (isDecomposedConvolution(op))
    return true;
  return succeeded(linalg::vectorizeOpPrecondition(op));
}

unsigned mlir::ansor::getPackedOperandDim(linalg::LinalgOp op, unsigned operand,
                                          unsigned loop) {
  AffineMap map = op.getMatchingIndexingMap(op.getDpsInputOperand(operand));
  return *map.getResultPosition(getAffineDimExpr(loop, op.getContext()));
}

std::optional<PackCandidate>
mlir::ansor::getPackableInput(ArrayRef<AffineMap> inputMaps, AffineMap init,
                              ArrayRef<utils::IteratorType> iterators,
                              ArrayRef<int64_t> extents) {
  if (init.getNumResults() == 0 || !init.isProjectedPermutation() ||
      !llvm::all_of(inputMaps,
                    [](AffineMap m) { return m.isProjectedPermutation(); }))
    return std::nullopt;
  unsigned loop = init.getDimPosition(init.getNumResults() - 1);
  if (iterators[loop] != utils::IteratorType::parallel)
    return std::nullopt;
  SmallVector<unsigned> users;
  for (auto [operand, map] : llvm::enumerate(inputMaps))
    if (map.isFunctionOfDim(loop))
      users.push_back(operand);
  if (users.size() != 1 || inputMaps[users.front()].getNumResults() < 2)
    return std::nullopt;
  // Re-read across a spatial loop it does not depend on.
  AffineMap map = inputMaps[users.front()];
  for (auto [dim, iterator] : llvm::enumerate(iterators))
    if (iterator == utils::IteratorType::parallel && extents[dim] > 1 &&
        !map.isFunctionOfDim(dim))
      return PackCandidate{users.front(), loop};
  return std::nullopt;
}

/// Whether the body of `op` reads the index of loop `loop`. Upstream's
/// packing splits that loop without rewriting such a linalg.index, which
/// then reads the panel's index, not the element's.
static bool readsLoopIndex(linalg::LinalgOp op, unsigned loop) {
  return llvm::any_of(
      op.getBlock()->getOps<linalg::IndexOp>(),
      [&](linalg::IndexOp index) { return index.getDim() == loop; });
}

SmallVector<PackCandidate> mlir::ansor::getPackCandidates(const ComputeDAG &dag,
                                                          unsigned index) {
  const DAGNode &node = dag.getNode(index);
  auto op = dyn_cast<linalg::LinalgOp>(node.op);
  if (!op || !needsMultiLevelTiling(dag, index) || node.initMaps.size() != 1)
    return {};
  std::optional<PackCandidate> candidate =
      getPackableInput(node.inputMaps, node.initMaps.front(),
                       op.getIteratorTypesArray(), node.extents);
  if (!candidate || readsLoopIndex(op, candidate->loop))
    return {};
  unsigned operand = candidate->operand;
  Value input = op.getDpsInputOperand(operand)->get();
  // Any layout of a splat is the splat: canonicalization folds its pack
  // away, and with it the handle the packing steps follow.
  SplatElementsAttr splat;
  if (matchPattern(input, m_Constant(&splat)))
    return {};
  Operation *def = input.getDefiningOp();
  for (unsigned producer : node.producers)
    if (dag.getNode(producer).op == def && isStrictlyInlinable(dag, producer))
      return {};
  return {*candidate};
}

std::optional<ArrayRef<char>> mlir::ansor::getConstantBytes(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(def))
      break;
    value = def->getOperand(0);
  }
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  Type element = type.getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 != 0)
    return std::nullopt;
  ArrayRef<char> bytes;
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    if (dense.isSplat())
      return std::nullopt;
    bytes = dense.getRawData();
  } else if (auto resource = dyn_cast<DenseResourceElementsAttr>(attr)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return std::nullopt;
    bytes = blob->getData();
  } else {
    return std::nullopt;
  }
  if (static_cast<int64_t>(bytes.size()) !=
      type.getNumElements() * (element.getIntOrFloatBitWidth() / 8))
    return std::nullopt;
  return bytes;
}

bool mlir::ansor::canPackAtCompileTime(linalg::LinalgOp op, unsigned operand) {
  return getConstantBytes(op.getDpsInputOperand(operand)->get()).has_value();
}

bool mlir::ansor::canPackWithFusedConsumer(const ComputeDAG &dag, unsigned node,
                                           const PackCandidate &candidate) {
  std::optional<unsigned> consumer =
      getSingleElementwiseMatchedConsumer(dag, node);
  if (!consumer)
    return false;
  const DAGNode &n = dag.getNode(node);
  const DAGNode &c = dag.getNode(*consumer);
  auto op = dyn_cast<linalg::LinalgOp>(c.op);
  // A copy would be erased as an identity by the canonicalization the
  // packing runs, leaving the node without its fused root.
  if (!op || isCopy(op))
    return false;
  // The consumer's loops are the node's spatial loops in order. One that
  // reads the packed loop's index is not packed (an ALiBi bias, `j - i`,
  // was wrong in every such program).
  unsigned loop =
      llvm::count(ArrayRef(n.kinds).take_front(candidate.loop), LoopKind::S);
  if (readsLoopIndex(op, loop))
    return false;
  for (OpOperand *input : op.getDpsInputOperands()) {
    Operation *def = input->get().getDefiningOp();
    AffineMap map = op.getMatchingIndexingMap(input);
    if (def == n.op || !map.isFunctionOfDim(loop))
      continue;
    if (llvm::any_of(c.producers,
                     [&](unsigned p) { return dag.getNode(p).op == def; }))
      return false;
    unsigned rank = map.getNumResults();
    auto last = dyn_cast<AffineDimExpr>(map.getResult(rank - 1));
    if (!last || last.getPosition() != loop)
      return false;
    for (AffineExpr expr : map.getResults().drop_back())
      if (expr.isFunctionOfDim(loop))
        return false;
  }
  return true;
}
