//===- Dataset.cpp - cost model samples from records ----------------------===//

#include "ansor/Model/Dataset.h"
#include "ansor/Dialect/Sched/Transforms/SchedulePlan.h"
#include "ansor/Features/Features.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringMap.h"
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::ansor;

FailureOr<ProgramFeatures>
mlir::ansor::extractProgramFeatures(sched::ScheduleOp schedule,
                                    const ComputeDAG &dag, std::string &error) {
  std::string diagnostics;
  ScopedDiagnosticHandler capture(schedule.getContext(), [&](Diagnostic &d) {
    if (diagnostics.empty())
      diagnostics = d.str();
    return success();
  });
  if (!schedule.isComplete()) {
    error = "the schedule has unset tunables";
    return failure();
  }
  FailureOr<LoopNest> nest = buildScheduleLoopNest(schedule, dag);
  if (failed(nest)) {
    error = diagnostics;
    return failure();
  }
  ProgramFeatures features;
  features.numRows = extractFeatures(*nest, features.rows);
  features.workspaceBytes = getWorkspaceBytes(*nest);
  return features;
}

FailureOr<ProgramFeatures>
mlir::ansor::extractRecordedFeatures(StringRef text, const ComputeDAG &dag,
                                     std::string &error) {
  MLIRContext *ctx = dag.getFunc().getContext();
  std::string diagnostics;
  ScopedDiagnosticHandler capture(ctx, [&](Diagnostic &d) {
    if (diagnostics.empty())
      diagnostics = d.str();
    return success();
  });
  OwningOpRef<ModuleOp> parsed = parseSourceString<ModuleOp>(text, ctx);
  sched::ScheduleOp schedule;
  if (parsed)
    for (auto op : parsed->getOps<sched::ScheduleOp>())
      schedule = schedule ? schedule : op;
  if (!schedule) {
    error = "its schedule does not parse: " + diagnostics;
    return failure();
  }
  return extractProgramFeatures(schedule, dag, error);
}

namespace {
/// A task's payload, parsed once.
struct ParsedTask {
  OwningOpRef<ModuleOp> module;
  std::optional<ComputeDAG> dag;
  std::string error;
};
} // namespace

Dataset mlir::ansor::buildDataset(MLIRContext *ctx,
                                  const LoadedRecords &records,
                                  StringRef target) {
  Dataset dataset;
  llvm::StringMap<std::unique_ptr<ParsedTask>> tasks;
  std::string diagnostics;
  ScopedDiagnosticHandler capture(ctx, [&](Diagnostic &d) {
    if (diagnostics.empty())
      diagnostics = d.str();
    return success();
  });
  auto problem = [&](const MeasureRecord &r, const std::string &why) {
    ++dataset.unusable;
    if (dataset.problems.size() < 5)
      dataset.problems.push_back("task " + r.taskKey + " trial " +
                                 std::to_string(r.trial) + ": " + why);
  };
  // Each program's sample, and its first cost while it has one.
  llvm::StringMap<size_t> sampleOf;
  std::vector<std::optional<double>> firstCost;
  for (const MeasureRecord &record : records.records) {
    if (!target.empty() && record.target != target) {
      ++dataset.otherTarget;
      continue;
    }
    // The steps, not the header (which names the trial), are the program.
    StringRef schedule = record.schedule;
    std::string programKey =
        record.taskKey + "\n" + schedule.substr(schedule.find('{')).str();
    if (auto it = sampleOf.find(programKey); it != sampleOf.end()) {
      Sample &sample = dataset.samples[it->second];
      double cost = record.medianCost();
      ++dataset.remeasured;
      std::optional<double> &first = firstCost[it->second];
      if (first && std::isfinite(*first) && std::isfinite(cost))
        dataset.repeats.push_back({record.taskKey, *first, cost});
      first.reset();
      sample.cost = std::min(sample.cost, cost);
      continue;
    }
    std::unique_ptr<ParsedTask> &task = tasks[record.taskKey];
    if (!task) {
      task = std::make_unique<ParsedTask>();
      const TaskPayload *payload = records.findPayload(record.taskKey);
      if (payload) {
        diagnostics.clear();
        task->module = parseSourceString<ModuleOp>(payload->payload, ctx);
        func::FuncOp func;
        if (task->module)
          for (auto f : task->module->getOps<func::FuncOp>())
            func = func ? func : f;
        if (func) {
          FailureOr<ComputeDAG> dag = ComputeDAG::build(func);
          if (succeeded(dag))
            task->dag = std::move(*dag);
        }
        if (!task->dag)
          task->error = "its payload does not parse or analyze: " + diagnostics;
      }
    }
    if (!task->module && task->error.empty()) {
      ++dataset.noPayload;
      continue;
    }
    if (!task->dag) {
      problem(record, task->error);
      continue;
    }
    std::string error;
    FailureOr<ProgramFeatures> features =
        extractRecordedFeatures(record.schedule, *task->dag, error);
    if (failed(features)) {
      problem(record, error);
      continue;
    }
    Sample sample;
    sample.taskKey = record.taskKey;
    sample.taskName = record.taskName;
    sample.cost = record.medianCost();
    sample.timestamp = record.timestamp;
    sample.features = std::move(*features);
    sampleOf[programKey] = dataset.samples.size();
    firstCost.push_back(sample.cost);
    dataset.samples.push_back(std::move(sample));
  }
  return dataset;
}

std::pair<double, unsigned>
mlir::ansor::getRepeatAgreement(ArrayRef<Dataset::Repeat> repeats) {
  unsigned pairs = 0, agreeing = 0;
  for (size_t i = 0; i < repeats.size(); ++i)
    for (size_t j = i + 1; j < repeats.size(); ++j) {
      const Dataset::Repeat &a = repeats[i], &b = repeats[j];
      if (a.taskKey != b.taskKey || a.first == b.first || a.second == b.second)
        continue;
      ++pairs;
      agreeing += (a.first < b.first) == (a.second < b.second);
    }
  return {pairs ? double(agreeing) / pairs : 0.0, pairs};
}

std::vector<double>
mlir::ansor::normalizedThroughputs(ArrayRef<Sample> samples) {
  llvm::StringMap<double> best;
  for (const Sample &s : samples) {
    auto [it, inserted] = best.try_emplace(s.taskKey, s.cost);
    if (!inserted)
      it->second = std::min(it->second, s.cost);
  }
  std::vector<double> y;
  for (const Sample &s : samples)
    y.push_back(std::isfinite(s.cost) ? best[s.taskKey] / s.cost : 0.0);
  return y;
}
