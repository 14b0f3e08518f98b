//===- Tuner.cpp - tune the funcs of a module -----------------------------===//

#include "ansor/Tuner/Tuner.h"
#include "ansor/Analysis/ComputeDAG/ComputeDAG.h"
#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "ansor/Dialect/Sched/Transforms/TransformScript.h"
#include "ansor/Search/Mutations.h"
#include "ansor/Search/SketchRules.h"
#include "ansor/Tuner/SearchTask.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/xxhash.h"
#include <chrono>

#define DEBUG_TYPE "ansor-tuner"

using namespace mlir;
using namespace mlir::ansor;

static double now() {
  return std::chrono::duration<double>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

static double median(ArrayRef<double> values) {
  MeasureRecord r;
  r.costs.assign(values.begin(), values.end());
  return r.medianCost();
}

/// The text that identifies a program: its steps, not its name.
static std::string stateKey(sched::ScheduleOp schedule) {
  std::string text;
  llvm::raw_string_ostream os(text);
  for (Operation &step : schedule.getBody().front())
    os << step << "\n";
  return text;
}

static std::string printOp(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os);
  return text;
}

namespace {
/// One search task: a func, its sketches and its measurement state.
class TaskTuner {
public:
  TaskTuner(func::FuncOp func, const Target &target, const TuneOptions &options,
            RecordsWriter &records, ArrayRef<MeasureRecord> previous)
      : func(func), target(target), options(options), records(records),
        previous(previous) {}

  /// Tunes the task; fills `summary`. Fails only on an internal error
  /// (records cannot be written); a task that cannot be tuned sets
  /// `summary.skipped`.
  LogicalResult run(TaskSummary &summary);

private:
  LogicalResult prepare(TaskSummary &summary);
  /// Samples up to `count` new programs; fewer when the space is exhausted.
  void keepElite(sched::ScheduleOp program, unsigned sketch, double cost);
  SmallVector<sched::ScheduleOp> sampleBatch(unsigned count,
                                             unsigned firstTrial);
  void report(const TaskSummary &summary, unsigned measured);

  func::FuncOp func;
  const Target &target;
  const TuneOptions &options;
  RecordsWriter &records;
  ArrayRef<MeasureRecord> previous;

  OwningOpRef<ModuleOp> scratch;
  func::FuncOp payload;
  SmallVector<sched::ScheduleOp> sketches;
  std::unique_ptr<Measurer> measurer;
  llvm::StringSet<> seen;
  std::mt19937 rng;
  /// The best measured programs of this run, cheapest first.
  struct Elite {
    sched::ScheduleOp program;
    unsigned sketch;
    double cost;
  };
  SmallVector<Elite> elites;
  /// The sketch of each program of the current batch.
  SmallVector<unsigned> batchSketches;
};
} // namespace

LogicalResult TaskTuner::prepare(TaskSummary &summary) {
  // Work on a copy: derivation tags the payload and schedules are added.
  OpBuilder builder(func.getContext());
  scratch = ModuleOp::create(func.getLoc());
  builder.setInsertionPointToEnd(scratch->getBody());
  payload = cast<func::FuncOp>(builder.clone(*func));
  FailureOr<ComputeDAG> dag = ComputeDAG::build(payload);
  if (failed(dag)) {
    summary.skipped = "the func is not a schedulable static-shaped linalg "
                      "program (see the error above)";
    return failure();
  }
  summary.flop = dag->getTotalFlops();
  FailureOr<SmallVector<sched::ScheduleOp>> derived =
      deriveSketchOps(payload, target, builder);
  if (failed(derived)) {
    summary.skipped = "sketch derivation failed";
    return failure();
  }
  sketches = *derived;
  summary.sketches = sketches.size();
  std::string error;
  FailureOr<KernelSignature> signature = getKernelSignature(payload, error);
  if (failed(signature)) {
    func.emitError() << "cannot measure @" << func.getSymName() << ": "
                     << error;
    summary.skipped = error;
    return failure();
  }
  measurer = std::make_unique<Measurer>(options.measure, *signature, target);
  if (failed(measurer->initialize(error))) {
    func.emitError() << "cannot measure @" << func.getSymName() << ": "
                     << error;
    summary.skipped = error;
    return failure();
  }
  // The reference defines the expected output; one call also tells how
  // slow the untuned lowering is, which is all tuning needs of its time.
  MeasureResult reference =
      measurer->measureReference(printTaskModule(payload), /*timed=*/false);
  if (reference.error != MeasureError::None) {
    func.emitError() << "the untuned lowering of @" << func.getSymName()
                     << " cannot be measured ("
                     << stringifyMeasureError(reference.error)
                     << "): " << reference.message;
    summary.skipped = "the reference lowering failed";
    return failure();
  }
  summary.referenceSeconds = median(reference.costs);
  // Candidates slower than the untuned lowering are not worth timing.
  measurer->setCutSeconds(*summary.referenceSeconds);
  rng.seed(options.seed ^ llvm::xxh3_64bits(summary.key));
  // Resume: programs measured before are not measured again.
  for (const MeasureRecord &r : previous) {
    if (r.taskKey != summary.key || r.target != target.str())
      continue;
    seen.insert(r.schedule.substr(r.schedule.find('{') + 1));
    if (r.isValid() &&
        (!summary.bestSeconds || r.medianCost() < *summary.bestSeconds)) {
      summary.bestSeconds = r.medianCost();
      summary.bestSchedule = r.schedule;
      summary.verified = true;
    }
  }
  return success();
}

SmallVector<sched::ScheduleOp> TaskTuner::sampleBatch(unsigned count,
                                                      unsigned firstTrial) {
  SmallVector<sched::ScheduleOp> batch;
  OpBuilder builder(func.getContext());
  builder.setInsertionPointToEnd(scratch->getBody());
  std::uniform_real_distribution<double> coin(0, 1);
  // Bounded retries: a small space runs out of new programs.
  for (unsigned attempts = 0; batch.size() < count && attempts < 64 * count;
       ++attempts) {
    sched::ScheduleOp program;
    unsigned sketch;
    bool exploit = options.strategy == SearchStrategy::Mutation &&
                   !elites.empty() && coin(rng) >= options.randomFraction;
    if (exploit) {
      // Mutate one of the best measured programs.
      std::uniform_int_distribution<size_t> pick(0, elites.size() - 1);
      const Elite &parent = elites[pick(rng)];
      sketch = parent.sketch;
      program = cast<sched::ScheduleOp>(builder.clone(*parent.program));
      if (!mutateSchedule(program, sketches[sketch], rng, options.mutation)) {
        program.erase();
        continue;
      }
    } else {
      std::uniform_int_distribution<size_t> pick(0, sketches.size() - 1);
      sketch = pick(rng);
      program = cast<sched::ScheduleOp>(builder.clone(*sketches[sketch]));
      if (failed(annotateSchedule(program, rng, options.sample))) {
        program.erase();
        continue;
      }
    }
    program.setSymName(
        (func.getSymName() + "_t" + Twine(firstTrial + batch.size())).str());
    std::string key = printOp(program);
    key = key.substr(key.find('{') + 1);
    if (!seen.insert(key).second) {
      program.erase();
      continue;
    }
    batch.push_back(program);
    batchSketches.push_back(sketch);
  }
  return batch;
}

void TaskTuner::keepElite(sched::ScheduleOp program, unsigned sketch,
                          double cost) {
  elites.push_back({program, sketch, cost});
  llvm::stable_sort(
      elites, [](const Elite &a, const Elite &b) { return a.cost < b.cost; });
  if (elites.size() > options.elites) {
    elites.back().program.erase();
    elites.pop_back();
  }
}

void TaskTuner::report(const TaskSummary &summary, unsigned measured) {
  if (!options.progress)
    return;
  llvm::errs() << "[ansor-tune] @" << summary.name << ": " << measured << "/"
               << options.trials << " trials";
  if (summary.bestSeconds)
    llvm::errs() << llvm::formatv(
        ", best {0:e3} s ({1:f1} GFLOP/s, {2:f1}x the untuned lowering)",
        *summary.bestSeconds, summary.flop / *summary.bestSeconds / 1e9,
        summary.referenceSeconds.value_or(0) / *summary.bestSeconds);
  llvm::errs() << llvm::formatv(
      "; errors: compile {0}, runtime {1}, timeout {2}, wrong {3}\n",
      summary.errors[1], summary.errors[2], summary.errors[3],
      summary.errors[4]);
}

LogicalResult TaskTuner::run(TaskSummary &summary) {
  if (failed(prepare(summary)))
    return success();
  unsigned measured = 0;
  while (measured < options.trials) {
    unsigned count = std::min(options.batchSize, options.trials - measured);
    batchSketches.clear();
    SmallVector<sched::ScheduleOp> batch = sampleBatch(count, measured);
    if (batch.empty()) {
      if (options.progress)
        llvm::errs() << "[ansor-tune] @" << summary.name
                     << ": no new program to sample, search space exhausted\n";
      break;
    }
    std::vector<MeasureInput> inputs;
    for (auto [i, program] : llvm::enumerate(batch)) {
      MeasureInput input;
      input.moduleText = printTaskModule(payload, program);
      auto fault = options.injectFaults.find(measured + i);
      if (fault != options.injectFaults.end())
        input.inject = fault->second;
      inputs.push_back(std::move(input));
    }
    std::vector<MeasureResult> results = measurer->measure(inputs);
    for (auto [i, program] : llvm::enumerate(batch)) {
      const MeasureResult &result = results[i];
      MeasureRecord record;
      record.taskKey = summary.key;
      record.taskName = summary.name;
      record.target = target.str();
      record.trial = measured + i;
      record.schedule = printOp(program);
      record.costs = result.costs;
      record.error = result.error;
      record.message = result.message;
      record.buildSeconds = result.buildSeconds;
      record.timestamp = now();
      if (failed(records.append(record)))
        return func.emitError() << "cannot append to the records file";
      ++summary.errors[static_cast<unsigned>(result.error)];
      if (record.isValid() && (!summary.bestSeconds ||
                               record.medianCost() < *summary.bestSeconds)) {
        summary.bestSeconds = record.medianCost();
        summary.bestSchedule = record.schedule;
        summary.verified = true;
      }
      if (record.isValid())
        keepElite(program, batchSketches[i], record.medianCost());
      else
        program.erase();
    }
    measured += batch.size();
    summary.trials = measured;
    report(summary, measured);
  }
  return success();
}

/// Parses a recorded schedule and inserts it into `module` for `func`.
static FailureOr<sched::ScheduleOp>
insertSchedule(ModuleOp module, func::FuncOp func, StringRef text) {
  OwningOpRef<ModuleOp> parsed =
      parseSourceString<ModuleOp>(text, module.getContext(), "record");
  if (!parsed)
    return failure();
  auto schedules = parsed->getOps<sched::ScheduleOp>();
  if (schedules.empty())
    return failure();
  sched::ScheduleOp schedule = *schedules.begin();
  schedule->moveBefore(module.getBody(), module.getBody()->end());
  // Identical subgraphs share records: point the schedule at this func.
  schedule.setFuncAttr(FlatSymbolRefAttr::get(func.getSymNameAttr()));
  schedule.setSymName((func.getSymName() + "_best").str());
  return schedule;
}

static SmallVector<func::FuncOp> payloadFuncs(ModuleOp module) {
  SmallVector<func::FuncOp> funcs;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal())
      funcs.push_back(func);
  return funcs;
}

LogicalResult mlir::ansor::tuneModule(ModuleOp module, const Target &target,
                                      const TuneOptions &options,
                                      TuneSummary &summary) {
  double start = now();
  summary.target = target.str();
  std::string error;
  FailureOr<LoadedRecords> previous = loadRecords(options.recordsPath, error);
  if (failed(previous))
    return module.emitError() << error;
  for (const std::string &warning : previous->warnings)
    module.emitWarning() << warning;
  FailureOr<RecordsWriter> records =
      RecordsWriter::open(options.recordsPath, error);
  if (failed(records))
    return module.emitError() << error;

  SmallVector<func::FuncOp> funcs = payloadFuncs(module);
  if (funcs.empty())
    return module.emitError() << "module has no func to tune";
  bool allTuned = true;
  for (func::FuncOp func : funcs) {
    TaskSummary task;
    task.name = func.getSymName().str();
    task.key = computeTaskKey(func, target);
    if (options.progress)
      llvm::errs() << "[ansor-tune] @" << task.name << ": task " << task.key
                   << ", " << options.trials << " trials\n";
    TaskTuner tuner(func, target, options, *records, previous->records);
    if (failed(tuner.run(task)))
      return failure();
    if (!task.skipped.empty() || !task.verified) {
      if (task.skipped.empty())
        func.emitError() << "no candidate of @" << task.name
                         << " was verified; the func is left untuned";
      allTuned = false;
    }
    summary.tasks.push_back(std::move(task));
  }
  // Replace each tuned func by its best program, unless the untuned
  // lowering (measured as the reference) is faster still.
  for (auto [func, task] : llvm::zip_equal(funcs, summary.tasks)) {
    if (task.bestSchedule.empty())
      continue;
    if (task.referenceSeconds && task.bestSeconds &&
        *task.referenceSeconds < *task.bestSeconds) {
      func.emitRemark() << "the untuned lowering of @" << task.name << " ("
                        << *task.referenceSeconds
                        << " s) is faster than every measured program (best "
                        << *task.bestSeconds << " s); it is left untuned";
      task.appliedUntuned = true;
      continue;
    }
    if (failed(insertSchedule(module, func, task.bestSchedule)))
      return func.emitError() << "internal error: the best schedule of @"
                              << task.name << " does not parse";
  }
  if (failed(sched::materializeSchedules(module)))
    return failure();
  summary.wallSeconds = now() - start;
  return success(allTuned);
}

LogicalResult mlir::ansor::measureModule(ModuleOp module, const Target &target,
                                         const MeasureOptions &options,
                                         TuneSummary &summary) {
  double start = now();
  summary.target = target.str();
  bool allMeasured = true;
  for (func::FuncOp func : payloadFuncs(module)) {
    TaskSummary task;
    task.name = func.getSymName().str();
    task.key = computeTaskKey(func, target);
    sched::ScheduleOp schedule;
    for (auto s : module.getOps<sched::ScheduleOp>())
      if (s.getFunc() == func.getSymName())
        schedule = s;
    if (FailureOr<ComputeDAG> dag = ComputeDAG::build(func); succeeded(dag))
      task.flop = dag->getTotalFlops();
    std::string error;
    FailureOr<KernelSignature> signature = getKernelSignature(func, error);
    Measurer measurer(options, signature.value_or(KernelSignature()), target);
    if (failed(signature) || failed(measurer.initialize(error))) {
      func.emitError() << "cannot measure @" << task.name << ": " << error;
      allMeasured = false;
      summary.tasks.push_back(task);
      continue;
    }
    MeasureResult reference = measurer.measureReference(printTaskModule(func));
    MeasureResult result = reference;
    if (schedule && reference.error == MeasureError::None) {
      // A scheduled func is checked against its untuned lowering.
      result =
          measurer.measure({MeasureInput{printTaskModule(func, schedule), ""}})
              .front();
      task.referenceSeconds = median(reference.costs);
    }
    task.trials = 1;
    ++task.errors[static_cast<unsigned>(result.error)];
    if (result.error == MeasureError::None) {
      task.bestSeconds = median(result.costs);
      task.verified = true;
    } else {
      func.emitError() << "measuring @" << task.name << " failed ("
                       << stringifyMeasureError(result.error)
                       << "): " << result.message;
      allMeasured = false;
    }
    summary.tasks.push_back(std::move(task));
  }
  summary.wallSeconds = now() - start;
  return success(allMeasured);
}

LogicalResult mlir::ansor::applyBestRecords(ModuleOp module,
                                            const Target &target,
                                            StringRef recordsPath) {
  std::string error;
  FailureOr<LoadedRecords> loaded = loadRecords(recordsPath, error);
  if (failed(loaded))
    return module.emitError() << error;
  for (const std::string &warning : loaded->warnings)
    module.emitWarning() << warning;
  for (func::FuncOp func : payloadFuncs(module)) {
    std::string key = computeTaskKey(func, target);
    std::optional<MeasureRecord> best =
        findBestRecord(loaded->records, key, target.str());
    if (!best) {
      func.emitWarning() << "no valid record of task " << key << " in '"
                         << recordsPath << "'; @" << func.getSymName()
                         << " is left as it is";
      continue;
    }
    if (failed(insertSchedule(module, func, best->schedule)))
      return func.emitError()
             << "the best record of @" << func.getSymName() << " in '"
             << recordsPath << "' (trial " << best->trial
             << ") holds a schedule that does not parse";
  }
  return sched::materializeSchedules(module);
}

std::string mlir::ansor::serializeSummary(const TuneSummary &summary) {
  llvm::json::Array tasks;
  for (const TaskSummary &t : summary.tasks) {
    llvm::json::Object errors{{"compile", t.errors[1]},
                              {"runtime", t.errors[2]},
                              {"timeout", t.errors[3]},
                              {"wrong_result", t.errors[4]}};
    llvm::json::Object task{{"name", t.name},
                            {"key", t.key},
                            {"flop", t.flop},
                            {"trials", t.trials},
                            {"sketches", t.sketches},
                            {"verified", t.verified},
                            {"errors", std::move(errors)}};
    task["best_seconds"] =
        t.bestSeconds ? llvm::json::Value(*t.bestSeconds) : nullptr;
    task["best_gflops"] = t.bestSeconds && t.flop
                              ? llvm::json::Value(t.flop / *t.bestSeconds / 1e9)
                              : nullptr;
    if (t.referenceSeconds)
      task["untuned_seconds"] = *t.referenceSeconds;
    if (!t.skipped.empty())
      task["skipped"] = t.skipped;
    if (t.appliedUntuned)
      task["applied"] = "untuned";
    tasks.push_back(std::move(task));
  }
  llvm::json::Object root{{"target", summary.target},
                          {"wall_seconds", summary.wallSeconds},
                          {"tasks", std::move(tasks)}};
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(root)));
  return out;
}

LogicalResult mlir::ansor::writeSummary(const TuneSummary &summary,
                                        StringRef path, std::string &error) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec) {
    error = "cannot write summary '" + path.str() + "': " + ec.message();
    return failure();
  }
  os << serializeSummary(summary) << "\n";
  return success();
}
