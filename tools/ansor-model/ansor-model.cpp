//===- ansor-model.cpp - train, evaluate and inspect the cost model -------===//
//
//   ansor-model features FILE.mlir
//       the loop nests and features of every complete schedule in FILE
//   ansor-model eval RECORDS... [--split=random|time] [--seed=N]
//       [--test-fraction=F] [--target=T] [--csv=F] [--png=F] [--save-model=F]
//       [--model=F]
//       trains on part of the records and reports ranking quality on the
//       rest (with --model, evaluates that model on all of them)
//   ansor-model bench FILE.mlir [--model=F] [--count=N]
//       candidates of FILE's sketches scored (features extracted, and
//       predicted with --model) per second
//
//===----------------------------------------------------------------------===//

#include "ScatterPlot.h"
#include "ansor/Analysis/ComputeDAG/NormalizePayload.h"
#include "ansor/Dialect/Sched/IR/SchedDialect.h"
#include "ansor/Dialect/Sched/Transforms/TransformScript.h"
#include "ansor/Features/Features.h"
#include "ansor/Model/Dataset.h"
#include "ansor/Search/InitRules.h"
#include "ansor/Search/SketchRules.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <set>

using namespace mlir;
using namespace mlir::ansor;
namespace cl = llvm::cl;

static cl::SubCommand featuresCmd("features",
                                  "Print the loop nests and features of "
                                  "every complete schedule of a module");
static cl::SubCommand evalCmd("eval", "Train on part of records files and "
                                      "report ranking quality on the rest");
static cl::SubCommand benchCmd("bench", "Score sampled candidates of a "
                                        "module's sketches, per second");

static cl::list<std::string> inputs(cl::Positional, cl::OneOrMore,
                                    cl::desc("<inputs>"), cl::sub(featuresCmd),
                                    cl::sub(evalCmd), cl::sub(benchCmd));
static cl::opt<std::string> split("split", cl::init("random"),
                                  cl::desc("random or time"), cl::sub(evalCmd));
static cl::opt<unsigned> seed("seed", cl::init(0), cl::sub(evalCmd),
                              cl::sub(benchCmd));
static cl::opt<double> testFraction("test-fraction", cl::init(0.2),
                                    cl::sub(evalCmd));
static cl::opt<std::string>
    targetOpt("target", cl::init(""),
              cl::desc("Keep records of this target (default: the most "
                       "common one)"),
              cl::sub(evalCmd));
static cl::opt<std::string> csvPath("csv", cl::init(""),
                                    cl::desc("Write predicted vs measured "
                                             "points of the test part"),
                                    cl::sub(evalCmd));
static cl::opt<std::string> pngPath("png", cl::init(""),
                                    cl::desc("Write a scatter plot of the "
                                             "test part's predicted vs "
                                             "measured throughputs"),
                                    cl::sub(evalCmd));
static cl::opt<std::string>
    rowsPath("rows", cl::init(""),
             cl::desc("Write every program's feature rows (program, task, "
                      "label, held out, features) to a CSV file"),
             cl::sub(evalCmd));
static cl::opt<std::string> saveModel("save-model", cl::init(""),
                                      cl::sub(evalCmd));
static cl::opt<std::string> modelPath("model", cl::init(""),
                                      cl::desc("A saved model to evaluate "
                                               "(no training)"),
                                      cl::sub(evalCmd), cl::sub(benchCmd));
static cl::opt<bool>
    anyTarget("any-target", cl::init(false),
              cl::desc("With --model: score records of another target than "
                       "the model's (a warning names both), to see how a "
                       "model carries to another machine"),
              cl::sub(evalCmd));
static cl::opt<unsigned> rounds("rounds", cl::init(200),
                                cl::desc("Boosting rounds"), cl::sub(evalCmd));
static cl::opt<unsigned> maxDepth("max-depth", cl::init(10),
                                  cl::desc("Depth of the trees"),
                                  cl::sub(evalCmd));
static cl::opt<double> eta("eta", cl::init(0.2), cl::desc("Learning rate"),
                           cl::sub(evalCmd));
static cl::opt<double> lambda("lambda", cl::init(1),
                              cl::desc("L2 regularization of leaves"),
                              cl::sub(evalCmd));
static cl::opt<double> minChild("min-child-weight", cl::init(0),
                                cl::sub(evalCmd));
static cl::opt<double> subsample("subsample", cl::init(1), cl::sub(evalCmd));
static cl::opt<double> colsample("colsample", cl::init(1), cl::sub(evalCmd));
static cl::opt<ModelObjective> objective(
    "objective", cl::init(ModelObjective::LogSumExp),
    cl::desc("How statement scores make a program's (docs/design.md; "
             "default: log-sum-exp for GPU records, pack-sum for CPU ones)"),
    cl::values(clEnumValN(ModelObjective::LogSumExp, "log-sum-exp",
                          "a sum of statement times, fitted in log space"),
               clEnumValN(ModelObjective::PackSum, "pack-sum",
                          "Ansor's: a sum of statement scores, fitted to "
                          "the normalized throughput")),
    cl::sub(evalCmd));
static cl::opt<unsigned> count("count", cl::init(4000), cl::sub(benchCmd));

static const char *annotationName(LoopAnnotation a) {
  switch (a) {
  case LoopAnnotation::None:
    return "";
  case LoopAnnotation::Parallel:
    return " parallel";
  case LoopAnnotation::Vectorized:
    return " vectorized";
  case LoopAnnotation::Unrolled:
    return " unrolled";
  }
  return "";
}

static void printList(llvm::raw_ostream &os, ArrayRef<int64_t> values) {
  os << '[';
  llvm::interleaveComma(values, os);
  os << ']';
}

static int printFeatures(MLIRContext &ctx, StringRef path) {
  llvm::SourceMgr sources;
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(path, &ctx);
  if (!module)
    return 1;
  normalizePayloads(*module);
  std::vector<std::string> names = getFeatureNames();
  llvm::raw_ostream &os = llvm::outs();
  if (module->getOps<sched::ScheduleOp>().empty()) {
    llvm::errs() << path
                 << ": no sched.schedule at the top level of the module "
                    "(sample sketches first; one file per module)\n";
    return 1;
  }
  for (sched::ScheduleOp schedule : module->getOps<sched::ScheduleOp>()) {
    FailureOr<func::FuncOp> payload = sched::resolvePayload(schedule, *module);
    if (failed(payload))
      return 1;
    FailureOr<ComputeDAG> dag = ComputeDAG::build(*payload);
    if (failed(dag))
      return 1;
    FailureOr<LoopNest> built = buildScheduleLoopNest(schedule, *dag);
    if (failed(built))
      return 1;
    LoopNest &nest = *built;
    std::vector<float> rows;
    extractFeatures(nest, rows);
    os << "schedule @" << schedule.getSymName() << ": "
       << nest.statements.size() << " statements\n";
    for (auto [index, s] : llvm::enumerate(nest.statements)) {
      os << "statement " << index << ": " << s.name << " domain ";
      printList(os, s.domain);
      os << "\n";
      for (const NestLoop &loop : s.loops) {
        os << "  loop " << loop.extent << annotationName(loop.annotation)
           << (loop.reduction ? " reduction" : "") << " delta ";
        printList(os, loop.delta);
        os << "\n";
      }
      for (const BufferAccess &a : s.accesses) {
        const Buffer &b = nest.buffers[a.buffer];
        os << "  "
           << (a.kind == AccessKind::Read    ? "read "
               : a.kind == AccessKind::Write ? "write "
                                             : "read-write ")
           << b.name << " ";
        printList(os, b.shape);
        os << (b.temporary ? " temporary" : "") << "\n";
      }
      const float *row = rows.data() + index * feature::kCount;
      for (unsigned f = 0; f < feature::kCount; ++f)
        if (row[f] != 0)
          os << "  " << names[f] << " = "
             << llvm::formatv("{0:g}", double(row[f])) << "\n";
    }
    os << "workspace " << getWorkspaceBytes(nest) << " bytes\n";
  }
  return 0;
}

namespace {
struct Metrics {
  unsigned n = 0;
  double rmse = 0, r2 = 0, pairwise = 0;
  unsigned pairs = 0, correctPairs = 0;
  double recall10 = 0, recall30 = 0;
};
} // namespace

static double recallAt(ArrayRef<double> y, ArrayRef<double> pred, unsigned k) {
  unsigned n = y.size();
  k = std::min(k, n);
  if (k == 0)
    return 0;
  std::vector<unsigned> byTrue(n), byPred(n);
  std::iota(byTrue.begin(), byTrue.end(), 0);
  std::iota(byPred.begin(), byPred.end(), 0);
  std::stable_sort(byTrue.begin(), byTrue.end(),
                   [&](unsigned a, unsigned b) { return y[a] > y[b]; });
  std::stable_sort(byPred.begin(), byPred.end(),
                   [&](unsigned a, unsigned b) { return pred[a] > pred[b]; });
  std::set<unsigned> top(byTrue.begin(), byTrue.begin() + k);
  unsigned hits = 0;
  for (unsigned i = 0; i < k; ++i)
    hits += top.count(byPred[i]);
  return double(hits) / k;
}

static Metrics measure(ArrayRef<double> y, ArrayRef<double> pred,
                       ArrayRef<std::string> task) {
  Metrics m;
  m.n = y.size();
  if (m.n == 0)
    return m;
  double mean = std::accumulate(y.begin(), y.end(), 0.0) / m.n;
  double se = 0, st = 0;
  for (unsigned i = 0; i < m.n; ++i) {
    se += (pred[i] - y[i]) * (pred[i] - y[i]);
    st += (y[i] - mean) * (y[i] - mean);
  }
  m.rmse = std::sqrt(se / m.n);
  m.r2 = st > 0 ? 1 - se / st : 0;
  // Pairs within a task whose measured throughputs differ.
  for (unsigned i = 0; i < m.n; ++i)
    for (unsigned j = i + 1; j < m.n; ++j) {
      if (task[i] != task[j] || y[i] == y[j])
        continue;
      ++m.pairs;
      m.correctPairs += (y[i] > y[j]) == (pred[i] > pred[j]);
    }
  m.pairwise = m.pairs ? double(m.correctPairs) / m.pairs : 0;
  m.recall10 = recallAt(y, pred, 10);
  m.recall30 = recallAt(y, pred, 30);
  return m;
}

static std::string mostCommonTarget(ArrayRef<MeasureRecord> records) {
  std::map<std::string, unsigned> counts;
  for (const MeasureRecord &r : records)
    ++counts[r.target];
  std::string best;
  unsigned most = 0;
  for (auto &[target, n] : counts)
    if (n > most)
      best = target, most = n;
  return best;
}

/// One line per statement row, for experiments with the features outside
/// this tool.
static bool writeRows(StringRef path, ArrayRef<Sample> samples,
                      ArrayRef<double> y, const std::vector<bool> &isTest) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec) {
    llvm::errs() << "error: cannot write '" << path << "': " << ec.message()
                 << "\n";
    return false;
  }
  os << "program,task,label,held_out";
  for (unsigned f = 0; f < feature::kCount; ++f)
    os << ",f" << f;
  os << "\n";
  for (auto [i, s] : llvm::enumerate(samples))
    for (unsigned r = 0; r < s.features.numRows; ++r) {
      os << i << "," << s.taskName << "," << y[i] << "," << isTest[i];
      for (unsigned f = 0; f < feature::kCount; ++f)
        os << "," << s.features.rows[r * feature::kCount + f];
      os << "\n";
    }
  return true;
}

static int evaluate(MLIRContext &ctx) {
  LoadedRecords all;
  for (const std::string &path : inputs) {
    std::string error;
    FailureOr<LoadedRecords> loaded = loadRecords(path, error);
    if (failed(loaded)) {
      llvm::errs() << "error: " << error << "\n";
      return 1;
    }
    if (loaded->records.empty() && loaded->payloads.empty()) {
      llvm::errs() << "error: '" << path << "' holds no records\n";
      return 1;
    }
    for (const SkippedLine &s : loaded->skipped)
      llvm::errs() << path << ":" << s.line << ": warning: " << s.reason
                   << "; line skipped\n";
    llvm::append_range(all.records, loaded->records);
    for (TaskPayload &p : loaded->payloads)
      if (!all.findPayload(p.taskKey))
        all.payloads.push_back(std::move(p));
  }
  std::string target =
      targetOpt.empty() ? mostCommonTarget(all.records) : targetOpt.getValue();
  auto start = std::chrono::steady_clock::now();
  Dataset data = buildDataset(&ctx, all, target);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  llvm::outs() << "target: " << target << "\n";
  llvm::outs() << llvm::formatv(
      "records: {0} usable ({1} features in {2:f2} s), {3} of other targets "
      "skipped, {4} without a task payload skipped, {5} unusable\n",
      data.samples.size(), feature::kCount, seconds, data.otherTarget,
      data.noPayload, data.unusable);
  if (data.remeasured > 0) {
    auto [agreement, pairs] = getRepeatAgreement(data.repeats);
    llvm::outs() << llvm::formatv(
        "remeasured: {0} records measure a program again (each program is "
        "costed by its fastest measurement); the first two measurements of "
        "{1} programs order {2:f3} of {3} pairs alike (what any model can "
        "reach against one measurement)\n",
        data.remeasured, data.repeats.size(), agreement, pairs);
  }
  for (const std::string &p : data.problems)
    llvm::errs() << "warning: " << p << "\n";
  if (data.samples.empty()) {
    llvm::errs() << "error: no usable record\n";
    return 1;
  }
  std::vector<double> y = normalizedThroughputs(data.samples);

  // The split: per task, a random or the latest share is held out.
  std::vector<bool> isTest(data.samples.size(), false);
  if (modelPath.empty()) {
    llvm::StringMap<std::vector<unsigned>> byTask;
    for (auto [i, s] : llvm::enumerate(data.samples))
      byTask[s.taskKey].push_back(i);
    std::mt19937 rng(seed);
    std::vector<std::string> keys;
    for (auto &entry : byTask)
      keys.push_back(entry.getKey().str());
    llvm::sort(keys);
    for (const std::string &key : keys) {
      std::vector<unsigned> &indices = byTask[key];
      if (split == "time")
        std::stable_sort(
            indices.begin(), indices.end(), [&](unsigned a, unsigned b) {
              return data.samples[a].timestamp < data.samples[b].timestamp;
            });
      else if (split == "random")
        std::shuffle(indices.begin(), indices.end(), rng);
      else {
        llvm::errs() << "error: --split must be random or time\n";
        return 1;
      }
      unsigned test = std::lround(indices.size() * testFraction);
      for (unsigned i = indices.size() - test; i < indices.size(); ++i)
        isTest[indices[i]] = true;
    }
  } else {
    isTest.assign(data.samples.size(), true);
  }
  if (!rowsPath.empty() && !writeRows(rowsPath, data.samples, y, isTest))
    return 1;
  std::vector<ProgramFeatures> train, test;
  std::vector<double> trainY, testY;
  std::vector<std::string> testTask;
  std::vector<unsigned> testIndex;
  for (auto [i, s] : llvm::enumerate(data.samples)) {
    if (isTest[i]) {
      test.push_back(s.features);
      testY.push_back(y[i]);
      testTask.push_back(s.taskKey);
      testIndex.push_back(i);
    } else {
      train.push_back(s.features);
      trainY.push_back(y[i]);
    }
  }
  std::string error;
  XGBoostModel model;
  if (anyTarget && modelPath.empty())
    llvm::errs() << "warning: --any-target is ignored without --model: the "
                    "model trained here is of the records' target\n";
  if (!modelPath.empty()) {
    if (objective.getNumOccurrences())
      llvm::errs() << "warning: --objective is ignored with --model: the "
                      "model file carries its own\n";
    FailureOr<XGBoostModel> loaded =
        XGBoostModel::load(modelPath, target, error);
    if (failed(loaded) && anyTarget) {
      std::string mismatch = error;
      loaded = XGBoostModel::load(modelPath, "", error);
      if (succeeded(loaded))
        llvm::errs() << "warning: " << mismatch
                     << "; scored anyway (--any-target)\n";
    }
    if (failed(loaded)) {
      llvm::errs() << "error: " << error << "\n";
      return 1;
    }
    model = std::move(*loaded);
  } else {
    ModelOptions options;
    options.objective = objective.getNumOccurrences()
                            ? objective.getValue()
                            : getDefaultObjective(target);
    options.rounds = rounds;
    options.maxDepth = maxDepth;
    options.eta = eta;
    options.lambda = lambda;
    options.minChildWeight = minChild;
    options.subsample = subsample;
    options.colsampleByTree = colsample;
    options.threads = 0;
    model = XGBoostModel(options);
    start = std::chrono::steady_clock::now();
    if (failed(model.train(train, trainY, error))) {
      llvm::errs() << "error: " << error << "\n";
      return 1;
    }
    llvm::outs() << llvm::formatv(
        "trained on {0} programs in {1:f1} s (depth {5}, {2} split, seed {3}, "
        "{4}% held out)\n",
        train.size(),
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count(),
        split.getValue(), seed.getValue(), testFraction * 100,
        options.maxDepth);
    if (!saveModel.empty() && failed(model.save(saveModel, target, error))) {
      llvm::errs() << "error: " << error << "\n";
      return 1;
    }
  }
  FailureOr<std::vector<double>> pred = model.predict(test, error);
  if (failed(pred)) {
    llvm::errs() << "error: " << error << "\n";
    return 1;
  }
  // Per task, then overall.
  llvm::outs() << llvm::formatv("{0,-24} {1,5} {2,7} {3,7} {4,9} {5,9} {6,9}\n",
                                "task", "test", "rmse", "r2", "pairwise",
                                "recall@10", "recall@30");
  std::map<std::string, std::vector<unsigned>> perTask;
  for (unsigned i = 0; i < testY.size(); ++i)
    perTask[data.samples[testIndex[i]].taskName + " " + testTask[i]].push_back(
        i);
  for (auto &[name, indices] : perTask) {
    std::vector<double> ty, tp;
    std::vector<std::string> tt;
    for (unsigned i : indices) {
      ty.push_back(testY[i]);
      tp.push_back((*pred)[i]);
      tt.push_back(testTask[i]);
    }
    Metrics m = measure(ty, tp, tt);
    llvm::outs() << llvm::formatv(
        "{0,-24} {1,5} {2,7:f3} {3,7:f3} {4,9:f3} {5,9:f3} {6,9:f3}\n",
        StringRef(name).split(' ').first, m.n, m.rmse, m.r2, m.pairwise,
        m.recall10, m.recall30);
  }
  Metrics m = measure(testY, *pred, testTask);
  llvm::outs() << llvm::formatv(
      "{0,-24} {1,5} {2,7:f3} {3,7:f3} {4,9:f3} {5,9:f3} {6,9:f3}\n", "overall",
      m.n, m.rmse, m.r2, m.pairwise, m.recall10, m.recall30);
  // Scores estimate normalized throughputs: the plot shows both the
  // ranking and the calibration.
  if (!pngPath.empty() && !writeScatterPlot(pngPath, testY, *pred, error)) {
    llvm::errs() << "error: " << error << "\n";
    return 1;
  }
  if (!csvPath.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream csv(csvPath, ec);
    if (ec) {
      llvm::errs() << "error: cannot write '" << csvPath
                   << "': " << ec.message() << "\n";
      return 1;
    }
    csv << "task,task_name,measured,predicted\n";
    for (unsigned i = 0; i < testY.size(); ++i)
      csv << testTask[i] << "," << data.samples[testIndex[i]].taskName << ","
          << testY[i] << "," << (*pred)[i] << "\n";
  }
  return 0;
}

static int bench(MLIRContext &ctx) {
  std::string error;
  std::optional<XGBoostModel> model;
  if (!modelPath.empty()) {
    FailureOr<XGBoostModel> loaded = XGBoostModel::load(modelPath, "", error);
    if (failed(loaded)) {
      llvm::errs() << "error: " << error << "\n";
      return 1;
    }
    model = std::move(*loaded);
  }
  OpBuilder builder(&ctx);
  int status = 0;
  for (const std::string &path : inputs) {
    OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(path, &ctx);
    if (!module)
      return 1;
    normalizePayloads(*module);
    for (auto func : llvm::to_vector(module->getOps<func::FuncOp>())) {
      builder.setInsertionPointToEnd(module->getBody());
      FailureOr<SmallVector<sched::ScheduleOp>> sketches =
          deriveSketchOps(func, Target::host(), builder);
      FailureOr<ComputeDAG> dag = ComputeDAG::build(func);
      // The error names the op; the other funcs are still scored.
      if (failed(sketches) || failed(dag)) {
        status = 1;
        continue;
      }
      // Sampling is not timed: the search has its candidates already.
      std::mt19937 rng(seed);
      SmallVector<sched::ScheduleOp> candidates;
      for (unsigned i = 0; i < count; ++i) {
        auto copy = cast<sched::ScheduleOp>(
            builder.clone(*(*sketches)[i % sketches->size()]));
        if (succeeded(annotateSchedule(copy, rng, SampleOptions())))
          candidates.push_back(copy);
      }
      auto start = std::chrono::steady_clock::now();
      std::vector<ProgramFeatures> features;
      for (sched::ScheduleOp candidate : candidates) {
        FailureOr<ProgramFeatures> f =
            extractProgramFeatures(candidate, *dag, error);
        if (succeeded(f))
          features.push_back(std::move(*f));
      }
      double extract = std::chrono::duration<double>(
                           std::chrono::steady_clock::now() - start)
                           .count();
      if (features.size() != candidates.size())
        llvm::outs() << "@" << func.getSymName() << ": "
                     << candidates.size() - features.size()
                     << " candidates without features\n";
      double total = extract;
      if (model) {
        FailureOr<std::vector<double>> scores = model->predict(features, error);
        if (failed(scores)) {
          llvm::errs() << "error: " << error << "\n";
          return 1;
        }
        total = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                              start)
                    .count();
      }
      llvm::outs() << llvm::formatv(
          "@{0}: {1} candidates of {2} sketches: features {3:f3} s, prediction "
          "{4:f3} s, {5:f0} candidates/s\n",
          func.getSymName(), features.size(), sketches->size(), extract,
          total - extract, features.size() / total);
      for (sched::ScheduleOp c : candidates)
        c.erase();
      for (sched::ScheduleOp s : *sketches)
        s.erase();
    }
  }
  return status;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "ansor-mlir cost model tool\n");
  DialectRegistry registry;
  registry
      .insert<arith::ArithDialect, func::FuncDialect, linalg::LinalgDialect,
              math::MathDialect, tensor::TensorDialect, sched::SchedDialect>();
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  if (featuresCmd)
    return printFeatures(ctx, inputs[0]);
  if (evalCmd)
    return evaluate(ctx);
  if (benchCmd)
    return bench(ctx);
  llvm::errs() << "usage: ansor-model features|eval|bench ... (--help)\n";
  return 1;
}
