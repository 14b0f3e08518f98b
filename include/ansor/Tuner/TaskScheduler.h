//===- TaskScheduler.h - which task to tune next ----------------*- C++ -*-===//
//
// Ansor's task scheduler (section 6): the tasks of one or more networks
// share a trial budget, spent in rounds; after a warm-up round of each task,
// the gradient strategy picks the task whose next round is expected to cut
// the objective most, from its recent improvement (backward window) and an
// optimistic guess of what is left (its own trend, or the throughput of
// similar tasks), with an epsilon-greedy share of random picks.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_TUNER_TASKSCHEDULER_H
#define ANSOR_TUNER_TASKSCHEDULER_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace mlir {
namespace ansor {

enum class TaskSchedulerKind {
  /// Ansor's gradient strategy.
  Gradient,
  /// Every unfinished task in turn, one round each.
  RoundRobin,
};

/// What the scheduler minimizes over the networks' latencies L_j (each
/// L_j = sum of weight x latency over its tasks).
struct NetworkObjective {
  enum class Kind {
    /// Sum of L_j (the paper's f1; one network: its latency).
    WeightedSum,
    /// Sum of max(L_j, target_j): a network under its target needs nothing.
    LatencyTargets,
    /// Minus the geometric mean of the speedups over each network's
    /// reference latency (the untuned lowering).
    GeomeanSpeedup,
  };
  Kind kind = Kind::WeightedSum;
  /// With LatencyTargets: seconds per network (0: none).
  std::vector<double> targets;
};

struct TaskSchedulerOptions {
  TaskSchedulerKind kind = TaskSchedulerKind::Gradient;
  NetworkObjective objective;
  /// The paper's alpha (weight of the backward difference), beta (how far
  /// the throughput of similar tasks is trusted) and window (rounds).
  double alpha = 0.2;
  double beta = 2;
  unsigned backwardWindow = 3;
  /// Share of picks made at random among unfinished tasks (the paper's
  /// epsilon-greedy; TVM dropped it).
  double epsGreedy = 0.05;
  /// A task whose latency has not improved over this many of its trials is
  /// finished (0: never).
  unsigned earlyStopTrials = 0;
  uint64_t seed = 0;
};

/// What the scheduler knows of a task before it is tuned.
struct ScheduledTask {
  int64_t flop = 0;
  /// Tasks of one group are similar (the paper's N(i)): their throughputs
  /// bound each other's.
  std::string group;
  /// A coarser likeness, for a task whose group has no other member (a
  /// network's single dense layer among its convolutions): tasks of one
  /// family do the same kind of arithmetic, so the best one's throughput
  /// still bounds what the task could reach. Empty: no family.
  std::string family;
  /// Calls of the task in each network.
  std::vector<unsigned> weights;
};

class TaskScheduler {
public:
  TaskScheduler(std::vector<ScheduledTask> tasks, unsigned numNetworks,
                TaskSchedulerOptions options);

  /// The task to give the next round to: a task never tuned first (the
  /// warm-up), then by strategy; none once every task is finished.
  std::optional<unsigned> next();

  /// Records a round of `trials` measurements of `task`. `latency` is the
  /// task's time now: its best program's, or the untuned lowering's when
  /// that is faster; none while neither is known.
  void update(unsigned task, unsigned trials, std::optional<double> latency);

  /// The untuned lowering's time of `task` (the geometric-mean objective's
  /// reference).
  void setReference(unsigned task, double seconds);
  /// The task's time before its first round (the untuned lowering's, or the
  /// best of earlier runs' records).
  void setLatency(unsigned task, double seconds);

  /// Takes `task` out of the schedule, with why.
  void finish(unsigned task, StringRef reason);
  bool isFinished(unsigned task) const { return states[task].finished; }
  StringRef getFinishReason(unsigned task) const { return states[task].reason; }
  unsigned getRounds(unsigned task) const { return states[task].rounds; }

  /// Each network's latency from the tasks' latencies (unknown ones count
  /// 0), and its untuned reference.
  std::vector<double> getNetworkLatencies() const;
  std::vector<double> getReferenceLatencies() const;
  double getObjective() const;

  /// The gradient of the objective over one more round of `task` (<= 0).
  double getGradient(unsigned task) const;

private:
  struct State {
    unsigned rounds = 0;
    unsigned trials = 0;
    /// Trials when the latency last improved.
    unsigned trialsAtBest = 0;
    std::optional<double> latency;
    std::optional<double> reference;
    /// The latency after each round.
    std::vector<double> history;
    bool finished = false;
    std::string reason;
  };
  double evaluate(ArrayRef<double> latencies) const;
  std::vector<double> currentLatencies() const;
  std::vector<double> networkLatencies(ArrayRef<double> latencies) const;

  std::vector<ScheduledTask> tasks;
  unsigned numNetworks;
  TaskSchedulerOptions options;
  std::vector<State> states;
  unsigned nextInTurn = 0;
  std::mt19937_64 rng;
};

} // namespace ansor
} // namespace mlir

#endif // ANSOR_TUNER_TASKSCHEDULER_H
