//===- RecordsFile.cpp - JSON-lines measurement records -------------------===//

#include "ansor/Records/RecordsFile.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include <algorithm>
#include <cmath>
#include <limits>
#include <sys/file.h>
#include <unistd.h>

using namespace mlir;
using namespace mlir::ansor;

double MeasureRecord::medianCost() const {
  if (!isValid())
    return std::numeric_limits<double>::infinity();
  SmallVector<double> sorted(costs);
  llvm::sort(sorted);
  size_t n = sorted.size();
  return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

std::string mlir::ansor::serializeRecord(const MeasureRecord &r) {
  llvm::json::Array costs;
  for (double c : r.costs)
    costs.push_back(c);
  llvm::json::Object object{
      {"task", r.taskKey},
      {"task_name", r.taskName},
      {"target", r.target},
      {"trial", static_cast<int64_t>(r.trial)},
      {"schedule", r.schedule},
      {"costs", std::move(costs)},
      {"error", stringifyMeasureError(r.error)},
      {"message", r.message},
      {"build_seconds", r.buildSeconds},
      {"timestamp", r.timestamp},
  };
  // Only degraded programs carry the field, so other records keep their
  // earlier form.
  if (!r.degraded.empty()) {
    llvm::json::Array degraded;
    for (const std::string &d : r.degraded)
      degraded.push_back(d);
    object["degraded"] = std::move(degraded);
  }
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::json::Value(std::move(object));
  return out;
}

std::string mlir::ansor::serializePayload(const TaskPayload &p) {
  llvm::json::Object object{{"kind", "task"},
                            {"task", p.taskKey},
                            {"task_name", p.taskName},
                            {"target", p.target},
                            {"payload", p.payload}};
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::json::Value(std::move(object));
  return out;
}

static const llvm::json::Object *
parseObject(llvm::json::Value &value, StringRef line, std::string &error) {
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(line);
  if (!parsed) {
    error = "malformed JSON: " + llvm::toString(parsed.takeError());
    return nullptr;
  }
  value = std::move(*parsed);
  const llvm::json::Object *object = value.getAsObject();
  if (!object)
    error = "a record must be a JSON object";
  return object;
}

static FailureOr<TaskPayload> parsePayload(const llvm::json::Object &object,
                                           std::string &error) {
  TaskPayload payload;
  for (auto [key, out] :
       {std::pair<StringRef, std::string *>{"task", &payload.taskKey},
        {"target", &payload.target},
        {"payload", &payload.payload}}) {
    std::optional<StringRef> v = object.getString(key);
    if (!v) {
      error = "task line: missing string field '" + key.str() + "'";
      return failure();
    }
    *out = v->str();
  }
  payload.taskName = object.getString("task_name").value_or("").str();
  return payload;
}

static FailureOr<MeasureRecord> parseRecordObject(const llvm::json::Object &o,
                                                  std::string &error);

FailureOr<MeasureRecord> mlir::ansor::parseRecord(StringRef line,
                                                  std::string &error) {
  llvm::json::Value value(nullptr);
  const llvm::json::Object *object = parseObject(value, line, error);
  if (!object)
    return failure();
  return parseRecordObject(*object, error);
}

static FailureOr<MeasureRecord> parseRecordObject(const llvm::json::Object &o,
                                                  std::string &error) {
  const llvm::json::Object *object = &o;
  MeasureRecord record;
  auto str = [&](StringRef key, std::string &out) {
    std::optional<StringRef> v = object->getString(key);
    if (!v) {
      error = "missing string field '" + key.str() + "'";
      return false;
    }
    out = v->str();
    return true;
  };
  std::string errorName;
  if (!str("task", record.taskKey) || !str("target", record.target) ||
      !str("schedule", record.schedule) || !str("error", errorName))
    return failure();
  str("task_name", record.taskName);
  str("message", record.message);
  error.clear();
  std::optional<MeasureError> kind = symbolizeMeasureError(errorName);
  if (!kind) {
    error = "unknown error kind '" + errorName + "'";
    return failure();
  }
  record.error = *kind;
  const llvm::json::Array *costs = object->getArray("costs");
  if (!costs) {
    error = "missing array field 'costs'";
    return failure();
  }
  for (const llvm::json::Value &c : *costs) {
    std::optional<double> d = c.getAsNumber();
    if (!d || !std::isfinite(*d) || *d <= 0) {
      error = "costs must be positive numbers";
      return failure();
    }
    record.costs.push_back(*d);
  }
  if (record.error == MeasureError::None && record.costs.empty()) {
    error = "a successful record needs costs";
    return failure();
  }
  record.trial = object->getInteger("trial").value_or(0);
  record.buildSeconds = object->getNumber("build_seconds").value_or(0);
  record.timestamp = object->getNumber("timestamp").value_or(0);
  if (const llvm::json::Array *degraded = object->getArray("degraded"))
    for (const llvm::json::Value &d : *degraded)
      if (std::optional<StringRef> text = d.getAsString())
        record.degraded.push_back(text->str());
  return record;
}

RecordsWriter &RecordsWriter::operator=(RecordsWriter &&other) {
  if (this != &other) {
    if (file)
      fclose(file);
    file = other.file;
    other.file = nullptr;
  }
  return *this;
}

RecordsWriter::~RecordsWriter() {
  if (file)
    fclose(file);
}

FailureOr<RecordsWriter> RecordsWriter::open(StringRef path,
                                             std::string &error) {
  RecordsWriter writer;
  writer.file = fopen(path.str().c_str(), "a");
  if (!writer.file) {
    error = "cannot open records file '" + path.str() +
            "' for appending: " + strerror(errno);
    return failure();
  }
  return writer;
}

LogicalResult RecordsWriter::append(const MeasureRecord &record) {
  return appendLine(serializeRecord(record) + "\n");
}

LogicalResult RecordsWriter::appendPayload(const TaskPayload &payload) {
  return appendLine(serializePayload(payload) + "\n");
}

LogicalResult RecordsWriter::appendLine(std::string line) {
  // Runs sharing a records file take turns: each line goes out whole, in
  // one write under an exclusive lock (the file is opened for appending).
  int fd = fileno(file);
  while (flock(fd, LOCK_EX) != 0)
    if (errno != EINTR)
      return failure();
  bool written = fwrite(line.data(), 1, line.size(), file) == line.size() &&
                 fflush(file) == 0;
  // A killed run keeps what was written; a crashed machine keeps it too.
  if (written)
    fsync(fd);
  flock(fd, LOCK_UN);
  return success(written);
}

FailureOr<LoadedRecords> mlir::ansor::loadRecords(StringRef path,
                                                  std::string &error) {
  LoadedRecords loaded;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer) {
    if (buffer.getError() == std::errc::no_such_file_or_directory)
      return loaded;
    error = "cannot read records file '" + path.str() +
            "': " + buffer.getError().message();
    return failure();
  }
  SmallVector<StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n');
  for (auto [index, line] : llvm::enumerate(lines)) {
    if (line.trim().empty())
      continue;
    std::string reason;
    llvm::json::Value value(nullptr);
    const llvm::json::Object *object = parseObject(value, line, reason);
    if (object && object->getString("kind") == "task") {
      FailureOr<TaskPayload> payload = parsePayload(*object, reason);
      if (failed(payload))
        loaded.skipped.push_back({unsigned(index + 1), reason});
      else if (!loaded.findPayload(payload->taskKey))
        loaded.payloads.push_back(std::move(*payload));
      continue;
    }
    FailureOr<MeasureRecord> record = failure();
    if (object)
      record = parseRecordObject(*object, reason);
    if (failed(record)) {
      loaded.skipped.push_back({unsigned(index + 1), reason});
      continue;
    }
    loaded.records.push_back(std::move(*record));
  }
  return loaded;
}

const TaskPayload *LoadedRecords::findPayload(StringRef taskKey) const {
  for (const TaskPayload &p : payloads)
    if (p.taskKey == taskKey)
      return &p;
  return nullptr;
}

std::optional<MeasureRecord>
mlir::ansor::findBestRecord(ArrayRef<MeasureRecord> records, StringRef taskKey,
                            StringRef target) {
  std::vector<MeasureRecord> ranked = rankRecords(records, taskKey, target);
  if (ranked.empty())
    return std::nullopt;
  return ranked.front();
}

std::vector<MeasureRecord>
mlir::ansor::rankRecords(ArrayRef<MeasureRecord> records, StringRef taskKey,
                         StringRef target) {
  std::vector<MeasureRecord> ranked;
  for (const MeasureRecord &r : records)
    if (r.isValid() && r.taskKey == taskKey && r.target == target)
      ranked.push_back(r);
  llvm::stable_sort(ranked, [](const MeasureRecord &a, const MeasureRecord &b) {
    return a.medianCost() < b.medianCost();
  });
  // The schedule's name differs between trials; its steps identify it.
  llvm::StringSet<> seen;
  llvm::erase_if(ranked, [&](const MeasureRecord &r) {
    return !seen.insert(r.schedule.substr(r.schedule.find('{'))).second;
  });
  return ranked;
}
