//===- SearchTask.cpp - one subgraph to tune ------------------------------===//

#include "ansor/Tuner/SearchTask.h"
#include "ansor/Analysis/ComputeDAG/ComputeDAG.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"
#include <limits>

using namespace mlir;
using namespace mlir::ansor;

OpPrintingFlags mlir::ansor::getStablePrintingFlags() {
  constexpr int64_t kNever = std::numeric_limits<int64_t>::max();
  return OpPrintingFlags()
      .elideLargeElementsAttrs(kNever)
      .elideLargeResourceString(kNever)
      .enableDebugInfo(false)
      .printGenericOpForm(false)
      .skipRegions(false)
      .assumeVerified(false)
      .useLocalScope(false)
      .printValueUsers(false)
      .printUniqueSSAIDs(false)
      .printNameLocAsPrefix(false);
}

std::string mlir::ansor::printTaskStructure(func::FuncOp func) {
  OpBuilder builder(func.getContext());
  auto copy = cast<func::FuncOp>(builder.clone(*func));
  copy.setSymName("task");
  // A private helper is the same task as its public twin.
  copy.setPublic();
  copy.walk([](Operation *op) { op->removeAttr(kNodeAttrName); });
  std::string text;
  llvm::raw_string_ostream os(text);
  copy->print(os, getStablePrintingFlags().printGenericOpForm());
  copy.erase();
  return text;
}

std::string mlir::ansor::computeTaskKey(func::FuncOp func,
                                        const Target &target) {
  std::string text = printTaskStructure(func) + "\n" + target.str();
  return llvm::utohexstr(llvm::xxh3_64bits(text), /*LowerCase=*/true,
                         /*Width=*/16);
}

std::string mlir::ansor::printTaskPayload(func::FuncOp func) {
  OpBuilder builder(func.getContext());
  OwningOpRef<ModuleOp> module = ModuleOp::create(func.getLoc());
  builder.setInsertionPointToEnd(module->getBody());
  Operation *copy = builder.clone(*func);
  copy->walk([](Operation *op) { op->removeAttr(kNodeAttrName); });
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, getStablePrintingFlags().printGenericOpForm());
  return text;
}

void mlir::ansor::specializeScalarArguments(func::FuncOp func) {
  OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
  llvm::BitVector scalars(func.getNumArguments());
  for (BlockArgument arg : func.getArguments()) {
    Type type = arg.getType();
    if (!isMeasurableScalar(type))
      continue;
    TypedAttr value =
        isa<FloatType>(type)
            ? TypedAttr(builder.getFloatAttr(type, kScalarArgumentFloat))
            : TypedAttr(builder.getIntegerAttr(
                  type, type.isInteger(1) ? 1 : kScalarArgumentInt));
    arg.replaceAllUsesWith(
        arith::ConstantOp::create(builder, func.getLoc(), value));
    scalars.set(arg.getArgNumber());
  }
  if (scalars.any())
    (void)func.eraseArguments(scalars);
}

std::string mlir::ansor::printTaskModule(func::FuncOp func,
                                         Operation *schedule) {
  // Built as a module and printed from its top, not as text around each op:
  // only a top-level op prints the blobs that `dense_resource` constants
  // name (torch-mlir's weights), and the aliases of its attributes.
  OwningOpRef<ModuleOp> module = ModuleOp::create(func.getLoc());
  OpBuilder builder = OpBuilder::atBlockEnd(module->getBody());
  // A network's task funcs come with it.
  if (auto parent = func->getParentOfType<ModuleOp>()) {
    SymbolTable symbols(parent);
    // Every func it reaches through calls, once, itself excepted.
    llvm::SetVector<Operation *> callees;
    SmallVector<Operation *> pending = {func};
    while (!pending.empty())
      pending.pop_back_val()->walk([&](func::CallOp call) {
        Operation *callee = symbols.lookup(call.getCallee());
        if (callee && callee != func && callees.insert(callee))
          pending.push_back(callee);
      });
    for (Operation *callee : callees)
      builder.clone(*callee);
  }
  auto measured = cast<func::FuncOp>(builder.clone(*func));
  // A private func is made public: the runner calls the measured func
  // through its C interface, which a private func does not export.
  measured.setPublic();
  specializeScalarArguments(measured);
  if (schedule)
    builder.clone(*schedule);
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, getStablePrintingFlags());
  os << "\n";
  return text;
}
