//===- TaskScheduler.cpp - which task to tune next ------------------------===//

#include "ansor/Tuner/TaskScheduler.h"
#include <algorithm>
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::ansor;

TaskScheduler::TaskScheduler(std::vector<ScheduledTask> tasks,
                             unsigned numNetworks, TaskSchedulerOptions options)
    : tasks(std::move(tasks)), numNetworks(numNetworks), options(options),
      states(this->tasks.size()), rng(options.seed) {
  for (ScheduledTask &task : this->tasks)
    task.weights.resize(numNetworks, 0);
}

std::vector<double> TaskScheduler::currentLatencies() const {
  std::vector<double> latencies;
  for (const State &state : states)
    latencies.push_back(state.latency.value_or(0));
  return latencies;
}

std::vector<double>
TaskScheduler::networkLatencies(ArrayRef<double> latencies) const {
  std::vector<double> networks(numNetworks, 0);
  for (auto [task, latency] : llvm::zip_equal(tasks, latencies))
    for (unsigned j = 0; j < numNetworks; ++j)
      networks[j] += task.weights[j] * latency;
  return networks;
}

std::vector<double> TaskScheduler::getNetworkLatencies() const {
  return networkLatencies(currentLatencies());
}

std::vector<double> TaskScheduler::getReferenceLatencies() const {
  std::vector<double> references;
  for (const State &state : states)
    references.push_back(state.reference.value_or(0));
  return networkLatencies(references);
}

double TaskScheduler::evaluate(ArrayRef<double> latencies) const {
  std::vector<double> networks = networkLatencies(latencies);
  double value = 0;
  switch (options.objective.kind) {
  case NetworkObjective::Kind::WeightedSum:
    for (double latency : networks)
      value += latency;
    return value;
  case NetworkObjective::Kind::LatencyTargets:
    for (auto [j, latency] : llvm::enumerate(networks)) {
      double target = j < options.objective.targets.size()
                          ? options.objective.targets[j]
                          : 0.0;
      value += std::max(latency, target);
    }
    return value;
  case NetworkObjective::Kind::GeomeanSpeedup: {
    std::vector<double> references = getReferenceLatencies();
    double logSum = 0;
    unsigned counted = 0;
    for (auto [latency, reference] : llvm::zip_equal(networks, references)) {
      if (latency <= 0 || reference <= 0)
        continue;
      logSum += std::log(reference / latency);
      ++counted;
    }
    return counted ? -std::exp(logSum / counted) : 0.0;
  }
  }
  return value;
}

double TaskScheduler::getObjective() const {
  return evaluate(currentLatencies());
}

double TaskScheduler::getGradient(unsigned i) const {
  const State &state = states[i];
  if (!state.latency || state.rounds == 0)
    return 0;
  double latency = *state.latency;
  // df/dg_i, by a backward difference (the objectives are piecewise
  // smooth; a target already met gives 0).
  std::vector<double> latencies = currentLatencies();
  double delta = std::max(latency, 1e-12) * 1e-4;
  std::vector<double> lowered = latencies;
  lowered[i] -= delta;
  double chain = (evaluate(latencies) - evaluate(lowered)) / delta;
  // What the last rounds gained.
  double backward = 0;
  unsigned window = options.backwardWindow;
  if (state.history.size() > window)
    backward = (state.history.back() -
                state.history[state.history.size() - 1 - window]) /
               window;
  // What one more round might gain: the task's trend continued, bounded by
  // what the best similar task's throughput would give it.
  double next = latency - latency / state.rounds;
  auto bound = [&](auto isSimilar) -> std::optional<double> {
    double bestThroughput = 0;
    unsigned similar = 0;
    for (auto [j, other] : llvm::enumerate(tasks)) {
      if (!isSimilar(other) || !states[j].latency || *states[j].latency <= 0)
        continue;
      ++similar;
      bestThroughput =
          std::max(bestThroughput, other.flop / *states[j].latency);
    }
    if (similar < 2 || bestThroughput <= 0 || tasks[i].flop <= 0)
      return std::nullopt;
    return options.beta * tasks[i].flop / bestThroughput;
  };
  std::optional<double> potential = bound([&](const ScheduledTask &other) {
    return other.group == tasks[i].group;
  });
  // Without a similar task the trend alone decides, and a task whose first
  // rounds stall is starved however far it is from what its family reaches.
  if (!potential && !tasks[i].family.empty())
    potential = bound([&](const ScheduledTask &other) {
      return other.family == tasks[i].family;
    });
  if (potential)
    next = std::min(next, *potential);
  double forward = next - latency;
  return chain * (options.alpha * backward + (1 - options.alpha) * forward);
}

std::optional<unsigned> TaskScheduler::next() {
  SmallVector<unsigned> open;
  for (auto [i, state] : llvm::enumerate(states))
    if (!state.finished)
      open.push_back(i);
  if (open.empty())
    return std::nullopt;
  // Warm-up: every task gets a first round, in order.
  for (unsigned i : open)
    if (states[i].rounds == 0)
      return i;
  if (options.kind == TaskSchedulerKind::RoundRobin) {
    for (unsigned step = 0; step < states.size(); ++step) {
      unsigned i = (nextInTurn + step) % states.size();
      if (!states[i].finished) {
        nextInTurn = i + 1;
        return i;
      }
    }
  }
  std::uniform_real_distribution<double> coin(0, 1);
  if (coin(rng) < options.epsGreedy)
    return open[std::uniform_int_distribution<size_t>(0, open.size() - 1)(rng)];
  SmallVector<double> gradients;
  for (unsigned i : open)
    gradients.push_back(getGradient(i));
  auto [lowest, highest] =
      std::minmax_element(gradients.begin(), gradients.end());
  // No information (every gradient alike): pick at random, as TVM does.
  if (*lowest == *highest)
    return open[std::uniform_int_distribution<size_t>(0, open.size() - 1)(rng)];
  return open[lowest - gradients.begin()];
}

void TaskScheduler::update(unsigned i, unsigned trials,
                           std::optional<double> latency) {
  State &state = states[i];
  ++state.rounds;
  state.trials += trials;
  if (latency && (!state.latency || *latency < *state.latency)) {
    state.latency = latency;
    state.trialsAtBest = state.trials;
  }
  if (state.latency)
    state.history.push_back(*state.latency);
  if (options.earlyStopTrials && !state.finished &&
      state.trials - state.trialsAtBest >= options.earlyStopTrials)
    finish(i, "no improvement in its last " +
                  std::to_string(state.trials - state.trialsAtBest) +
                  " trials");
}

void TaskScheduler::setReference(unsigned i, double seconds) {
  states[i].reference = seconds;
}

void TaskScheduler::setLatency(unsigned i, double seconds) {
  states[i].latency = seconds;
}

void TaskScheduler::finish(unsigned i, StringRef reason) {
  if (states[i].finished)
    return;
  states[i].finished = true;
  states[i].reason = reason.str();
}
