//===- Measurer.cpp - build and run candidates in child processes ---------===//

#include "ansor/Measure/Measurer.h"
#include "ansor/Analysis/ComputeDAG/ComputeDAG.h"
#include "ansor/Analysis/ComputeDAG/Predicates.h"
#include "ansor/Measure/RunnerWorker.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>
#include <unistd.h>

extern char **environ;

using namespace mlir;
using namespace mlir::ansor;

/// Calls `fn` on every op of `func` and of the funcs it calls (a network's
/// tasks, which read its inputs).
static void walkWithCallees(func::FuncOp func,
                            function_ref<void(Operation *)> fn) {
  auto module = func->getParentOfType<ModuleOp>();
  SmallVector<func::FuncOp> pending = {func};
  llvm::SmallPtrSet<Operation *, 8> seen = {func};
  while (!pending.empty()) {
    pending.pop_back_val().walk([&](Operation *op) {
      fn(op);
      auto call = dyn_cast<func::CallOp>(op);
      if (!call || !module)
        return;
      auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
      if (callee && !callee.isExternal() && seen.insert(callee).second)
        pending.push_back(callee);
    });
  }
}

/// Ops whose result is NaN or infinite on part of [-1, 1], or that trap on
/// zero (an integer division: SIGFPE in the runner, also in the untuned
/// lowering, so the func could not be tuned at all).
static bool needsPositiveInputs(func::FuncOp func) {
  bool found = false;
  walkWithCallees(func, [&](Operation *op) {
    if (isa<math::RsqrtOp, math::SqrtOp, math::LogOp, math::Log1pOp,
            math::Log2Op, math::Log10Op, math::PowFOp, math::AcosOp,
            math::AsinOp, math::AtanhOp, arith::DivFOp, arith::RemFOp>(op) ||
        isIntegerDivision(op))
      found = true;
  });
  return found;
}

/// The smallest extent of a tensor dimension the func (or a task it calls)
/// reads with `tensor.extract` at an index computed from data (0 when it
/// has none): integer inputs then stay below it.
static int64_t getIndexBound(func::FuncOp func) {
  int64_t bound = 0;
  walkWithCallees(func, [&](Operation *op) {
    auto extract = dyn_cast<tensor::ExtractOp>(op);
    if (!extract)
      return;
    auto type = extract.getTensor().getType();
    for (auto [dim, index] : llvm::enumerate(extract.getIndices())) {
      // Iteration indices stay in bounds whatever the inputs.
      if (getConstantIntValue(index) || type.isDynamicDim(dim) ||
          index.getDefiningOp<linalg::IndexOp>())
        continue;
      int64_t extent = type.getDimSize(dim);
      bound = bound ? std::min(bound, extent) : extent;
    }
  });
  return bound;
}

static std::string elementSpec(RankedTensorType type, std::string &error) {
  std::string element;
  Type e = type.getElementType();
  unsigned width = e.isIntOrFloat() ? e.getIntOrFloatBitWidth() : 0;
  // The runner's buffer types: i1 (a byte each) and integers of 8 to 64
  // bits, IEEE floats of 16 to 64 and bfloat16.
  if (e.isSignlessInteger() &&
      llvm::is_contained({1u, 8u, 16u, 32u, 64u}, width))
    element = "i" + std::to_string(width);
  else if (e.isF16() || e.isF32() || e.isF64())
    element = "f" + std::to_string(width);
  else if (e.isBF16())
    element = "bf16";
  else {
    llvm::raw_string_ostream os(error);
    os << "element type " << e
       << " is not supported by the measurer (f32, f64, f16, bf16, i1, i8, "
          "i16, i32, i64)";
    return "";
  }
  SmallVector<std::string> dims;
  for (int64_t d : type.getShape())
    dims.push_back(std::to_string(d));
  return element + ":" + llvm::join(dims, "x");
}

FailureOr<KernelSignature> mlir::ansor::getKernelSignature(func::FuncOp func,
                                                           std::string &error) {
  KernelSignature signature;
  signature.funcName = func.getSymName().str();
  auto specs = [&](TypeRange types, std::string &out) -> LogicalResult {
    SmallVector<std::string> items;
    for (Type type : types) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor || !tensor.hasStaticShape()) {
        llvm::raw_string_ostream os(error);
        os << "cannot measure a func with argument or result type " << type;
        return failure();
      }
      if (tensor.getNumElements() == 0) {
        error = "cannot measure a func with an empty tensor";
        return failure();
      }
      std::string spec = elementSpec(tensor, error);
      if (spec.empty())
        return failure();
      items.push_back(spec);
    }
    out = llvm::join(items, ",");
    return success();
  };
  // Scalar arguments are fixed in the module measurement builds
  // (specializeScalarArguments): the kernel takes the tensors only.
  SmallVector<Type> tensorInputs;
  llvm::copy_if(func.getArgumentTypes(), std::back_inserter(tensorInputs),
                [](Type type) { return !isMeasurableScalar(type); });
  if (failed(specs(tensorInputs, signature.inputs)) ||
      failed(specs(func.getFunctionType().getResults(), signature.outputs)))
    return failure();
  if (signature.outputs.empty()) {
    error = "cannot measure a func without results";
    return failure();
  }
  if (func.getNumArguments() + func.getNumResults() > kMaxKernelArguments) {
    error = "cannot measure a func with more than " +
            std::to_string(kMaxKernelArguments) + " arguments and results";
    return failure();
  }
  auto isBoolean = [](Type type) {
    return cast<RankedTensorType>(type).getElementType().isInteger(1);
  };
  signature.hasBooleans =
      llvm::any_of(tensorInputs, isBoolean) ||
      llvm::any_of(func.getFunctionType().getResults(), isBoolean);
  signature.positiveInputs = needsPositiveInputs(func);
  signature.indexBound = getIndexBound(func);
  auto bytes = [](Type type) {
    auto tensor = cast<RankedTensorType>(type);
    return tensor.getNumElements() *
           int64_t(llvm::divideCeil(tensor.getElementTypeBitWidth(), 8));
  };
  // Inputs once, results twice (the output and the reference read back).
  for (Type type : tensorInputs)
    signature.bytes += bytes(type);
  for (Type type : func.getFunctionType().getResults())
    signature.bytes += 2 * bytes(type);
  return signature;
}

/// The status of `process` if it has exited, without waiting.
static std::optional<llvm::sys::ProcessInfo>
pollExit(const llvm::sys::ProcessInfo &process, std::string *error = nullptr) {
  llvm::sys::ProcessInfo status = llvm::sys::Wait(
      process, /*SecondsToWait=*/0, error, nullptr, /*Polling=*/true);
  if (status.Pid == 0)
    return std::nullopt;
  return status;
}

/// Waits for `process` for at most `seconds`, then kills it. Unlike
/// llvm::sys::Wait with a timeout, which reaps *any* child after killing
/// this one, it only ever waits for this process: builds run alongside.
static llvm::sys::ProcessInfo waitFor(const llvm::sys::ProcessInfo &process,
                                      double seconds, bool &timedOut,
                                      std::string *error = nullptr) {
  auto start = std::chrono::steady_clock::now();
  timedOut = false;
  while (true) {
    if (std::optional<llvm::sys::ProcessInfo> status = pollExit(process, error))
      return *status;
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count() >= seconds)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  timedOut = true;
  ::kill(process.Pid, SIGKILL);
  return llvm::sys::Wait(process, std::nullopt);
}

double Measurer::firstCallLimit() const {
  return std::max(kFirstCallFloorSeconds,
                  kFirstCallCutFactor * options.cutSeconds);
}

struct Measurer::Build {
  llvm::sys::ProcessInfo process;
  std::string library, errorFile, moduleFile;
  std::chrono::steady_clock::time_point start;
  unsigned timeout = 0;
  bool started = false;
  std::string startError;
};

ProgramMeasurer::~ProgramMeasurer() = default;

Measurer::Measurer(MeasureOptions options, KernelSignature signature,
                   Target target)
    : options(std::move(options)), signature(std::move(signature)),
      target(std::move(target)) {}

Measurer::~Measurer() {
  // The runner writes its stderr into the work directory.
  worker.reset();
  if (ownsWorkDir)
    llvm::sys::fs::remove_directories(options.workDir);
}

LogicalResult Measurer::initialize(std::string &error) {
  // sched-byte-i1-vectors keeps i1 buffers a byte per element in the CPU
  // pipeline only.
  if (target.isGPU() && signature.hasBooleans) {
    error = "i1 arguments and results are not supported on GPU targets";
    return failure();
  }
  std::string self = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  StringRef binDir = llvm::sys::path::parent_path(self);
  auto locate = [&](std::string &path, StringRef name) -> LogicalResult {
    if (path.empty()) {
      SmallString<256> candidate(binDir);
      llvm::sys::path::append(candidate, name);
      path = candidate.str().str();
    }
    if (!llvm::sys::fs::can_execute(path)) {
      error = "cannot find the " + name.str() + " executable at '" + path + "'";
      return failure();
    }
    return success();
  };
  if (failed(locate(options.compilerPath, "ansor-opt")) ||
      failed(locate(options.runnerPath, "ansor-runner")))
    return failure();
  if (options.workDir.empty()) {
    SmallString<256> dir;
    if (std::error_code ec =
            llvm::sys::fs::createUniqueDirectory("ansor-measure", dir)) {
      error = "cannot create a work directory: " + ec.message();
      return failure();
    }
    options.workDir = dir.str().str();
    ownsWorkDir = true;
  } else if (std::error_code ec =
                 llvm::sys::fs::create_directories(options.workDir)) {
    error = "cannot create work directory '" + options.workDir +
            "': " + ec.message();
    return failure();
  }
  if (options.threads == 0)
    options.threads = target.numCores;
  if (options.maxMemoryMb == 0) {
    int64_t pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
    options.maxMemoryMb = pages > 0 && pageSize > 0
                              ? unsigned(pages * pageSize / 4 * 3 >> 20)
                              : 4096;
  }
  int64_t neededMb = (signature.bytes >> 20) + 1;
  if (neededMb > int64_t(options.maxMemoryMb)) {
    error = llvm::formatv("its arguments and results need {0} MiB ({1} -> "
                          "{2}, plus a reference copy of the results), more "
                          "than the runner's memory limit of {3} MiB "
                          "(max-memory-mb)",
                          neededMb, signature.inputs, signature.outputs,
                          options.maxMemoryMb)
                .str();
    return failure();
  }
  // Names are unique to the measurer: in a work dir the user gives, which
  // another process may use at the same time, they carry the process id;
  // the first measurer of the process has no number of its own.
  static std::atomic<unsigned> instances{0};
  unsigned instance = instances++;
  filePrefix = ownsWorkDir ? "" : "p" + std::to_string(getpid()) + "-";
  if (instance)
    filePrefix += "m" + std::to_string(instance) + "-";
  referencePath = options.workDir + "/" + filePrefix + "reference.bin";
  if (target.isGPU())
    return probeDevice(error);
  return success();
}

static std::string readFileOr(StringRef path, StringRef fallback) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return fallback.str();
  std::string text = (*buffer)->getBuffer().trim().str();
  // Keep the head of long diagnostics: the first error is the cause.
  if (text.size() > 4000)
    text = text.substr(0, 4000) + "...";
  return text.empty() ? fallback.str() : text;
}

/// The runner's one-line JSON report; none if it is not one (it died).
static std::optional<llvm::json::Object> parseRunnerReport(StringRef output) {
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(output);
  if (!json) {
    llvm::consumeError(json.takeError());
    return std::nullopt;
  }
  if (llvm::json::Object *object = json->getAsObject())
    return std::move(*object);
  return std::nullopt;
}

/// The runner's report in `path` (removed after reading).
static std::optional<llvm::json::Object> readRunnerReport(StringRef path) {
  std::string output = readFileOr(path, "");
  llvm::sys::fs::remove(path);
  return parseRunnerReport(output);
}

LogicalResult Measurer::probeDevice(std::string &error) {
  std::string outFile = options.workDir + "/" + filePrefix + "probe.out";
  SmallVector<StringRef> args = {options.runnerPath, "--probe", "--device",
                                 "cuda"};
  std::optional<StringRef> redirects[] = {StringRef(""), StringRef(outFile),
                                          StringRef("")};
  std::string runError;
  int status = llvm::sys::ExecuteAndWait(options.runnerPath, args, std::nullopt,
                                         redirects,
                                         /*SecondsToWait=*/60, 0, &runError);
  std::optional<llvm::json::Object> object = readRunnerReport(outFile);
  if (!object) {
    error = "cannot probe the CUDA device: the runner died (" +
            (runError.empty() ? "status " + std::to_string(status) : runError) +
            ")";
    return failure();
  }
  if (!object->getBoolean("ok").value_or(false)) {
    error = object->getString("message").value_or("no CUDA device").str();
    return failure();
  }
  // The PTX ISA the NVVM target emits (8.0 for sm_90) needs a CUDA 12
  // driver.
  int64_t driver = object->getInteger("driver_version").value_or(0);
  if (driver < 12000) {
    error = llvm::formatv("the CUDA driver ({0}.{1}) is older than 12.0, "
                          "which the PTX of '{2}' needs",
                          driver / 1000, driver % 1000 / 10, target.str())
                .str();
    return failure();
  }
  // PTX for a newer architecture than the device's does not load.
  int64_t capability = object->getInteger("compute_capability").value_or(0);
  StringRef arch = target.arch;
  int64_t wanted = 0;
  if (arch.consume_front("sm_") && !arch.getAsInteger(10, wanted) &&
      wanted > capability) {
    error = llvm::formatv("the CUDA device ({0}, sm_{1}) is older than the "
                          "target's {2}",
                          object->getString("device").value_or("?"), capability,
                          target.arch)
                .str();
    return failure();
  }
  return success();
}

void Measurer::startBuild(Build &build, StringRef moduleText, StringRef inject,
                          unsigned timeout, const Target &buildTarget) {
  std::string stem =
      options.workDir + "/" + filePrefix + "c" + std::to_string(counter++);
  build.moduleFile = stem + ".mlir";
  build.library = stem + ".so";
  build.errorFile = stem + ".err";
  build.timeout = timeout;
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(build.moduleFile, ec);
    if (ec) {
      build.startError = "cannot write " + build.moduleFile;
      return;
    }
    os << (inject == "compile" ? StringRef("this is not MLIR") : moduleText);
  }
  std::string pass = "--ansor-compile=output=" + build.library + " target='" +
                     buildTarget.str() + "'";
  SmallVector<StringRef> args = {options.compilerPath, build.moduleFile, pass,
                                 "-o", "/dev/null"};
  std::optional<StringRef> redirects[] = {StringRef(""), StringRef(""),
                                          StringRef(build.errorFile)};
  bool failedToStart = false;
  build.start = std::chrono::steady_clock::now();
  build.process =
      llvm::sys::ExecuteNoWait(options.compilerPath, args, std::nullopt,
                               redirects, 0, &build.startError, &failedToStart);
  build.started = !failedToStart;
}

void Measurer::finishBuild(Build &build, MeasureResult &result, bool exited) {
  if (!build.started) {
    result.error = MeasureError::Compile;
    result.message = "cannot start the compiler: " + build.startError;
    return;
  }
  // Builds run concurrently: each gets what is left of its own timeout.
  double elapsed = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - build.start)
                       .count();
  bool timedOut = false;
  llvm::sys::ProcessInfo done = build.process;
  if (!exited)
    done = waitFor(build.process, std::max(0.0, build.timeout - elapsed),
                   timedOut);
  result.buildSeconds = std::chrono::duration<double>(
                            std::chrono::steady_clock::now() - build.start)
                            .count();
  if (timedOut) {
    result.error = MeasureError::Timeout;
    result.message =
        "build timed out after " + std::to_string(build.timeout) + " s";
  } else if (done.ReturnCode != 0) {
    result.error = MeasureError::Compile;
    result.message =
        readFileOr(build.errorFile, "the compiler failed (status " +
                                        std::to_string(done.ReturnCode) + ")");
  }
  llvm::sys::fs::remove(build.moduleFile);
  llvm::sys::fs::remove(build.errorFile);
}

void Measurer::run(StringRef library, StringRef inject, bool reference,
                   MeasureResult &result, ArrayRef<int> pause) {
  SmallVector<std::string> args = {options.runnerPath,
                                   "--lib",
                                   library.str(),
                                   "--func",
                                   signature.funcName,
                                   "--inputs",
                                   signature.inputs,
                                   "--outputs",
                                   signature.outputs,
                                   "--seed",
                                   std::to_string(options.inputSeed),
                                   "--number",
                                   std::to_string(options.number),
                                   "--repeat",
                                   std::to_string(options.repeat),
                                   "--min-repeat-ms",
                                   std::to_string(options.minRepeatMs),
                                   "--rtol",
                                   llvm::formatv("{0:e}", options.rtol).str(),
                                   "--atol",
                                   llvm::formatv("{0:e}", options.atol).str(),
                                   "--max-memory-mb",
                                   std::to_string(options.maxMemoryMb),
                                   reference ? "--write-ref" : "--check-ref",
                                   referencePath};
  // A func whose inputs are all scalars (fixed in the module) has no input
  // buffer: an empty argument would end a serving runner's request early.
  if (signature.inputs.empty()) {
    auto inputs = llvm::find(args, "--inputs");
    args.erase(inputs, inputs + 2);
  }
  if (signature.positiveInputs)
    args.push_back("--positive-inputs");
  if (signature.indexBound > 0) {
    args.push_back("--index-inputs");
    args.push_back(std::to_string(signature.indexBound));
  }
  if (options.cacheFlush && !target.isGPU())
    args.push_back("--flush-cache");
  // The reference is the host's untuned lowering; GPU candidates are
  // checked against it.
  if (!reference && target.isGPU()) {
    args.push_back("--device");
    args.push_back("cuda");
  }
  if (!pause.empty()) {
    args.push_back("--pause-pids");
    args.push_back(llvm::join(
        llvm::map_range(pause, [](int pid) { return std::to_string(pid); }),
        ","));
  }
  if (!reference && options.cutSeconds > 0) {
    args.push_back("--max-seconds");
    args.push_back(llvm::formatv("{0:e}", options.cutSeconds).str());
    if (double firstCall = firstCallLimit(); firstCall < options.runTimeout) {
      args.push_back("--first-call-seconds");
      args.push_back(llvm::formatv("{0:e}", firstCall).str());
    }
  }
  if (!inject.empty() && inject != "compile") {
    args.push_back("--inject");
    args.push_back(inject.str());
  }
  unsigned timeout = reference ? options.referenceTimeout : options.runTimeout;
  std::string error;
  bool timedOut = false;
  int status = -1;
  std::optional<llvm::json::Object> object;
  auto start = std::chrono::steady_clock::now();
  if (!reference && target.isGPU()) {
    // Device candidates share one runner process and its CUDA context.
    if (!worker)
      worker = std::make_unique<RunnerWorker>(options.runnerPath,
                                              options.workDir + "/" +
                                                  filePrefix + "runner.err");
    RunnerWorker::Reply reply =
        worker->run(ArrayRef<std::string>(args).drop_front(), timeout);
    timedOut = reply.timedOut;
    error = reply.error;
    if (reply.report)
      object = parseRunnerReport(*reply.report);
  } else {
    runProcess(args, library, timeout, object, timedOut, status, error);
  }
  result.runSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  interpretReport(object, timedOut, status, error, timeout, result);
}

void Measurer::runProcess(ArrayRef<std::string> args, StringRef library,
                          unsigned timeout,
                          std::optional<llvm::json::Object> &object,
                          bool &timedOut, int &status, std::string &error) {
  std::string outFile = library.str() + ".out";
  std::string errFile = library.str() + ".rerr";
  SmallVector<StringRef> argRefs(args.begin(), args.end());
  // The kernel's OpenMP threads; everything else is inherited.
  std::vector<std::string> env;
  for (char **e = environ; *e; ++e)
    if (!StringRef(*e).starts_with("OMP_NUM_THREADS="))
      env.push_back(*e);
  env.push_back("OMP_NUM_THREADS=" + std::to_string(options.threads));
  SmallVector<StringRef> envRefs(env.begin(), env.end());
  std::optional<StringRef> redirects[] = {StringRef(""), StringRef(outFile),
                                          StringRef(errFile)};
  bool startFailed = false;
  llvm::sys::ProcessInfo process = llvm::sys::ExecuteNoWait(
      options.runnerPath, argRefs, envRefs, redirects, 0, &error, &startFailed);
  if (!startFailed) {
    llvm::sys::ProcessInfo done = waitFor(process, timeout, timedOut, &error);
    status = done.ReturnCode;
  }
  object = readRunnerReport(outFile);
  llvm::sys::fs::remove(errFile);
}

void Measurer::interpretReport(std::optional<llvm::json::Object> &object,
                               bool timedOut, int status,
                               const std::string &error, unsigned timeout,
                               MeasureResult &result) {
  if (timedOut) {
    result.error = MeasureError::Timeout;
    result.message = "run timed out after " + std::to_string(timeout) + " s";
    return;
  }
  if (!object) {
    result.error = MeasureError::Runtime;
    result.message =
        "the runner died (" +
        (error.empty() ? "status " + std::to_string(status) : error) + ")";
    return;
  }
  if (!object->getBoolean("ok").value_or(false)) {
    StringRef kind = object->getString("error").value_or("runtime");
    result.error = llvm::StringSwitch<MeasureError>(kind)
                       .Case("wrong_result", MeasureError::WrongResult)
                       .Case("timeout", MeasureError::Timeout)
                       .Case("launch_failure", MeasureError::LaunchFailure)
                       .Case("illegal_address", MeasureError::IllegalAddress)
                       .Default(MeasureError::Runtime);
    result.message = object->getString("message").value_or("").str();
    if (kind == "timeout")
      result.message +=
          llvm::formatv(" ({0}x the cut of {1:e3} s, and at "
                        "least {2} s)",
                        int(kFirstCallCutFactor), options.cutSeconds,
                        int(kFirstCallFloorSeconds))
              .str();
    return;
  }
  if (const llvm::json::Array *costs = object->getArray("costs"))
    for (const llvm::json::Value &c : *costs)
      if (std::optional<double> d = c.getAsNumber())
        result.costs.push_back(*d);
  if (object->getBoolean("lower_bound").value_or(false) &&
      !result.costs.empty())
    result.message =
        llvm::formatv("stopped in its first warm call at {0:e3} s, far past "
                      "the cut ({1:e3} s): that time is its cost, a lower "
                      "bound",
                      result.costs.front(), options.cutSeconds)
            .str();
  else if (object->getBoolean("cut").value_or(false))
    result.message = llvm::formatv("timed by its warm-up only: slower than "
                                   "the cut ({0:e3} s)",
                                   options.cutSeconds)
                         .str();
  if (result.costs.empty()) {
    result.error = MeasureError::Runtime;
    result.message = "the runner reported no time";
  }
}

MeasureResult Measurer::measureReference(StringRef moduleText) {
  MeasureResult result;
  Build build;
  startBuild(build, moduleText, "", options.buildTimeout * 4,
             target.isGPU() ? Target::host() : target);
  finishBuild(build, result, /*exited=*/false);
  if (result.error == MeasureError::None)
    run(build.library, "", /*reference=*/true, result);
  llvm::sys::fs::remove(build.library);
  return result;
}

std::vector<MeasureResult> Measurer::measure(ArrayRef<MeasureInput> batch) {
  using Clock = std::chrono::steady_clock;
  auto since = [](Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
  };
  std::vector<MeasureResult> results(batch.size());
  std::vector<Build> builds(batch.size());
  std::vector<bool> built(batch.size(), false);
  unsigned jobs = std::max(1u, options.buildJobs);
  // A pool: a new build starts as soon as any running one ends.
  SmallVector<size_t> running;
  size_t next = 0;
  auto pump = [&]() {
    while (running.size() < jobs && next < batch.size()) {
      startBuild(builds[next], batch[next].moduleText, batch[next].inject,
                 options.buildTimeout, target);
      running.push_back(next++);
    }
    bool reaped = false;
    for (size_t k = 0; k < running.size(); ++k) {
      Build &build = builds[running[k]];
      bool exited = false;
      if (build.started)
        if (std::optional<llvm::sys::ProcessInfo> status =
                pollExit(build.process)) {
          build.process = *status;
          exited = true;
        }
      if (!build.started || exited || since(build.start) >= build.timeout) {
        // finishBuild collects the status (or kills a build past its time).
        finishBuild(build, results[running[k]], exited);
        built[running[k]] = true;
        running.erase(running.begin() + k--);
        reaped = true;
      }
    }
    return reaped;
  };
  for (size_t i = 0; i < batch.size(); ++i) {
    auto waitStart = Clock::now();
    while (!built[i])
      if (!pump())
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    // The next builds start now and share the machine with the untimed part
    // of this run (loading, the first call, verification); the runner stops
    // them while it times warm calls.
    pump();
    phases.build += since(waitStart);
    if (results[i].error == MeasureError::None) {
      // A GPU kernel shares no core with the builds as long as they leave
      // the runner one: builds then go on while it runs (as in TVM).
      SmallVector<int> pause;
      bool sharesCores =
          !target.isGPU() || jobs >= std::thread::hardware_concurrency();
      for (size_t k : running)
        if (builds[k].started && sharesCores)
          pause.push_back(builds[k].process.Pid);
      auto runStart = Clock::now();
      run(builds[i].library, batch[i].inject, /*reference=*/false, results[i],
          pause);
      double ran = since(runStart);
      phases.run += ran;
      // Whatever the runner did, paused builds go on, and their time limits
      // do not count the run.
      for (size_t k : running) {
        if (!builds[k].started || pause.empty())
          continue;
        ::kill(builds[k].process.Pid, SIGCONT);
        builds[k].start += std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double>(ran));
      }
    }
    llvm::sys::fs::remove(builds[i].library);
  }
  return results;
}
