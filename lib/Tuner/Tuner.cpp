//===- Tuner.cpp - tune the funcs of a module -----------------------------===//

#include "ansor/Tuner/Tuner.h"
#include "ansor/Analysis/ComputeDAG/ComputeDAG.h"
#include "ansor/Analysis/ComputeDAG/NormalizePayload.h"
#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "ansor/Dialect/Sched/Transforms/TransformScript.h"
#include "ansor/Model/Dataset.h"
#include "ansor/Search/Mutations.h"
#include "ansor/Search/SketchRules.h"
#include "ansor/Tuner/Partition.h"
#include "ansor/Tuner/SearchTask.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/xxhash.h"
#include <chrono>
#include <deque>
#include <limits>
#include <numeric>

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

/// On a GPU the reference runs on the host CPU: it defines the expected
/// output, but its time says nothing of the device. What speedups divide by,
/// and what a tuned func must beat to replace its untuned form, is the
/// payload as the GPU lowering maps it without a schedule (a thread per
/// element), timed on the device as every candidate is; none when that
/// lowering fails.
static MeasureResult measureUntunedOnDevice(ProgramMeasurer &measurer,
                                            std::string moduleText) {
  return measurer.measure({MeasureInput{std::move(moduleText), ""}}).front();
}

static std::optional<double> measureUntunedOnDevice(ProgramMeasurer &measurer,
                                                    func::FuncOp payload) {
  MeasureResult untuned =
      measureUntunedOnDevice(measurer, printTaskModule(payload));
  if (untuned.error == MeasureError::None)
    return median(untuned.costs);
  payload.emitWarning() << "the untuned lowering of @" << payload.getSymName()
                        << " cannot be timed on the device ("
                        << stringifyMeasureError(untuned.error)
                        << "): speedups are not reported for it";
  return std::nullopt;
}

static std::string printOp(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  // A schedule prints the same alone; the module's scope would be analyzed
  // on every print, and the scratch module holds every candidate.
  op->print(os, getStablePrintingFlags().useLocalScope());
  return text;
}

void TaskSummary::addValid(const MeasureRecord &record) {
  double cost = record.medianCost();
  if (!bestSeconds || cost < *bestSeconds)
    bestSeconds = cost;
  verified = true;
  auto pos = llvm::upper_bound(
      ranked, cost, [](double c, const auto &r) { return c < r.seconds; });
  if (pos - ranked.begin() >= kMaxRanked)
    return;
  ranked.insert(pos, {record.schedule, record.trial, cost});
  if (ranked.size() > kMaxRanked)
    ranked.pop_back();
}

void TaskSummary::addToFront(const MeasureRecord &record, int64_t workspace) {
  double cost = record.medianCost();
  if (llvm::any_of(front, [&](const FrontPoint &p) {
        return p.seconds <= cost && p.workspace <= workspace;
      }))
    return;
  llvm::erase_if(front, [&](const FrontPoint &p) {
    return cost <= p.seconds && workspace <= p.workspace;
  });
  auto pos = llvm::upper_bound(
      front, cost, [](double c, const FrontPoint &p) { return c < p.seconds; });
  front.insert(pos, {cost, workspace, record.trial});
}

/// The measurer of `func`: the test hook's, or a child-process Measurer
/// with `measure`'s options; null with `error` when it cannot start.
static std::unique_ptr<ProgramMeasurer>
makeMeasurer(const TuneOptions &options, const MeasureOptions &measure,
             func::FuncOp func, const KernelSignature &signature,
             const Target &target, std::string &error) {
  if (options.measurerFactory)
    return options.measurerFactory(func, signature, target);
  auto real = std::make_unique<Measurer>(measure, signature, target);
  if (failed(real->initialize(error)))
    return nullptr;
  return real;
}

namespace {
/// One search task: a func, its sketches and its measurement state.
class TaskTuner {
public:
  TaskTuner(func::FuncOp func, const Target &target, const TuneOptions &options,
            RecordsWriter &records, const LoadedRecords &loaded,
            const XGBoostModel *initial, std::vector<Sample> &samples)
      : func(func), target(target), options(options), records(records),
        previous(loaded.records), initial(initial), model(options.model),
        samples(samples) {}

  /// Derives the sketches and measures the untuned lowering; fails, with
  /// `summary.skipped` set, when the task cannot be tuned.
  LogicalResult prepare(TaskSummary &summary);
  /// Measures up to `count` new programs (a round of the task scheduler)
  /// while `budgetLeft` trials are left to the whole run; sets `measured` to
  /// how many it measured (0: the search space is exhausted). Fails only on
  /// an internal error (records cannot be written).
  LogicalResult tune(TaskSummary &summary, unsigned count, unsigned budgetLeft,
                     unsigned &measured);

private:
  void keepElite(sched::ScheduleOp program, unsigned sketch, double cost);
  /// Samples up to `count` new programs; fewer when the space is exhausted.
  SmallVector<sched::ScheduleOp> sampleBatch(unsigned count,
                                             unsigned firstTrial);
  /// A new program: a random annotation of a random sketch or, with
  /// `mutate`, most often a mutation of a measured one. Null on failure.
  std::pair<sched::ScheduleOp, unsigned> propose(OpBuilder &builder,
                                                 bool mutate);
  /// With the Model strategy: the `count` programs the model ranks best
  /// among a pool of new ones (an epsilon-greedy share at random).
  SmallVector<std::pair<sched::ScheduleOp, unsigned>>
  pickByModel(OpBuilder &builder, unsigned count);
  /// With the Evolution strategy: the programs of the next round, from the
  /// evolution under the model (an epsilon-greedy share of fresh random
  /// ones) or, before the model can decide, all fresh random ones.
  void planRound(OpBuilder &builder, unsigned count);
  /// A fresh random program not proposed before; null when none is found.
  std::pair<sched::ScheduleOp, unsigned> proposeNew(OpBuilder &builder);
  bool usesModel() const {
    return options.strategy == SearchStrategy::Model ||
           options.strategy == SearchStrategy::Evolution;
  }
  /// Adds a measured program to the model's training set.
  void addSample(const FailureOr<ProgramFeatures> &features, double cost);
  void retrain();
  /// Counts what the shared samples hold now: other tasks measure between
  /// this task's rounds.
  void syncSamples();
  /// The time of the phases accounted apart from sampling.
  double accountedSeconds() const;
  void copyAccountedTimes(TaskSummary &summary) const;
  void report(const TaskSummary &summary);
  void updateCut(const TaskSummary &summary);

  func::FuncOp func;
  const Target &target;
  const TuneOptions &options;
  RecordsWriter &records;
  ArrayRef<MeasureRecord> previous;
  /// A saved model that picks until this task trains its own.
  const XGBoostModel *initial;

  OwningOpRef<ModuleOp> scratch;
  func::FuncOp payload;
  SmallVector<sched::ScheduleOp> sketches;
  std::unique_ptr<ProgramMeasurer> measurer;
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
  /// The programs of the current round not measured yet (Evolution).
  std::deque<std::pair<sched::ScheduleOp, unsigned>> pending;
  EvolutionOptions evolutionOptions;
  std::optional<EvolutionarySearch> evolution;
  /// Trials left in this run.
  unsigned remaining = 0;
  /// The cost model and what it learns from (Model strategy).
  std::optional<ComputeDAG> dag;
  XGBoostModel model;
  /// What the model learns from: every record of the target in the records
  /// file whose task has a payload, and every measurement of this run (of
  /// all tasks), shared by the tasks.
  std::vector<Sample> &samples;
  unsigned validSamples = 0;
  /// How many of `samples` the model was last trained on.
  size_t trainedOn = 0;
  /// Samples the model has not been trained on.
  unsigned untrained = 0;
  std::string taskKey;
  /// Time spent in the phases the search accounts itself.
  double trainingSeconds = 0, scoringSeconds = 0;
  unsigned scored = 0;
  /// Trials measured in this run.
  unsigned measuredTotal = 0;
};
} // namespace

LogicalResult TaskTuner::prepare(TaskSummary &summary) {
  double start = now();
  llvm::scope_exit finally(
      [&, start] { summary.wallSeconds += now() - start; });
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
  this->dag.emplace(std::move(*dag));
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
  measurer = makeMeasurer(options, options.measure, payload, *signature, target,
                          error);
  if (!measurer) {
    func.emitError() << "cannot measure @" << func.getSymName() << ": "
                     << error;
    summary.skipped = error;
    return failure();
  }
  summary.phases.sampling += now() - start;
  start = now();
  // The reference defines the expected output and is timed as every
  // candidate is: each speedup divides by this figure.
  MeasureResult reference =
      measurer->measureReference(printTaskModule(payload));
  if (reference.error != MeasureError::None) {
    func.emitError() << "the untuned lowering of @" << func.getSymName()
                     << " cannot be measured ("
                     << stringifyMeasureError(reference.error)
                     << "): " << reference.message;
    summary.skipped = "the reference lowering failed";
    return failure();
  }
  summary.referenceSeconds = median(reference.costs);
  summary.phases.reference += now() - start;
  // Built and run as a candidate is, the device's baseline counts in the
  // measurer's build and run phases.
  if (target.isGPU())
    summary.referenceSeconds = measureUntunedOnDevice(*measurer, payload);

  rng.seed(options.seed ^ llvm::xxh3_64bits(summary.key));
  // Resume: programs measured before are not measured again.
  for (const MeasureRecord &r : previous) {
    if (r.taskKey != summary.key || r.target != target.str())
      continue;
    seen.insert(r.schedule.substr(r.schedule.find('{') + 1));
    summary.firstTrial = std::max(summary.firstTrial, r.trial + 1);
    if (!r.isValid())
      continue;
    summary.addValid(r);
    std::string error;
    if (options.objective == Objective::ParetoLatencyWorkspace)
      if (FailureOr<ProgramFeatures> f =
              extractRecordedFeatures(r.schedule, *this->dag, error);
          succeeded(f))
        summary.addToFront(r, f->workspaceBytes);
  }
  taskKey = summary.key;
  syncSamples();
  evolutionOptions = options.evolution;
  evolutionOptions.pareto =
      options.objective == Objective::ParetoLatencyWorkspace;
  if (options.strategy == SearchStrategy::Evolution)
    evolution.emplace(sketches, *this->dag, evolutionOptions, options.sample,
                      options.mutation);
  retrain();
  updateCut(summary);
  return success();
}

std::pair<sched::ScheduleOp, unsigned> TaskTuner::propose(OpBuilder &builder,
                                                          bool mutate) {
  std::uniform_real_distribution<double> coin(0, 1);
  if (mutate && !elites.empty() && coin(rng) >= options.randomFraction) {
    // Mutate one of the best measured programs.
    std::uniform_int_distribution<size_t> pick(0, elites.size() - 1);
    const Elite &parent = elites[pick(rng)];
    auto program = cast<sched::ScheduleOp>(builder.clone(*parent.program));
    if (!mutateSchedule(program, sketches[parent.sketch], rng,
                        options.mutation)) {
      program.erase();
      return {nullptr, 0};
    }
    return {program, parent.sketch};
  }
  std::uniform_int_distribution<size_t> pick(0, sketches.size() - 1);
  unsigned sketch = pick(rng);
  auto program = cast<sched::ScheduleOp>(builder.clone(*sketches[sketch]));
  if (failed(annotateSchedule(program, rng, options.sample))) {
    program.erase();
    return {nullptr, 0};
  }
  return {program, sketch};
}

static std::string stepsKey(sched::ScheduleOp program) {
  std::string key = printOp(program);
  return key.substr(key.find('{') + 1);
}

SmallVector<std::pair<sched::ScheduleOp, unsigned>>
TaskTuner::pickByModel(OpBuilder &builder, unsigned count) {
  SmallVector<std::pair<sched::ScheduleOp, unsigned>> pool;
  SmallVector<std::string> keys;
  llvm::StringSet<> poolKeys;
  for (unsigned attempts = 0;
       pool.size() < options.modelPool && attempts < 4 * options.modelPool;
       ++attempts) {
    auto [program, sketch] = propose(builder, /*mutate=*/true);
    if (!program)
      continue;
    std::string key = stepsKey(program);
    if (seen.contains(key) || !poolKeys.insert(key).second) {
      program.erase();
      continue;
    }
    pool.push_back({program, sketch});
    keys.push_back(key);
  }
  double start = now();
  // Programs without features (the plan refuses them) come last.
  std::vector<ProgramFeatures> features;
  std::vector<unsigned> featured;
  for (auto [index, candidate] : llvm::enumerate(pool)) {
    std::string error;
    FailureOr<ProgramFeatures> f =
        extractProgramFeatures(candidate.first, *dag, error);
    if (succeeded(f)) {
      features.push_back(std::move(*f));
      featured.push_back(index);
    }
  }
  std::vector<double> score(pool.size(),
                            -std::numeric_limits<double>::infinity());
  std::string error;
  const XGBoostModel &scorer = model.isTrained() ? model : *initial;
  FailureOr<std::vector<double>> predicted = scorer.predict(features, error);
  if (succeeded(predicted))
    for (auto [i, index] : llvm::enumerate(featured))
      score[index] = (*predicted)[i];
  scored += features.size();
  scoringSeconds += now() - start;
  std::vector<unsigned> order(pool.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](unsigned a, unsigned b) { return score[a] > score[b]; });
  // Each slot takes the best remaining program, or with probability
  // epsGreedy a random one.
  std::uniform_real_distribution<double> coin(0, 1);
  SmallVector<std::pair<sched::ScheduleOp, unsigned>> picked;
  while (picked.size() < count && !order.empty()) {
    size_t at = 0;
    if (coin(rng) < options.epsGreedy) {
      std::uniform_int_distribution<size_t> any(0, order.size() - 1);
      at = any(rng);
    }
    unsigned index = order[at];
    order.erase(order.begin() + at);
    seen.insert(keys[index]);
    picked.push_back(pool[index]);
  }
  for (unsigned index : order)
    pool[index].first.erase();
  return picked;
}

std::pair<sched::ScheduleOp, unsigned>
TaskTuner::proposeNew(OpBuilder &builder) {
  for (int attempts = 0; attempts < 64; ++attempts) {
    auto [program, sketch] = propose(builder, /*mutate=*/false);
    if (!program)
      continue;
    if (seen.insert(stepsKey(program)).second)
      return {program, sketch};
    program.erase();
  }
  return {nullptr, 0};
}

void TaskTuner::planRound(OpBuilder &builder, unsigned count) {
  if (untrained)
    retrain();
  const XGBoostModel *scorer = model.isTrained() ? &model : initial;
  // Until the model can decide, a round is only as long as the model needs
  // to start.
  if (!scorer && validSamples < options.minModelSamples)
    count = std::min(count, std::max(options.batchSize,
                                     options.minModelSamples - validSamples));
  // Ansor's epsilon-greedy: a share of each round is fresh random programs,
  // so the model also learns from what it ranks low.
  unsigned random = count;
  if (scorer) {
    random = 0;
    std::uniform_real_distribution<double> coin(0, 1);
    for (unsigned i = 0; i < count; ++i)
      random += coin(rng) < options.epsGreedy;
  }
  SmallVector<Candidate> picked;
  if (random < count) {
    SmallVector<Candidate> parents;
    for (const Elite &elite : elites)
      parents.push_back({elite.program, elite.sketch});
    picked = evolution->search(
        builder, *scorer, parents, count - random,
        [&](sched::ScheduleOp p) { return !seen.contains(stepsKey(p)); }, rng);
  }
  for (const Candidate &c : picked) {
    seen.insert(stepsKey(c.program));
    pending.push_back({c.program, c.sketch});
  }
  // Fresh random programs fill the rest, also when evolution found too few.
  while (pending.size() < count) {
    auto [program, sketch] = proposeNew(builder);
    if (!program)
      break;
    pending.push_back({program, sketch});
  }
}

SmallVector<sched::ScheduleOp> TaskTuner::sampleBatch(unsigned count,
                                                      unsigned firstTrial) {
  SmallVector<sched::ScheduleOp> batch;
  OpBuilder builder(func.getContext());
  builder.setInsertionPointToEnd(scratch->getBody());
  auto name = [&](sched::ScheduleOp program) {
    program.setSymName(
        (func.getSymName() + "_t" + Twine(firstTrial + batch.size())).str());
  };
  if (options.strategy == SearchStrategy::Evolution) {
    if (pending.empty())
      planRound(builder, std::min(options.measurePerRound, remaining));
    while (batch.size() < count && !pending.empty()) {
      auto [program, sketch] = pending.front();
      pending.pop_front();
      name(program);
      batch.push_back(program);
      batchSketches.push_back(sketch);
    }
    return batch;
  }
  if (options.strategy == SearchStrategy::Model &&
      (model.isTrained() || initial)) {
    for (auto [program, sketch] : pickByModel(builder, count)) {
      name(program);
      batch.push_back(program);
      batchSketches.push_back(sketch);
    }
    return batch;
  }
  // Bounded retries: a small space runs out of new programs.
  for (unsigned attempts = 0; batch.size() < count && attempts < 64 * count;
       ++attempts) {
    auto [program, sketch] =
        propose(builder, options.strategy == SearchStrategy::Mutation);
    if (!program)
      continue;
    name(program);
    if (!seen.insert(stepsKey(program)).second) {
      program.erase();
      continue;
    }
    batch.push_back(program);
    batchSketches.push_back(sketch);
  }
  return batch;
}

void TaskTuner::addSample(const FailureOr<ProgramFeatures> &features,
                          double cost) {
  if (failed(features))
    return;
  Sample sample;
  sample.taskKey = taskKey;
  sample.cost = cost;
  sample.features = *features;
  samples.push_back(std::move(sample));
  validSamples += std::isfinite(cost);
  ++untrained;
}

/// Retrains the model on every measurement of the target (Ansor's labels:
/// per task, the best cost over each cost, 0 for failures), once there are
/// enough.
void TaskTuner::retrain() {
  if (!usesModel() || validSamples < options.minModelSamples)
    return;
  double start = now();
  std::vector<double> y = normalizedThroughputs(samples);
  std::vector<ProgramFeatures> features;
  features.reserve(samples.size());
  for (const Sample &sample : samples)
    features.push_back(sample.features);
  std::string error;
  if (failed(model.train(features, y, error)) && options.progress)
    llvm::errs() << "[ansor-tune] cost model training failed (" << error
                 << "); this round picks at random\n";
  untrained = 0;
  trainedOn = samples.size();
  trainingSeconds += now() - start;
}

void TaskTuner::syncSamples() {
  validSamples = llvm::count_if(
      samples, [](const Sample &sample) { return std::isfinite(sample.cost); });
  untrained = samples.size() - trainedOn;
}

double TaskTuner::accountedSeconds() const {
  double seconds = trainingSeconds + scoringSeconds;
  if (evolution)
    seconds += evolution->getTimes().evolution + evolution->getTimes().scoring;
  return seconds;
}

void TaskTuner::copyAccountedTimes(TaskSummary &summary) const {
  summary.phases.training = trainingSeconds;
  summary.phases.scoring = scoringSeconds;
  summary.scored = scored;
  if (evolution) {
    summary.phases.evolution = evolution->getTimes().evolution;
    summary.phases.scoring += evolution->getTimes().scoring;
    summary.scored += evolution->getTimes().scored;
  }
}

void TaskTuner::updateCut(const TaskSummary &summary) {
  // A candidate slower than the untuned lowering (on a GPU, timed on the
  // device; none if that failed), or than `cutRatio` times the best so far,
  // cannot become the best: its warm-up time is enough.
  double cut = summary.referenceSeconds.value_or(0);
  if (summary.bestSeconds && options.cutRatio > 0)
    cut = cut > 0 ? std::min(cut, options.cutRatio * *summary.bestSeconds)
                  : options.cutRatio * *summary.bestSeconds;
  measurer->setCutSeconds(cut);
}

void TaskTuner::keepElite(sched::ScheduleOp program, unsigned sketch,
                          double cost) {
  elites.push_back({program, sketch, cost});
  llvm::stable_sort(
      elites, [](const Elite &a, const Elite &b) { return a.cost < b.cost; });
  // Evolution seeds its population with a share of the best measured.
  size_t cap = options.elites;
  if (options.strategy == SearchStrategy::Evolution)
    cap = std::max<size_t>(cap, options.evolution.measuredShare *
                                    options.evolution.population);
  if (elites.size() > cap) {
    elites.back().program.erase();
    elites.pop_back();
  }
}

void TaskTuner::report(const TaskSummary &summary) {
  if (!options.progress)
    return;
  llvm::errs() << "[ansor-tune] @" << summary.name << ": " << measuredTotal;
  if (options.budget == 0)
    llvm::errs() << "/" << options.trials;
  llvm::errs() << " trials";
  if (summary.bestSeconds)
    llvm::errs() << llvm::formatv(
        ", best {0:e3} s ({1:f1} GFLOP/s, {2:f1}x the untuned lowering)",
        *summary.bestSeconds, summary.flop / *summary.bestSeconds / 1e9,
        summary.referenceSeconds.value_or(0) / *summary.bestSeconds);
  llvm::errs() << llvm::formatv(
      "; errors: compile {0}, runtime {1}, timeout {2}, wrong {3}",
      summary.errors[1], summary.errors[2], summary.errors[3],
      summary.errors[4]);
  // GPU kernels' own failures, only when there are any.
  if (summary.errors[5] || summary.errors[6])
    llvm::errs() << llvm::formatv(", launch failure {0}, illegal address {1}",
                                  summary.errors[5], summary.errors[6]);
  const PhaseTimes &p = summary.phases;
  llvm::errs() << llvm::formatv("; {0:f1} s: sampling {1:f1}",
                                summary.wallSeconds, p.sampling);
  if (options.strategy == SearchStrategy::Evolution)
    llvm::errs() << llvm::formatv(", evolution {0:f1}", p.evolution);
  if (usesModel())
    llvm::errs() << llvm::formatv(", training {0:f1}, scoring {1:f1} ({2} "
                                  "scored)",
                                  p.training, p.scoring, summary.scored);
  llvm::errs() << llvm::formatv(
      ", reference {0:f1}, build {1:f1}, run {2:f1}; search overhead {3:f0}%\n",
      p.reference, p.build, p.run,
      summary.wallSeconds > 0
          ? 100 * p.overhead(summary.wallSeconds) / summary.wallSeconds
          : 0.0);
}

LogicalResult TaskTuner::tune(TaskSummary &summary, unsigned roundTrials,
                              unsigned budgetLeft, unsigned &roundMeasured) {
  double start = now();
  double wallBefore = summary.wallSeconds;
  roundMeasured = 0;
  unsigned end = measuredTotal + roundTrials;
  unsigned &measured = measuredTotal;
  syncSamples();
  if (untrained && options.strategy == SearchStrategy::Model)
    retrain();
  while (measured < end) {
    unsigned count = std::min(options.batchSize, end - measured);
    remaining = std::max(
        budgetLeft > roundMeasured ? budgetLeft - roundMeasured : 0, count);
    batchSketches.clear();
    double searchStart = now();
    double before = accountedSeconds();
    SmallVector<sched::ScheduleOp> batch =
        sampleBatch(count, summary.firstTrial + measured);
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
    // What the phases account on their own is not sampling.
    summary.phases.sampling +=
        now() - searchStart - (accountedSeconds() - before);
    std::vector<MeasureResult> results = measurer->measure(inputs);
    double recordsStart = now();
    before = accountedSeconds();
    for (auto [i, program] : llvm::enumerate(batch)) {
      const MeasureResult &result = results[i];
      MeasureRecord record;
      record.taskKey = summary.key;
      record.taskName = summary.name;
      record.target = target.str();
      record.trial = summary.firstTrial + measured + i;
      record.schedule = printOp(program);
      record.costs = result.costs;
      record.error = result.error;
      record.message = result.message;
      record.buildSeconds = result.buildSeconds;
      record.timestamp = now();
      record.degraded = sched::getDegradations(program, payload);
      summary.degraded += !record.degraded.empty();
      if (failed(records.append(record)))
        return func.emitError() << "cannot append to the records file";
      ++summary.errors[static_cast<unsigned>(result.error)];
      double featuresStart = now();
      std::string error;
      FailureOr<ProgramFeatures> features = failure();
      if (usesModel() || options.objective == Objective::ParetoLatencyWorkspace)
        features = extractProgramFeatures(program, *dag, error);
      if (usesModel())
        addSample(features, record.medianCost());
      trainingSeconds += now() - featuresStart;
      if (record.isValid()) {
        summary.addValid(record);
        if (succeeded(features) &&
            options.objective == Objective::ParetoLatencyWorkspace)
          summary.addToFront(record, features->workspaceBytes);
        keepElite(program, batchSketches[i], record.medianCost());
      } else {
        program.erase();
      }
    }
    summary.phases.records +=
        now() - recordsStart - (accountedSeconds() - before);
    if (options.strategy == SearchStrategy::Model)
      retrain();
    copyAccountedTimes(summary);
    updateCut(summary);
    measured += batch.size();
    roundMeasured += batch.size();
    summary.trials = measured;
    summary.phases.build = measurer->getPhases().build;
    summary.phases.run = measurer->getPhases().run;
    summary.wallSeconds = wallBefore + now() - start;
    report(summary);
  }
  summary.wallSeconds = wallBefore + now() - start;
  return success();
}

/// Materializes a recorded schedule on `func`: on a copy first, so that a
/// schedule that no longer applies leaves `func` as it was and says why in
/// `error`.
static LogicalResult applyRecordedSchedule(func::FuncOp func, StringRef text,
                                           std::string &error) {
  MLIRContext *ctx = func.getContext();
  std::string diagnostics;
  ScopedDiagnosticHandler capture(ctx, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      diagnostics += (diagnostics.empty() ? "" : "; ") + diag.str();
    return success();
  });
  OwningOpRef<ModuleOp> parsed = parseSourceString<ModuleOp>(text, ctx);
  if (!parsed || parsed->getOps<sched::ScheduleOp>().empty()) {
    error = "its schedule does not parse: " + diagnostics;
    return failure();
  }
  auto schedules = parsed->getOps<sched::ScheduleOp>();
  OwningOpRef<ModuleOp> scratch = ModuleOp::create(func.getLoc());
  OpBuilder builder(ctx);
  builder.setInsertionPointToEnd(scratch->getBody());
  auto copy = cast<func::FuncOp>(builder.clone(*func));
  sched::ScheduleOp schedule = *schedules.begin();
  schedule->moveBefore(scratch->getBody(), scratch->getBody()->end());
  // Identical subgraphs share records: point the schedule at this func.
  schedule.setFuncAttr(FlatSymbolRefAttr::get(copy.getSymNameAttr()));
  schedule.setSymName((func.getSymName() + "_best").str());
  if (failed(sched::materializeSchedules(*scratch))) {
    error = diagnostics.empty() ? "materialization failed" : diagnostics;
    return failure();
  }
  func.getBody().takeBody(copy.getBody());
  return success();
}

/// Applies the first of `schedules` (cheapest first) that still applies,
/// warning about each one that does not. Fails when none does.
static LogicalResult applyFirstThatApplies(func::FuncOp func,
                                           ArrayRef<RankedSchedule> schedules,
                                           StringRef origin) {
  for (auto [index, ranked] : llvm::enumerate(schedules)) {
    std::string error;
    if (succeeded(applyRecordedSchedule(func, ranked.schedule, error)))
      return success();
    InFlightDiagnostic warning = func.emitWarning();
    warning << "the " << (index == 0 ? "best" : "next best") << " record of @"
            << func.getSymName() << (origin.empty() ? "" : " in ") << origin
            << " (trial " << ranked.trial << ") no longer applies: " << error;
    if (index + 1 < schedules.size())
      warning << "; trying the next best (trial " << schedules[index + 1].trial
              << ")";
  }
  return failure();
}

static void emitHeld(Location loc, DiagnosticSeverity severity,
                     StringRef message) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    emitError(loc) << message;
    return;
  case DiagnosticSeverity::Warning:
    emitWarning(loc) << message;
    return;
  default:
    emitRemark(loc) << message;
  }
}

/// Where a records file's problems are reported: the file (and line), not
/// the module, which the driver would print whole.
static Location recordsLoc(MLIRContext *ctx, StringRef path,
                           unsigned line = 0) {
  return FileLineColLoc::get(ctx, path, line, 0);
}

/// Reports each skipped line of a records file at that line.
static void warnSkippedRecords(MLIRContext *ctx, StringRef path,
                               ArrayRef<SkippedLine> skipped) {
  for (const SkippedLine &s : skipped)
    emitWarning(recordsLoc(ctx, path, s.line))
        << s.reason << "; record skipped";
}

static SmallVector<func::FuncOp> payloadFuncs(ModuleOp module) {
  SmallVector<func::FuncOp> funcs;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal())
      funcs.push_back(func);
  return funcs;
}

/// What makes tasks similar for the task scheduler: the same ops, in the
/// same order, whatever their shapes.
static std::string getTaskGroup(func::FuncOp func) {
  std::string group;
  for (Operation &op : func.getBody().front())
    if (isa<linalg::LinalgOp, tensor::PadOp>(op))
      group += op.getName().getStringRef().str() + ";";
  return group;
}

/// Tasks that reduce products (matmuls, convolutions, contractions written
/// as generics) form one family; pooling and normalization reduce without
/// multiplying, and are bounded by memory, not by the multiply-adds.
static std::string getTaskFamily(func::FuncOp func) {
  for (Operation &op : func.getBody().front()) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || linalgOp.getNumReductionLoops() == 0)
      continue;
    bool multiplies = false;
    linalgOp.getBlock()->walk([&](Operation *inner) {
      multiplies |= isa<arith::MulFOp, arith::MulIOp>(inner);
    });
    if (multiplies)
      return "multiply-accumulate";
  }
  return "";
}

/// A network's tasks are the funcs it calls: linalg ops it computes itself
/// are not tuned, which is said rather than left silent. A func that is a
/// network of itself but holds several subgraphs is tuned as one task, one
/// schedule over all of them; that is said too, since a whole network
/// tuned so builds slowly (a small CNN: 7 to 20 s per program, a third past
/// the build timeout) and gets no task scheduling.
static void warnUntunedNetworkOps(const NetworkTasks &network) {
  for (const auto &entry : network.networks) {
    func::FuncOp func = entry.first;
    if (entry.second.count(func.getSymName())) {
      if (unsigned subgraphs = countSubgraphs(func); subgraphs > 1)
        func.emitRemark()
            << "@" << func.getSymName() << " holds " << subgraphs
            << " subgraphs (a matmul, convolution, pooling or reduction "
               "each, with its elementwise ops) and is tuned as one task: "
               "--ansor-partition outlines each into a task of its own";
      continue;
    }
    SmallVector<Operation *> ops;
    func.walk([&](linalg::LinalgOp op) {
      if (!isa<linalg::FillOp>(op))
        ops.push_back(op);
    });
    if (!ops.empty())
      ops.front()->emitWarning()
          << "@" << func.getSymName() << " calls funcs, which are its tasks, "
          << "and computes " << ops.size()
          << " linalg op(s) itself, which are not tuned: --ansor-partition "
             "outlines them into tasks first";
  }
}

static int64_t getTaskFlop(func::FuncOp func) {
  ScopedDiagnosticHandler quiet(func.getContext(),
                                [](Diagnostic &) { return success(); });
  FailureOr<ComputeDAG> dag = ComputeDAG::build(func);
  return succeeded(dag) ? dag->getTotalFlops() : 0;
}

/// The task's latency in its network: its best program's, or the untuned
/// lowering's where that is faster (then it is what gets applied).
static std::optional<double> getTaskLatency(const TaskSummary &task) {
  if (task.bestSeconds && task.referenceSeconds)
    return std::min(*task.bestSeconds, *task.referenceSeconds);
  return task.bestSeconds ? task.bestSeconds : task.referenceSeconds;
}

/// Times each network end to end, tuned (as the module is now) against
/// untuned (`untuned`, its text before tuning, one entry per summary
/// network), and checks the tuned output.
static void
measureNetworks(const Target &target, const TuneOptions &options,
                ArrayRef<std::pair<func::FuncOp, std::string>> untuned,
                TuneSummary &summary) {
  // A network runs far longer than one candidate: it gets the untuned
  // lowering's timeout, tuned or not.
  MeasureOptions measure = options.measure;
  measure.runTimeout = std::max(measure.runTimeout, measure.referenceTimeout);
  auto describe = [](StringRef what, const MeasureResult &result) {
    return (what + " failed (" + stringifyMeasureError(result.error) +
            "): " + result.message)
        .str();
  };
  for (auto [entry, net] : llvm::zip_equal(untuned, summary.networks)) {
    auto [network, reference] = entry;
    std::string error;
    FailureOr<KernelSignature> signature = getKernelSignature(network, error);
    std::unique_ptr<ProgramMeasurer> measurer;
    if (succeeded(signature))
      measurer =
          makeMeasurer(options, measure, network, *signature, target, error);
    if (!measurer) {
      net.error = error;
      continue;
    }
    if (options.progress)
      llvm::errs() << "[ansor-tune] @" << net.name
                   << ": measuring the network end to end, untuned and "
                      "tuned\n";
    MeasureResult base = measurer->measureReference(reference);
    if (base.error != MeasureError::None) {
      net.error = describe("its untuned lowering", base);
      continue;
    }
    net.untunedSeconds = median(base.costs);
    // On a GPU the reference ran on the host: the untuned network is timed
    // on the device, as the tuned one is.
    if (target.isGPU()) {
      MeasureResult device = measureUntunedOnDevice(*measurer, reference);
      if (device.error != MeasureError::None) {
        net.error = describe("its untuned lowering on the device", device);
        continue;
      }
      net.untunedSeconds = median(device.costs);
    }
    MeasureResult tuned =
        measurer->measure({MeasureInput{printTaskModule(network), ""}}).front();
    if (tuned.error != MeasureError::None) {
      net.error = describe("the tuned network", tuned);
      continue;
    }
    net.tunedSeconds = median(tuned.costs);
    net.verified = true;
    if (options.progress)
      llvm::errs() << llvm::formatv(
          "[ansor-tune] @{0}: untuned {1:e3} s, tuned {2:e3} s ({3:f2}x), "
          "verified\n",
          net.name, *net.untunedSeconds, *net.tunedSeconds,
          *net.untunedSeconds / *net.tunedSeconds);
  }
}

namespace {
/// Per-func problems are held back: when another func was tuned they are
/// warnings and the module is still printed with the tuned funcs; when none
/// was, they are errors.
class HeldDiagnostics {
public:
  explicit HeldDiagnostics(MLIRContext *ctx) {
    handler.emplace(ctx, [&](Diagnostic &diag) {
      held.push_back({diag.getLocation(), diag.getSeverity(), diag.str()});
      return success();
    });
  }
  /// Emits what was held; errors become warnings when `demote`.
  void release(bool demote = false) {
    handler.reset();
    for (Held &h : held) {
      DiagnosticSeverity severity = h.severity;
      if (severity == DiagnosticSeverity::Error && demote)
        severity = DiagnosticSeverity::Warning;
      emitHeld(h.loc, severity, h.message);
    }
    held.clear();
  }

private:
  struct Held {
    Location loc;
    DiagnosticSeverity severity;
    std::string message;
  };
  SmallVector<Held> held;
  std::optional<ScopedDiagnosticHandler> handler;
};
} // namespace

LogicalResult mlir::ansor::tuneModule(ModuleOp module, const Target &target,
                                      const TuneOptions &options,
                                      TuneSummary &summary) {
  double start = now();
  summary.target = target.str();
  // Tasks are the funcs of this module; those of a module nested in it
  // would be left out without a word.
  for (auto nested : module.getOps<ModuleOp>())
    if (!nested.getOps<func::FuncOp>().empty())
      nested.emitWarning() << "the funcs of a nested module are not tuned: "
                              "tune the nested module as a module of its own";
  normalizePayloads(module);
  std::string error;
  FailureOr<LoadedRecords> previous = loadRecords(options.recordsPath, error);
  if (failed(previous))
    return module.emitError() << error;
  warnSkippedRecords(module.getContext(), options.recordsPath,
                     previous->skipped);
  FailureOr<RecordsWriter> records =
      RecordsWriter::open(options.recordsPath, error);
  if (failed(records))
    return module.emitError() << error;

  NetworkTasks network = collectNetworkTasks(module);
  SmallVector<func::FuncOp> funcs = network.tasks;
  if (funcs.empty())
    return module.emitError() << "module has no func to tune";
  warnUntunedNetworkOps(network);
  // The model learns from every record of this target whose task has its
  // payload in the file, and from this run's measurements as they come.
  std::vector<Sample> samples;
  if (options.strategy == SearchStrategy::Model ||
      options.strategy == SearchStrategy::Evolution)
    samples =
        buildDataset(module.getContext(), *previous, target.str()).samples;
  std::optional<XGBoostModel> initial;
  if (!options.modelPath.empty()) {
    if (options.strategy != SearchStrategy::Model &&
        options.strategy != SearchStrategy::Evolution)
      return module.emitError()
             << "a cost model ('" << options.modelPath
             << "') is only used with search=evolution or search=model";
    FailureOr<XGBoostModel> loadedModel =
        XGBoostModel::load(options.modelPath, target.str(), error);
    if (failed(loadedModel))
      return module.emitError() << error;
    initial = std::move(*loadedModel);
  }

  // The task scheduler: with a budget, Ansor's; without, each task gets
  // `trials` in one round, in module order.
  std::vector<ScheduledTask> scheduled(funcs.size());
  summary.tasks.resize(funcs.size());
  for (auto [i, func] : llvm::enumerate(funcs)) {
    TaskSummary &task = summary.tasks[i];
    task.name = func.getSymName().str();
    task.key = computeTaskKey(func, target);
    task.weight = 0;
    scheduled[i].flop = getTaskFlop(func);
    scheduled[i].group = getTaskGroup(func);
    scheduled[i].family = getTaskFamily(func);
    for (auto &[net, calls] : network.networks) {
      auto it = calls.find(func.getSymName());
      unsigned weight = it == calls.end() ? 0 : it->second;
      scheduled[i].weights.push_back(weight);
      task.weight += weight;
    }
  }
  TaskSchedulerOptions schedulerOptions = options.scheduler;
  unsigned budget = options.budget;
  unsigned roundTrials = std::max(1u, options.roundTrials);
  if (budget == 0) {
    budget = options.trials * funcs.size();
    roundTrials = options.trials;
    schedulerOptions.kind = TaskSchedulerKind::RoundRobin;
  } else {
    summary.taskScheduler = schedulerOptions.kind == TaskSchedulerKind::Gradient
                                ? "gradient"
                                : "round-robin";
  }
  TaskScheduler scheduler(scheduled, network.networks.size(), schedulerOptions);
  // The networks proper (a func tuned on its own is a network of itself in
  // the objective, not in the summary), with their text before tuning.
  SmallVector<std::pair<func::FuncOp, std::string>> untunedNetworks;
  SmallVector<unsigned> networkIndices;
  for (auto [j, entry] : llvm::enumerate(network.networks)) {
    func::FuncOp net = entry.first;
    if (entry.second.count(net.getSymName()))
      continue;
    NetworkSummary netSummary;
    netSummary.name = net.getSymName().str();
    summary.networks.push_back(netSummary);
    networkIndices.push_back(j);
    untunedNetworks.push_back({net, printTaskModule(net)});
  }
  auto updateNetworks = [&] {
    std::vector<double> tuned = scheduler.getNetworkLatencies();
    std::vector<double> untuned = scheduler.getReferenceLatencies();
    for (auto [j, net] : llvm::zip_equal(networkIndices, summary.networks)) {
      net.estimatedSeconds = tuned[j];
      net.untunedEstimateSeconds = untuned[j];
    }
  };

  HeldDiagnostics held(module.getContext());
  auto failHeld = [&](InFlightDiagnostic diag) {
    held.release();
    return LogicalResult(diag);
  };
  // Every task is prepared first (sketches, the untuned lowering timed), so
  // the scheduler starts from the untuned network and a task that cannot be
  // tuned is reported whatever the budget.
  std::vector<std::unique_ptr<TaskTuner>> tuners(funcs.size());
  for (auto [i, func] : llvm::enumerate(funcs)) {
    TaskSummary &task = summary.tasks[i];
    if (options.progress) {
      llvm::errs() << "[ansor-tune] @" << task.name << ": task " << task.key;
      if (options.budget == 0)
        llvm::errs() << ", " << options.trials << " trials\n";
      else {
        llvm::errs() << ", weight " << task.weight << ", " << scheduled[i].flop
                     << " FLOP";
        if (!scheduled[i].family.empty())
          llvm::errs() << ", " << scheduled[i].family;
        llvm::errs() << "\n";
      }
    }
    // The payload goes in once per task, so the file alone can train a
    // cost model.
    if (!previous->findPayload(task.key) &&
        failed(records->appendPayload(
            {task.key, task.name, target.str(), printTaskPayload(func)})))
      return failHeld(module.emitError()
                      << "cannot append to the records file '"
                      << options.recordsPath << "'");
    tuners[i] =
        std::make_unique<TaskTuner>(func, target, options, *records, *previous,
                                    initial ? &*initial : nullptr, samples);
    if (failed(tuners[i]->prepare(task))) {
      scheduler.finish(i, task.skipped);
      continue;
    }
    if (task.referenceSeconds)
      scheduler.setReference(i, *task.referenceSeconds);
    if (std::optional<double> latency = getTaskLatency(task))
      scheduler.setLatency(i, *latency);
  }
  updateNetworks();
  unsigned used = 0;
  if (options.budget != 0)
    summary.curve.push_back(
        {0, llvm::sum_of(scheduler.getNetworkLatencies()), ""});
  while (used < budget) {
    std::optional<unsigned> pick = scheduler.next();
    if (!pick)
      break;
    unsigned i = *pick;
    TaskSummary &task = summary.tasks[i];
    unsigned measured = 0;
    unsigned count = std::min(roundTrials, budget - used);
    if (failed(tuners[i]->tune(task, count, budget - used, measured))) {
      held.release();
      return failure();
    }
    used += measured;
    scheduler.update(i, measured, getTaskLatency(task));
    if (measured < count)
      scheduler.finish(i, "its search space is exhausted");
    else if (options.budget == 0)
      scheduler.finish(i, "its trials are measured");
    if (scheduler.isFinished(i))
      task.finished = scheduler.getFinishReason(i).str();
    updateNetworks();
    if (options.budget != 0) {
      summary.curve.push_back(
          {used, llvm::sum_of(scheduler.getNetworkLatencies()), task.name});
      if (options.progress) {
        llvm::errs() << llvm::formatv(
            "[ansor-tune] {0}/{1} trials; estimated network latency {2:e3} s "
            "(untuned {3:e3} s)",
            used, budget, summary.curve.back().seconds,
            llvm::sum_of(scheduler.getReferenceLatencies()));
        if (scheduler.isFinished(i) && measured == count)
          llvm::errs() << "; @" << task.name << " stops: " << task.finished;
        llvm::errs() << "\n";
      }
    }
  }
  bool allTuned = true;
  for (auto [i, task] : llvm::enumerate(summary.tasks)) {
    if (task.skipped.empty() && task.trials == 0 && !task.verified) {
      task.skipped = "the budget ran out before its first round";
      funcs[i].emitError() << "@" << task.name
                           << " got no trial: the budget ran out before its "
                              "first round";
    } else if (task.skipped.empty() && !task.verified) {
      funcs[i].emitError() << "no candidate of @" << task.name
                           << " was verified; the func is left untuned";
    }
    if (!task.skipped.empty() || !task.verified)
      allTuned = false;
  }
  // Replace each tuned func by its best program, unless the untuned
  // lowering (timed as the candidates are) is faster still. A func whose
  // programs no longer apply is left as it is; the others are still
  // replaced.
  for (auto [func, task] : llvm::zip_equal(funcs, summary.tasks)) {
    if (task.ranked.empty())
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
    if (failed(applyFirstThatApplies(func, task.ranked, ""))) {
      func.emitError() << "no measured program of @" << task.name
                       << " applies; the func is left untuned";
      allTuned = false;
    }
  }
  if (options.measureNetworks)
    measureNetworks(target, options, untunedNetworks, summary);
  for (NetworkSummary &net : summary.networks)
    if (!net.error.empty())
      module.emitError() << "network @" << net.name
                         << " could not be measured end to end: " << net.error;
  summary.wallSeconds = now() - start;
  bool anyTuned = llvm::any_of(summary.tasks, [](const TaskSummary &t) {
    return t.verified && t.skipped.empty();
  });
  bool networksFailed =
      llvm::any_of(summary.networks, [](auto &n) { return !n.error.empty(); });
  held.release(/*demote=*/anyTuned && !allTuned && !networksFailed);
  return success((allTuned || anyTuned) && !networksFailed);
}

/// Whether `func` has loops mapped to GPU blocks or threads.
static bool isMappedToGPU(func::FuncOp func) {
  WalkResult walk = func.walk([](scf::ForallOp forall) {
    std::optional<ArrayAttr> mapping = forall.getMapping();
    bool gpu = mapping && llvm::any_of(*mapping, [](Attribute a) {
                 return a.getDialect().getNamespace() == "gpu";
               });
    return gpu ? WalkResult::interrupt() : WalkResult::advance();
  });
  return walk.wasInterrupted();
}

LogicalResult mlir::ansor::measureModule(ModuleOp module, const Target &target,
                                         const MeasureOptions &options,
                                         TuneSummary &summary) {
  double start = now();
  summary.target = target.str();
  normalizePayloads(module);
  bool allMeasured = true;
  for (func::FuncOp func : payloadFuncs(module)) {
    TaskSummary task;
    task.name = func.getSymName().str();
    task.key = computeTaskKey(func, target);
    sched::ScheduleOp schedule;
    for (auto s : module.getOps<sched::ScheduleOp>())
      if (s.getFunc() == func.getSymName())
        schedule = s;
    {
      // A func materialized earlier is no longer a DAG of linalg ops; its
      // FLOP count is then unknown, which is no error.
      ScopedDiagnosticHandler quiet(func.getContext(),
                                    [](Diagnostic &) { return success(); });
      if (FailureOr<ComputeDAG> dag = ComputeDAG::build(func); succeeded(dag))
        task.flop = dag->getTotalFlops();
    }
    std::string error;
    // The reference, built for the host from the func as it is, cannot be
    // built from a func already mapped to the GPU.
    if (!schedule && isMappedToGPU(func))
      error = "it is already mapped to the GPU (the output of "
              "--ansor-apply-best or of materialization), and its reference "
              "is built for the host CPU from the func as it is; measure the "
              "payload with its sched.schedule instead";
    FailureOr<KernelSignature> signature =
        error.empty() ? getKernelSignature(func, error)
                      : FailureOr<KernelSignature>(failure());
    Measurer measurer(options, signature.value_or(KernelSignature()), target);
    if (failed(signature) || failed(measurer.initialize(error))) {
      func.emitError() << "cannot measure @" << task.name << ": " << error;
      allMeasured = false;
      summary.tasks.push_back(task);
      continue;
    }
    MeasureResult reference = measurer.measureReference(printTaskModule(func));
    MeasureResult result = reference;
    // A GPU target's reference ran on the host: a func without a schedule
    // is timed again on the device.
    if (!schedule && target.isGPU() && reference.error == MeasureError::None)
      result = measureUntunedOnDevice(measurer, printTaskModule(func));
    if (schedule && reference.error == MeasureError::None) {
      // A scheduled func is checked against its untuned lowering.
      result =
          measurer.measure({MeasureInput{printTaskModule(func, schedule), ""}})
              .front();
      task.referenceSeconds = target.isGPU()
                                  ? measureUntunedOnDevice(measurer, func)
                                  : std::optional(median(reference.costs));
    }
    task.trials = 1;
    if (schedule) {
      SmallVector<std::string> degradations =
          sched::getDegradations(schedule, func);
      task.degraded = !degradations.empty();
      if (task.degraded) {
        InFlightDiagnostic remark =
            func.emitRemark() << "@" << schedule.getSymName()
                              << " is built differently from what it asks:";
        for (const std::string &line : degradations)
          remark << " " << line << ";";
      }
    }
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

/// Keeps the records of `ranked` whose schedules allocate at most `limit`
/// bytes of workspace on `func`; one whose workspace cannot be told (it
/// does not plan on the func) would not apply either, and goes too.
static void keepWithinWorkspace(func::FuncOp func,
                                SmallVector<RankedSchedule> &ranked,
                                int64_t limit) {
  ScopedDiagnosticHandler quiet(func.getContext(),
                                [](Diagnostic &) { return success(); });
  FailureOr<ComputeDAG> dag = ComputeDAG::build(func);
  llvm::erase_if(ranked, [&](const RankedSchedule &r) {
    std::string error;
    if (failed(dag))
      return true;
    FailureOr<ProgramFeatures> features =
        extractRecordedFeatures(r.schedule, *dag, error);
    return failed(features) || features->workspaceBytes > limit;
  });
}

LogicalResult
mlir::ansor::applyBestRecords(ModuleOp module, const Target &target,
                              StringRef recordsPath,
                              std::optional<int64_t> maxWorkspace) {
  normalizePayloads(module);
  std::string error;
  if (!llvm::sys::fs::exists(recordsPath))
    return emitError(recordsLoc(module.getContext(), recordsPath))
           << "records file '" << recordsPath << "' does not exist";
  FailureOr<LoadedRecords> loaded = loadRecords(recordsPath, error);
  if (failed(loaded))
    return module.emitError() << error;
  warnSkippedRecords(module.getContext(), recordsPath, loaded->skipped);
  if (llvm::none_of(loaded->records, [&](const MeasureRecord &r) {
        return r.isValid() && r.target == target.str();
      })) {
    std::map<std::string, unsigned> targets;
    for (const MeasureRecord &r : loaded->records)
      if (r.isValid())
        ++targets[r.target];
    InFlightDiagnostic diag =
        emitError(recordsLoc(module.getContext(), recordsPath));
    diag << "records file '" << recordsPath
         << "' has no valid record for target '" << target.str() << "'";
    if (targets.empty())
      diag << "; it has no valid record at all";
    else
      diag << "; it has records for: ";
    for (auto [index, entry] : llvm::enumerate(targets))
      diag << (index ? ", " : "") << "'" << entry.first << "' (" << entry.second
           << ")";
    return diag;
  }
  bool allApplied = true;
  // A network's tasks get their programs; the network keeps its calls.
  for (func::FuncOp func : collectNetworkTasks(module).tasks) {
    std::string key = computeTaskKey(func, target);
    SmallVector<RankedSchedule> ranked;
    for (const MeasureRecord &r :
         rankRecords(loaded->records, key, target.str()))
      ranked.push_back({r.schedule, r.trial, r.medianCost()});
    if (ranked.empty()) {
      func.emitWarning() << "no valid record of task " << key << " in '"
                         << recordsPath << "'; @" << func.getSymName()
                         << " is left as it is";
      continue;
    }
    if (maxWorkspace) {
      size_t valid = ranked.size();
      keepWithinWorkspace(func, ranked, *maxWorkspace);
      if (ranked.empty()) {
        func.emitWarning() << "none of the " << valid
                           << " valid records of task " << key << " in '"
                           << recordsPath << "' allocates at most "
                           << *maxWorkspace << " bytes of workspace; @"
                           << func.getSymName() << " is left as it is";
        continue;
      }
    }
    std::string origin = ("'" + recordsPath + "'").str();
    if (failed(applyFirstThatApplies(func, ranked, origin))) {
      func.emitError() << "no record of @" << func.getSymName() << " in '"
                       << recordsPath << "' applies; it is left as it is";
      allApplied = false;
    }
  }
  return success(allApplied);
}

std::string mlir::ansor::serializeSummary(const TuneSummary &summary) {
  double weightedTotal = 0;
  for (const TaskSummary &t : summary.tasks)
    weightedTotal += t.weight * getTaskLatency(t).value_or(0);
  llvm::json::Array tasks;
  for (const TaskSummary &t : summary.tasks) {
    llvm::json::Object errors{{"compile", t.errors[1]},
                              {"runtime", t.errors[2]},
                              {"timeout", t.errors[3]},
                              {"wrong_result", t.errors[4]}};
    if (t.errors[5] || t.errors[6]) {
      errors["launch_failure"] = t.errors[5];
      errors["illegal_address"] = t.errors[6];
    }
    llvm::json::Object task{
        {"name", t.name},         {"key", t.key},
        {"flop", t.flop},         {"trials", t.trials},
        {"sketches", t.sketches}, {"degraded", t.degraded},
        {"verified", t.verified}, {"errors", std::move(errors)}};
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
    else if (!t.ranked.empty())
      task["applied"] = "tuned";
    if (t.referenceSeconds && t.bestSeconds)
      task["speedup"] = *t.referenceSeconds / *t.bestSeconds;
    task["first_trial"] = t.firstTrial;
    task["weight"] = t.weight;
    if (!t.finished.empty())
      task["finished"] = t.finished;
    if (std::optional<double> latency = getTaskLatency(t)) {
      task["weighted_seconds"] = t.weight * *latency;
      if (weightedTotal > 0)
        task["share"] = t.weight * *latency / weightedTotal;
    }
    task["wall_seconds"] = t.wallSeconds;
    task["phases"] = llvm::json::Object{{"sampling", t.phases.sampling},
                                        {"evolution", t.phases.evolution},
                                        {"training", t.phases.training},
                                        {"scoring", t.phases.scoring},
                                        {"reference", t.phases.reference},
                                        {"build", t.phases.build},
                                        {"run", t.phases.run},
                                        {"records", t.phases.records}};
    task["search_overhead"] =
        t.wallSeconds > 0 ? t.phases.overhead(t.wallSeconds) / t.wallSeconds
                          : 0.0;
    task["scored"] = static_cast<int64_t>(t.scored);
    if (!t.front.empty()) {
      llvm::json::Array front;
      for (const FrontPoint &p : t.front)
        front.push_back(llvm::json::Object{{"seconds", p.seconds},
                                           {"workspace_bytes", p.workspace},
                                           {"trial", p.trial}});
      task["pareto_front"] = std::move(front);
    }
    tasks.push_back(std::move(task));
  }
  llvm::json::Object root{{"target", summary.target},
                          {"wall_seconds", summary.wallSeconds},
                          {"task_scheduler", summary.taskScheduler},
                          {"tasks", std::move(tasks)}};
  if (!summary.networks.empty()) {
    llvm::json::Array networks;
    for (const NetworkSummary &n : summary.networks) {
      llvm::json::Object net{
          {"name", n.name},
          {"estimated_seconds", n.estimatedSeconds},
          {"untuned_estimate_seconds", n.untunedEstimateSeconds},
          {"verified", n.verified}};
      if (n.tunedSeconds)
        net["tuned_seconds"] = *n.tunedSeconds;
      if (n.untunedSeconds)
        net["untuned_seconds"] = *n.untunedSeconds;
      if (n.tunedSeconds && n.untunedSeconds)
        net["speedup"] = *n.untunedSeconds / *n.tunedSeconds;
      if (!n.error.empty())
        net["error"] = n.error;
      networks.push_back(std::move(net));
    }
    root["networks"] = std::move(networks);
  }
  if (!summary.curve.empty()) {
    llvm::json::Array curve;
    for (const CurvePoint &p : summary.curve)
      curve.push_back(llvm::json::Object{
          {"trials", p.trials}, {"seconds", p.seconds}, {"task", p.task}});
    root["curve"] = std::move(curve);
  }
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
