//===- ExpandWholeInserts.cpp - whole inserts into empties as reshapes ----===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDEXPANDWHOLEINSERTS
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

/// Groups the destination's dimensions around the source's: each dropped
/// unit dimension joins the next kept one (trailing ones the last).
static SmallVector<ReassociationIndices>
groupAroundKept(int64_t destRank,
                const llvm::SmallDenseSet<unsigned> &dropped) {
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices current;
  for (int64_t dim = 0; dim < destRank; ++dim) {
    current.push_back(dim);
    if (!dropped.contains(dim)) {
      groups.push_back(std::move(current));
      current.clear();
    }
  }
  if (!current.empty() && !groups.empty())
    groups.back().append(current.begin(), current.end());
  return groups;
}

namespace {
/// insert_slice %src into tensor.empty, covering all of it and adding only
/// unit dimensions, is expand_shape %src.
struct ExpandWholeInsert : public OpRewritePattern<tensor::InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::InsertSliceOp insert,
                                PatternRewriter &rewriter) const override {
    auto empty = insert.getDest().getDefiningOp<tensor::EmptyOp>();
    RankedTensorType source = insert.getSourceType(),
                     dest = insert.getDestType();
    if (!empty || source.getRank() >= dest.getRank())
      return failure();
    if (!llvm::all_of(insert.getMixedOffsets(), isZeroInteger) ||
        !llvm::all_of(insert.getMixedStrides(), isOneInteger))
      return failure();
    SmallVector<OpFoldResult> destSizes = empty.getMixedSizes();
    if (!isEqualConstantIntOrValueArray(insert.getMixedSizes(), destSizes))
      return failure();
    std::optional<llvm::SmallDenseSet<unsigned>> dropped =
        computeRankReductionMask(dest.getShape(), source.getShape());
    if (!dropped)
      return failure();
    // A 0-d source expands with no groups at all (every dimension dropped).
    SmallVector<ReassociationIndices> groups =
        groupAroundKept(dest.getRank(), *dropped);
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
        insert, dest, insert.getSource(), groups, destSizes);
    return success();
  }
};

/// insert_slice (insert_slice %src into %d0[0, ...] [sizes]) into
/// %d[offsets] [sizes], the inner insert covering all of %d0 (the same
/// sizes, which are %d0's shape): %src goes straight into %d, rank-reduced
/// as it went into %d0. Dropping unit dimensions leaves this around an op it
/// does not vectorize, %d0 being a slice of %d; bufferization cannot tell
/// that the inner insert overwrites a dynamically sized slice whole, so it
/// kept the slice's old contents in a buffer of its own, copied in and back
/// on every tile.
struct MergeWholeInsert : public OpRewritePattern<tensor::InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::InsertSliceOp outer,
                                PatternRewriter &rewriter) const override {
    auto inner = outer.getSource().getDefiningOp<tensor::InsertSliceOp>();
    if (!inner || !inner->hasOneUse() || outer.getDroppedDims().any() ||
        !llvm::all_of(inner.getMixedOffsets(), isZeroInteger) ||
        !llvm::all_of(inner.getMixedStrides(), isOneInteger))
      return failure();
    // The sizes exactly as written: a constant value equal to a literal
    // size would leave the merged insert's source dynamic where its sizes
    // say static, which the verifier refuses.
    if (inner.getStaticSizes() != outer.getStaticSizes() ||
        inner.getSizes() != outer.getSizes())
      return rewriter.notifyMatchFailure(outer, "sizes differ");
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        outer, inner.getSource(), outer.getDest(), outer.getMixedOffsets(),
        outer.getMixedSizes(), outer.getMixedStrides());
    return success();
  }
};

struct SchedExpandWholeInsertsPass
    : public sched::impl::SchedExpandWholeInsertsBase<
          SchedExpandWholeInsertsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandWholeInsert, MergeWholeInsert>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
