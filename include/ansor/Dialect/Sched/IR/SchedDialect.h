//===- SchedDialect.h - sched dialect ---------------------------*- C++ -*-===//

#ifndef ANSOR_DIALECT_SCHED_IR_SCHEDDIALECT_H
#define ANSOR_DIALECT_SCHED_IR_SCHEDDIALECT_H

#include "mlir/IR/Dialect.h"

#include "ansor/Dialect/Sched/IR/SchedOpsDialect.h.inc"

#endif // ANSOR_DIALECT_SCHED_IR_SCHEDDIALECT_H
