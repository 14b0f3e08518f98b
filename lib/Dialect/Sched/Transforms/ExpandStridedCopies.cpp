//===- ExpandStridedCopies.cpp - strided memref.copy to linalg.copy -------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDEXPANDSTRIDEDCOPIES
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

/// The test `finalize-memref-to-llvm` makes: a copy between two such buffers
/// becomes one `memcpy`, every other one a call of the element-wise
/// `memrefCopy`.
static bool lowersToMemcpy(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && (memref.getLayout().isIdentity() ||
                    (memref.hasStaticShape() && memref.getNumElements() > 0 &&
                     memref::isStaticShapeAndContiguousRowMajor(memref)));
}

namespace {
struct SchedExpandStridedCopiesPass
    : public sched::impl::SchedExpandStridedCopiesBase<
          SchedExpandStridedCopiesPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](memref::CopyOp copy) {
      Type source = copy.getSource().getType(),
           target = copy.getTarget().getType();
      if (!isa<MemRefType>(source) || !isa<MemRefType>(target) ||
          (lowersToMemcpy(source) && lowersToMemcpy(target)))
        return;
      rewriter.setInsertionPoint(copy);
      rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(),
                                                  copy.getTarget());
    });
  }
};
} // namespace
