//===- SchedAttrs.h - sched dialect attributes ------------------*- C++ -*-===//

#ifndef ANSOR_DIALECT_SCHED_IR_SCHEDATTRS_H
#define ANSOR_DIALECT_SCHED_IR_SCHEDATTRS_H

#include "ansor/Dialect/Sched/IR/SchedDialect.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include <optional>

#include "ansor/Dialect/Sched/IR/SchedEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ansor/Dialect/Sched/IR/SchedAttrs.h.inc"

#endif // ANSOR_DIALECT_SCHED_IR_SCHEDATTRS_H
