//===- SchedTransformOps.h - ansor's Transform ops --------------*- C++ -*-===//
//
// Transform dialect ops that the schedules' scripts use where upstream has
// none, and the extension that registers them.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_DIALECT_SCHED_TRANSFORMOPS_SCHEDTRANSFORMOPS_H
#define ANSOR_DIALECT_SCHED_TRANSFORMOPS_SCHEDTRANSFORMOPS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/OpDefinition.h"

#define GET_OP_CLASSES
#include "ansor/Dialect/Sched/TransformOps/SchedTransformOps.h.inc"

namespace mlir {
class DialectRegistry;

namespace sched {

/// Registers ansor's Transform ops (`transform.sched.*`), which the scripts
/// of `sched-materialize` and `sched-export-transform` use: a tool that
/// parses or interprets an exported script needs them.
void registerTransformDialectExtension(DialectRegistry &registry);

} // namespace sched
} // namespace mlir

#endif // ANSOR_DIALECT_SCHED_TRANSFORMOPS_SCHEDTRANSFORMOPS_H
