//===- Materialize.cpp - sched-materialize pass ---------------------------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "ansor/Dialect/Sched/Transforms/TransformScript.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDMATERIALIZE
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

namespace {
struct SchedMaterializePass
    : public sched::impl::SchedMaterializeBase<SchedMaterializePass> {
  void runOnOperation() override {
    if (failed(sched::materializeSchedules(getOperation())))
      signalPassFailure();
  }
};
} // namespace
