//===- Pipelines.h - lowering pipelines -------------------------*- C++ -*-===//

#ifndef ANSOR_DIALECT_SCHED_TRANSFORMS_PIPELINES_H
#define ANSOR_DIALECT_SCHED_TRANSFORMS_PIPELINES_H

#include "mlir/Pass/PassManager.h"

namespace mlir {
namespace sched {

/// Lowers materialized (or untouched) linalg/scf/vector IR on tensors to the
/// LLVM dialect for the CPU: bufferization with results turned into output
/// arguments, `scf.forall` to OpenMP, vector and memref to LLVM.
void buildCPULoweringPipeline(OpPassManager &pm);

/// Registers `ansor-lower-cpu`.
void registerSchedPipelines();

} // namespace sched
} // namespace mlir

#endif // ANSOR_DIALECT_SCHED_TRANSFORMS_PIPELINES_H
