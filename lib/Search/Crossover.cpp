//===- Crossover.cpp - node-based crossover of complete programs ----------===//

#include "ansor/Search/Crossover.h"
#include "ansor/Search/GPUTiling.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::ansor;
using namespace mlir::sched;

static int64_t getStepNode(Operation &step) {
  auto node = dyn_cast_or_null<IntegerAttr>(
      step.getInherentAttr("node").value_or(Attribute()));
  return node ? node.getInt() : -1;
}

bool mlir::ansor::haveSameSketch(ScheduleOp a, ScheduleOp b) {
  Block &stepsA = a.getBody().front(), &stepsB = b.getBody().front();
  if (a.getNodes() != b.getNodes() || a.getRules() != b.getRules() ||
      stepsA.getOperations().size() != stepsB.getOperations().size())
    return false;
  for (auto [stepA, stepB] : llvm::zip_equal(stepsA, stepsB))
    if (stepA.getName() != stepB.getName() ||
        getStepNode(stepA) != getStepNode(stepB))
      return false;
  return true;
}

ScheduleOp mlir::ansor::crossoverSchedules(OpBuilder &builder, ScheduleOp a,
                                           ScheduleOp b, std::mt19937 &rng) {
  if (!haveSameSketch(a, b))
    return nullptr;
  // The unit of exchange: a node's steps, or single steps when every step
  // is on the same node.
  SmallVector<int64_t> groupOf;
  for (Operation &step : a.getBody().front())
    groupOf.push_back(getStepNode(step));
  llvm::SmallSetVector<int64_t, 8> nodes(groupOf.begin(), groupOf.end());
  if (nodes.size() < 2)
    for (size_t index = 0; index < groupOf.size(); ++index)
      groupOf[index] = index;
  SmallVector<int64_t> groups(groupOf);
  llvm::sort(groups);
  groups.erase(llvm::unique(groups), groups.end());
  if (groups.size() < 2)
    return nullptr;
  // Which groups come from `b`: a random non-empty proper subset.
  llvm::SmallDenseSet<int64_t> fromB;
  std::bernoulli_distribution coin(0.5);
  for (int64_t group : groups)
    if (coin(rng))
      fromB.insert(group);
  std::uniform_int_distribution<size_t> any(0, groups.size() - 1);
  if (fromB.empty())
    fromB.insert(groups[any(rng)]);
  else if (fromB.size() == groups.size())
    fromB.erase(groups[any(rng)]);

  auto child = cast<ScheduleOp>(builder.clone(*a));
  bool differs = false;
  for (auto [index, steps] : llvm::enumerate(
           llvm::zip_equal(child.getBody().front(), b.getBody().front()))) {
    auto &[childStep, stepB] = steps;
    if (!fromB.contains(groupOf[index]))
      continue;
    DictionaryAttr attrs = stepB.getAttrDictionary();
    differs |= childStep.getAttrDictionary() != attrs;
    childStep.setAttrs(attrs);
  }
  // A child equal to `a` is no new program; the verifier catches exchanges
  // that do not fit together.
  ScopedDiagnosticHandler quiet(child.getContext(),
                                [](Diagnostic &) { return success(); });
  if (!differs || failed(mlir::verify(child)) || !keepsGPULimits(child)) {
    child.erase();
    return nullptr;
  }
  return child;
}
