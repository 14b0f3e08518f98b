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
#include "ansor/Target/Target.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallVector.h"
#include <string>
#include <vector>

namespace mlir {
namespace ansor {

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
  /// Parallel compile processes.
  unsigned buildJobs = 2;
  /// Verification tolerance: |got - want| <= atol * max(1, max|want|) +
  /// rtol * |want|, suited to fp32 reductions.
  double rtol = 1e-3;
  double atol = 1e-4;
  /// A candidate whose verification call takes longer than this is not
  /// timed further (its one call is its cost); 0 disables the cut. The
  /// tuner sets it to the untuned lowering's time.
  double cutSeconds = 0;
  /// Seed of the random inputs.
  uint64_t inputSeed = 1;
  /// Scratch directory for candidate files and libraries.
  std::string workDir;
  /// `ansor-opt` and `ansor-runner`; empty means next to this executable.
  std::string compilerPath;
  std::string runnerPath;
};

/// How the runner calls a payload func: `_mlir_ciface_<name>` with one
/// memref descriptor per input, then per result.
struct KernelSignature {
  std::string funcName;
  /// `f32:4x8,f32:8` (see ansor-runner).
  std::string inputs;
  std::string outputs;
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

class Measurer {
public:
  Measurer(MeasureOptions options, KernelSignature signature, Target target);
  ~Measurer();

  /// Prepares the work directory and finds the tools.
  LogicalResult initialize(std::string &error);

  /// Builds and runs the untuned (or scheduled) module that defines the
  /// expected output, and writes it as the reference. Unless `timed`, it is
  /// called once (its cost is that single call).
  MeasureResult measureReference(StringRef moduleText, bool timed = true);

  /// See MeasureOptions::cutSeconds.
  void setCutSeconds(double seconds) { options.cutSeconds = seconds; }

  /// Builds the batch in parallel, then runs each candidate, checking its
  /// outputs against the reference.
  std::vector<MeasureResult> measure(ArrayRef<MeasureInput> batch);

private:
  struct Build;
  void startBuild(Build &build, StringRef moduleText, StringRef inject,
                  unsigned timeout);
  void finishBuild(Build &build, MeasureResult &result);
  void run(StringRef library, StringRef inject, bool reference, bool timed,
           MeasureResult &result);

  MeasureOptions options;
  KernelSignature signature;
  Target target;
  std::string referencePath;
  unsigned counter = 0;
  bool ownsWorkDir = false;
};

} // namespace ansor
} // namespace mlir

#endif // ANSOR_MEASURE_MEASURER_H
