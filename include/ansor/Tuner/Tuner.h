//===- Tuner.h - tune the funcs of a module ---------------------*- C++ -*-===//
//
// The tuning loop of one search task: derive its sketches, sample complete
// programs, measure them in batches (building in parallel, verifying every
// output against the untuned lowering), append every measurement to the
// records file, and keep the best verified program.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_TUNER_TUNER_H
#define ANSOR_TUNER_TUNER_H

#include "ansor/Measure/Measurer.h"
#include "ansor/Model/CostModel.h"
#include "ansor/Records/RecordsFile.h"
#include "ansor/Search/InitRules.h"
#include "ansor/Search/Mutations.h"
#include "ansor/Tuner/EvolutionarySearch.h"
#include "ansor/Tuner/TaskScheduler.h"
#include "mlir/IR/BuiltinOps.h"
#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>

namespace mlir {
namespace ansor {

/// How new programs are chosen after the first round.
enum class SearchStrategy {
  /// Every program is a fresh random annotation of a random sketch (Ansor
  /// without fine-tuning).
  Random,
  /// Most programs are mutations (Ansor's rules) of the best measured ones,
  /// the rest random: evolution guided by measurements, with no cost model.
  Mutation,
  /// Each round, a pool of fresh random programs and mutations of the best
  /// measured ones is scored by the cost model, retrained on every
  /// measurement of the task, and the best predicted are measured, with an
  /// epsilon-greedy share of random picks from the pool. Until enough
  /// programs are measured, picks are random.
  Model,
  /// Ansor's fine-tuning (EvolutionarySearch.h): each round, a population of
  /// fresh samples and the best measured programs evolves under the cost
  /// model, retrained on every measurement so far, and the best new
  /// programs are measured with an epsilon-greedy share of fresh random
  /// ones. Until enough programs are measured, rounds are random.
  Evolution,
};

/// What the search optimizes.
enum class Objective {
  Latency,
  /// Latency and workspace (the bytes of temporary buffers the schedule's
  /// steps allocate): the search ranks by non-dominated fronts and the
  /// summary lists the front of the measured programs.
  ParetoLatencyWorkspace,
};

struct TuneOptions {
  /// Measurements per task, one task after another, when `budget` is 0.
  unsigned trials = 64;
  /// Measurements of the whole module, which the task scheduler spends in
  /// rounds of `roundTrials` on the tasks where they cut the objective most
  /// (0: `trials` per task).
  unsigned budget = 0;
  unsigned roundTrials = 8;
  TaskSchedulerOptions scheduler;
  /// After tuning, time every network (a func calling task funcs) end to
  /// end, tuned against untuned, and verify it.
  bool measureNetworks = true;
  unsigned seed = 0;
  /// Candidates built (in parallel) and measured per round.
  unsigned batchSize = 8;
  /// JSON-lines records; earlier records of a task are reused (resume).
  std::string recordsPath;
  SampleOptions sample;
  MeasureOptions measure;
  SearchStrategy strategy = SearchStrategy::Evolution;
  Objective objective = Objective::Latency;
  MutationOptions mutation;
  /// With `Mutation`: the share of fresh random programs per round, and how
  /// many of the best measured programs serve as parents.
  double randomFraction = 0.25;
  unsigned elites = 8;
  /// With `Evolution`: the population and its breeding, and the programs
  /// measured per round (between two trainings of the model).
  EvolutionOptions evolution;
  unsigned measurePerRound = 64;
  /// With `Model`: candidates scored per round. With `Model` and
  /// `Evolution`: the share of each round picked at random, the valid
  /// measurements needed before the model decides, and the model's training
  /// options.
  unsigned modelPool = 512;
  double epsGreedy = 0.05;
  unsigned minModelSamples = 16;
  ModelOptions model;
  /// A saved model to start from (empty: none).
  std::string modelPath;
  /// Candidates slower than this multiple of the best so far are timed by
  /// their warm-up alone (0: only those slower than the untuned lowering).
  double cutRatio = 3;
  /// Test hook: trial index (0-based, per task) to an injected fault
  /// ("crash", "hang", "wrong" or "compile").
  std::map<unsigned, std::string> injectFaults;
  /// Progress lines on stderr.
  bool progress = true;
  /// Makes the measurer of a task; empty means the child-process Measurer.
  /// Tests substitute a deterministic fake.
  std::function<std::unique_ptr<ProgramMeasurer>(
      func::FuncOp, const KernelSignature &, const Target &)>
      measurerFactory;
};

/// Where a task's wall time went, in seconds.
struct PhaseTimes {
  /// Sketch derivation and fresh random samples.
  double sampling = 0;
  /// Mutation, crossover and the bookkeeping of the evolution.
  double evolution = 0;
  /// The cost model's training, with the features of measured programs.
  double training = 0;
  /// The cost model's scoring of candidates (features and prediction).
  double scoring = 0;
  /// Building and running the untuned lowering.
  double reference = 0;
  /// Building candidates (materialize, lower, compile, link).
  double build = 0;
  /// Running, verifying and timing candidates.
  double run = 0;
  /// Appending records.
  double records = 0;
  /// Everything but building and running programs (the candidates and the
  /// untuned lowering).
  double overhead(double wall) const {
    return std::max(0.0, wall - reference - build - run);
  }
};

/// A measured program on the Pareto front of latency and workspace.
struct FrontPoint {
  double seconds = 0;
  int64_t workspace = 0;
  unsigned trial = 0;
};

/// A measured program, for applying the best one that still applies.
struct RankedSchedule {
  std::string schedule;
  unsigned trial = 0;
  double seconds = 0;
};

struct TaskSummary {
  std::string name;
  std::string key;
  int64_t flop = 0;
  unsigned trials = 0;
  unsigned sketches = 0;
  std::optional<double> bestSeconds;
  /// The untuned lowering's time, when it was measured.
  std::optional<double> referenceSeconds;
  bool verified = false;
  /// The cheapest valid programs, cheapest first (at most kMaxRanked).
  SmallVector<RankedSchedule> ranked;
  static constexpr unsigned kMaxRanked = 8;
  std::array<unsigned, 7> errors = {};
  /// Measured programs whose materialization degraded (MeasureRecord).
  unsigned degraded = 0;
  /// Candidates the cost model scored.
  unsigned scored = 0;
  /// With the Pareto objective: the measured programs no other beats in
  /// both latency and workspace, fastest first.
  std::vector<FrontPoint> front;
  /// Why the task was not tuned; empty when it was.
  std::string skipped;
  /// The untuned lowering beat every measured program and was kept.
  bool appliedUntuned = false;
  /// The first trial number of this run (records of earlier runs come
  /// first).
  unsigned firstTrial = 0;
  /// Calls of the task in all networks (1 for a func tuned on its own).
  unsigned weight = 1;
  /// Why the task scheduler stopped giving the task rounds, if it did
  /// before the budget ran out.
  std::string finished;
  PhaseTimes phases;
  double wallSeconds = 0;

  /// Takes a valid record into the best and the ranked programs.
  void addValid(const MeasureRecord &record);
  /// Takes a valid program of `workspace` bytes into the front.
  void addToFront(const MeasureRecord &record, int64_t workspace);
};

/// A whole network (a func calling task funcs), measured end to end.
struct NetworkSummary {
  std::string name;
  /// The sum of its tasks' latencies times their calls: tuned (the best
  /// program, or the untuned lowering where faster) and untuned.
  double estimatedSeconds = 0;
  double untunedEstimateSeconds = 0;
  /// Measured end to end after tuning, in the same run.
  std::optional<double> tunedSeconds;
  std::optional<double> untunedSeconds;
  bool verified = false;
  std::string error;
};

/// The networks' estimated latency (sum over networks) after a number of
/// trials of the whole run.
struct CurvePoint {
  unsigned trials = 0;
  double seconds = 0;
  /// The task that got the round.
  std::string task;
};

struct TuneSummary {
  std::string target;
  double wallSeconds = 0;
  std::vector<TaskSummary> tasks;
  /// With a budget: "gradient" or "round-robin"; else "sequential".
  std::string taskScheduler = "sequential";
  std::vector<NetworkSummary> networks;
  std::vector<CurvePoint> curve;
};

/// Tunes every task of `module` (collectNetworkTasks: the funcs networks
/// call, and funcs on their own) and replaces each tuned func by its best
/// program, materialized; with a budget, the task scheduler shares it. Funcs
/// that cannot be scheduled get an error diagnostic and are left as they are;
/// the others are tuned. Fails when any func could not be tuned or records
/// could not be written.
LogicalResult tuneModule(ModuleOp module, const Target &target,
                         const TuneOptions &options, TuneSummary &summary);

/// Measures every func of `module` as it is: its complete schedule applied
/// if it has one (verified against the untuned lowering), else untuned.
LogicalResult measureModule(ModuleOp module, const Target &target,
                            const MeasureOptions &options,
                            TuneSummary &summary);

/// Applies the best valid record of each func's task to it, among those
/// whose workspace is at most `maxWorkspace` bytes when it is set. Funcs
/// without such a record are left as they are, with a warning.
LogicalResult applyBestRecords(ModuleOp module, const Target &target,
                               StringRef recordsPath,
                               std::optional<int64_t> maxWorkspace = {});

/// The summary as JSON:
/// {"target", "wall_seconds", "tasks": [{"name", "key", "flop", "trials",
///  "sketches", "best_seconds", "best_gflops", "verified", "errors": {...}}]}
std::string serializeSummary(const TuneSummary &summary);
LogicalResult writeSummary(const TuneSummary &summary, StringRef path,
                           std::string &error);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_TUNER_TUNER_H
