//===- RecordsFileTest.cpp - JSON-lines measurement records ---------------===//

#include "ansor/Records/RecordsFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::ansor;

static MeasureRecord makeRecord(StringRef key, double cost,
                                MeasureError error = MeasureError::None) {
  MeasureRecord r;
  r.taskKey = key.str();
  r.taskName = "mm";
  r.target = "llvm -mtriple=x -mcpu=y -num-cores=2 -vector-bits=256";
  r.schedule = "sched.schedule @s for @mm ... {\n}";
  if (error == MeasureError::None)
    r.costs = {cost, cost * 2, cost / 2};
  r.error = error;
  r.message = error == MeasureError::None ? "" : "boom \"quoted\"";
  return r;
}

TEST(Records, RoundTrip) {
  MeasureRecord r = makeRecord("abc", 0.5);
  std::string error;
  FailureOr<MeasureRecord> parsed = parseRecord(serializeRecord(r), error);
  ASSERT_TRUE(succeeded(parsed)) << error;
  EXPECT_EQ(parsed->taskKey, "abc");
  EXPECT_EQ(parsed->schedule, r.schedule);
  EXPECT_EQ(parsed->costs.size(), 3u);
  EXPECT_DOUBLE_EQ(parsed->medianCost(), 0.5);
  MeasureRecord failed = makeRecord("abc", 0, MeasureError::WrongResult);
  parsed = parseRecord(serializeRecord(failed), error);
  ASSERT_TRUE(succeeded(parsed)) << error;
  EXPECT_EQ(parsed->error, MeasureError::WrongResult);
  EXPECT_EQ(parsed->message, "boom \"quoted\"");
  EXPECT_FALSE(parsed->isValid());
}

TEST(Records, RejectsMalformed) {
  std::string error;
  EXPECT_TRUE(failed(parseRecord("{not json", error)));
  EXPECT_NE(error.find("malformed JSON"), std::string::npos);
  EXPECT_TRUE(failed(parseRecord("[1, 2]", error)));
  EXPECT_TRUE(failed(parseRecord(R"({"task": "k", "target": "t",
      "schedule": "s", "error": "exploded", "costs": []})",
                                 error)));
  EXPECT_NE(error.find("unknown error kind 'exploded'"), std::string::npos);
  EXPECT_TRUE(failed(parseRecord(R"({"task": "k", "target": "t",
      "schedule": "s", "error": "none", "costs": []})",
                                 error)));
  EXPECT_NE(error.find("needs costs"), std::string::npos);
  EXPECT_TRUE(failed(parseRecord(R"({"target": "t", "schedule": "s",
      "error": "none", "costs": [1]})",
                                 error)));
  EXPECT_NE(error.find("'task'"), std::string::npos);
}

TEST(Records, AppendLoadSkipAndBest) {
  SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("records", "jsonl", path));
  std::string error;
  {
    FailureOr<RecordsWriter> writer = RecordsWriter::open(path, error);
    ASSERT_TRUE(succeeded(writer)) << error;
    ASSERT_TRUE(succeeded(writer->append(makeRecord("a", 0.3))));
    ASSERT_TRUE(succeeded(writer->append(makeRecord("a", 0.1))));
    ASSERT_TRUE(succeeded(
        writer->append(makeRecord("a", 0.01, MeasureError::Timeout))));
    ASSERT_TRUE(succeeded(writer->append(makeRecord("b", 0.05))));
  }
  {
    // A run killed mid-line leaves a truncated last line.
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Append);
    os << "{\"task\": \"a\", \"costs\": [0.00";
  }
  FailureOr<LoadedRecords> loaded = loadRecords(path, error);
  ASSERT_TRUE(succeeded(loaded)) << error;
  EXPECT_EQ(loaded->records.size(), 4u);
  ASSERT_EQ(loaded->skipped.size(), 1u);
  EXPECT_EQ(loaded->skipped[0].line, 5u);
  EXPECT_NE(loaded->skipped[0].reason.find("malformed JSON"), std::string::npos)
      << loaded->skipped[0].reason;
  std::optional<MeasureRecord> best =
      findBestRecord(loaded->records, "a", makeRecord("a", 1).target);
  ASSERT_TRUE(best.has_value());
  EXPECT_DOUBLE_EQ(best->medianCost(), 0.1);
  EXPECT_FALSE(findBestRecord(loaded->records, "a", "other target"));
  llvm::sys::fs::remove(path);
}

TEST(Records, MissingFileIsEmpty) {
  std::string error;
  FailureOr<LoadedRecords> loaded =
      loadRecords("/nonexistent/dir/records.jsonl", error);
  ASSERT_TRUE(succeeded(loaded));
  EXPECT_TRUE(loaded->records.empty());
}

TEST(Records, PayloadLines) {
  SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("records", "jsonl", path));
  std::string error;
  TaskPayload payload{"a", "mm", "llvm -mcpu=y", "module {\n}\n"};
  {
    FailureOr<RecordsWriter> writer = RecordsWriter::open(path, error);
    ASSERT_TRUE(succeeded(writer)) << error;
    ASSERT_TRUE(succeeded(writer->appendPayload(payload)));
    ASSERT_TRUE(succeeded(writer->append(makeRecord("a", 0.3))));
    // A second payload of the same task is ignored: the first one counts.
    TaskPayload other = payload;
    other.payload = "module {}";
    ASSERT_TRUE(succeeded(writer->appendPayload(other)));
  }
  {
    // A payload line without its payload is skipped and named.
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Append);
    os << "{\"kind\": \"task\", \"task\": \"b\", \"target\": \"t\"}\n";
  }
  FailureOr<LoadedRecords> loaded = loadRecords(path, error);
  ASSERT_TRUE(succeeded(loaded)) << error;
  EXPECT_EQ(loaded->records.size(), 1u);
  ASSERT_EQ(loaded->payloads.size(), 1u);
  const TaskPayload *found = loaded->findPayload("a");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->payload, payload.payload);
  EXPECT_EQ(found->taskName, "mm");
  EXPECT_EQ(loaded->findPayload("b"), nullptr);
  ASSERT_EQ(loaded->skipped.size(), 1u);
  EXPECT_EQ(loaded->skipped[0].line, 4u);
  EXPECT_NE(loaded->skipped[0].reason.find("'payload'"), std::string::npos)
      << loaded->skipped[0].reason;
  llvm::sys::fs::remove(path);
}
