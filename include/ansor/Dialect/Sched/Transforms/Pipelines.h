//===- Pipelines.h - lowering pipelines -------------------------*- C++ -*-===//

#ifndef ANSOR_DIALECT_SCHED_TRANSFORMS_PIPELINES_H
#define ANSOR_DIALECT_SCHED_TRANSFORMS_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include <string>

namespace mlir {
namespace sched {

/// Lowers materialized (or untouched) linalg/scf/vector IR on tensors to the
/// LLVM dialect for the CPU: bufferization with results turned into output
/// arguments, `scf.forall` to OpenMP, vector and memref to LLVM.
void buildCPULoweringPipeline(OpPassManager &pm);

struct GPULoweringOptions {
  std::string chip = "sm_90";
  std::string features = "+ptx80";
  /// Kernels as a cubin assembled by the toolkit's ptxas instead of PTX the
  /// driver compiles when the program is loaded.
  bool cubin = false;
};

/// Bufferizes, maps block and thread foralls to `gpu.launch`, outlines the
/// kernels and lowers them through upstream's NVVM pipeline into a
/// `gpu.binary` holding their PTX; the host side stays in the LLVM dialect
/// with `gpu.launch_func` lowered to the `mgpu*` runtime calls.
void buildGPULoweringPipeline(OpPassManager &pm,
                              const GPULoweringOptions &options);

/// Registers `ansor-lower-cpu`.
void registerSchedPipelines();

} // namespace sched
} // namespace mlir

#endif // ANSOR_DIALECT_SCHED_TRANSFORMS_PIPELINES_H
