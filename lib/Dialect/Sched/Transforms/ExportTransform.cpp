//===- ExportTransform.cpp - sched-export-transform pass ------------------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "ansor/Dialect/Sched/Transforms/TransformScript.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDEXPORTTRANSFORM
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::sched;

namespace {
struct SchedExportTransformPass
    : public sched::impl::SchedExportTransformBase<SchedExportTransformPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<ScheduleOp> schedules(module.getOps<ScheduleOp>());
    if (schedules.empty())
      return;
    SmallVector<std::string> sequences, names;
    for (ScheduleOp schedule : schedules) {
      FailureOr<func::FuncOp> payload = resolvePayload(schedule, module);
      if (failed(payload))
        return signalPassFailure();
      std::string name = ("apply_" + schedule.getSymName()).str();
      FailureOr<std::string> script =
          buildTransformScript(schedule, *payload, name);
      if (failed(script))
        return signalPassFailure();
      sequences.push_back(*script);
      names.push_back(name);
    }
    FailureOr<OwningOpRef<ModuleOp>> library =
        parseTransformLibrary(module.getContext(), sequences, names);
    if (failed(library)) {
      module.emitError()
          << "internal error: generated Transform script does not parse";
      return signalPassFailure();
    }
    for (ScheduleOp schedule : schedules)
      schedule.erase();
    Block *body = module.getBody();
    for (Operation &op :
         llvm::make_early_inc_range((*library)->getBody()->getOperations()))
      op.moveBefore(body, body->end());
    module->setAttr(transform::TransformDialect::kWithNamedSequenceAttrName,
                    UnitAttr::get(module.getContext()));
  }
};
} // namespace
