//===- CompilePass.cpp - ansor-compile pass -------------------------------===//

#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "ansor/Dialect/Sched/TransformOps/SchedTransformOps.h"
#include "ansor/Measure/Compile.h"
#include "ansor/Measure/Passes.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir {
namespace ansor {
#define GEN_PASS_DEF_ANSORCOMPILE
#include "ansor/Measure/Passes.h.inc"
} // namespace ansor
} // namespace mlir

using namespace mlir;
using namespace mlir::ansor;

namespace {
struct AnsorCompilePass
    : public ansor::impl::AnsorCompileBase<AnsorCompilePass> {
  // The scripts it applies use transform.sched ops, registered before the
  // pass manager goes multi-threaded.
  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    sched::registerTransformDialectExtension(registry);
  }

  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (output.empty()) {
      module.emitError() << "ansor-compile needs output=PATH";
      return signalPassFailure();
    }
    // A module scheduled for a GPU compiles for it unless told otherwise.
    std::string text = target;
    std::string error;
    if (text == "host")
      for (auto schedule : module.getOps<sched::ScheduleOp>()) {
        FailureOr<Target> scheduled =
            Target::parse(schedule.getTarget(), error);
        if (succeeded(scheduled) && scheduled->isGPU())
          text = schedule.getTarget().str();
      }
    FailureOr<Target> parsed = Target::parse(text, error);
    if (failed(parsed)) {
      module.emitError() << "invalid target: " << error;
      return signalPassFailure();
    }
    if (failed(compileToSharedLibrary(module, *parsed, output)))
      signalPassFailure();
  }
};
} // namespace
