//===- SampleSchedules.cpp - sched-sample pass ----------------------------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "ansor/Search/InitRules.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDSAMPLE
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::ansor;

namespace {
struct SchedSamplePass : public sched::impl::SchedSampleBase<SchedSamplePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::mt19937 rng(seed);
    SampleOptions options;
    options.maxInnermostFactor = maxInnermostFactor;
    options.registerBlocks = registerBlocks;
    options.partialTiles = partialTiles;
    SmallVector<sched::ScheduleOp> sketches;
    for (auto schedule : module.getOps<sched::ScheduleOp>())
      if (!schedule.isComplete())
        sketches.push_back(schedule);
    OpBuilder builder(module.getContext());
    for (sched::ScheduleOp sketch : sketches) {
      builder.setInsertionPointAfter(sketch);
      for (unsigned i = 0; i < count; ++i) {
        auto sample = cast<sched::ScheduleOp>(builder.clone(*sketch));
        sample.setSymName((sketch.getSymName() + "_" + Twine(i)).str());
        if (failed(annotateSchedule(sample, rng, options)))
          return signalPassFailure();
      }
      sketch.erase();
    }
  }
};
} // namespace
