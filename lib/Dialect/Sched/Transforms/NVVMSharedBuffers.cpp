//===- NVVMSharedBuffers.cpp - sched-nvvm-shared-buffers pass -------------===//
//
// Cache stages reach the kernels as workgroup attributions typed with
// `#gpu.address_space<workgroup>`. The NVVM pipeline maps that space to 3
// inside its own conversion only, so the transfers our pipeline lowers
// before it (convert-vector-to-llvm on the gpu.module) would fail on them;
// and a buffer read with 128-bit loads needs 16-byte alignment, which the
// attribution does not have by default.
//
//===----------------------------------------------------------------------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "ansor/Target/Target.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/AttrTypeSubElements.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDNVVMSHAREDBUFFERS
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

namespace {
struct SchedNVVMSharedBuffersPass
    : public sched::impl::SchedNVVMSharedBuffersBase<
          SchedNVVMSharedBuffersPass> {
  void runOnOperation() override {
    gpu::GPUFuncOp func = getOperation();
    if (func.getNumWorkgroupAttributions() == 0)
      return;
    MLIRContext *ctx = &getContext();
    auto i64 = IntegerType::get(ctx, 64);
    for (unsigned i = 0, e = func.getNumWorkgroupAttributions(); i < e; ++i)
      func.setWorkgroupAttributionAttr(
          i, LLVM::LLVMDialect::getAlignAttrName(),
          IntegerAttr::get(i64, ansor::GPULimits().sharedBufferAlignment));
    AttrTypeReplacer replacer;
    replacer.addReplacement(
        [&](gpu::AddressSpaceAttr space) -> std::optional<Attribute> {
          if (space.getValue() != gpu::AddressSpace::Workgroup)
            return std::nullopt;
          return IntegerAttr::get(
              i64, static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared));
        });
    replacer.recursivelyReplaceElementsIn(func, /*replaceAttrs=*/true,
                                          /*replaceLocs=*/false,
                                          /*replaceTypes=*/true);
  }
};
} // namespace
