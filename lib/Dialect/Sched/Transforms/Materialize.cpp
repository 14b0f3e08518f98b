//===- Materialize.cpp - sched-materialize pass ---------------------------===//

#include "ansor/Dialect/Sched/TransformOps/SchedTransformOps.h"
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
  // The scripts it applies use transform.sched ops, registered before the
  // pass manager goes multi-threaded.
  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    sched::registerTransformDialectExtension(registry);
  }

  void runOnOperation() override {
    if (failed(sched::materializeSchedules(getOperation())))
      signalPassFailure();
  }
};
} // namespace
