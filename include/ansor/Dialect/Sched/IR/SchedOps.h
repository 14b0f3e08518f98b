//===- SchedOps.h - sched dialect operations --------------------*- C++ -*-===//

#ifndef ANSOR_DIALECT_SCHED_IR_SCHEDOPS_H
#define ANSOR_DIALECT_SCHED_IR_SCHEDOPS_H

#include "ansor/Dialect/Sched/IR/SchedAttrs.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"

#define GET_OP_CLASSES
#include "ansor/Dialect/Sched/IR/SchedOps.h.inc"

#endif // ANSOR_DIALECT_SCHED_IR_SCHEDOPS_H
