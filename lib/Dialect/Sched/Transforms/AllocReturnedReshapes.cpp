//===- AllocReturnedReshapes.cpp - return allocations, not their views ----===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDALLOCRETURNEDRESHAPES
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

/// The allocation `reshape` views, where it can be allocated in the
/// reshape's shape instead: both static with identity layouts.
static memref::AllocOp getReshapedAlloc(Operation *reshape) {
  if (!isa_and_present<memref::ExpandShapeOp, memref::CollapseShapeOp>(reshape))
    return nullptr;
  auto alloc = reshape->getOperand(0).getDefiningOp<memref::AllocOp>();
  auto isPlain = [](Type type) {
    auto memref = cast<MemRefType>(type);
    return memref.hasStaticShape() && memref.getLayout().isIdentity();
  };
  if (!alloc || !isPlain(alloc.getType()) ||
      !isPlain(reshape->getResult(0).getType()))
    return nullptr;
  return alloc;
}

/// Allocates `reshape`'s buffer in its shape, the old allocation's users
/// reading the inverse reshape of it; `reshape` then is the new allocation.
static void allocInReshapedShape(RewriterBase &rewriter, Operation *reshape,
                                 memref::AllocOp alloc) {
  rewriter.setInsertionPoint(alloc);
  Location loc = alloc.getLoc();
  auto type = cast<MemRefType>(reshape->getResult(0).getType());
  auto replacement =
      memref::AllocOp::create(rewriter, loc, type, alloc.getAlignmentAttr());
  Value view;
  if (auto expand = dyn_cast<memref::ExpandShapeOp>(reshape))
    view = memref::CollapseShapeOp::create(rewriter, loc, replacement,
                                           expand.getReassociationIndices());
  else
    view = memref::ExpandShapeOp::create(
        rewriter, loc, alloc.getType().getShape(), replacement,
        cast<memref::CollapseShapeOp>(reshape).getReassociationIndices());
  // Identity layouts both ways: the view has the old allocation's type.
  if (view.getType() != alloc.getType()) {
    rewriter.eraseOp(view.getDefiningOp());
    rewriter.eraseOp(replacement);
    return;
  }
  rewriter.replaceOp(reshape, replacement.getResult());
  rewriter.replaceOp(alloc, view);
}

namespace {
struct SchedAllocReturnedReshapesPass
    : public sched::impl::SchedAllocReturnedReshapesBase<
          SchedAllocReturnedReshapesPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](func::ReturnOp ret) {
      for (OpOperand &operand : ret->getOpOperands()) {
        Operation *reshape = operand.get().getDefiningOp();
        memref::AllocOp alloc = getReshapedAlloc(reshape);
        // An allocation also returned as it is is hoisted already; the
        // reshape of it stays a copy whichever of the two is reshaped.
        if (alloc && !llvm::is_contained(ret->getOperands(), alloc.getResult()))
          allocInReshapedShape(rewriter, reshape, alloc);
      }
    });
  }
};
} // namespace
