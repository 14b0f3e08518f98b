// Parses a sched schedule with the installed dialect and runs the installed
// sched-derive-sketches pass on a matmul, printing the sketch count.
#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

int main() {
  mlir::MLIRContext context;
  context.loadDialect<mlir::sched::SchedDialect, mlir::func::FuncDialect,
                      mlir::linalg::LinalgDialect, mlir::arith::ArithDialect,
                      mlir::tensor::TensorDialect>();
  const char *source = R"mlir(
func.func @mm(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %c = linalg.matmul ins(%a, %b : tensor<32x32xf32>, tensor<32x32xf32>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %c : tensor<32x32xf32>
})mlir";
  auto module = mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  if (!module)
    return 1;
  mlir::PassManager pm(&context);
  pm.addPass(mlir::sched::createSchedDeriveSketches());
  if (mlir::failed(pm.run(*module)))
    return 2;
  unsigned count = 0;
  for (auto s : module->getOps<mlir::sched::ScheduleOp>()) {
    (void)s;
    ++count;
  }
  llvm::outs() << "sketches: " << count << "\n";
  return 0;
}
