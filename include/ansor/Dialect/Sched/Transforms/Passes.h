//===- Passes.h - sched dialect passes --------------------------*- C++ -*-===//

#ifndef ANSOR_DIALECT_SCHED_TRANSFORMS_PASSES_H
#define ANSOR_DIALECT_SCHED_TRANSFORMS_PASSES_H

#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace sched {

#define GEN_PASS_DECL
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"

} // namespace sched
} // namespace mlir

#endif // ANSOR_DIALECT_SCHED_TRANSFORMS_PASSES_H
