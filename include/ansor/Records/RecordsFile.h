//===- RecordsFile.h - JSON-lines measurement records -----------*- C++ -*-===//
//
// One JSON object per line, appended and flushed per measurement, so a run
// killed at any moment keeps every record written before it:
//   {"task": KEY, "task_name": NAME, "target": TARGET, "trial": N,
//    "schedule": TEXT, "costs": [s...], "error": "none"|"compile"|...,
//    "message": TEXT, "build_seconds": S, "timestamp": UNIX_SECONDS}
// and, once per task, the payload the records of that task were measured on,
// so that a records file alone is enough to recompute their features:
//   {"kind": "task", "task": KEY, "task_name": NAME, "target": TARGET,
//    "payload": MODULE_TEXT}
// Files written before payload lines existed still load (without payloads).
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_RECORDS_RECORDSFILE_H
#define ANSOR_RECORDS_RECORDSFILE_H

#include "ansor/Measure/MeasureError.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace ansor {

struct MeasureRecord {
  std::string taskKey;
  std::string taskName;
  std::string target;
  unsigned trial = 0;
  std::string schedule;
  SmallVector<double> costs;
  MeasureError error = MeasureError::None;
  std::string message;
  double buildSeconds = 0;
  double timestamp = 0;
  /// What materialization could not build as the schedule asks (a block
  /// left scalar, an unroll dropped); empty when nothing degraded.
  SmallVector<std::string> degraded;

  /// The median of the costs; infinity for a failed measurement.
  double medianCost() const;
  bool isValid() const { return error == MeasureError::None && !costs.empty(); }
};

/// A task's payload: a module holding its func, in generic form.
struct TaskPayload {
  std::string taskKey;
  std::string taskName;
  std::string target;
  std::string payload;
};

std::string serializeRecord(const MeasureRecord &record);
std::string serializePayload(const TaskPayload &payload);
/// Parses one line; fails with `error` naming the missing or malformed field.
FailureOr<MeasureRecord> parseRecord(StringRef line, std::string &error);

/// Appends records to a file, one flushed line each.
class RecordsWriter {
public:
  RecordsWriter() = default;
  RecordsWriter(RecordsWriter &&other) : file(other.file) {
    other.file = nullptr;
  }
  RecordsWriter &operator=(RecordsWriter &&other);
  ~RecordsWriter();
  static FailureOr<RecordsWriter> open(StringRef path, std::string &error);
  LogicalResult append(const MeasureRecord &record);
  LogicalResult appendPayload(const TaskPayload &payload);

private:
  LogicalResult appendLine(std::string line);
  FILE *file = nullptr;
};

/// A line of a records file that was skipped, and why.
struct SkippedLine {
  unsigned line = 0;
  std::string reason;
};

struct LoadedRecords {
  std::vector<MeasureRecord> records;
  /// The first payload line of each task, in file order.
  std::vector<TaskPayload> payloads;
  std::vector<SkippedLine> skipped;

  const TaskPayload *findPayload(StringRef taskKey) const;
};

/// Loads every well-formed record; a missing file is an empty set. Fails
/// only when the file exists but cannot be read.
FailureOr<LoadedRecords> loadRecords(StringRef path, std::string &error);

/// The valid record of `taskKey` on `target` with the lowest median cost.
std::optional<MeasureRecord> findBestRecord(ArrayRef<MeasureRecord> records,
                                            StringRef taskKey,
                                            StringRef target);

/// The valid records of `taskKey` on `target`, cheapest first, one per
/// distinct schedule.
std::vector<MeasureRecord> rankRecords(ArrayRef<MeasureRecord> records,
                                       StringRef taskKey, StringRef target);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_RECORDS_RECORDSFILE_H
