//===- Pipelines.cpp - lowering pipelines ---------------------------------===//

#include "ansor/Dialect/Sched/Transforms/Pipelines.h"
#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "ansor/Target/Target.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/OptimizeForNVVM.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include <cstdlib>

using namespace mlir;

/// Tensors to buffers. Results become output arguments with their static
/// allocations hoisted to the caller, so a measured kernel writes into a
/// buffer its caller owns and allocates nothing per call.
static void addBufferizeToOutParams(OpPassManager &pm,
                                    bool allocReturnedReshapes) {
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addNestedPass<func::FuncOp>(sched::createSchedCopyDuplicateResults());
  pm.addNestedPass<func::FuncOp>(sched::createSchedExpandWholeInserts());
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // A packed output returns collapse_shape(expand_shape(alloc)): folded, the
  // alloc is hoisted into the caller's buffer instead of copied into it.
  pm.addPass(createCanonicalizerPass());
  // Not yet on a GPU: how a view of the caller's buffer reaches the kernels
  // that write it has not been run on a device.
  if (allocReturnedReshapes)
    pm.addNestedPass<func::FuncOp>(sched::createSchedAllocReturnedReshapes());
  bufferization::BufferResultsToOutParamsPassOptions outParams;
  outParams.hoistStaticAllocs = true;
  outParams.modifyPublicFunctions = true;
  pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
  // Bufferized insert_slice leaves self-copies that only fold after CSE.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
}

static void addBufferizationPasses(OpPassManager &pm) {
  // A generic's rows are inserted back through a rank-expanding insert,
  // which the hoisting needs merged.
  pm.addNestedPass<func::FuncOp>(sched::createSchedExpandWholeInserts());
  pm.addNestedPass<func::FuncOp>(sched::createSchedHoistPartialAccumulators());
  pm.addNestedPass<func::FuncOp>(sched::createSchedFoldConstantTransposes());
  pm.addNestedPass<func::FuncOp>(sched::createSchedForwardPaddedReads());
  pm.addNestedPass<func::FuncOp>(sched::createSchedRetakeOverwrittenSlices());
  addBufferizeToOutParams(pm, /*allocReturnedReshapes=*/true);
  pm.addNestedPass<func::FuncOp>(sched::createSchedBoundDynamicAllocs());
  pm.addNestedPass<func::FuncOp>(sched::createSchedForwardVectorTransfers());
  // Fused pads and cache stages allocate inside loops.
  bufferization::BufferDeallocationPipelineOptions dealloc;
  bufferization::buildBufferDeallocationPipeline(pm, dealloc);
  pm.addPass(createCanonicalizerPass());
}

/// Loops and vectors to LLVM. `convert-scf-to-cf` must follow
/// `finalize-memref-to-llvm`: the OpenMP conversion emits
/// `memref.alloca_scope`, which needs structured control flow.
static void addLLVMConversionPasses(OpPassManager &pm) {
  pm.addNestedPass<func::FuncOp>(sched::createSchedApproximateMath());
  pm.addNestedPass<func::FuncOp>(sched::createSchedExpandStridedCopies());
  pm.addNestedPass<func::FuncOp>(sched::createSchedVectorizeRows());
  pm.addPass(createConvertLinalgToLoopsPass());
  pm.addPass(createConvertVectorToSCFPass(
      VectorTransferToSCFOptions().enableFullUnroll()));
  pm.addPass(createLowerAffinePass());
  pm.addPass(createForallToParallelLoopPass());
  pm.addPass(createConvertSCFToOpenMPPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // aligned_alloc, not malloc and an aligned pointer computed through
  // integers: LLVM then knows a temporary buffer aliases nothing else, and
  // keeps an accumulator that lives in one in a register (an argmax's
  // running max was stored and reloaded on every element, 2.7 ns each).
  FinalizeMemRefToLLVMConversionPassOptions memrefToLLVM;
  memrefToLLVM.useAlignedAlloc = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLLVM));
  // Math ops without an LLVM intrinsic (erf, atan, ...) become libm calls,
  // vectors element by element; both before the vectors are lowered.
  // llvm.powi takes a scalar exponent only, so fpowi goes through powf.
  math::MathExpandOpsPassOptions expand;
  expand.opMnemonics = {"fpowi"};
  pm.addPass(math::createMathExpandOpsPass(expand));
  pm.addPass(createConvertMathToFuncs());
  // log1p to libm, not log(1 + x), which loses its precision near 0.
  ConvertMathToLLVMPassOptions mathToLLVM;
  mathToLLVM.approximateLog1p = false;
  pm.addPass(createConvertMathToLLVMPass(mathToLLVM));
  pm.addPass(createConvertMathToLibmPass());
  pm.addNestedPass<func::FuncOp>(sched::createSchedEmulateBF16());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  // Last: it must see every load and store the conversions made.
  pm.addNestedPass<LLVM::LLVMFuncOp>(sched::createSchedByteI1Vectors());
  pm.addNestedPass<LLVM::LLVMFuncOp>(sched::createSchedBF16AsI16());
}

/// Upstream's gpu-lower-to-nvvm-pipeline (its common, GPU-module and host
/// parts, with its defaults), with one step between the kernels' conversion
/// to LLVM and their serialization: the noalias marks of
/// sched-gpu-noalias-args, which upstream's conversion drops for memrefs
/// passed as descriptors, go on the kernels' pointer arguments.
static void addNVVMLowering(OpPassManager &pm,
                            const sched::GPULoweringOptions &options) {
  pm.addPass(createConvertNVGPUToNVVMPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = options.features;
  pm.addPass(createGpuNVVMAttachTarget(target));
  pm.addPass(createLowerAffinePass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createStripDebugInfoPass());
  kernels.addPass(createConvertGpuOpsToNVVMOps());
  kernels.addPass(sched::createSchedApplyNoAliasArgs());
  kernels.addPass(LLVM::createNVVMOptimizeForTargetPass());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());

  pm.addPass(createGpuToLLVMConversionPass());
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.cubin ? "bin" : "isa";
  pm.addPass(createGpuModuleToBinaryPass(binary));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

/// Where the CUDA toolkit is installed when the environment does not say.
static constexpr const char *kDefaultCUDAPath = "/usr/local/cuda";

void mlir::sched::buildGPULoweringPipeline(OpPassManager &pm,
                                           const GPULoweringOptions &options) {
  addBufferizeToOutParams(pm, /*allocReturnedReshapes=*/false);
  sched::SchedMapToGPUOptions mapping;
  mapping.maxSharedBytes = ansor::GPULimits().maxSharedMemoryPerBlock;
  pm.addPass(sched::createSchedMapToGPU(mapping));
  pm.addNestedPass<func::FuncOp>(sched::createSchedHoistGPUAccumulators());
  // Kernels take their constants with them, not as arguments.
  pm.addNestedPass<func::FuncOp>(createGpuLaunchSinkIndexComputationsPass());
  // NVVM has no ipowi: an outlined implementation, which kernel outlining
  // copies into the kernels' module with the kernels calling it. fpowi
  // (no exponent is 65 bits wide) stays for libdevice's __nv_powif.
  ConvertMathToFuncsOptions gpuMathToFuncs;
  gpuMathToFuncs.minWidthOfFPowIExponent = 65;
  pm.addPass(createConvertMathToFuncs(gpuMathToFuncs));
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(sched::createSchedMergeGPUModules());
  pm.nest<gpu::GPUModuleOp>().addNestedPass<gpu::GPUFuncOp>(
      sched::createSchedNVVMSharedBuffers());
  // Buffers between kernels on the device; every launch, allocation and
  // free on the function's one stream, synchronized once before it returns.
  pm.addNestedPass<func::FuncOp>(sched::createSchedGPUHostAllocs());
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  pm.addPass(sched::createSchedGPUNoAliasArgs());
  pm.addPass(createConvertLinalgToLoopsPass());
  pm.addPass(createConvertVectorToSCFPass(
      VectorTransferToSCFOptions().enableFullUnroll()));
  pm.addPass(createLowerAffinePass());
  // The NVVM pipeline lowers vector arithmetic but not transfers.
  pm.addNestedPass<gpu::GPUModuleOp>(createConvertVectorToLLVMPass());
  // Kernels calling math functions (exp, ...) link CUDA's libdevice, which
  // the NVVM target finds through CUDA_ROOT, CUDA_HOME or CUDA_PATH only.
  if (!getenv("CUDA_ROOT") && !getenv("CUDA_HOME") && !getenv("CUDA_PATH") &&
      llvm::sys::fs::is_directory(kDefaultCUDAPath))
    setenv("CUDA_ROOT", kDefaultCUDAPath, /*overwrite=*/0);
  addNVVMLowering(pm, options);
}

void mlir::sched::buildCPULoweringPipeline(OpPassManager &pm) {
  addBufferizationPasses(pm);
  addLLVMConversionPasses(pm);
}

namespace {
struct GPUPipelineOptions : public PassPipelineOptions<GPUPipelineOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("GPU compute capability"),
                           llvm::cl::init("sm_90")};
  Option<std::string> features{*this, "features",
                               llvm::cl::desc("PTX ISA features"),
                               llvm::cl::init("+ptx80")};
};
} // namespace

void mlir::sched::registerSchedPipelines() {
  PassPipelineRegistration<GPUPipelineOptions>(
      "ansor-lower-gpu",
      "Lower linalg/scf/vector IR on tensors with GPU-mapped foralls to "
      "NVVM: bufferize, map foralls to gpu.launch, outline kernels, "
      "serialize them to PTX in a gpu.binary",
      [](OpPassManager &pm, const GPUPipelineOptions &options) {
        buildGPULoweringPipeline(pm, {options.chip, options.features});
      });
  PassPipelineRegistration<>(
      "ansor-lower-cpu",
      "Lower linalg/scf/vector IR on tensors to the LLVM dialect for the CPU "
      "(bufferize, results to out-params, scf.forall to OpenMP)",
      buildCPULoweringPipeline);
}
