//===- SchedulePlan.cpp - what the CPU materializer builds per node -------===//

#include "ansor/Dialect/Sched/Transforms/SchedulePlan.h"
#include "ansor/Analysis/ComputeDAG/Predicates.h"
#include "ansor/Target/Target.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::sched;
using mlir::ansor::DAGNode;

FailureOr<SchedulePlan> SchedulePlan::build(ScheduleOp schedule,
                                            const ansor::ComputeDAG &dag) {
  SchedulePlan plan(schedule, dag);
  if (failed(plan.collect()))
    return failure();
  std::string error;
  FailureOr<ansor::Target> target =
      ansor::Target::parse(schedule.getTarget(), error);
  if (succeeded(target) && !target->isGPU()) {
    for (unsigned node = 0; node < dag.size(); ++node)
      plan.plans[node].laneSplit = plan.planLaneSplit(node, target->vectorBits);
    plan.maskedNarrowMoves = target->hasMaskedNarrowMoves();
  }
  return plan;
}

bool SchedulePlan::canMaskElementsOf(Operation *op) const {
  if (maskedNarrowMoves)
    return true;
  auto isNarrow = [](Type type) {
    Type element = getElementTypeOrSelf(type);
    return element.isIntOrFloat() && element.getIntOrFloatBitWidth() < 32;
  };
  return llvm::none_of(op->getOperandTypes(), isNarrow) &&
         llvm::none_of(op->getResultTypes(), isNarrow);
}

LogicalResult SchedulePlan::collect() {
  plans.assign(dag->size(), NodePlan());
  for (Operation &step : schedule.getBody().front()) {
    LogicalResult result =
        llvm::TypeSwitch<Operation *, LogicalResult>(&step)
            .Case([&](TileOp op) {
              NodePlan &plan = plans[op.getNode()];
              plan.tile = op;
              for (Attribute split : op.getSplits())
                plan.partial.push_back(cast<SplitAttr>(split).hasPartialTile());
              return success();
            })
            .Case([&](RfactorOp op) {
              plans[op.getNode()].rfactor = op;
              return success();
            })
            .Case([&](FuseConsumerOp op) {
              // The schedule verifier refuses a node fused twice.
              plans[op.getInto()].fusedConsumer = op;
              plans[op.getNode()].fusedIntoProducer = true;
              return success();
            })
            .Case([&](InlineOp op) {
              plans[op.getNode()].inlined = true;
              return success();
            })
            .Case([&](CacheWriteOp op) {
              plans[op.getNode()].cacheWrite = true;
              return success();
            })
            .Case([&](VectorizeOp op) {
              plans[op.getNode()].vectorize = true;
              return success();
            })
            .Case([&](PackOp op) -> LogicalResult {
              NodePlan &plan = plans[op.getNode()];
              if (plan.pack)
                return op.emitOpError()
                       << "packs a second input of node " << op.getNode()
                       << "; the CPU materializer packs one per node";
              plan.pack = op;
              return success();
            })
            .Case([&](ParallelOp op) {
              plans[op.getNode()].parallel = *op.getLoops().getSelected();
              return success();
            })
            .Case([&](UnrollOp op) {
              plans[op.getNode()].unrollMaxStep =
                  *op.getMaxStep().getSelected();
              return success();
            })
            .Default([&](Operation *op) {
              return op->emitOpError()
                     << "is not supported by the CPU materializer";
            });
    if (failed(result))
      return failure();
  }
  for (auto [index, plan] : llvm::enumerate(plans))
    if (failed(verify(index)))
      return failure();
  return success();
}

/// The structures the CPU materializer implements: Ansor's multi-level
/// tiling and the two-level split of nodes it leaves alone.
static bool isSupportedStructure(StructureAttr structure) {
  using K = LoopKind;
  ArrayRef<K> levels = structure.getLevels();
  return levels == ArrayRef<K>{K::S, K::S} ||
         levels == ArrayRef<K>{K::S, K::S, K::R} ||
         levels == ArrayRef<K>{K::S, K::S, K::R, K::S, K::R, K::S};
}

/// Rejects step combinations the CPU materializer would otherwise ignore or
/// mistranslate; the verifier cannot, as they need the payload.
LogicalResult SchedulePlan::verify(unsigned node) {
  NodePlan &plan = plans[node];
  const DAGNode &n = dag->getNode(node);
  Operation *anyStep = plan.tile      ? plan.tile.getOperation()
                       : plan.rfactor ? plan.rfactor.getOperation()
                                      : nullptr;
  if (plan.tile && !isSupportedStructure(plan.tile.getStructure()))
    return plan.tile.emitOpError()
           << "structure " << plan.tile.getStructure()
           << " is not supported by the CPU materializer (use [S, S], "
              "[S, S, R] or [S, S, R, S, R, S])";
  if (plan.tile && plan.rfactor)
    return plan.rfactor.emitOpError()
           << "node " << node << " is both tiled and rfactored";
  // A partial reduction tile would need its padding masked out of the
  // combiner, which only an add of products tolerates.
  for (auto [loop, partial] : llvm::enumerate(plan.partial))
    if (partial && n.kinds[loop] == LoopKind::R)
      return plan.tile.emitOpError()
             << "split #" << loop << " of reduction loop " << loop
             << " leaves a partial tile; the CPU materializer needs "
                "reduction tiles that divide the extent";
  if (plan.rfactor && plan.rfactor.getSplit().hasPartialTile())
    return plan.rfactor.emitOpError()
           << "rfactor split " << plan.rfactor.getSplit()
           << " leaves a partial tile; it must divide the extent";
  if (plan.rfactor && n.op->getNumResults() != 1)
    return plan.rfactor.emitOpError()
           << "node " << node << " has " << n.op->getNumResults()
           << " results; the CPU materializer factors a reduction of one";
  if ((plan.tile || plan.rfactor) && (plan.inlined || n.isInit))
    return anyStep->emitOpError()
           << "node " << node << " is "
           << (n.isInit ? "an init fill, scheduled with its consumer"
                        : "inlined")
           << " and cannot be tiled";
  if (plan.fusedIntoProducer && (plan.tile || plan.rfactor))
    return anyStep->emitOpError()
           << "node " << node << " is fused into its producer's tiles";
  if (FuseConsumerOp fuse = plan.fusedConsumer) {
    if (!plan.tile || plan.tile.getStructure().count(LoopKind::S) != 4)
      return fuse.emitOpError() << "fuses into node " << node
                                << ", which has no multi-level tiling";
    std::optional<unsigned> matched =
        ansor::getSingleElementwiseMatchedConsumer(*dag, node);
    if (!matched || *matched != fuse.getNode())
      return fuse.emitOpError()
             << "node " << fuse.getNode()
             << " is not the single elementwise consumer of node " << node;
    if (*fuse.getLevel().getSelected() > 1)
      return fuse.emitOpError() << "the CPU materializer fuses at level 0 "
                                   "or 1, not "
                                << *fuse.getLevel().getSelected();
  }
  if (PackOp pack = plan.pack) {
    if (!plan.tile || plan.tile.getStructure().count(LoopKind::S) != 4)
      return pack.emitOpError() << "packs an input of node " << node
                                << ", which has no multi-level tiling";
    if (llvm::none_of(ansor::getPackCandidates(*dag, node),
                      [&](const ansor::PackCandidate &c) {
                        return c.operand == pack.getOperand() &&
                               c.loop == pack.getLoop();
                      }))
      return pack.emitOpError()
             << "input #" << pack.getOperand() << " of node " << node
             << " cannot be packed along loop " << pack.getLoop()
             << ": that loop must index the output's contiguous dimension "
                "and, of the inputs, only this one, of rank 2 or more, and "
                "the body must not read its linalg.index";
    if (plan.cacheWrite)
      return pack.emitOpError() << "the CPU materializer does not pack node "
                                << node << " together with a cache write";
    if (plan.fusedConsumer &&
        !ansor::canPackWithFusedConsumer(
            *dag, node,
            {unsigned(pack.getOperand()), unsigned(pack.getLoop())}))
      return pack.emitOpError()
             << "node " << node << " cannot be packed together with its "
             << "fused consumer " << plan.fusedConsumer.getNode()
             << ": the consumer reads, along the packed loop, a tensor that "
                "a node computes or that the loop does not index as its last "
                "dimension only, or reads that loop's linalg.index";
    if (plan.hasPartialTiles())
      return pack.emitOpError()
             << "the CPU materializer packs only nodes whose tiles divide "
                "their extents; node "
             << node << " has partial tiles";
    plan.packTile = cast<SplitAttr>(plan.tile.getSplits()[pack.getLoop()])
                        .getFactors()
                        .back();
  }
  if (!plan.tile &&
      (plan.cacheWrite || plan.parallel != 1 || plan.unrollMaxStep != 0 ||
       (plan.vectorize && !plan.rfactor)))
    return schedule.emitOpError()
           << "node " << node << " has annotation steps but no sched.tile step";
  return success();
}

LevelSizes SchedulePlan::getLevelSizes(unsigned node) const {
  const DAGNode &n = dag->getNode(node);
  TileOp tile = plans[node].tile;
  unsigned numS = tile.getStructure().count(LoopKind::S);
  unsigned numR = tile.getStructure().count(LoopKind::R);
  LevelSizes sizes;
  sizes.spatial.assign(numS, SmallVector<int64_t>(n.extents.size(), 0));
  sizes.reduction.assign(numR, SmallVector<int64_t>(n.extents.size(), 0));
  for (auto [loop, attr] : llvm::enumerate(tile.getSplits())) {
    auto split = cast<SplitAttr>(attr);
    ArrayRef<int64_t> factors = split.getFactors();
    auto &perLevel =
        n.kinds[loop] == LoopKind::S ? sizes.spatial : sizes.reduction;
    for (unsigned level = 0; level < factors.size(); ++level)
      perLevel[level][loop] =
          factors[level] == 1 ? 0 : split.getInnerProduct(level + 1);
    sizes.block.push_back(factors.back());
  }
  return sizes;
}

SmallVector<int64_t> SchedulePlan::toPacked(unsigned node,
                                            ArrayRef<int64_t> sizes,
                                            unsigned packedDim) const {
  const NodePlan &plan = plans[node];
  SmallVector<int64_t> out(sizes);
  if (!plan.pack)
    return out;
  out[packedDim] /= plan.packTile;
  out.push_back(0);
  return out;
}

bool mlir::sched::isUnlowerableBF16Width(int64_t extent) {
  return extent > 1 && extent % 8 == 1;
}

/// The extent a block of `block` iterations reads along `expr`, a sum of
/// loops times positive constants (a convolution's `2 * ow + kw`); 0 for
/// other forms.
static int64_t getAccessedExtent(AffineExpr expr, ArrayRef<int64_t> block) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return dim.getPosition() < block.size() ? block[dim.getPosition()] : 0;
  if (isa<AffineConstantExpr>(expr))
    return 1;
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return 0;
  if (binary.getKind() == AffineExprKind::Add) {
    int64_t lhs = getAccessedExtent(binary.getLHS(), block);
    int64_t rhs = getAccessedExtent(binary.getRHS(), block);
    return lhs && rhs ? lhs + rhs - 1 : 0;
  }
  auto scale = dyn_cast<AffineConstantExpr>(binary.getRHS());
  if (binary.getKind() != AffineExprKind::Mul || !scale || scale.getValue() < 1)
    return 0;
  int64_t inner = getAccessedExtent(binary.getLHS(), block);
  return inner ? (inner - 1) * scale.getValue() + 1 : 0;
}

bool mlir::sched::hasUnlowerableBF16Width(Operation *op,
                                          ArrayRef<int64_t> block) {
  auto isBF16 = [](Type type) { return getElementTypeOrSelf(type).isBF16(); };
  if (llvm::none_of(op->getOperandTypes(), isBF16) &&
      llvm::none_of(op->getResultTypes(), isBF16))
    return false;
  if (llvm::any_of(block, isUnlowerableBF16Width))
    return true;
  // A window read (a decomposed convolution's input row) is wider than any
  // loop of the block.
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp)
    return false;
  for (OpOperand &operand : linalgOp->getOpOperands()) {
    if (!isBF16(operand.get().getType()) ||
        !isa<ShapedType>(operand.get().getType()))
      continue;
    for (AffineExpr expr :
         linalgOp.getMatchingIndexingMap(&operand).getResults())
      if (isUnlowerableBF16Width(getAccessedExtent(expr, block)))
        return true;
  }
  return false;
}

bool mlir::sched::isCostlyReductionWidth(int64_t outputs, int64_t width) {
  return width >
         (outputs > 1 ? kMaxBlockReductionWidth : kMaxVectorTileElements / 2);
}

bool mlir::sched::hasCostlyIntegerDivision(Operation *op,
                                           ArrayRef<int64_t> block) {
  int64_t lanes = 1;
  for (int64_t extent : block)
    lanes *= extent;
  return lanes > kMaxIntegerDivisionLanes && ansor::dividesIntegers(op);
}

bool mlir::sched::hasCostlyVectorReduction(Operation *op,
                                           ArrayRef<int64_t> block) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp)
    return false;
  SmallVector<utils::IteratorType> iterators = linalgOp.getIteratorTypesArray();
  int64_t width = 1, elements = 1, reduced = 0;
  for (auto [extent, iterator] : llvm::zip(block, iterators)) {
    elements *= extent;
    if (iterator == utils::IteratorType::reduction && extent > 1) {
      width *= extent;
      ++reduced;
    }
  }
  if (isCostlyReductionWidth(elements / width, width))
    return true;
  if (reduced < 2 || linalg::isaContractionOpInterface(linalgOp))
    return false;
  auto innermost = llvm::find_if(llvm::reverse(block),
                                 [](int64_t extent) { return extent > 1; });
  return elements / *innermost * width > kMaxFlattenedReductionCost;
}

/// The most elements of one output (`writes`) or input of `op` that a block
/// `block` accesses across the operand's innermost dimension: with that
/// dimension's extent 1 in the block, each element is accessed on its own.
static int64_t getStridedElements(linalg::LinalgOp op, ArrayRef<int64_t> block,
                                  bool writes) {
  int64_t most = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (op.isDpsInit(&operand) != writes ||
        !isa<ShapedType>(operand.get().getType()) || map.getNumResults() == 0 ||
        getAccessedExtent(map.getResults().back(), block) != 1)
      continue;
    int64_t elements = 1;
    for (AffineExpr expr : map.getResults())
      elements *= std::max<int64_t>(1, getAccessedExtent(expr, block));
    most = std::max(most, elements);
  }
  return most;
}

bool mlir::sched::hasCostlyStridedWrite(Operation *op,
                                        ArrayRef<int64_t> block) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && getStridedElements(linalgOp, block, /*writes=*/true) >
                         kMaxStridedWriteElements;
}

bool mlir::sched::hasCostlyStridedRead(Operation *op, ArrayRef<int64_t> block) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && getStridedElements(linalgOp, block, /*writes=*/false) >
                         kMaxStridedReadElements;
}

bool SchedulePlan::canVectorize(unsigned node, ArrayRef<int64_t> block) const {
  auto op = dyn_cast<linalg::LinalgOp>(dag->getNode(node).op);
  if (!op || !ansor::isVectorizable(*dag, node) ||
      hasUnlowerableBF16Width(op, block) ||
      hasCostlyVectorReduction(op, block) || hasCostlyStridedWrite(op, block) ||
      hasCostlyStridedRead(op, block) || hasCostlyIntegerDivision(op, block))
    return false;
  int64_t elements = 1;
  for (int64_t extent : block)
    elements *= extent;
  if (elements > kMaxVectorTileElements)
    return false;
  if (llvm::all_of(op.getIndexingMapsArray(), ansor::isVectorizableAccess))
    return true;
  if (ansor::isConvolution1D(op))
    return true;
  if (!ansor::isDecomposedConvolution(op))
    return false;
  SmallVector<unsigned> unitLoops =
      ansor::getLoopsNeedingUnitInnerTile(*dag, node);
  return !unitLoops.empty() &&
         llvm::all_of(unitLoops, [&](unsigned l) { return block[l] == 1; });
}

SmallVector<int64_t> SchedulePlan::getRfactorBlock(unsigned node) const {
  RfactorOp rfactor = plans[node].rfactor;
  SmallVector<int64_t> block(dag->getNode(node).extents);
  block[rfactor.getLoop()] /= rfactor.getSplit().getFactors().front();
  return block;
}

std::optional<LaneSplit>
SchedulePlan::planLaneSplit(unsigned node, unsigned vectorBits) const {
  const NodePlan &plan = plans[node];
  const DAGNode &n = dag->getNode(node);
  auto op = dyn_cast<linalg::LinalgOp>(n.op);
  if (!op || n.extents.empty() || !plan.vectorize || plan.pack ||
      plan.fusedConsumer || ansor::isConvolutionLike(op) ||
      !ansor::hasKnownCombiner(op))
    return std::nullopt;
  // The innermost loop, a reduction the block holds whole (an rfactor
  // partial: its part of the loop), read as the last dimension of an input.
  unsigned loop = n.extents.size() - 1;
  SmallVector<int64_t> block;
  if (plan.rfactor) {
    // The partials divide the loop (verify()).
    block = getRfactorBlock(node);
  } else if (plan.tile &&
             TileOp(plan.tile).getStructure().count(LoopKind::S) <= 2) {
    block = getLevelSizes(node).block;
    if (block[loop] != n.extents[loop])
      return std::nullopt;
  } else {
    return std::nullopt;
  }
  if (n.kinds[loop] != LoopKind::R ||
      llvm::none_of(op.getDpsInputOperands(), [&](OpOperand *input) {
        AffineMap map = op.getMatchingIndexingMap(input);
        return map.getNumResults() > 0 &&
               map.getResults().back() ==
                   getAffineDimExpr(loop, op.getContext());
      }))
    return std::nullopt;
  // The widest init decides the lanes (a sum and a product of one reduce
  // each accumulate in their own vectors).
  unsigned bits = 8;
  for (Value init : op.getDpsInits()) {
    Type element = getElementTypeOrSelf(init.getType());
    if (!element.isIntOrFloat())
      return std::nullopt;
    bits = std::max(bits, element.getIntOrFloatBitWidth());
  }
  int64_t vectorLanes = vectorBits / bits;
  int64_t extent = block[loop];
  for (int64_t lanes = 2 * vectorLanes; lanes >= 4; lanes /= 2) {
    if (extent < 2 * lanes)
      continue;
    if (canVectorize(node, getLaneBlock(node, block, loop, lanes)))
      return LaneSplit{loop, lanes, extent / lanes * lanes};
  }
  return std::nullopt;
}

SmallVector<int64_t> SchedulePlan::getLaneBlock(unsigned node,
                                                ArrayRef<int64_t> block,
                                                unsigned loop,
                                                int64_t lanes) const {
  SmallVector<int64_t> lane(block);
  ArrayRef<LoopKind> kinds = dag->getNode(node).kinds;
  for (unsigned l = 0; l < lane.size(); ++l)
    if (kinds[l] == LoopKind::R)
      lane[l] = l == loop ? lanes : std::min<int64_t>(lane[l], 1);
  return lane;
}

SmallVector<int64_t> SchedulePlan::getVectorBlock(unsigned node) const {
  SmallVector<int64_t> block =
      plans[node].rfactor ? getRfactorBlock(node) : getLevelSizes(node).block;
  if (std::optional<LaneSplit> split = plans[node].laneSplit)
    return getLaneBlock(node, block, split->loop, split->lanes);
  return block;
}

std::optional<unsigned> SchedulePlan::getInitOperand(unsigned node) const {
  Operation *op = dag->getNode(node).op;
  for (OpOperand &operand : op->getOpOperands()) {
    Operation *def = operand.get().getDefiningOp();
    for (const DAGNode &p : dag->getNodes())
      if (p.op == def && p.isInit)
        return operand.getOperandNumber();
  }
  return std::nullopt;
}

SmallVector<std::pair<unsigned, unsigned>>
SchedulePlan::getInlinedProducers(unsigned node) const {
  SmallVector<std::pair<unsigned, unsigned>> result;
  Operation *op = dag->getNode(node).op;
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  for (OpOperand &operand : op->getOpOperands()) {
    // A producer of an init is loop-carried inside the tiles, where
    // fuse_into_containing_op cannot reach it: it stays whole.
    if (linalgOp && linalgOp.isDpsInit(&operand))
      continue;
    Operation *def = operand.get().getDefiningOp();
    for (const DAGNode &p : dag->getNodes())
      if (p.op == def && plans[p.index].inlined &&
          llvm::none_of(result, [&](auto pr) { return pr.first == p.index; }))
        result.push_back({p.index, operand.getOperandNumber()});
  }
  return result;
}

SmallVector<int64_t> SchedulePlan::getBlockLoopTrips(unsigned node) const {
  NodePlan plan = plans[node];
  const DAGNode &n = dag->getNode(node);
  SmallVector<int64_t> trips;
  if (!plan.tile || plan.tile.getStructure().count(LoopKind::S) != 4)
    return trips;
  LevelSizes sizes = getLevelSizes(node);
  // Peeling, which only vectorized blocks get, leaves full tiles of static
  // trip counts. Otherwise a loop along a partial dimension has a dynamic
  // trip count, and unrolling it makes a main loop and an epilogue, each
  // copied by every unrolled loop around: one-shot bufferization's buffer
  // type queries grow exponentially along such chains of loops (32 chained
  // loops of a depthwise convolution took minutes to bufferize).
  bool peeled = plan.vectorize && canVectorize(node, getVectorBlock(node));
  for (auto [loop, kind] : llvm::enumerate(n.kinds)) {
    if (kind != LoopKind::S || sizes.spatial[2][loop] == 0)
      continue;
    if (plan.partial[loop] && !peeled)
      return {};
    trips.push_back(
        cast<SplitAttr>(plan.tile.getSplits()[loop]).getFactors()[2]);
  }
  return trips;
}

UnrollDecision SchedulePlan::decideUnroll(int64_t maxStep,
                                          ArrayRef<int64_t> tripCounts,
                                          int64_t blockElements) {
  int64_t total = 1;
  for (int64_t trip : tripCounts)
    total *= trip;
  if (maxStep <= 0 || tripCounts.empty() || total > maxStep)
    return UnrollDecision::None;
  // Our loop bodies are whole register blocks, not TVM's scalar
  // statements: cap the unrolled code as well.
  if (total > kMaxUnrolledBlocks ||
      total * blockElements > kMaxVectorTileElements)
    return UnrollDecision::Capped;
  return UnrollDecision::Unrolled;
}

bool SchedulePlan::isPackedAtCompileTime(unsigned node) const {
  NodePlan plan = plans[node];
  return plan.pack && plan.pack.getLevel().getSelected().value_or(0) == 0 &&
         ansor::canPackAtCompileTime(
             cast<linalg::LinalgOp>(dag->getNode(node).op),
             plan.pack.getOperand());
}

int64_t SchedulePlan::getPackRowBlock(unsigned node) const {
  NodePlan plan = plans[node];
  auto op = cast<linalg::LinalgOp>(dag->getNode(node).op);
  AffineMap map =
      op.getMatchingIndexingMap(op.getDpsInputOperand(plan.pack.getOperand()));
  // The rows are the packed layout's second-innermost dimension: the
  // input's last dimension other than the packed one.
  unsigned rank = map.getNumResults();
  unsigned packedDim = ansor::getPackedOperandDim(op, plan.pack.getOperand(),
                                                  plan.pack.getLoop());
  unsigned rowLoop =
      map.getDimPosition(packedDim == rank - 1 ? rank - 2 : rank - 1);
  const DAGNode &n = dag->getNode(node);
  int64_t rows = n.extents[rowLoop];
  // Fused into the node's outer tile, the pack copies that tile's rows: all
  // of a reduction loop's (a matmul's K), a spatial loop's tile only (an
  // operand read per batch, as a batched outer product's). A block of the
  // whole loop's rows was partial, dynamic, and not vectorized.
  if (plan.pack.getLevel().getSelected().value_or(0) == 1 && plan.tile &&
      n.kinds[rowLoop] == LoopKind::S)
    rows = cast<SplitAttr>(plan.tile.getSplits()[rowLoop]).getInnerProduct(1);
  int64_t rowBlock = 1;
  for (int64_t r = 1; r <= rows; ++r)
    if (rows % r == 0 && r * plan.packTile <= kMaxPackBlockElements &&
        r <= kMaxPackBlockRows)
      rowBlock = r;
  return rowBlock;
}
