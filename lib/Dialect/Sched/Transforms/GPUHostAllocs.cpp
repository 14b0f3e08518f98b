//===- GPUHostAllocs.cpp - sched-gpu-host-allocs pass ---------------------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDGPUHOSTALLOCS
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

/// Whether `call` enters another host function of the GPU program (a task
/// of a partitioned network), which hands its arguments to kernels as the
/// entry function does with its own: it only passes the address on.
static bool callsHostFunction(func::CallOp call) {
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  return callee && !callee.isExternal();
}

/// The first use of `buffer` (or of a view of it) on the host that would
/// read or write its elements there: after the move, device memory. Kernel
/// launches, calls of the program's host functions and views only pass its
/// address on.
static Operation *findHostAccess(Value buffer) {
  for (Operation *user : buffer.getUsers()) {
    if (isa<gpu::LaunchFuncOp, memref::DeallocOp>(user))
      continue;
    if (auto call = dyn_cast<func::CallOp>(user);
        call && callsHostFunction(call))
      continue;
    if (isa<ViewLikeOpInterface>(user)) {
      if (Operation *access = findHostAccess(user->getResult(0)))
        return access;
      continue;
    }
    return user;
  }
  return nullptr;
}

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
      if (Operation *access = findHostAccess(alloc.getResult())) {
        InFlightDiagnostic diag = alloc.emitOpError(
            "of a GPU program is accessed on the host; it cannot move to "
            "the device");
        diag.attachNote(access->getLoc()) << "accessed here";
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
