//===- ansor-opt.cpp - the ansor-mlir driver ------------------------------===//
//
// mlir-opt with the upstream dialects, passes and Transform extensions, plus
// the sched dialect, ansor's passes and its Transform ops.
//
//===----------------------------------------------------------------------===//

#include "ansor/Dialect/Sched/IR/SchedDialect.h"
#include "ansor/Dialect/Sched/TransformOps/SchedTransformOps.h"
#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "ansor/Dialect/Sched/Transforms/Pipelines.h"
#include "ansor/Measure/Passes.h"
#include "ansor/Tuner/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::sched::registerSchedPasses();
  mlir::sched::registerSchedPipelines();
  mlir::ansor::registerAnsorMeasurePasses();
  mlir::ansor::registerAnsorTunerPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  registry.insert<mlir::sched::SchedDialect>();
  mlir::sched::registerTransformDialectExtension(registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "ansor-mlir optimizer driver\n", registry));
}
