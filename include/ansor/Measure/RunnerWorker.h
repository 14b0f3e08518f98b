//===- RunnerWorker.h - a runner serving many candidates ----*- C++ -*-===//
//
// GPU candidates are run by one `ansor-runner --serve` process, one after
// another, rather than by a process each: creating a CUDA context costs about
// 0.4 s on an H100, more than timing most kernels. TVM's runner keeps its
// workers alive the same way. A candidate that fails, crashes or hangs still
// ends only the worker, which is started again for the next one.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_MEASURE_RUNNERWORKER_H
#define ANSOR_MEASURE_RUNNERWORKER_H

#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <string>
#include <sys/types.h>

namespace mlir {
namespace ansor {

class RunnerWorker {
public:
  /// `runnerPath` is started with `--serve`, its stderr written to
  /// `errorFile`.
  RunnerWorker(std::string runnerPath, std::string errorFile);
  ~RunnerWorker();
  RunnerWorker(const RunnerWorker &) = delete;
  RunnerWorker &operator=(const RunnerWorker &) = delete;

  /// The outcome of one request.
  struct Reply {
    /// The runner's report line; none if it ended without one.
    std::optional<std::string> report;
    bool timedOut = false;
    /// Why there is no report (the worker's exit status, a start failure).
    std::string error;
  };

  /// Runs one candidate given by the runner's command-line arguments (without
  /// the program name), waiting at most `seconds` for its report. The worker
  /// is started first if none runs, and stopped after a timeout or a report
  /// that is its last (any but a success's, which says `"serving": true`:
  /// a CUDA error may leave its context unusable).
  Reply run(llvm::ArrayRef<std::string> args, double seconds);

  /// The worker's process id, 0 when none runs.
  pid_t pid() const { return worker; }

private:
  bool start(std::string &error);
  /// Kills the worker (if it has not ended) and collects its status.
  std::string stop();

  std::string runnerPath, errorFile;
  pid_t worker = 0;
  int socket = -1;
  std::string pending;
};

} // namespace ansor
} // namespace mlir

#endif // ANSOR_MEASURE_RUNNERWORKER_H
