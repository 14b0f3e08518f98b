//===- DeriveSketches.cpp - sched-derive-sketches pass --------------------===//

#include "ansor/Analysis/ComputeDAG/NormalizePayload.h"
#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "ansor/Search/SketchRules.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDDERIVESKETCHES
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::ansor;

namespace {
struct SchedDeriveSketchesPass
    : public sched::impl::SchedDeriveSketchesBase<SchedDeriveSketchesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::string error;
    FailureOr<Target> parsed = Target::parse(target, error);
    if (failed(parsed)) {
      module.emitError() << "invalid target: " << error;
      return signalPassFailure();
    }
    normalizePayloads(module);
    SmallVector<func::FuncOp> funcs;
    // A network (a func calling task funcs, as ansor-partition leaves it)
    // is scheduled through its tasks.
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal() &&
          (funcName.empty() ? func.getOps<func::CallOp>().empty()
                            : func.getSymName() == funcName))
        funcs.push_back(func);
    if (funcs.empty()) {
      module.emitError() << (funcName.empty()
                                 ? std::string("module has no func to schedule")
                                 : "module has no func named '" + funcName +
                                       "'");
      return signalPassFailure();
    }
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    bool failedAny = false;
    for (func::FuncOp func : funcs) {
      FailureOr<SmallVector<sched::ScheduleOp>> sketches =
          deriveSketchOps(func, *parsed, builder);
      if (failed(sketches)) {
        failedAny = true;
        continue;
      }
      if (sketch < 0 || sketches->empty())
        continue;
      unsigned kept = static_cast<unsigned>(sketch) % sketches->size();
      for (auto [index, op] : llvm::enumerate(*sketches))
        if (index != kept)
          op.erase();
    }
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
