//===- BoundDynamicAllocs.cpp - dynamic allocations at their bound --------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDBOUNDDYNAMICALLOCS
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

/// The largest buffer allocated at its bound instead of its size.
static constexpr int64_t kMaxBoundedBytes = 64 << 20;

/// Whether every use of `buffer`, through subviews, takes a memref of any
/// strided layout as it is.
static bool acceptsAnyLayout(Value buffer) {
  return llvm::all_of(buffer.getUsers(), [](Operation *user) {
    if (auto subview = dyn_cast<memref::SubViewOp>(user))
      return acceptsAnyLayout(subview.getResult());
    return isa<memref::LoadOp, memref::StoreOp, memref::CopyOp,
               vector::TransferReadOp, vector::TransferWriteOp,
               linalg::LinalgOp>(user);
  });
}

/// Replaces `buffer` by `replacement`, a view of another layout, rebuilding
/// the subviews taken of it on that layout.
static void replaceWithLayout(RewriterBase &rewriter, Value buffer,
                              Value replacement) {
  for (OpOperand &use : llvm::make_early_inc_range(buffer.getUses())) {
    auto subview = dyn_cast<memref::SubViewOp>(use.getOwner());
    if (!subview) {
      rewriter.modifyOpInPlace(use.getOwner(), [&] { use.set(replacement); });
      continue;
    }
    rewriter.setInsertionPoint(subview);
    MemRefType type = memref::SubViewOp::inferRankReducedResultType(
        subview.getType().getShape(), cast<MemRefType>(replacement.getType()),
        subview.getMixedOffsets(), subview.getMixedSizes(),
        subview.getMixedStrides());
    auto rebuilt = memref::SubViewOp::create(
        rewriter, subview.getLoc(), type, replacement,
        subview.getMixedOffsets(), subview.getMixedSizes(),
        subview.getMixedStrides());
    replaceWithLayout(rewriter, subview.getResult(), rebuilt.getResult());
    rewriter.eraseOp(subview);
  }
}

/// Allocates `alloc` at the constant upper bound of its dynamic sizes.
static void boundAlloc(RewriterBase &rewriter, memref::AllocOp alloc) {
  MemRefType type = alloc.getType();
  if (type.hasStaticShape() || !type.getLayout().isIdentity() ||
      !acceptsAnyLayout(alloc.getResult()))
    return;
  SmallVector<int64_t> bounded(type.getShape());
  SmallVector<OpFoldResult> sizes;
  unsigned dynamic = 0;
  for (int64_t &extent : bounded) {
    if (!ShapedType::isDynamic(extent)) {
      sizes.push_back(rewriter.getIndexAttr(extent));
      continue;
    }
    Value size = alloc.getDynamicSizes()[dynamic++];
    FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
        presburger::BoundType::UB, ValueBoundsConstraintSet::Variable(size),
        /*stopCondition=*/nullptr, /*closedUB=*/true);
    if (failed(bound) || *bound < 1)
      return;
    extent = *bound;
    sizes.push_back(size);
  }
  // A loose bound would allocate far more than is used: a partial tile's
  // bound is its full tile, well under this.
  if (ShapedType::getNumElements(bounded) *
          std::max<int64_t>(1, type.getElementTypeBitWidth() / 8) >
      kMaxBoundedBytes)
    return;
  rewriter.setInsertionPoint(alloc);
  auto staticType =
      MemRefType::get(bounded, type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  auto staticAlloc =
      memref::AllocOp::create(rewriter, alloc.getLoc(), staticType,
                              ValueRange(), alloc.getAlignmentAttr());
  SmallVector<OpFoldResult> zeros(type.getRank(), rewriter.getIndexAttr(0)),
      ones(type.getRank(), rewriter.getIndexAttr(1));
  auto used = memref::SubViewOp::create(
      rewriter, alloc.getLoc(), staticAlloc.getResult(), zeros, sizes, ones);
  replaceWithLayout(rewriter, alloc.getResult(), used.getResult());
  rewriter.eraseOp(alloc);
}

namespace {
struct SchedBoundDynamicAllocsPass
    : public sched::impl::SchedBoundDynamicAllocsBase<
          SchedBoundDynamicAllocsPass> {
  void runOnOperation() override {
    SmallVector<memref::AllocOp> allocs;
    getOperation().walk(
        [&](memref::AllocOp alloc) { allocs.push_back(alloc); });
    IRRewriter rewriter(&getContext());
    for (memref::AllocOp alloc : allocs)
      boundAlloc(rewriter, alloc);
  }
};
} // namespace
