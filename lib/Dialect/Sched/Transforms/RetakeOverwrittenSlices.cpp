//===- RetakeOverwrittenSlices.cpp - slices taken from where they go -----===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SubsetOpInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDRETAKEOVERWRITTENSLICES
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

/// Whether `write` overwrites every element of its destination.
static bool overwritesWhole(vector::TransferWriteOp write) {
  auto type = dyn_cast<RankedTensorType>(write.getBase().getType());
  return type && type.hasStaticShape() && !write.getMask() &&
         !write.hasOutOfBoundsDim() &&
         llvm::all_of(write.getIndices(),
                      [](Value i) { return isZeroInteger(i); }) &&
         write.getVectorType().getNumElements() == type.getNumElements();
}

/// The longest chain of inserts followed back from a tile: a tile's other
/// register blocks, a row each at most (the vector limits keep blocks far
/// below this many rows).
constexpr int kMaxInsertChain = 64;

/// Whether `tensor` is `slice`'s source with only subsets disjoint from the
/// slice inserted since: the slice holds the same elements in both.
static bool holdsSameSlice(Value tensor, tensor::ExtractSliceOp slice) {
  auto subset = dyn_cast<SubsetOpInterface>(slice.getOperation());
  if (!subset)
    return false;
  // Every tensor on the chain is a version of the slice's source (the chain
  // follows destinations only), so the tensors compared are the same one.
  auto sameTensor = [](Value, Value) { return true; };
  for (int steps = 0; steps < kMaxInsertChain; ++steps) {
    if (tensor == slice.getSource())
      return true;
    auto insert = tensor.getDefiningOp<tensor::InsertSliceOp>();
    auto insertSubset =
        insert ? dyn_cast<SubsetOpInterface>(insert.getOperation()) : nullptr;
    if (!insertSubset ||
        !insertSubset.operatesOnDisjointSubset(subset, sameTensor))
      return false;
    tensor = insert.getDest();
  }
  return false;
}

namespace {
/// insert_slice (transfer_write %v, extract_slice %t[o]) into %x[o], the
/// write covering the whole slice, or only disjoint slices inserted between
/// %t and %x: the slice is taken from %x instead of %t. Its content is
/// overwritten, or the same in both, and bufferization then sees the
/// slice taken from and put back into the same tensor, in place; taken from
/// %t while %x has changed since (the other blocks of a tile, written the
/// same way before it), it was copied to a buffer of its own and back.
struct RetakeOverwrittenSlice : public OpRewritePattern<tensor::InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::InsertSliceOp insert,
                                PatternRewriter &rewriter) const override {
    auto write = insert.getSource().getDefiningOp<vector::TransferWriteOp>();
    if (!write || !write->hasOneUse())
      return failure();
    auto slice = write.getBase().getDefiningOp<tensor::ExtractSliceOp>();
    if (!slice || slice.getSource() == insert.getDest() ||
        slice.getType() != insert.getSourceType() ||
        !isEqualConstantIntOrValueArray(slice.getMixedOffsets(),
                                        insert.getMixedOffsets()) ||
        !isEqualConstantIntOrValueArray(slice.getMixedSizes(),
                                        insert.getMixedSizes()) ||
        !isEqualConstantIntOrValueArray(slice.getMixedStrides(),
                                        insert.getMixedStrides()))
      return failure();
    // A write that keeps some of the slice's elements (masked: a partial
    // block) needs them unchanged in %x.
    if (!overwritesWhole(write) && !holdsSameSlice(insert.getDest(), slice))
      return failure();
    // The write (of a value, its one use the insert) moves to the insert
    // when the tensor inserted into comes after it.
    if (!DominanceInfo().properlyDominates(insert.getDest(), write))
      rewriter.moveOpBefore(write, insert);
    rewriter.setInsertionPoint(write);
    Value retaken = tensor::ExtractSliceOp::create(
        rewriter, slice.getLoc(), slice.getType(), insert.getDest(),
        slice.getMixedOffsets(), slice.getMixedSizes(),
        slice.getMixedStrides());
    rewriter.modifyOpInPlace(write,
                             [&] { write.getBaseMutable().assign(retaken); });
    return success();
  }
};

struct SchedRetakeOverwrittenSlicesPass
    : public sched::impl::SchedRetakeOverwrittenSlicesBase<
          SchedRetakeOverwrittenSlicesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<RetakeOverwrittenSlice>(&getContext());
    // Only this rewrite: no folding or region simplification besides.
    GreedyRewriteConfig config;
    config.enableFolding(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      signalPassFailure();
  }
};
} // namespace
