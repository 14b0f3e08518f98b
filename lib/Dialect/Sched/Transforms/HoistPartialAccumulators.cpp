//===- HoistPartialAccumulators.cpp - partial blocks' outputs in registers ===//
//
// A partial register block (a tile whose sizes are dynamic) carries its
// outputs through the reduction loop in a tensor of dynamic sizes. Tiling
// leaves a slice of that iter_arg covering all of it, and canonicalization
// cannot tell (its sizes are not constants), so the script's subset hoisting
// sees the whole slice overlap each row's and keeps every row in memory: a
// load and a store of every output vector per reduction step.
//
//===----------------------------------------------------------------------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/Affine/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/SubsetOpInterfaceImpl.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Interfaces/VectorInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDHOISTPARTIALACCUMULATORS
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

/// Whether a slice at `offsets` of `sizes` and `strides` covers all of
/// `tensor`, dynamic sizes included (proved by value bounds).
static bool coversWhole(Value tensor, ArrayRef<OpFoldResult> offsets,
                        ArrayRef<OpFoldResult> sizes,
                        ArrayRef<OpFoldResult> strides) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (!llvm::all_of(offsets, isZeroInteger) ||
      !llvm::all_of(strides, isOneInteger) ||
      sizes.size() != static_cast<size_t>(type.getRank()))
    return false;
  for (auto [dim, size] : llvm::enumerate(sizes)) {
    if (!type.isDynamicDim(dim)) {
      if (getConstantIntValue(size) != type.getDimSize(dim))
        return false;
      continue;
    }
    FailureOr<bool> equal = ValueBoundsConstraintSet::areEqual(
        size, {tensor, static_cast<int64_t>(dim)});
    if (failed(equal) || !*equal)
      return false;
  }
  return true;
}

/// The loop whose iter_arg `value` is, if any.
static scf::ForOp getIterArgLoop(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg)
    return {};
  auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
  return loop && loop.getTiedLoopInit(arg) ? loop : scf::ForOp();
}

/// Whether `loop` runs at least once: invariant code moved out of it then
/// runs only where it ran before (a read moved out of a loop that does not
/// run could read out of bounds).
static bool runsAtLeastOnce(scf::ForOp loop) {
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound()),
                         upper = getConstantIntValue(loop.getUpperBound());
  return lower && upper && *lower < *upper;
}

/// Whether two transfers access the same lanes of the same elements.
static bool sameAccess(VectorTransferOpInterface a,
                       VectorTransferOpInterface b) {
  return a.getMask() == b.getMask() &&
         a.getPermutationMap() == b.getPermutationMap() &&
         a.getInBounds() == b.getInBounds() &&
         a.getVectorType() == b.getVectorType() &&
         llvm::equal(a.getIndices(), b.getIndices());
}

/// Whether every masked transfer of `loop`'s body accesses its tensor as
/// all the body's other transfers of that tensor do. Upstream's subset
/// hoisting pairs a read with a write of the same indices and sizes,
/// whatever their masks: carried across the loop, the lanes outside a
/// read's mask would then hold what an earlier step computed, not the
/// padding. The vectorizer reads and writes a block's outputs under one
/// mask and computes each lane from its own lane.
static bool masksMatch(scf::ForOp loop) {
  llvm::DenseMap<Value, VectorTransferOpInterface> first;
  for (Operation &op : loop.getBody()->without_terminator()) {
    auto transfer = dyn_cast<VectorTransferOpInterface>(&op);
    if (!transfer)
      continue;
    // Rows only: a block masked in two dimensions (2 x 16 outputs of a
    // transposed input) ran 1.4x slower with its outputs carried.
    if (transfer.getMask() && transfer.getVectorType().getRank() > 1)
      return false;
    auto [it, inserted] = first.try_emplace(transfer.getBase(), transfer);
    if (!inserted && (transfer.getMask() || it->second.getMask()) &&
        !sameAccess(transfer, it->second))
      return false;
  }
  return true;
}

/// Moves `value`'s definition out of `loop` where it and the definitions it
/// reads from inside the loop are pure and read nothing else from it.
static bool hoistDefinition(Value value, scf::ForOp loop, int depth = 0) {
  Operation *def = value.getDefiningOp();
  if (!def || !loop->isProperAncestor(def))
    return !isa<BlockArgument>(value) ||
           !loop->isAncestor(value.getParentBlock()->getParentOp());
  if (depth > 8 || def->getNumRegions() != 0 || !isPure(def) ||
      def->getParentOp() != loop.getOperation())
    return false;
  for (Value operand : def->getOperands())
    if (!hoistDefinition(operand, loop, depth + 1))
      return false;
  def->moveBefore(loop);
  return true;
}

/// Whether `tensor` is one of `loop`'s iter_args or a slice of one, or of
/// what was inserted into one.
static bool isCarried(Value tensor, scf::ForOp loop) {
  for (int steps = 0; steps < 64; ++steps) {
    if (auto arg = dyn_cast<BlockArgument>(tensor))
      return arg.getOwner() == loop.getBody() &&
             arg.getArgNumber() >= loop.getNumInductionVars();
    if (auto slice = tensor.getDefiningOp<tensor::ExtractSliceOp>())
      tensor = slice.getSource();
    else if (auto insert = tensor.getDefiningOp<tensor::InsertSliceOp>())
      tensor = insert.getDest();
    else
      return false;
  }
  return false;
}

/// Moves the masks of the transfers of what `loop` carries out of it where
/// they do not vary in it: those transfers hoist only once their masks are
/// above it. Only those: moving all invariant code out (the 16 row masks of
/// a transposed input's block) kept more values live across the loop than
/// the target has registers.
static void hoistMasks(scf::ForOp loop) {
  SmallVector<Value> masks;
  for (Operation &op : loop.getBody()->without_terminator())
    if (auto transfer = dyn_cast<VectorTransferOpInterface>(&op))
      if (Value mask = transfer.getMask();
          mask && isCarried(transfer.getBase(), loop))
        masks.push_back(mask);
  for (Value mask : masks)
    (void)hoistDefinition(mask, loop);
}

namespace {
struct SchedHoistPartialAccumulatorsPass
    : public sched::impl::SchedHoistPartialAccumulatorsBase<
          SchedHoistPartialAccumulatorsPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    // The analyses the pass relies on, for embedders that register dialects
    // without their external models.
    affine::registerValueBoundsOpInterfaceExternalModels(registry);
    arith::registerValueBoundsOpInterfaceExternalModels(registry);
    scf::registerValueBoundsOpInterfaceExternalModels(registry);
    tensor::registerValueBoundsOpInterfaceExternalModels(registry);
    tensor::registerSubsetOpInterfaceExternalModels(registry);
    vector::registerSubsetOpInterfaceExternalModels(registry);
  }

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    llvm::SetVector<Operation *> loops;
    // Whole slices of a loop's iter_arg, and whole inserts into it: the
    // slice is the iter_arg, the insert its source.
    getOperation().walk([&](tensor::ExtractSliceOp slice) {
      scf::ForOp loop = getIterArgLoop(slice.getSource());
      if (!loop || slice.getType() != slice.getSourceType() ||
          !coversWhole(slice.getSource(), slice.getMixedOffsets(),
                       slice.getMixedSizes(), slice.getMixedStrides()))
        return;
      rewriter.replaceOp(slice, slice.getSource());
      loops.insert(loop);
    });
    getOperation().walk([&](tensor::InsertSliceOp insert) {
      scf::ForOp loop = getIterArgLoop(insert.getDest());
      if (!loop || insert.getSourceType() != insert.getDestType() ||
          !coversWhole(insert.getDest(), insert.getMixedOffsets(),
                       insert.getMixedSizes(), insert.getMixedStrides()))
        return;
      rewriter.replaceOp(insert, insert.getSource());
      loops.insert(loop);
    });
    // Masked reads of what a loop carries: a block of one row reads the
    // iter_arg itself (the whole slice of a 1-D row folds), a generic's row
    // a rank-reduced slice of it.
    getOperation().walk([&](vector::TransferReadOp read) {
      Value base = read.getBase();
      if (auto slice = base.getDefiningOp<tensor::ExtractSliceOp>())
        base = slice.getSource();
      if (scf::ForOp loop = getIterArgLoop(base); loop && read.getMask())
        loops.insert(loop);
    });
    // A mask built from the size of a slice taken in the loop (a generic's
    // rank-reduced row) hoists once that size is the slice's size operand.
    SmallVector<Operation *> dims;
    for (Operation *loop : loops)
      loop->walk([&](tensor::DimOp dim) { dims.push_back(dim); });
    RewritePatternSet dimPatterns(&getContext());
    memref::populateResolveRankedShapedTypeResultDimsPatterns(dimPatterns);
    (void)applyOpPatternsGreedily(dims, std::move(dimPatterns));
    // Innermost first, so that what an inner loop hoists can hoist further.
    // Hoisting replaces only the loop it hoists from (its body moves to the
    // new loop), so the other loops recorded stay valid.
    SmallVector<scf::ForOp> ordered;
    getOperation().walk([&](scf::ForOp loop) {
      if (loops.contains(loop) && runsAtLeastOnce(loop) && masksMatch(loop))
        ordered.push_back(loop);
    });
    SmallVector<Operation *> hoisted;
    for (scf::ForOp loop : ordered) {
      auto loopLike = cast<LoopLikeOpInterface>(loop.getOperation());
      hoistMasks(loop);
      hoisted.push_back(hoistLoopInvariantSubsets(rewriter, loopLike));
    }
    // Hoisting leaves the slices it hoisted as iter_args the loop yields
    // unchanged; bufferized, each got a buffer of its own, copied in. (Not
    // converging only leaves some of them.)
    RewritePatternSet patterns(&getContext());
    scf::ForOp::getCanonicalizationPatterns(patterns, &getContext());
    (void)applyOpPatternsGreedily(hoisted, std::move(patterns));
  }
};
} // namespace
