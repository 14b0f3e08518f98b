//===- Pipelines.cpp - lowering pipelines ---------------------------------===//

#include "ansor/Dialect/Sched/Transforms/Pipelines.h"
#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

/// Tensors to buffers. Results become output arguments with their static
/// allocations hoisted to the caller, so a measured kernel writes into a
/// buffer its caller owns and allocates nothing per call.
static void addBufferizationPasses(OpPassManager &pm) {
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addNestedPass<func::FuncOp>(sched::createSchedCopyDuplicateResults());
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // A packed output returns collapse_shape(expand_shape(alloc)): folded, the
  // alloc is hoisted into the caller's buffer instead of copied into it.
  pm.addPass(createCanonicalizerPass());
  bufferization::BufferResultsToOutParamsPassOptions outParams;
  outParams.hoistStaticAllocs = true;
  outParams.modifyPublicFunctions = true;
  pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
  // Bufferized insert_slice leaves self-copies that only fold after CSE.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
  // Fused pads and cache stages allocate inside loops.
  bufferization::BufferDeallocationPipelineOptions dealloc;
  bufferization::buildBufferDeallocationPipeline(pm, dealloc);
  pm.addPass(createCanonicalizerPass());
}

/// Loops and vectors to LLVM. `convert-scf-to-cf` must follow
/// `finalize-memref-to-llvm`: the OpenMP conversion emits
/// `memref.alloca_scope`, which needs structured control flow.
static void addLLVMConversionPasses(OpPassManager &pm) {
  pm.addNestedPass<func::FuncOp>(sched::createSchedExpandStridedCopies());
  pm.addPass(createConvertLinalgToLoopsPass());
  pm.addPass(createConvertVectorToSCFPass(
      VectorTransferToSCFOptions().enableFullUnroll()));
  pm.addPass(createLowerAffinePass());
  pm.addPass(createForallToParallelLoopPass());
  pm.addPass(createConvertSCFToOpenMPPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::sched::buildCPULoweringPipeline(OpPassManager &pm) {
  addBufferizationPasses(pm);
  addLLVMConversionPasses(pm);
}

void mlir::sched::registerSchedPipelines() {
  PassPipelineRegistration<>(
      "ansor-lower-cpu",
      "Lower linalg/scf/vector IR on tensors to the LLVM dialect for the CPU "
      "(bufferize, results to out-params, scf.forall to OpenMP)",
      buildCPULoweringPipeline);
}
