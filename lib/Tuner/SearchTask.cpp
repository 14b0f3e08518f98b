//===- SearchTask.cpp - one subgraph to tune ------------------------------===//

#include "ansor/Tuner/SearchTask.h"
#include "ansor/Analysis/ComputeDAG/ComputeDAG.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
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

std::string mlir::ansor::printTaskModule(func::FuncOp func,
                                         Operation *schedule) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "module {\n";
  // A network's task funcs come with it.
  if (auto module = func->getParentOfType<ModuleOp>()) {
    SymbolTable symbols(module);
    llvm::SetVector<Operation *> callees;
    func.walk([&](func::CallOp call) {
      if (Operation *callee = symbols.lookup(call.getCallee()))
        callees.insert(callee);
    });
    for (Operation *callee : callees) {
      callee->print(os, getStablePrintingFlags());
      os << "\n";
    }
  }
  func->print(os, getStablePrintingFlags());
  os << "\n";
  if (schedule) {
    schedule->print(os, getStablePrintingFlags());
    os << "\n";
  }
  os << "}\n";
  return text;
}
