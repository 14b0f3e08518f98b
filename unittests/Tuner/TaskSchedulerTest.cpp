//===- TaskSchedulerTest.cpp - which task gets the next round -------------===//
//
// The scheduler is driven by synthetic tasks whose latency falls with their
// rounds along known curves, so its choices can be checked exactly.
//
//===----------------------------------------------------------------------===//

#include "ansor/Tuner/TaskScheduler.h"
#include "gtest/gtest.h"
#include <cmath>

using namespace mlir;
using namespace mlir::ansor;

namespace {

/// A task whose best latency after r rounds is floor + (start - floor) /
/// (1 + r).
struct Curve {
  double start;
  double floor;
  double after(unsigned rounds) const {
    return floor + (start - floor) / (1.0 + rounds);
  }
};

/// Runs `budget` rounds; returns the objective after each.
std::vector<double> simulate(TaskScheduler &scheduler,
                             const std::vector<Curve> &curves,
                             unsigned budget) {
  std::vector<double> objective;
  for (unsigned r = 0; r < budget; ++r) {
    std::optional<unsigned> task = scheduler.next();
    if (!task)
      break;
    unsigned rounds = scheduler.getRounds(*task);
    scheduler.update(*task, /*trials=*/8, curves[*task].after(rounds));
    objective.push_back(scheduler.getObjective());
  }
  return objective;
}

std::vector<ScheduledTask> makeTasks(std::vector<unsigned> weights,
                                     std::vector<std::string> groups = {},
                                     std::vector<std::string> families = {}) {
  std::vector<ScheduledTask> tasks;
  for (auto [i, weight] : llvm::enumerate(weights)) {
    ScheduledTask task;
    task.flop = 1000000;
    task.group = i < groups.size() ? groups[i] : "g" + std::to_string(i);
    if (i < families.size())
      task.family = families[i];
    task.weights = {weight};
    tasks.push_back(task);
  }
  return tasks;
}

TEST(TaskSchedulerTest, WarmUpGivesEveryTaskARoundInOrder) {
  TaskSchedulerOptions options;
  options.epsGreedy = 0;
  TaskScheduler scheduler(makeTasks({1, 1, 1}), 1, options);
  for (unsigned i = 0; i < 3; ++i) {
    ASSERT_EQ(scheduler.next(), i);
    scheduler.update(i, 8, 1.0);
  }
}

TEST(TaskSchedulerTest, RoundRobinCyclesOverUnfinishedTasks) {
  TaskSchedulerOptions options;
  options.kind = TaskSchedulerKind::RoundRobin;
  TaskScheduler scheduler(makeTasks({1, 5, 1}), 1, options);
  std::vector<unsigned> order;
  for (unsigned r = 0; r < 7; ++r) {
    unsigned task = *scheduler.next();
    order.push_back(task);
    scheduler.update(task, 8, 1.0);
    if (r == 3)
      scheduler.finish(1, "test");
  }
  EXPECT_EQ(order, (std::vector<unsigned>{0, 1, 2, 0, 2, 0, 2}));
}

TEST(TaskSchedulerTest, GradientFavorsTheHeavierTask) {
  TaskSchedulerOptions options;
  options.epsGreedy = 0;
  // Same curves; the second task is called 10 times per inference.
  std::vector<Curve> curves = {{1e-3, 1e-4}, {1e-3, 1e-4}};
  TaskScheduler scheduler(makeTasks({1, 10}), 1, options);
  simulate(scheduler, curves, 20);
  EXPECT_GT(scheduler.getRounds(1), 2 * scheduler.getRounds(0));
  EXPECT_GE(scheduler.getRounds(0), 1u);
}

TEST(TaskSchedulerTest, GradientIsNeverPositive) {
  TaskSchedulerOptions options;
  TaskScheduler scheduler(makeTasks({2, 1, 3}), 1, options);
  std::vector<Curve> curves = {{5e-3, 1e-3}, {1e-3, 9e-4}, {2e-3, 1e-4}};
  simulate(scheduler, curves, 12);
  for (unsigned i = 0; i < 3; ++i)
    EXPECT_LE(scheduler.getGradient(i), 0.0);
}

// The criterion on synthetic curves: with the same budget, the
// gradient strategy reaches round-robin's final objective in at most 70% of
// the rounds when the tasks' weights and potentials differ.
TEST(TaskSchedulerTest, GradientReachesRoundRobinsResultSooner) {
  std::vector<Curve> curves;
  std::vector<unsigned> weights;
  for (unsigned i = 0; i < 12; ++i) {
    double start = 1e-4 * (1 + (i * 7) % 5);
    curves.push_back({start, start * (i % 3 == 0 ? 0.05 : 0.6)});
    weights.push_back(1 + (i * 5) % 4);
  }
  const unsigned budget = 120;
  TaskSchedulerOptions roundRobin;
  roundRobin.kind = TaskSchedulerKind::RoundRobin;
  TaskScheduler rr(makeTasks(weights), 1, roundRobin);
  double target = simulate(rr, curves, budget).back();
  TaskSchedulerOptions gradient;
  TaskScheduler gr(makeTasks(weights), 1, gradient);
  std::vector<double> curve = simulate(gr, curves, budget);
  unsigned reached = 0;
  while (reached < curve.size() && curve[reached] > target)
    ++reached;
  ASSERT_LT(reached, curve.size());
  EXPECT_LE(reached + 1, budget * 7 / 10);
}

TEST(TaskSchedulerTest, SameSeedSameChoices) {
  std::vector<Curve> curves = {{1e-3, 5e-4}, {2e-3, 1e-4}, {1e-3, 9e-4}};
  auto run = [&](uint64_t seed) {
    TaskSchedulerOptions options;
    options.epsGreedy = 0.3;
    options.seed = seed;
    TaskScheduler scheduler(makeTasks({1, 2, 3}), 1, options);
    std::vector<unsigned> rounds;
    simulate(scheduler, curves, 30);
    for (unsigned i = 0; i < 3; ++i)
      rounds.push_back(scheduler.getRounds(i));
    return rounds;
  };
  EXPECT_EQ(run(7), run(7));
}

TEST(TaskSchedulerTest, EarlyStopFinishesATaskThatStopsImproving) {
  TaskSchedulerOptions options;
  options.earlyStopTrials = 16;
  options.epsGreedy = 0;
  TaskScheduler scheduler(makeTasks({1, 1}), 1, options);
  scheduler.update(0, 8, 1e-3);
  scheduler.update(1, 8, 1e-3);
  scheduler.update(0, 8, 1e-3);
  EXPECT_FALSE(scheduler.isFinished(0));
  scheduler.update(0, 8, 1e-3);
  EXPECT_TRUE(scheduler.isFinished(0));
  EXPECT_EQ(scheduler.getFinishReason(0),
            "no improvement in its last 16 trials");
  EXPECT_EQ(scheduler.next(), 1u);
  scheduler.finish(1, "done");
  EXPECT_EQ(scheduler.next(), std::nullopt);
}

TEST(TaskSchedulerTest, ObjectivesOverNetworks) {
  // Two networks: task 0 twice in the first, task 1 once in each.
  std::vector<ScheduledTask> tasks = makeTasks({0, 0});
  tasks[0].weights = {2, 0};
  tasks[1].weights = {1, 1};
  TaskSchedulerOptions options;
  TaskScheduler sum(tasks, 2, options);
  sum.update(0, 8, 1.0);
  sum.update(1, 8, 3.0);
  EXPECT_EQ(sum.getNetworkLatencies(), (std::vector<double>{5.0, 3.0}));
  EXPECT_DOUBLE_EQ(sum.getObjective(), 8.0);

  options.objective.kind = NetworkObjective::Kind::LatencyTargets;
  options.objective.targets = {6.0, 0.0};
  TaskScheduler targets(tasks, 2, options);
  targets.update(0, 8, 1.0);
  targets.update(1, 8, 3.0);
  EXPECT_DOUBLE_EQ(targets.getObjective(), 9.0);
  // The first network is under its target: task 0 cannot help.
  EXPECT_EQ(targets.getGradient(0), 0.0);
  EXPECT_LT(targets.getGradient(1), 0.0);

  options.objective.kind = NetworkObjective::Kind::GeomeanSpeedup;
  TaskScheduler geomean(tasks, 2, options);
  geomean.setReference(0, 2.0);
  geomean.setReference(1, 6.0);
  geomean.update(0, 8, 1.0);
  geomean.update(1, 8, 3.0);
  // Speedups 10/5 and 6/3: both 2.
  EXPECT_NEAR(geomean.getObjective(), -2.0, 1e-12);
}

TEST(TaskSchedulerTest, SimilarTasksRaiseTheExpectedGain) {
  // Task 1 takes 10x task 0's time for the same FLOPs. Alone, its trend
  // after two rounds promises half its latency; with task 0 similar, beta
  // times task 0's throughput promises more.
  auto gradient = [](std::vector<std::string> groups) {
    TaskSchedulerOptions options;
    options.epsGreedy = 0;
    options.alpha = 0;
    options.beta = 2;
    TaskScheduler scheduler(makeTasks({1, 1}, groups), 1, options);
    scheduler.update(0, 8, 1e-4);
    scheduler.update(1, 8, 1e-3);
    scheduler.update(1, 8, 1e-3);
    return scheduler.getGradient(1);
  };
  EXPECT_NEAR(gradient({"conv", "matmul"}), -5e-4, 1e-9);
  EXPECT_NEAR(gradient({"conv", "conv"}), -8e-4, 1e-9);
}

TEST(TaskSchedulerTest, AFamilyStandsInForMissingSimilarTasks) {
  // Task 2 (a dense layer among convolutions) has no task of its own group.
  // Its family's best throughput (task 0's) bounds its potential as a
  // similar task's would; its group's does when it has one.
  auto gradient = [](std::vector<std::string> groups,
                     std::vector<std::string> families) {
    TaskSchedulerOptions options;
    options.epsGreedy = 0;
    options.alpha = 0;
    options.beta = 2;
    TaskScheduler scheduler(makeTasks({1, 1, 1}, groups, families), 1, options);
    scheduler.update(0, 8, 1e-4);
    scheduler.update(1, 8, 5e-4);
    scheduler.update(2, 8, 1e-3);
    scheduler.update(2, 8, 1e-3);
    return scheduler.getGradient(2);
  };
  // Alone: the trend, half the latency.
  EXPECT_NEAR(gradient({"conv", "conv", "matmul"}, {}), -5e-4, 1e-9);
  EXPECT_NEAR(gradient({"conv", "conv", "matmul"}, {"mac", "mac", "pool"}),
              -5e-4, 1e-9);
  // In the family: beta x task 0's time (2e-4).
  EXPECT_NEAR(gradient({"conv", "conv", "matmul"}, {"mac", "mac", "mac"}),
              -8e-4, 1e-9);
  // Its own group comes first: task 1 (5e-4, bound 1e-3) adds nothing.
  EXPECT_NEAR(gradient({"conv", "dense", "dense"}, {"mac", "mac", "mac"}),
              -5e-4, 1e-9);
}

} // namespace
