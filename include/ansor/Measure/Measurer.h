//===- Measurer.h - build and run candidates in child processes -*- C++ -*-===//
//
// TVM's builder/runner split: every candidate module is compiled by a child
// `ansor-opt --ansor-compile` process (in parallel, with a build timeout)
// and run by a child `ansor-runner` process (one at a time, with a run
// timeout), so a candidate that crashes or hangs the compiler or the kernel
// becomes an error code, never a crash of the tuner.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_MEASURE_MEASURER_H
#define ANSOR_MEASURE_MEASURER_H

#include "ansor/Measure/MeasureError.h"
#include "ansor/Measure/RunnerWorker.h"
#include "ansor/Target/Target.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/JSON.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace ansor {

/// A candidate's first (verifying) call is stopped as a timeout once it runs
/// past this multiple of the cut, or this many seconds if that is more: far
/// more than thread-pool start-up and first-touch page faults cost, so such a
/// candidate could not have been timed under the cut.
constexpr double kFirstCallCutFactor = 10;
constexpr double kFirstCallFloorSeconds = 1;

struct MeasureOptions {
  /// OpenMP threads of the measured kernel; 0 means the target's cores.
  unsigned threads = 0;
  /// Calls per repeat (0: enough for `minRepeatMs`), repeats.
  unsigned number = 0;
  unsigned repeat = 3;
  unsigned minRepeatMs = 100;
  /// Timeouts in seconds (TVM: build 15, run 10). The reference lowering is
  /// untuned and may be slow, so it gets its own.
  unsigned buildTimeout = 20;
  unsigned runTimeout = 10;
  unsigned referenceTimeout = 600;
  /// Memory for a runner's buffers in MiB; 0 means three quarters of the
  /// machine's memory. A workload whose arguments and results exceed it is
  /// refused before it runs; the runner's address space is limited to it
  /// plus 1 GiB (code, thread stacks, allocator arenas).
  unsigned maxMemoryMb = 0;
  /// Every input but the first leaves the CPU's caches before each timed
  /// call (ansor-runner --flush-cache).
  bool cacheFlush = false;
  /// Parallel compile processes.
  unsigned buildJobs = 2;
  /// Verification tolerance: |got - want| <= atol * max(1, max|want|) +
  /// rtol * |want|, suited to fp32 reductions.
  double rtol = 1e-3;
  double atol = 1e-4;
  /// A candidate whose fastest warm-up call is slower than this is not
  /// timed further (that call is its cost; the runner stops a first warm
  /// call far past it, that time its cost). Its first, verifying call ends
  /// as a timeout past kFirstCallCutFactor times the cut (at least
  /// kFirstCallFloorSeconds, which start-up costs never reach). 0 disables
  /// the cut. The tuner sets it to min(untuned lowering, cut-ratio x best).
  double cutSeconds = 0;
  /// Seed of the random inputs.
  uint64_t inputSeed = 1;
  /// Scratch directory for candidate files and libraries.
  std::string workDir;
  /// `ansor-opt` and `ansor-runner`; empty means next to this executable.
  std::string compilerPath;
  std::string runnerPath;
};

/// The runner calls a kernel through its packed interface (an array of
/// descriptor pointers), so only the command line bounds its arguments: a
/// whole network takes every weight as one.
constexpr unsigned kMaxKernelArguments = 1024;

/// How the runner calls a payload func: `_mlir_ciface_<name>` with one
/// memref descriptor per input, then per result.
struct KernelSignature {
  std::string funcName;
  /// `f32:4x8,f32:8` (see ansor-runner).
  std::string inputs;
  std::string outputs;
  /// Inputs drawn from [0.5, 1.5] instead of [-1, 1]: the func takes roots,
  /// logarithms or quotients, which random signs would make NaN.
  bool positiveInputs = false;
  /// Integer inputs drawn from [0, min(indexBound, 7)) instead of [-3, 3]
  /// when set: the func indexes tensors with values it reads (an embedding
  /// lookup), which negative or large ones would send out of bounds.
  int64_t indexBound = 0;
  /// Bytes the runner allocates for arguments, results and the reference.
  int64_t bytes = 0;
  /// An argument or result is i1 (a byte per element).
  bool hasBooleans = false;
};

/// The signature of `func`; fails with `error` on element types the runner
/// cannot generate inputs for.
FailureOr<KernelSignature> getKernelSignature(func::FuncOp func,
                                              std::string &error);

struct MeasureInput {
  /// A module holding the payload func and at most one complete schedule.
  std::string moduleText;
  /// Test hook passed to the runner: "crash", "hang", "wrong"; "compile"
  /// replaces the module with text that does not parse.
  std::string inject;
};

struct MeasureResult {
  MeasureError error = MeasureError::None;
  std::string message;
  SmallVector<double> costs;
  double buildSeconds = 0;
  double runSeconds = 0;
};

/// Where the wall time of measuring went, in seconds.
struct MeasurePhases {
  double build = 0;
  double run = 0;
};

/// What the tuner needs of a measurer. The tuner's choice logic is tested
/// with a deterministic fake behind this interface.
class ProgramMeasurer {
public:
  virtual ~ProgramMeasurer();

  /// Measures the module that defines the expected output (the untuned
  /// lowering) and keeps that output as the reference; it is timed as every
  /// candidate is.
  virtual MeasureResult measureReference(StringRef moduleText) = 0;

  /// Measures a batch of candidates, checking each output against the
  /// reference.
  virtual std::vector<MeasureResult> measure(ArrayRef<MeasureInput> batch) = 0;

  /// A candidate slower than this (warm) is not timed further; 0: never.
  virtual void setCutSeconds(double seconds) {}

  const MeasurePhases &getPhases() const { return phases; }

protected:
  MeasurePhases phases;
};

class Measurer : public ProgramMeasurer {
public:
  Measurer(MeasureOptions options, KernelSignature signature, Target target);
  ~Measurer() override;

  /// Prepares the work directory and finds the tools; refuses a workload
  /// whose buffers exceed the runner's memory limit, and a GPU target
  /// without a CUDA device. GPU candidates are checked against the host's
  /// untuned lowering.
  LogicalResult initialize(std::string &error);

  MeasureResult measureReference(StringRef moduleText) override;

  /// See MeasureOptions::cutSeconds.
  void setCutSeconds(double seconds) override { options.cutSeconds = seconds; }

  /// Builds the batch in parallel, then runs each candidate, checking its
  /// outputs against the reference.
  std::vector<MeasureResult> measure(ArrayRef<MeasureInput> batch) override;

private:
  struct Build;
  /// Seconds a candidate's first call may take under the current cut.
  double firstCallLimit() const;
  void startBuild(Build &build, StringRef moduleText, StringRef inject,
                  unsigned timeout, const Target &buildTarget);
  /// For a GPU target: whether the runner finds a CUDA device able to run
  /// the target's PTX; `error` says why not.
  LogicalResult probeDevice(std::string &error);
  /// Collects a build's outcome; unless it `exited` already, waits for
  /// what is left of its timeout (then kills it).
  void finishBuild(Build &build, MeasureResult &result, bool exited);
  /// Runs one library; the processes in `pause` are stopped while the
  /// runner times warm calls.
  void run(StringRef library, StringRef inject, bool reference,
           MeasureResult &result, ArrayRef<int> pause = {});
  /// Runs the runner command line `args` (for `library`) in a process of
  /// its own.
  void runProcess(ArrayRef<std::string> args, StringRef library,
                  unsigned timeout, std::optional<llvm::json::Object> &object,
                  bool &timedOut, int &status, std::string &error);
  /// The measurement a runner's report (or its absence) stands for.
  void interpretReport(std::optional<llvm::json::Object> &object, bool timedOut,
                       int status, const std::string &error, unsigned timeout,
                       MeasureResult &result);

  MeasureOptions options;
  KernelSignature signature;
  Target target;
  std::string referencePath;
  unsigned counter = 0;
  /// Prefix of this measurer's files in the work directory: the measurers
  /// of a module's tasks may share one (`work-dir=`), and each task's
  /// reference must stay its own.
  std::string filePrefix;
  bool ownsWorkDir = false;
  /// Runs GPU candidates (see RunnerWorker.h).
  std::unique_ptr<RunnerWorker> worker;
};

} // namespace ansor
} // namespace mlir

#endif // ANSOR_MEASURE_MEASURER_H
