//===- TunerPasses.cpp - ansor-tune, ansor-measure, ansor-apply-best ------===//

#include "ansor/Dialect/Sched/IR/SchedDialect.h"
#include "ansor/Dialect/Sched/TransformOps/SchedTransformOps.h"
#include "ansor/Tuner/Partition.h"
#include "ansor/Tuner/Passes.h"
#include "ansor/Tuner/Tuner.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir {
namespace ansor {
#define GEN_PASS_DEF_ANSORTUNE
#define GEN_PASS_DEF_ANSORMEASURE
#define GEN_PASS_DEF_ANSORAPPLYBEST
#define GEN_PASS_DEF_ANSORPARTITION
#include "ansor/Tuner/Passes.h.inc"
} // namespace ansor
} // namespace mlir

using namespace mlir;
using namespace mlir::ansor;

/// Parses "3:crash,5:hang" into `faults`.
static LogicalResult parseFaults(StringRef spec,
                                 std::map<unsigned, std::string> &faults,
                                 std::string &error) {
  SmallVector<StringRef> items;
  spec.split(items, ',', -1, /*KeepEmpty=*/false);
  for (StringRef item : items) {
    auto [trial, kind] = item.split(':');
    unsigned index;
    if (trial.trim().getAsInteger(10, index) ||
        !llvm::is_contained({"crash", "hang", "wrong", "compile"},
                            kind.trim())) {
      error = "malformed fault '" + item.str() +
              "' (expected TRIAL:crash|hang|wrong|compile)";
      return failure();
    }
    faults[index] = kind.trim().str();
  }
  return success();
}

/// The measurement options shared by ansor-tune and ansor-measure, in
/// declaration order of AnsorMeasureOptions.
static MeasureOptions
makeMeasureOptions(unsigned threads, unsigned repeat, unsigned minRepeatMs,
                   unsigned runTimeout, unsigned buildTimeout,
                   StringRef workDir, unsigned referenceTimeout,
                   unsigned maxMemoryMb, bool cacheFlush) {
  MeasureOptions options;
  options.threads = threads;
  options.repeat = std::max(1u, repeat);
  options.minRepeatMs = minRepeatMs;
  options.runTimeout = std::max(1u, runTimeout);
  options.buildTimeout = std::max(1u, buildTimeout);
  options.workDir = workDir.str();
  options.referenceTimeout = std::max(1u, referenceTimeout);
  options.maxMemoryMb = maxMemoryMb;
  options.cacheFlush = cacheFlush;
  return options;
}

#define ANSOR_MEASURE_OPTIONS                                                  \
  makeMeasureOptions(threads, repeat, minRepeatMs, runTimeout, buildTimeout,   \
                     workDir, referenceTimeout, maxMemoryMb, cacheFlush)

static FailureOr<Target> parseTarget(ModuleOp module, StringRef text) {
  std::string error;
  FailureOr<Target> target = Target::parse(text, error);
  if (failed(target))
    module.emitError() << "invalid target: " << error;
  return target;
}

static void finishSummary(ModuleOp module, const TuneSummary &summary,
                          StringRef path, bool &failedAny) {
  if (path.empty())
    return;
  std::string error;
  if (failed(writeSummary(summary, path, error))) {
    module.emitError() << error;
    failedAny = true;
  }
}

/// Parses 'sum', 'geomean-speedup' or 'targets(NET=SECONDS,...)'; the
/// targets are ordered as collectNetworkTasks orders the networks.
static LogicalResult parseNetworkObjective(ModuleOp module, StringRef spec,
                                           NetworkObjective &objective,
                                           std::string &error) {
  spec = spec.trim();
  if (spec == "sum")
    return success();
  if (spec == "geomean-speedup") {
    objective.kind = NetworkObjective::Kind::GeomeanSpeedup;
    return success();
  }
  if (!spec.consume_front("targets(") || !spec.consume_back(")")) {
    error = "expected 'sum', 'geomean-speedup' or 'targets(NET=SECONDS,...)'";
    return failure();
  }
  objective.kind = NetworkObjective::Kind::LatencyTargets;
  NetworkTasks networks = collectNetworkTasks(module);
  objective.targets.assign(networks.networks.size(), 0);
  SmallVector<StringRef> items;
  spec.split(items, ',', -1, /*KeepEmpty=*/false);
  for (StringRef item : items) {
    auto [name, value] = item.split('=');
    double seconds;
    if (value.trim().getAsDouble(seconds) || seconds < 0) {
      error = "malformed target '" + item.str() + "' (expected NET=SECONDS)";
      return failure();
    }
    const auto *it = llvm::find_if(networks.networks, [&](auto &entry) {
      return entry.first.getSymName() == name.trim();
    });
    if (it == networks.networks.end()) {
      error = "no network @" + name.trim().str() + " in the module";
      return failure();
    }
    objective.targets[it - networks.networks.begin()] = seconds;
  }
  return success();
}

namespace {
struct AnsorTunePass : public ansor::impl::AnsorTuneBase<AnsorTunePass> {
  // The scripts it applies use transform.sched ops, registered before the
  // pass manager goes multi-threaded.
  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    sched::registerTransformDialectExtension(registry);
  }

  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<Target> target = parseTarget(module, this->target);
    if (failed(target))
      return signalPassFailure();
    TuneOptions options;
    options.trials = trials;
    options.seed = seed;
    options.batchSize = std::max(1u, unsigned(batchSize));
    options.recordsPath = records;
    if (search == "mutation") {
      options.strategy = SearchStrategy::Mutation;
    } else if (search == "model") {
      options.strategy = SearchStrategy::Model;
    } else if (search == "random") {
      options.strategy = SearchStrategy::Random;
    } else if (search != "evolution") {
      module.emitError() << "unknown search '" << search
                         << "' (expected 'evolution', 'random', 'mutation' "
                            "or 'model')";
      return signalPassFailure();
    }
    std::string spelled;
    for (char c : objective)
      if (!llvm::isSpace(c))
        spelled += c;
    if (spelled == "pareto(latency,workspace)") {
      options.objective = Objective::ParetoLatencyWorkspace;
    } else if (spelled != "latency") {
      module.emitError() << "unknown objective '" << objective
                         << "' (expected 'latency' or "
                            "'pareto(latency,workspace)')";
      return signalPassFailure();
    }
    if (population < 2 || mutationProb < 0 || mutationProb > 1 ||
        epsGreedy < 0 || epsGreedy > 1 || freshShare < 0 || freshShare > 1 ||
        measurePerRound == 0 || modelDepth == 0) {
      module.emitError() << "invalid evolution options: population must be "
                            "at least 2, mutation-prob, eps-greedy and "
                            "fresh-share in "
                            "[0, 1], measure-per-round and model-depth at "
                            "least 1";
      return signalPassFailure();
    }
    options.evolution.population = population;
    options.evolution.generations = generations;
    options.evolution.mutationProbability = mutationProb;
    options.evolution.crossover = crossover;
    options.evolution.maxPerBlock = maxPerBlock;
    options.evolution.freshShare = freshShare;
    options.measurePerRound = measurePerRound;
    options.epsGreedy = epsGreedy;
    options.measure = ANSOR_MEASURE_OPTIONS;
    options.cutRatio = cutRatio;
    options.modelPath = modelPath;
    std::optional<ModelObjective> scoring =
        modelObjective.empty() ? getDefaultObjective(target->str())
                               : parseObjective(modelObjective);
    if (!scoring) {
      module.emitError() << "unknown model-objective '" << modelObjective
                         << "' (expected 'log-sum-exp' or 'pack-sum')";
      return signalPassFailure();
    }
    options.model.objective = *scoring;
    options.model.maxDepth = modelDepth;
    options.sample.registerBlocks = registerBlocks;
    options.mutation.keepRegisterBlocks = registerBlocks;
    options.sample.partialTiles = partialTiles;
    options.mutation.partialTiles = partialTiles;
    options.measure.buildJobs = buildJobs;
    options.budget = budget;
    options.roundTrials = std::max(1u, unsigned(roundTrials));
    options.measureNetworks = measureNetworks;
    options.scheduler.earlyStopTrials = taskEarlyStop;
    options.scheduler.seed = seed;
    if (taskScheduler == "round-robin") {
      options.scheduler.kind = TaskSchedulerKind::RoundRobin;
    } else if (taskScheduler != "gradient") {
      module.emitError() << "unknown task-scheduler '" << taskScheduler
                         << "' (expected 'gradient' or 'round-robin')";
      return signalPassFailure();
    }
    std::string error;
    if (failed(parseNetworkObjective(module, networkObjective,
                                     options.scheduler.objective, error))) {
      module.emitError() << "invalid network-objective '" << networkObjective
                         << "': " << error;
      return signalPassFailure();
    }
    if (failed(parseFaults(injectFaults, options.injectFaults, error))) {
      module.emitError() << error;
      return signalPassFailure();
    }
    TuneSummary result;
    bool failedAny = failed(tuneModule(module, *target, options, result));
    finishSummary(module, result, summary, failedAny);
    if (failedAny)
      signalPassFailure();
  }
};

struct AnsorMeasurePass
    : public ansor::impl::AnsorMeasureBase<AnsorMeasurePass> {
  // The scripts it applies use transform.sched ops, registered before the
  // pass manager goes multi-threaded.
  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    sched::registerTransformDialectExtension(registry);
  }

  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<Target> target = parseTarget(module, this->target);
    if (failed(target))
      return signalPassFailure();
    TuneSummary result;
    bool failedAny =
        failed(measureModule(module, *target, ANSOR_MEASURE_OPTIONS, result));
    finishSummary(module, result, summary, failedAny);
    if (failedAny)
      signalPassFailure();
  }
};

struct AnsorApplyBestPass
    : public ansor::impl::AnsorApplyBestBase<AnsorApplyBestPass> {
  // The scripts it applies use transform.sched ops, registered before the
  // pass manager goes multi-threaded.
  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    sched::registerTransformDialectExtension(registry);
  }

  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<Target> target = parseTarget(module, this->target);
    std::optional<int64_t> limit;
    if (maxWorkspace >= 0)
      limit = maxWorkspace;
    if (failed(target) ||
        failed(applyBestRecords(module, *target, records, limit)))
      signalPassFailure();
  }
};
struct AnsorPartitionPass
    : public ansor::impl::AnsorPartitionBase<AnsorPartitionPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(partitionModule(getOperation())))
      signalPassFailure();
  }
};
} // namespace
