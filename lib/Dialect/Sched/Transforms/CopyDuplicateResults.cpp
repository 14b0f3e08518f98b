//===- CopyDuplicateResults.cpp - one value per returned tensor -----------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDCOPYDUPLICATERESULTS
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

namespace {
struct SchedCopyDuplicateResultsPass
    : public sched::impl::SchedCopyDuplicateResultsBase<
          SchedCopyDuplicateResultsPass> {
  void runOnOperation() override {
    OpBuilder builder(&getContext());
    getOperation().walk([&](func::ReturnOp ret) {
      llvm::DenseSet<Value> seen;
      for (OpOperand &operand : ret->getOpOperands()) {
        auto type = dyn_cast<RankedTensorType>(operand.get().getType());
        if (!type || seen.insert(operand.get()).second)
          continue;
        builder.setInsertionPoint(ret);
        SmallVector<OpFoldResult> sizes =
            tensor::getMixedSizes(builder, ret.getLoc(), operand.get());
        Value empty = tensor::EmptyOp::create(builder, ret.getLoc(), sizes,
                                              type.getElementType());
        operand.set(
            linalg::CopyOp::create(builder, ret.getLoc(), operand.get(), empty)
                .getResult(0));
      }
    });
  }
};
} // namespace
