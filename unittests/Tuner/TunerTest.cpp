//===- TunerTest.cpp - the tuner's choices, with a fake measurer ----------===//
//
// The tuning loop is driven by a deterministic fake measurer whose cost of a
// program is a hash of its steps, so that what the tuner proposes, records
// and applies can be checked exactly, on any machine.
//
//===----------------------------------------------------------------------===//

#include "ansor/Tuner/Tuner.h"
#include "ansor/Dialect/Sched/IR/SchedDialect.h"
#include "ansor/Records/RecordsFile.h"
#include "ansor/Search/GPUTiling.h"
#include "ansor/Target/Target.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/xxhash.h"
#include "gtest/gtest.h"
#include <fstream>
#include <set>

using namespace mlir;
using namespace mlir::ansor;

static const char *kMatmul = R"mlir(
func.func @mm(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x64xf32>)
      outs(%acc : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}
)mlir";

namespace {

/// The steps of the schedule in a candidate module: what identifies a
/// program, whatever its name.
std::string programSteps(StringRef moduleText) {
  size_t schedule = moduleText.find("sched.schedule");
  if (schedule == StringRef::npos)
    return "";
  StringRef rest = moduleText.substr(schedule);
  // Up to the schedule's closing brace (a module's text has its own after
  // it); indentation differs between a module's text and a record's.
  rest = rest.substr(rest.find('{'));
  std::string steps;
  for (char c : rest.take_front(rest.find('}') + 1))
    if (!isspace(c))
      steps += c;
  return steps;
}

/// Costs are a hash of the program's steps: 1 to 10 ms. Programs whose hash
/// is a multiple of `wrongEvery` compute wrong results.
class FakeMeasurer : public ProgramMeasurer {
public:
  FakeMeasurer(double referenceSeconds, unsigned wrongEvery,
               std::vector<std::string> &proposed)
      : referenceSeconds(referenceSeconds), wrongEvery(wrongEvery),
        proposed(proposed) {}

  static double cost(StringRef steps) {
    return 1e-3 * (1 + llvm::xxh3_64bits(steps) % 9000 / 1000.0);
  }
  bool isWrong(StringRef steps) const {
    return wrongEvery && llvm::xxh3_64bits(steps) % wrongEvery == 0;
  }

  MeasureResult measureReference(StringRef) override {
    MeasureResult result;
    result.costs = {referenceSeconds};
    return result;
  }
  std::vector<MeasureResult> measure(ArrayRef<MeasureInput> batch) override {
    std::vector<MeasureResult> results;
    for (const MeasureInput &input : batch) {
      std::string steps = programSteps(input.moduleText);
      proposed.push_back(steps);
      MeasureResult result;
      if (isWrong(steps)) {
        result.error = MeasureError::WrongResult;
        result.message = "fake mismatch";
      } else {
        result.costs = {cost(steps)};
      }
      results.push_back(result);
    }
    return results;
  }

private:
  double referenceSeconds;
  unsigned wrongEvery;
  std::vector<std::string> &proposed;
};

class TunerTest : public ::testing::Test {
protected:
  void SetUp() override {
    DialectRegistry registry;
    registerAllDialects(registry);
    registerAllExtensions(registry);
    registry.insert<sched::SchedDialect>();
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    llvm::SmallString<128> dir;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ansor-tuner-test", dir));
    workDir = dir.str().str();
    std::string error;
    target = *Target::parse(
        "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 "
        "-vector-bits=256",
        error);
  }
  void TearDown() override { llvm::sys::fs::remove_directories(workDir); }

  OwningOpRef<ModuleOp> parse() {
    return parseSourceString<ModuleOp>(kMatmul, &context);
  }

  /// Tunes a fresh copy of the matmul; returns the proposed programs.
  std::vector<std::string> tune(TuneOptions options, StringRef records,
                                double referenceSeconds, TuneSummary &summary,
                                OwningOpRef<ModuleOp> *result = nullptr,
                                unsigned wrongEvery = 0) {
    std::vector<std::string> proposed;
    options.recordsPath = (workDir + "/" + records).str();
    options.progress = false;
    options.measurerFactory = [&](func::FuncOp, const KernelSignature &,
                                  const Target &) {
      return std::make_unique<FakeMeasurer>(referenceSeconds, wrongEvery,
                                            proposed);
    };
    OwningOpRef<ModuleOp> module = parse();
    (void)tuneModule(*module, target, options, summary);
    if (result)
      *result = std::move(module);
    return proposed;
  }

  /// Evolution with a population of 64 and rounds of 8: the model guides
  /// the rounds after the first 16 trials.
  static TuneOptions shortEvolution(unsigned trials, unsigned seed) {
    TuneOptions options;
    options.trials = trials;
    options.seed = seed;
    options.strategy = SearchStrategy::Evolution;
    options.evolution.population = 64;
    options.measurePerRound = 8;
    return options;
  }

  static bool hasMatmul(ModuleOp module) {
    bool found = false;
    module.walk([&](linalg::MatmulOp) { found = true; });
    return found;
  }

  MLIRContext context;
  std::string workDir;
  Target target;
};

} // namespace

TEST_F(TunerTest, AppliesTheCheapestVerifiedProgram) {
  TuneOptions options;
  options.trials = 24;
  options.seed = 3;
  TuneSummary summary;
  OwningOpRef<ModuleOp> tuned;
  std::vector<std::string> proposed =
      tune(options, "best.jsonl", 1.0, summary, &tuned, /*wrongEvery=*/3);
  ASSERT_EQ(proposed.size(), 24u);
  ASSERT_EQ(summary.tasks.size(), 1u);
  const TaskSummary &task = summary.tasks.front();
  double cheapest = INFINITY;
  unsigned wrong = 0;
  FakeMeasurer judge(1.0, 3, proposed);
  for (const std::string &steps : proposed) {
    if (judge.isWrong(steps))
      ++wrong;
    else
      cheapest = std::min(cheapest, FakeMeasurer::cost(steps));
  }
  ASSERT_GT(wrong, 0u) << "the fake should reject some programs";
  EXPECT_EQ(task.errors[static_cast<unsigned>(MeasureError::WrongResult)],
            wrong);
  ASSERT_TRUE(task.bestSeconds);
  EXPECT_DOUBLE_EQ(*task.bestSeconds, cheapest);
  ASSERT_FALSE(task.ranked.empty());
  EXPECT_DOUBLE_EQ(task.ranked.front().seconds, cheapest);
  EXPECT_FALSE(judge.isWrong(programSteps(task.ranked.front().schedule)));
  EXPECT_FALSE(task.appliedUntuned);
  EXPECT_FALSE(hasMatmul(*tuned)) << "the best program replaces the func";
}

TEST_F(TunerTest, KeepsTheUntunedLoweringWhenItIsFaster) {
  TuneOptions options;
  options.trials = 8;
  TuneSummary summary;
  OwningOpRef<ModuleOp> tuned;
  tune(options, "untuned.jsonl", /*referenceSeconds=*/1e-4, summary, &tuned);
  const TaskSummary &task = summary.tasks.front();
  EXPECT_TRUE(task.appliedUntuned);
  EXPECT_TRUE(hasMatmul(*tuned)) << "the func is left untuned";
}

TEST_F(TunerTest, SameSeedSameProposals) {
  // The model strategy trains after 16 measurements: the third round is
  // picked by the model, which trains the same on the same measurements.
  // So does evolution, whose third round of 8 evolves under the model.
  for (SearchStrategy strategy :
       {SearchStrategy::Random, SearchStrategy::Mutation, SearchStrategy::Model,
        SearchStrategy::Evolution}) {
    TuneOptions options;
    options.trials = 24;
    options.seed = 7;
    options.strategy = strategy;
    options.modelPool = 64;
    options.evolution.population = 64;
    options.measurePerRound = 8;
    TuneSummary a, b, c;
    std::vector<std::string> first = tune(options, "a.jsonl", 1.0, a);
    std::vector<std::string> second = tune(options, "b.jsonl", 1.0, b);
    EXPECT_EQ(first, second);
    EXPECT_EQ(first.size(), 24u);
    EXPECT_EQ(std::set<std::string>(first.begin(), first.end()).size(), 24u)
        << "a program was measured twice";
    EXPECT_EQ(a.tasks[0].scored > 0, strategy == SearchStrategy::Model ||
                                         strategy == SearchStrategy::Evolution);
    EXPECT_EQ(a.tasks[0].phases.evolution > 0,
              strategy == SearchStrategy::Evolution);
    options.seed = 8;
    std::vector<std::string> other = tune(options, "c.jsonl", 1.0, c);
    EXPECT_NE(first, other);
    llvm::sys::fs::remove(workDir + "/a.jsonl");
    llvm::sys::fs::remove(workDir + "/b.jsonl");
    llvm::sys::fs::remove(workDir + "/c.jsonl");
  }
}

// The tree depth reaches the model that guides evolution: the random first
// rounds are the same, the rounds it picks are not.
TEST_F(TunerTest, ModelDepthChangesTheGuidedRounds) {
  TuneOptions options = shortEvolution(/*trials=*/24, /*seed=*/7);
  TuneSummary a, b;
  std::vector<std::string> deep = tune(options, "deep.jsonl", 1.0, a);
  options.model.maxDepth = 1;
  std::vector<std::string> stumps = tune(options, "stumps.jsonl", 1.0, b);
  ASSERT_EQ(deep.size(), 24u);
  ASSERT_EQ(stumps.size(), 24u);
  EXPECT_TRUE(std::equal(deep.begin(), deep.begin() + 16, stumps.begin()));
  EXPECT_NE(deep, stumps);
}

// Half of each guided round from the best scored fresh samples: the random
// first rounds are the same, the guided ones are not, no program is
// measured twice, and the same seed proposes the same programs.
TEST_F(TunerTest, FreshShareChangesTheGuidedRounds) {
  TuneOptions options = shortEvolution(/*trials=*/32, /*seed=*/7);
  TuneSummary a, b, c;
  std::vector<std::string> bred = tune(options, "bred.jsonl", 1.0, a);
  options.evolution.freshShare = 0.5;
  std::vector<std::string> mixed = tune(options, "mixed.jsonl", 1.0, b);
  std::vector<std::string> again = tune(options, "again.jsonl", 1.0, c);
  ASSERT_EQ(bred.size(), 32u);
  ASSERT_EQ(mixed.size(), 32u);
  EXPECT_TRUE(std::equal(bred.begin(), bred.begin() + 16, mixed.begin()));
  EXPECT_NE(bred, mixed);
  EXPECT_EQ(mixed, again);
  EXPECT_EQ(std::set<std::string>(mixed.begin(), mixed.end()).size(), 32u)
      << "a program was measured twice";
}

TEST_F(TunerTest, GPUSearchesScoreAndKeepTheTargetsLimits) {
  // GPU schedules have features and their mutations keep the GPU's limits:
  // every search tunes a GPU target, the model-guided ones scoring
  // candidates, and every program they propose can be launched.
  std::string error;
  target = *Target::parse("cuda -arch=sm_90", error);
  for (SearchStrategy strategy :
       {SearchStrategy::Mutation, SearchStrategy::Evolution}) {
    TuneOptions options;
    options.trials = 24;
    options.seed = 3;
    options.strategy = strategy;
    options.evolution.population = 64;
    options.measurePerRound = 8;
    TuneSummary summary;
    std::vector<std::string> proposed =
        tune(options, "gpu.jsonl", 1.0, summary);
    // On a GPU the untuned lowering (no schedule) is timed on the device
    // first: the baseline, since the reference runs on the host.
    ASSERT_FALSE(proposed.empty());
    EXPECT_EQ(proposed.front(), "");
    EXPECT_EQ(llvm::count(proposed, ""), 1);
    ASSERT_TRUE(summary.tasks[0].referenceSeconds);
    EXPECT_EQ(*summary.tasks[0].referenceSeconds, FakeMeasurer::cost(""))
        << "the baseline is the host's reference, not the device's";
    EXPECT_EQ(
        std::set<std::string>(proposed.begin() + 1, proposed.end()).size(),
        24u);
    EXPECT_EQ(summary.tasks[0].scored > 0,
              strategy == SearchStrategy::Evolution);
    FailureOr<LoadedRecords> loaded =
        loadRecords(workDir + "/gpu.jsonl", error);
    ASSERT_TRUE(succeeded(loaded)) << error;
    ASSERT_EQ(loaded->records.size(), 24u);
    for (const MeasureRecord &r : loaded->records) {
      OwningOpRef<ModuleOp> parsed =
          parseSourceString<ModuleOp>(r.schedule, &context);
      ASSERT_TRUE(parsed);
      auto schedules = parsed->getOps<sched::ScheduleOp>();
      ASSERT_FALSE(schedules.empty());
      sched::ScheduleOp schedule = *schedules.begin();
      EXPECT_FALSE(schedule.getBody().getOps<sched::BindOp>().empty() &&
                   schedule.getBody().getOps<sched::RfactorOp>().empty())
          << r.schedule;
      std::optional<std::string> violation =
          checkGPULimits(schedule, target.gpu);
      EXPECT_FALSE(violation) << *violation << "\n" << r.schedule;
    }
    llvm::sys::fs::remove(workDir + "/gpu.jsonl");
  }
}

TEST_F(TunerTest, ResumeMeasuresOnlyNewProgramsAndContinuesTrials) {
  TuneOptions options;
  options.trials = 8;
  TuneSummary first, second;
  std::vector<std::string> before = tune(options, "resume.jsonl", 1.0, first);
  std::vector<std::string> after = tune(options, "resume.jsonl", 1.0, second);
  EXPECT_EQ(second.tasks.front().firstTrial, 8u);
  for (const std::string &steps : after)
    EXPECT_EQ(llvm::count(before, steps), 0) << "measured again: " << steps;
  std::string error;
  FailureOr<LoadedRecords> records =
      loadRecords(workDir + "/resume.jsonl", error);
  ASSERT_TRUE(succeeded(records));
  ASSERT_EQ(records->records.size(), 16u);
  for (unsigned i = 0; i < 16; ++i)
    EXPECT_EQ(records->records[i].trial, i);
}

TEST_F(TunerTest, ApplyBestFallsBackToTheNextBestRecord) {
  TuneOptions options;
  options.trials = 8;
  TuneSummary summary;
  tune(options, "fallback.jsonl", 1.0, summary);
  std::string path = workDir + "/fallback.jsonl";
  // A cheaper record whose schedule names a node the payload lacks.
  std::string error;
  FailureOr<LoadedRecords> records = loadRecords(path, error);
  ASSERT_TRUE(succeeded(records));
  MeasureRecord stale = records->records.front();
  stale.error = MeasureError::None;
  stale.costs = {1e-6};
  stale.trial = 99;
  size_t pos = stale.schedule.find("sched.tile node 1");
  ASSERT_NE(pos, std::string::npos);
  stale.schedule.replace(pos, 17, "sched.tile node 7");
  {
    std::ofstream out(path, std::ios::app);
    out << serializeRecord(stale) << "\n";
  }
  std::vector<std::string> warnings;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Warning)
      warnings.push_back(diag.str());
    return success();
  });
  OwningOpRef<ModuleOp> module = parse();
  ASSERT_TRUE(succeeded(applyBestRecords(*module, target, path)));
  EXPECT_FALSE(hasMatmul(*module));
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings.front().find("(trial 99) no longer applies"),
            std::string::npos)
      << warnings.front();
}

TEST_F(TunerTest, ApplyBestNamesTheTargetsItHas) {
  TuneOptions options;
  options.trials = 2;
  TuneSummary summary;
  tune(options, "targets.jsonl", 1.0, summary);
  std::string error;
  Target other = *Target::parse(
      "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 "
      "-vector-bits=512",
      error);
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  OwningOpRef<ModuleOp> module = parse();
  EXPECT_TRUE(
      failed(applyBestRecords(*module, other, workDir + "/targets.jsonl")));
  EXPECT_NE(message.find("no valid record for target"), std::string::npos);
  EXPECT_NE(message.find(target.str()), std::string::npos) << message;
}

TEST_F(TunerTest, ParetoFrontHoldsOnlyNonDominatedPrograms) {
  TuneOptions options = shortEvolution(/*trials=*/32, /*seed=*/3);
  options.objective = Objective::ParetoLatencyWorkspace;
  TuneSummary summary;
  tune(options, "pareto.jsonl", 1.0, summary);
  ASSERT_EQ(summary.tasks.size(), 1u);
  const std::vector<FrontPoint> &front = summary.tasks[0].front;
  ASSERT_FALSE(front.empty());
  // Fastest first: each next program is slower and needs less workspace.
  EXPECT_EQ(front.front().seconds, *summary.tasks[0].bestSeconds);
  for (size_t i = 1; i < front.size(); ++i) {
    EXPECT_GT(front[i].seconds, front[i - 1].seconds);
    EXPECT_LT(front[i].workspace, front[i - 1].workspace);
  }
}

TEST(RankCandidates, ParetoRanksByFrontThenScore) {
  // (score, workspace): 0 and 2 form the first front (2 scores best, 0
  // needs no workspace); 1 is dominated by 0, 3 by 2; 1 and 3 form the
  // second front.
  SmallVector<Candidate> candidates = {{nullptr, 0, 1.0, 0},
                                       {nullptr, 0, 0.5, 0},
                                       {nullptr, 0, 3.0, 4096},
                                       {nullptr, 0, 2.0, 8192}};
  EXPECT_EQ(rankCandidates(candidates, /*pareto=*/false),
            (std::vector<unsigned>{2, 3, 0, 1}));
  EXPECT_EQ(rankCandidates(candidates, /*pareto=*/true),
            (std::vector<unsigned>{2, 0, 3, 1}));
}

TEST(PickRanked, CapsEachBlockThenFillsInRankOrder) {
  // Ranked best first: 0, 1, 2 share block 7; 3 is block 9; 4 block 7.
  std::vector<unsigned> ranked = {0, 1, 2, 3, 4};
  std::vector<size_t> blocks = {7, 7, 7, 9, 7};
  auto all = [](unsigned) { return true; };
  // No cap: the top of the ranking.
  EXPECT_EQ(pickRanked(ranked, blocks, 3, 0, all),
            (std::vector<unsigned>{0, 1, 2}));
  // At most one of block 7 while others remain, then the best over the cap
  // fill what is left, in rank order.
  EXPECT_EQ(pickRanked(ranked, blocks, 3, 1, all),
            (std::vector<unsigned>{0, 3, 1}));
  EXPECT_EQ(pickRanked(ranked, blocks, 5, 2, all),
            (std::vector<unsigned>{0, 1, 3, 2, 4}));
  // Programs proposed before count neither as picks nor against the cap.
  auto notZero = [](unsigned index) { return index != 0; };
  EXPECT_EQ(pickRanked(ranked, blocks, 3, 1, notZero),
            (std::vector<unsigned>{1, 3, 2}));
  // Fewer programs than asked: all that are new.
  EXPECT_EQ(pickRanked(ranked, blocks, 8, 1, notZero),
            (std::vector<unsigned>{1, 3, 2, 4}));
}
