//===- ExportTransform.cpp - sched-export-transform pass ------------------===//

#include "ansor/Dialect/Sched/TransformOps/SchedTransformOps.h"
#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "ansor/Dialect/Sched/Transforms/TransformScript.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"

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
  // The scripts it applies use transform.sched ops, registered before the
  // pass manager goes multi-threaded.
  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    sched::registerTransformDialectExtension(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<SmallVector<ScheduleScript>> scripts =
        buildScheduleScripts(module);
    if (failed(scripts))
      return signalPassFailure();
    if (scripts->empty())
      return;
    SmallVector<std::string> sequences, names;
    for (const ScheduleScript &s : *scripts) {
      sequences.push_back(s.script);
      names.push_back(s.sequence);
    }
    FailureOr<OwningOpRef<ModuleOp>> library =
        parseTransformLibrary(module.getContext(), sequences, names);
    if (failed(library)) {
      module.emitError()
          << "internal error: generated Transform script does not parse";
      return signalPassFailure();
    }
    // What the scripts build differently from their schedules is said on
    // their sequences.
    for (const ScheduleScript &s : *scripts) {
      if (s.degradations.empty())
        continue;
      auto sequence =
          (*library)->lookupSymbol<transform::NamedSequenceOp>(s.sequence);
      SmallVector<StringRef> lines(s.degradations.begin(),
                                   s.degradations.end());
      sequence->setAttr("sched.degraded",
                        Builder(module.getContext()).getStrArrayAttr(lines));
    }
    for (ScheduleScript &s : *scripts)
      s.schedule.erase();
    Block *body = module.getBody();
    for (Operation &op :
         llvm::make_early_inc_range((*library)->getBody()->getOperations()))
      op.moveBefore(body, body->end());
    module->setAttr(transform::TransformDialect::kWithNamedSequenceAttrName,
                    UnitAttr::get(module.getContext()));
  }
};
} // namespace
