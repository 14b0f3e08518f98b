//===- GPUNoAliasArgs.cpp - noalias kernel buffer arguments ---------------===//
//
// sched-gpu-noalias-args (on gpu.func, before the kernels are converted) and
// sched-apply-noalias-args (on their llvm.func, after).
//
//===----------------------------------------------------------------------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDGPUNOALIASARGS
#define GEN_PASS_DEF_SCHEDAPPLYNOALIASARGS
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kNoAliasArgs = "sched.noalias_args";

/// The buffer `value` is a view of: a block argument or an allocation.
static Value rootOf(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      break;
    value = view.getViewSource();
  }
  return value;
}

/// LLVM arguments an argument of `type` becomes (memrefs as descriptors).
static int64_t llvmArgCount(Type type) {
  if (auto memref = dyn_cast<MemRefType>(type))
    return 3 + 2 * memref.getRank();
  if (isa<UnrankedMemRefType>(type))
    return 2;
  return 1;
}

namespace {
struct SchedGPUNoAliasArgsPass
    : public sched::impl::SchedGPUNoAliasArgsBase<SchedGPUNoAliasArgsPass> {
  void runOnOperation() override {
    // Per kernel, per argument: whether it is alone on its buffer at every
    // launch.
    DenseMap<Operation *, SmallVector<bool>> alone;
    WalkResult walk = getOperation().walk([&](gpu::LaunchFuncOp launch) {
      auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
          launch, launch.getKernel());
      ValueRange operands = launch.getKernelOperands();
      if (!kernel || operands.size() != kernel.getNumArguments())
        return WalkResult::interrupt();
      SmallVector<bool> &flags =
          alone.try_emplace(kernel, operands.size(), true).first->second;
      SmallVector<Value> roots;
      for (Value operand : operands)
        roots.push_back(isa<MemRefType>(operand.getType()) ? rootOf(operand)
                                                           : Value());
      for (auto [i, root] : llvm::enumerate(roots))
        if (!root || llvm::count(roots, root) > 1)
          flags[i] = false;
      return WalkResult::advance();
    });
    // Launches the pass cannot follow: nothing is marked.
    if (walk.wasInterrupted())
      return;
    Builder builder(&getContext());
    for (auto &[op, flags] : alone) {
      auto kernel = cast<gpu::GPUFuncOp>(op);
      SmallVector<int64_t> positions;
      int64_t position = 0;
      for (auto [flag, type] :
           llvm::zip(flags, kernel.getFunctionType().getInputs())) {
        // The allocated and the aligned pointer.
        if (flag)
          positions.append({position, position + 1});
        position += llvmArgCount(type);
      }
      if (!positions.empty())
        kernel->setAttr(kNoAliasArgs, builder.getDenseI64ArrayAttr(positions));
    }
  }
};

struct SchedApplyNoAliasArgsPass
    : public sched::impl::SchedApplyNoAliasArgsBase<SchedApplyNoAliasArgsPass> {
  void runOnOperation() override {
    Builder builder(&getContext());
    getOperation().walk([&](LLVM::LLVMFuncOp func) {
      auto positions = func->getAttrOfType<DenseI64ArrayAttr>(kNoAliasArgs);
      if (!positions)
        return;
      func->removeAttr(kNoAliasArgs);
      for (int64_t i : positions.asArrayRef())
        if (i < int64_t(func.getNumArguments()) &&
            isa<LLVM::LLVMPointerType>(func.getArgument(i).getType()))
          func.setArgAttr(i, LLVM::LLVMDialect::getNoAliasAttrName(),
                          builder.getUnitAttr());
    });
  }
};
} // namespace
