//===- Dataset.h - cost model samples from records --------------*- C++ -*-===//
//
// Turns measurement records into training samples: each record's schedule
// is planned on its task's payload (stored in the records file) and its
// features extracted, as the tuner does for unmeasured candidates.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_MODEL_DATASET_H
#define ANSOR_MODEL_DATASET_H

#include "ansor/Analysis/ComputeDAG/ComputeDAG.h"
#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "ansor/Model/CostModel.h"
#include "ansor/Records/RecordsFile.h"

namespace mlir {
namespace ansor {

/// The features of a complete schedule of `dag`'s payload; fails (quietly,
/// with `error`) when the schedule does not plan on it.
FailureOr<ProgramFeatures> extractProgramFeatures(sched::ScheduleOp schedule,
                                                  const ComputeDAG &dag,
                                                  std::string &error);

/// The same for a recorded schedule's text (a record's `schedule`).
FailureOr<ProgramFeatures> extractRecordedFeatures(StringRef text,
                                                   const ComputeDAG &dag,
                                                   std::string &error);

struct Sample {
  std::string taskKey;
  std::string taskName;
  /// The median measured seconds; infinity for a failed measurement.
  double cost = 0;
  double timestamp = 0;
  ProgramFeatures features;
};

struct Dataset {
  std::vector<Sample> samples;
  /// Records skipped: measured for another target, of a task without a
  /// payload line, or whose schedule does not plan on its payload.
  unsigned otherTarget = 0;
  unsigned noPayload = 0;
  unsigned unusable = 0;
  /// The first reasons for unusable records.
  std::vector<std::string> problems;
  /// Records of a program already in the dataset (runs merged into one
  /// file): the program stays one sample, costed by its fastest measurement
  /// (interference only slows a program down).
  unsigned remeasured = 0;
  /// Per program measured at least twice, its task and the costs of its
  /// first two measurements: how well single measurements repeat, the
  /// ceiling of any model scored against one of them.
  struct Repeat {
    std::string taskKey;
    double first, second;
  };
  std::vector<Repeat> repeats;
};

/// The share of pairs of programs of one task whose two measurements order
/// them the same way (pairs tied in either measurement left out), and the
/// number of pairs; {0, 0} without a pair.
std::pair<double, unsigned> getRepeatAgreement(ArrayRef<Dataset::Repeat> r);

/// The samples of every record of `records` measured for `target` (every
/// target when empty).
Dataset buildDataset(MLIRContext *ctx, const LoadedRecords &records,
                     StringRef target);

/// Ansor's labels: per task, the best cost over each sample's cost (0 for
/// failed measurements).
std::vector<double> normalizedThroughputs(ArrayRef<Sample> samples);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_MODEL_DATASET_H
