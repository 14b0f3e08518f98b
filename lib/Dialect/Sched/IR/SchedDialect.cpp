//===- SchedDialect.cpp - sched dialect -----------------------------------===//

#include "ansor/Dialect/Sched/IR/SchedDialect.h"
#include "ansor/Dialect/Sched/IR/SchedAttrs.h"
#include "ansor/Dialect/Sched/IR/SchedOps.h"

using namespace mlir;
using namespace mlir::sched;

#include "ansor/Dialect/Sched/IR/SchedOpsDialect.cpp.inc"

void SchedDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ansor/Dialect/Sched/IR/SchedOps.cpp.inc"
      >();
  registerAttributes();
}
