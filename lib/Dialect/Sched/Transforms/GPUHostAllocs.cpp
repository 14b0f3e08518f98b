//===- GPUHostAllocs.cpp - sched-gpu-host-allocs pass ---------------------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDGPUHOSTALLOCS
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

namespace {
struct SchedGPUHostAllocsPass
    : public sched::impl::SchedGPUHostAllocsBase<SchedGPUHostAllocsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // Kernels' own functions live in gpu.modules and keep their allocations.
    if (func.isExternal() || func->getParentOfType<gpu::GPUModuleOp>())
      return;
    SmallVector<memref::AllocOp> allocs;
    WalkResult walk = func.walk([&](memref::AllocOp alloc) {
      if (alloc->getBlock() != &func.getBody().front()) {
        alloc.emitOpError("outside the entry block of the host function of "
                          "a GPU program (in a loop, a branch or a region) "
                          "cannot move to the device");
        return WalkResult::interrupt();
      }
      allocs.push_back(alloc);
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
    if (allocs.empty())
      return;
    OpBuilder builder(func.getContext());
    SmallVector<Value> buffers;
    for (memref::AllocOp alloc : allocs) {
      builder.setInsertionPoint(alloc);
      auto gpuAlloc = gpu::AllocOp::create(
          builder, alloc.getLoc(), alloc.getType(), /*asyncToken=*/Type(),
          /*asyncDependencies=*/ValueRange(), alloc.getDynamicSizes(),
          alloc.getSymbolOperands(), /*hostShared=*/false);
      alloc.replaceAllUsesWith(gpuAlloc.getMemref());
      alloc.erase();
      buffers.push_back(gpuAlloc.getMemref());
    }
    // Deallocation pipelines do not run on the GPU path: the buffers live
    // until the function returns.
    func.walk([&](func::ReturnOp ret) {
      builder.setInsertionPoint(ret);
      for (Value buffer : buffers)
        gpu::DeallocOp::create(builder, ret.getLoc(), /*asyncToken=*/Type(),
                               /*asyncDependencies=*/ValueRange(), buffer);
    });
  }
};
} // namespace
