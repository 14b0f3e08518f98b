//===- MergeGPUModules.cpp - sched-merge-gpu-modules pass -----------------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDMERGEGPUMODULES
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

namespace {
struct SchedMergeGPUModulesPass
    : public sched::impl::SchedMergeGPUModulesBase<SchedMergeGPUModulesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> gpuModules(module.getOps<gpu::GPUModuleOp>());
    if (gpuModules.size() < 2)
      return;
    gpu::GPUModuleOp target = gpuModules.front();
    SymbolTable symbols(target);
    // Where each kernel went: (old module, old name) -> new name.
    DenseMap<std::pair<StringAttr, StringAttr>, StringAttr> moved;
    for (gpu::GPUModuleOp source : ArrayRef(gpuModules).drop_front()) {
      for (Operation &op :
           llvm::make_early_inc_range(source.getBody()->getOperations())) {
        auto name =
            op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
        op.remove();
        // insert() renames the op when its name is taken.
        StringAttr newName = symbols.insert(&op);
        if (name)
          moved[{source.getSymNameAttr(), name}] = newName;
      }
      source.erase();
    }
    module.walk([&](gpu::LaunchFuncOp launch) {
      auto it =
          moved.find({launch.getKernelModuleName(), launch.getKernelName()});
      if (it == moved.end())
        return;
      launch.setKernelAttr(SymbolRefAttr::get(
          target.getSymNameAttr(), {FlatSymbolRefAttr::get(it->second)}));
    });
  }
};
} // namespace
