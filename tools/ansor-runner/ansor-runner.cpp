//===- ansor-runner.cpp - runs one compiled candidate ---------------------===//
//
// Loads a shared library produced by `ansor-compile`, calls its C interface
// (`_mlir_ciface_<func>`, one memref descriptor per input then per output)
// on deterministic random inputs, checks the outputs against a reference
// file (or writes that file), and times warm calls as TVM does: `number`
// calls per repeat (raised until a repeat lasts `min-repeat-ms`), `repeat`
// repeats. The first call (OpenMP thread pool start-up, first-touch page
// faults) is never timed and decides nothing. Prints one JSON line. Runs in its
// own process so that a crashing or hanging candidate only ends this process.
//
// With `--device cuda` the library is a GPU program (host code calling
// libAnsorCUDARuntime): the arguments live in device memory, the outputs are
// copied back to be checked, and repeats are timed with CUDA events around
// back-to-back calls. `--serve` runs such GPU candidates one after another
// in one process (see serve()).
//
//===----------------------------------------------------------------------===//

#include "ansor/Runtime/CUDARuntime.h"
#include "ansor/Runtime/FloatFormats.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <iostream>
#include <malloc.h>
#include <new>
#include <string>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace mlir::ansor;

namespace {

/// I1 is one byte per element holding 0 or 1, as MLIR's C interface passes
/// i1 buffers.
enum class ElementType { F32, F64, F16, BF16, I1, I8, I16, I32, I64 };

struct Buffer {
  ElementType type;
  std::vector<int64_t> shape;
  std::vector<char> storage;
  std::vector<int64_t> descriptor;

  size_t elementSize() const {
    switch (type) {
    case ElementType::F64:
    case ElementType::I64:
      return 8;
    case ElementType::F16:
    case ElementType::BF16:
    case ElementType::I16:
      return 2;
    case ElementType::I1:
    case ElementType::I8:
      return 1;
    default:
      return 4;
    }
  }
  bool isInteger() const {
    return type == ElementType::I1 || type == ElementType::I8 ||
           type == ElementType::I16 || type == ElementType::I32 ||
           type == ElementType::I64;
  }
  /// The unit roundoff of a float type (0 for integers).
  double epsilon() const {
    switch (type) {
    case ElementType::F32:
      return 0x1p-24;
    case ElementType::F64:
      return 0x1p-53;
    case ElementType::F16:
      return 0x1p-11;
    case ElementType::BF16:
      return 0x1p-8;
    default:
      return 0;
    }
  }
  int64_t numElements() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }
  /// Allocates 64-byte aligned storage and the memref descriptor
  /// {allocated, aligned, offset, sizes[rank], strides[rank]}.
  void allocate() {
    storage.assign(bytes() + 64, 0);
    char *base = storage.data();
    char *aligned = base + (64 - reinterpret_cast<uintptr_t>(base) % 64) % 64;
    offsetBytes = aligned - base;
    descriptor.assign(3 + 2 * shape.size(), 0);
    descriptor[0] = reinterpret_cast<int64_t>(aligned);
    descriptor[1] = reinterpret_cast<int64_t>(aligned);
    int64_t stride = 1;
    for (int i = int(shape.size()) - 1; i >= 0; --i) {
      descriptor[3 + i] = shape[i];
      descriptor[3 + shape.size() + i] = stride;
      stride *= shape[i];
    }
  }
  /// Points the descriptor at device memory holding the same elements.
  void moveToDevice(void *device) {
    deviceData = device;
    descriptor[0] = descriptor[1] = reinterpret_cast<int64_t>(device);
  }
  size_t bytes() const { return numElements() * elementSize(); }
  char *data() { return storage.data() + offsetBytes; }
  const char *data() const { return storage.data() + offsetBytes; }
  double getAt(int64_t i) const {
    const char *p = data() + i * elementSize();
    switch (type) {
    case ElementType::F32:
      return *reinterpret_cast<const float *>(p);
    case ElementType::F64:
      return *reinterpret_cast<const double *>(p);
    case ElementType::I32:
      return *reinterpret_cast<const int32_t *>(p);
    case ElementType::I64:
      return double(*reinterpret_cast<const int64_t *>(p));
    case ElementType::F16:
      return halfToFloat(*reinterpret_cast<const uint16_t *>(p));
    case ElementType::BF16:
      return bfloatToFloat(*reinterpret_cast<const uint16_t *>(p));
    case ElementType::I1:
      // The whole byte: a kernel that leaves other bits set is wrong.
      return *reinterpret_cast<const uint8_t *>(p);
    case ElementType::I8:
      return *reinterpret_cast<const int8_t *>(p);
    case ElementType::I16:
      return *reinterpret_cast<const int16_t *>(p);
    }
    return 0;
  }
  void setAt(int64_t i, double v) {
    char *p = data() + i * elementSize();
    switch (type) {
    case ElementType::F32:
      *reinterpret_cast<float *>(p) = float(v);
      break;
    case ElementType::F64:
      *reinterpret_cast<double *>(p) = v;
      break;
    case ElementType::I32:
      *reinterpret_cast<int32_t *>(p) = int32_t(v);
      break;
    case ElementType::I64:
      *reinterpret_cast<int64_t *>(p) = int64_t(v);
      break;
    case ElementType::F16:
      *reinterpret_cast<uint16_t *>(p) = floatToHalf(float(v));
      break;
    case ElementType::BF16:
      *reinterpret_cast<uint16_t *>(p) = floatToBfloat(float(v));
      break;
    case ElementType::I1:
      *reinterpret_cast<uint8_t *>(p) = v != 0;
      break;
    case ElementType::I8:
      *reinterpret_cast<int8_t *>(p) = int8_t(v);
      break;
    case ElementType::I16:
      *reinterpret_cast<int16_t *>(p) = int16_t(v);
      break;
    }
  }
  size_t offsetBytes = 0;
  void *deviceData = nullptr;
};

[[noreturn]] void fail(const std::string &kind, const std::string &message) {
  std::string escaped;
  for (char c : message)
    escaped += (c == '"' || c == '\\') ? std::string("\\") + c
               : c == '\n'             ? std::string("\\n")
                                       : std::string(1, c);
  std::printf("{\"ok\": false, \"error\": \"%s\", \"message\": \"%s\"}\n",
              kind.c_str(), escaped.c_str());
  std::fflush(stdout);
  std::exit(kind == "usage" ? 2 : 1);
}

/// Parses "f32:4x8,f64:16" (an empty rank is written "f32:").
std::vector<Buffer> parseBuffers(const std::string &spec) {
  std::vector<Buffer> buffers;
  size_t pos = 0;
  while (pos < spec.size()) {
    size_t end = spec.find(',', pos);
    std::string item = spec.substr(
        pos, end == std::string::npos ? std::string::npos : end - pos);
    pos = end == std::string::npos ? spec.size() : end + 1;
    size_t colon = item.find(':');
    if (colon == std::string::npos)
      fail("usage", "malformed buffer spec '" + item + "'");
    Buffer b;
    std::string type = item.substr(0, colon);
    if (type == "f32")
      b.type = ElementType::F32;
    else if (type == "f64")
      b.type = ElementType::F64;
    else if (type == "i32")
      b.type = ElementType::I32;
    else if (type == "i64")
      b.type = ElementType::I64;
    else if (type == "f16")
      b.type = ElementType::F16;
    else if (type == "bf16")
      b.type = ElementType::BF16;
    else if (type == "i1")
      b.type = ElementType::I1;
    else if (type == "i8")
      b.type = ElementType::I8;
    else if (type == "i16")
      b.type = ElementType::I16;
    else
      fail("usage", "unsupported element type '" + type + "'");
    std::string dims = item.substr(colon + 1);
    size_t p = 0;
    while (p < dims.size()) {
      size_t x = dims.find('x', p);
      std::string d =
          dims.substr(p, x == std::string::npos ? std::string::npos : x - p);
      char *endp = nullptr;
      long long v = std::strtoll(d.c_str(), &endp, 10);
      if (d.empty() || *endp || v <= 0)
        fail("usage", "malformed dimension '" + d + "' in '" + item + "'");
      b.shape.push_back(v);
      p = x == std::string::npos ? dims.size() : x + 1;
    }
    buffers.push_back(std::move(b));
  }
  return buffers;
}

/// Deterministic inputs in [-1, 1], or [0.5, 1.5] when `positive` (for
/// kernels that take logs, roots or quotients of their inputs); small
/// integers for integer types (in [1, 7] when `positive`: no divisor is
/// zero), in [0, indexBound) when it is set (for
/// kernels that index tensors with their integer inputs); 0 or 1 for i1,
/// half of each.
void fillRandom(Buffer &b, uint64_t seed, bool positive, int64_t indexBound) {
  uint64_t state = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  for (int64_t i = 0, e = b.numElements(); i < e; ++i) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    double unit = double(state >> 11) / double(1ULL << 53);
    bool isInt = b.isInteger();
    double real = positive ? unit + 0.5 : 2 * unit - 1;
    double integer = indexBound > 0
                         ? std::floor(unit * std::min<int64_t>(indexBound, 7))
                         : std::floor(unit * 7) - (positive ? -1 : 3);
    // Booleans: half of each, whatever `positive` asks of the other inputs,
    // so that both sides of a select on a mask are verified.
    if (b.type == ElementType::I1)
      integer = unit < 0.5;
    b.setAt(i, isInt ? integer : real);
  }
}

/// A kernel's C interface and, when the library has it, its packed one.
struct Kernel {
  void *ciface = nullptr;
  void *packed = nullptr;
};

/// Test hook (`--inject slow-start`): calls before this time each take a
/// millisecond more, as a disturbed machine's first warm calls do.
bool slowStart = false;
std::chrono::steady_clock::time_point slowUntil;

/// Calls the kernel: through its packed interface (an array of descriptor
/// pointers) when it has one, else its C interface directly.
void call(const Kernel &kernel, std::vector<Buffer> &args) {
  if (slowStart && std::chrono::steady_clock::now() < slowUntil)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  std::vector<void *> p;
  for (Buffer &b : args)
    p.push_back(b.descriptor.data());
  if (kernel.packed) {
    reinterpret_cast<void (*)(void **)>(kernel.packed)(p.data());
    return;
  }
  void *fn = kernel.ciface;
  switch (p.size()) {
  case 1:
    reinterpret_cast<void (*)(void *)>(fn)(p[0]);
    return;
  case 2:
    reinterpret_cast<void (*)(void *, void *)>(fn)(p[0], p[1]);
    return;
  case 3:
    reinterpret_cast<void (*)(void *, void *, void *)>(fn)(p[0], p[1], p[2]);
    return;
  case 4:
    reinterpret_cast<void (*)(void *, void *, void *, void *)>(fn)(p[0], p[1],
                                                                   p[2], p[3]);
    return;
  case 5:
    reinterpret_cast<void (*)(void *, void *, void *, void *, void *)>(fn)(
        p[0], p[1], p[2], p[3], p[4]);
    return;
  case 6:
    reinterpret_cast<void (*)(void *, void *, void *, void *, void *, void *)>(
        fn)(p[0], p[1], p[2], p[3], p[4], p[5]);
    return;
  case 7:
    reinterpret_cast<void (*)(void *, void *, void *, void *, void *, void *,
                              void *)>(fn)(p[0], p[1], p[2], p[3], p[4], p[5],
                                           p[6]);
    return;
  case 8:
    reinterpret_cast<void (*)(void *, void *, void *, void *, void *, void *,
                              void *, void *)>(fn)(p[0], p[1], p[2], p[3], p[4],
                                                   p[5], p[6], p[7]);
    return;
  default:
    fail("usage", "kernels with " + std::to_string(p.size()) +
                      " arguments are not supported (at most 8)");
  }
}

/// A call that runs past its limit has already answered what it was timed
/// for: SIGALRM prints the report prepared before the call and ends the
/// process. The handler only does async-signal-safe things.
char watchdogReport[1024];
size_t watchdogLength = 0;
int watchdogStatus = 0;

extern "C" void onWatchdog(int) {
  ssize_t written = ::write(STDOUT_FILENO, watchdogReport, watchdogLength);
  (void)written;
  ::_exit(watchdogStatus);
}

/// Exits with `status` after printing `report` if the process still runs
/// `seconds` from now.
void armWatchdog(double seconds, const std::string &report, int status) {
  watchdogStatus = status;
  watchdogLength = std::min(report.size(), sizeof(watchdogReport));
  std::memcpy(watchdogReport, report.data(), watchdogLength);
  std::fflush(stdout);
  struct sigaction action = {};
  action.sa_handler = onWatchdog;
  sigaction(SIGALRM, &action, nullptr);
  struct itimerval timer = {};
  timer.it_value.tv_sec = time_t(seconds);
  timer.it_value.tv_usec =
      std::max<suseconds_t>(1, suseconds_t((seconds - time_t(seconds)) * 1e6));
  setitimer(ITIMER_REAL, &timer, nullptr);
}

void disarmWatchdog() {
  struct itimerval timer = {};
  setitimer(ITIMER_REAL, &timer, nullptr);
}

double seconds(std::chrono::steady_clock::time_point a,
               std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

/// Whether the kernel is a GPU program (`--device cuda`).
bool onDevice = false;

/// Whether this process runs candidates one after another (`--serve`).
bool serving = false;

/// Ends the run with the first CUDA error, as the kind the measurer records.
[[noreturn]] void failCuda(const std::string &when) {
  char message[512] = {};
  int code = ansorCudaLastError(message, sizeof(message));
  // A launch the driver refuses (too many threads, too much shared memory)
  // is CUDA_ERROR_INVALID_VALUE: where it happened says what it is.
  bool inLaunch = std::strstr(message, " in cuLaunchKernel") ||
                  std::strstr(message, " in cuFuncSetAttribute");
  bool badAddress = code == ANSOR_CUDA_ERROR_ILLEGAL_ADDRESS ||
                    code == ANSOR_CUDA_ERROR_MISALIGNED_ADDRESS;
  bool badLaunch = inLaunch || code == ANSOR_CUDA_ERROR_LAUNCH_FAILED ||
                   code == ANSOR_CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES ||
                   code == ANSOR_CUDA_ERROR_LAUNCH_TIMEOUT;
  fail(badAddress  ? "illegal_address"
       : badLaunch ? "launch_failure"
                   : "runtime",
       when + ": " + message);
}

/// With `--flush-cache`, every input but the first (a network layer's
/// weights, not the activation its producer just wrote) leaves the CPU's
/// caches before each timed call, as TVM's cache_flush_cpu_non_first_arg:
/// inside a network a layer's weights come from memory, not from the cache a
/// task timed alone keeps them in.
bool flushCache = false;
size_t numInputArgs = 0;

void flushInputs(std::vector<Buffer> &args) {
  for (size_t i = 1; i < numInputArgs && i < args.size(); ++i) {
    const char *data = args[i].data();
    for (size_t offset = 0, e = args[i].bytes(); offset < e; offset += 64)
      __builtin_ia32_clflush(data + offset);
  }
  __builtin_ia32_mfence();
}

/// Seconds per call over one repeat of `number` calls. On the GPU, the calls
/// queue back to back between two events: the host code's synchronizations
/// are deferred, as TVM's time evaluator launches without waiting.
double timeRepeat(const Kernel &fn, std::vector<Buffer> &args, int number) {
  if (onDevice) {
    ansorCudaDeferSync(1);
    if (ansorCudaTimerStart() != 0)
      failCuda("timing");
    for (int n = 0; n < number; ++n)
      call(fn, args);
    double elapsed = ansorCudaTimerStop();
    ansorCudaDeferSync(0);
    if (elapsed < 0)
      failCuda("timed calls");
    return elapsed / number;
  }
  if (flushCache) {
    double total = 0;
    for (int n = 0; n < number; ++n) {
      flushInputs(args);
      auto start = std::chrono::steady_clock::now();
      call(fn, args);
      total += seconds(start, std::chrono::steady_clock::now());
    }
    return total / number;
  }
  auto start = std::chrono::steady_clock::now();
  for (int n = 0; n < number; ++n)
    call(fn, args);
  return seconds(start, std::chrono::steady_clock::now()) / number;
}

double timedCall(const Kernel &fn, std::vector<Buffer> &args) {
  return timeRepeat(fn, args, 1);
}

/// A first warm call that runs this long is slower than the cut beyond any
/// disturbance (threads waking, a build just stopped): twice the cut and
/// 10 ms more.
double watchdogSeconds(double cutSeconds) { return 2 * cutSeconds + 0.01; }

/// Warm calls after the first: at least one, more while they last less than
/// a tenth of a repeat in all (at least 5 ms). Returns their times. With
/// `cutReport`, the first warm call ends the process with that report once
/// it runs past watchdogSeconds(cutSeconds).
std::vector<double> warmUp(const Kernel &fn, std::vector<Buffer> &args,
                           int minRepeatMs, double cutSeconds,
                           const std::string &cutReport) {
  double budget = std::max(5.0, minRepeatMs / 10.0) / 1000.0, total = 0;
  std::vector<double> times;
  if (cutSeconds > 0 && !cutReport.empty()) {
    armWatchdog(watchdogSeconds(cutSeconds), cutReport, /*status=*/0);
    times.push_back(timedCall(fn, args));
    disarmWatchdog();
    total += times.back();
  }
  while (times.empty() || (total < budget && times.size() < 10000)) {
    times.push_back(timedCall(fn, args));
    total += times.back();
  }
  return times;
}

struct Timing {
  int number = 1;
  std::vector<double> costs;
  bool cut = false;
};

/// How long a cut waits before its warm calls are made again, twice at
/// most (the second time if they were still slower than the cut). On the
/// VM of `confirmCut` below this rescued most wrong cuts, not all: 3 of 128
/// pooling programs stayed cut at 57-61 us (without it, 3 to 8 of 32).
constexpr std::chrono::milliseconds kCutConfirmDelays[] = {
    std::chrono::milliseconds(50), std::chrono::milliseconds(150)};
/// Cuts are confirmed below this, for kernels at most this much slower.
constexpr std::chrono::duration<double> kCutConfirmMaxCut(0.01),
    kCutConfirmMargin(0.001);

/// Times warm calls as TVM's time evaluator does: `number` calls per repeat,
/// raised within the first repeat until a repeat lasts `min-repeat-ms`;
/// `repeat` repeats, fewer once they add up to `maxTimingSeconds` (a kernel
/// that slow needs no more to be timed well). A warm call that lasts a
/// repeat on its own is a repeat already. With `cutSeconds`, a kernel whose
/// fastest warm call is slower stops there, that call its cost (or ends the
/// process with `cutReport` if the first warm call runs far past the cut).
/// With `confirmCut`, a cut stands only if warm calls made again after a
/// pause are as slow.
Timing measureTime(const Kernel &fn, std::vector<Buffer> &args, int number,
                   int repeat, int minRepeatMs, double cutSeconds,
                   double maxTimingSeconds, const std::string &cutReport,
                   bool confirmCut) {
  Timing timing;
  std::vector<double> warm =
      warmUp(fn, args, minRepeatMs, cutSeconds, cutReport);
  double fastest = *std::min_element(warm.begin(), warm.end());
  // Only small kernels just past the cut: the disturbance adds tens of
  // microseconds a call, and a slow kernel's confirmation would cost calls
  // as long as the cut.
  bool confirm = confirmCut && cutSeconds > 0 &&
                 cutSeconds < kCutConfirmMaxCut.count() &&
                 fastest < cutSeconds + kCutConfirmMargin.count();
  for (auto delay : kCutConfirmDelays) {
    if (!confirm || fastest <= cutSeconds)
      break;
    std::this_thread::sleep_for(delay);
    std::vector<double> again = warmUp(fn, args, minRepeatMs, 0, "");
    double fastestAgain = *std::min_element(again.begin(), again.end());
    if (fastestAgain < fastest) {
      warm = std::move(again);
      fastest = fastestAgain;
    }
  }
  if (cutSeconds > 0 && fastest > cutSeconds) {
    timing.costs = {fastest};
    timing.cut = true;
    return timing;
  }
  double target = minRepeatMs / 1000.0, total = 0;
  if (number <= 0 && fastest >= target) {
    for (double t : warm) {
      timing.costs.push_back(t);
      total += t;
    }
    number = 1;
  }
  if (number <= 0) {
    number = std::max(1, int(std::ceil(target / std::max(fastest, 1e-8))));
    for (int round = 0; round < 16; ++round) {
      double perCall = timeRepeat(fn, args, number);
      if (perCall * number >= target) {
        timing.costs.push_back(perCall);
        total += perCall * number;
        break;
      }
      number = std::max(int(std::ceil(number * 1.618)),
                        int(std::ceil(target / std::max(perCall, 1e-8))) + 1);
    }
  }
  timing.number = number;
  while (int(timing.costs.size()) < repeat &&
         (timing.costs.empty() || total < maxTimingSeconds)) {
    timing.costs.push_back(timeRepeat(fn, args, number));
    total += timing.costs.back() * number;
  }
  return timing;
}

void writeReference(const std::string &path, const std::vector<Buffer> &args,
                    size_t numInputs) {
  std::ofstream out(path, std::ios::binary);
  for (size_t i = numInputs; i < args.size(); ++i)
    out.write(args[i].data(), args[i].bytes());
  if (!out)
    fail("runtime", "cannot write reference output " + path);
}

/// Whether `got` matches `want`: within tolerance, or the same NaN/Inf
/// (a kernel that yields NaN where its reference does is not wrong).
bool matches(double got, double want, double tolerance) {
  if (std::isnan(want) || std::isnan(got))
    return std::isnan(want) && std::isnan(got);
  if (std::isinf(want) || std::isinf(got))
    return got == want;
  return std::fabs(got - want) <= tolerance;
}

/// Compares the outputs with the reference file; fails on the first
/// mismatch. Returns the largest finite absolute error.
double checkReference(const std::string &path, std::vector<Buffer> &args,
                      size_t numInputs, double rtol, double atol) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    fail("runtime", "cannot read reference output " + path);
  double maxAbs = 0;
  for (size_t i = numInputs; i < args.size(); ++i) {
    Buffer ref = args[i];
    ref.allocate();
    in.read(ref.data(), ref.bytes());
    if (!in)
      fail("runtime", "reference output " + path + " is too short");
    // The absolute tolerance scales with this output's finite magnitude.
    double maxRef = 0;
    for (int64_t k = 0, e = ref.numElements(); k < e; ++k)
      if (std::isfinite(ref.getAt(k)))
        maxRef = std::max(maxRef, std::fabs(ref.getAt(k)));
    // Outputs of 16-bit floats differ by their own rounding, however the
    // kernel accumulates: a few units of their roundoff on top.
    double roundoff = 16 * ref.epsilon();
    double outAtol = std::max(atol, roundoff),
           outRtol = std::max(rtol, roundoff);
    for (int64_t k = 0, e = ref.numElements(); k < e; ++k) {
      double want = ref.getAt(k), got = args[i].getAt(k);
      if (!matches(got, want,
                   outAtol * std::max(1.0, maxRef) + outRtol * std::fabs(want)))
        fail("wrong_result", "output " + std::to_string(i - numInputs) +
                                 " element " + std::to_string(k) + " is " +
                                 std::to_string(got) + ", expected " +
                                 std::to_string(want));
      if (std::isfinite(want))
        maxAbs = std::max(maxAbs, std::fabs(got - want));
    }
  }
  return maxAbs;
}

/// Runs the candidate a command line describes and prints its report;
/// returns the exit status. Any failure ends the process (see fail()).
int runCandidate(int argc, char **argv) {
  std::string lib, func, inputs, outputs, writeRef, checkRef, inject;
  uint64_t seed = 1;
  int number = 0, repeat = 3, minRepeatMs = 100;
  double rtol = 1e-3, atol = 1e-4, maxSeconds = 0, maxTimingSeconds = 1,
         firstCallSeconds = 0;
  bool positive = false, probe = false;
  long long indexBound = 0;
  std::vector<pid_t> pause;
  long long maxMemoryMb = 0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc)
        fail("usage", "missing value after " + a);
      return argv[++i];
    };
    if (a == "--lib")
      lib = value();
    else if (a == "--func")
      func = value();
    else if (a == "--inputs")
      inputs = value();
    else if (a == "--outputs")
      outputs = value();
    else if (a == "--write-ref")
      writeRef = value();
    else if (a == "--check-ref")
      checkRef = value();
    else if (a == "--seed")
      seed = std::strtoull(value().c_str(), nullptr, 10);
    else if (a == "--number")
      number = std::atoi(value().c_str());
    else if (a == "--repeat")
      repeat = std::max(1, std::atoi(value().c_str()));
    else if (a == "--min-repeat-ms")
      minRepeatMs = std::atoi(value().c_str());
    else if (a == "--rtol")
      rtol = std::atof(value().c_str());
    else if (a == "--atol")
      atol = std::atof(value().c_str());
    else if (a == "--inject")
      inject = value();
    else if (a == "--max-seconds")
      maxSeconds = std::atof(value().c_str());
    else if (a == "--first-call-seconds")
      firstCallSeconds = std::atof(value().c_str());
    else if (a == "--max-timing-seconds")
      maxTimingSeconds = std::atof(value().c_str());
    else if (a == "--pause-pids") {
      std::string list = value();
      for (size_t p = 0; p < list.size();) {
        size_t comma = list.find(',', p);
        pause.push_back(pid_t(std::atol(list.substr(p, comma - p).c_str())));
        p = comma == std::string::npos ? list.size() : comma + 1;
      }
    } else if (a == "--positive-inputs")
      positive = true;
    else if (a == "--index-inputs")
      indexBound = std::atoll(value().c_str());
    else if (a == "--probe")
      probe = true;
    else if (a == "--flush-cache")
      flushCache = true;
    else if (a == "--max-memory-mb")
      maxMemoryMb = std::atoll(value().c_str());
    else if (a == "--device") {
      std::string device = value();
      if (device != "cpu" && device != "cuda")
        fail("usage", "unknown device '" + device + "' (cpu or cuda)");
      onDevice = device == "cuda";
    } else
      fail("usage", "unknown option " + a);
  }
  if (flushCache && onDevice)
    fail("usage", "--flush-cache is for CPU kernels");
  // --probe: only whether the device can be used, and which it is.
  if (probe) {
    char message[512] = {};
    if (!onDevice)
      fail("usage", "--probe needs --device cuda");
    if (ansorCudaInit(0, message, sizeof(message)) != 0)
      fail("no_device", message);
    if (ansorCudaDeviceName(message, sizeof(message)) != 0)
      failCuda("querying the device");
    std::printf("{\"ok\": true, \"device\": \"%s\", "
                "\"compute_capability\": %d, \"driver_version\": %d}\n",
                message, ansorCudaComputeCapability(),
                ansorCudaDriverVersion());
    return 0;
  }
  if (lib.empty() || func.empty() || outputs.empty())
    fail("usage", "usage: ansor-runner --lib X.so --func NAME --inputs SPEC "
                  "--outputs SPEC [--write-ref F | --check-ref F] "
                  "[--device cpu|cuda]");
  if (onDevice) {
    char message[512] = {};
    if (ansorCudaInit(0, message, sizeof(message)) != 0)
      fail("no_device", message);
  }

  // Not with CUDA: the driver reserves tens of GiB of address space for
  // unified addressing, and the measurer has bounded the buffers already.
  if (maxMemoryMb > 0 && !onDevice) {
    // Address space, not resident memory: a kernel that asks for more fails
    // its allocation here instead of pushing the machine into swap. Code,
    // thread stacks and allocator arenas get 1 GiB on top.
    struct rlimit limit;
    limit.rlim_cur = limit.rlim_max = rlim_t(maxMemoryMb + 1024) << 20;
    setrlimit(RLIMIT_AS, &limit);
  }
  // Freed blocks stay in the heap, so that a kernel's temporary buffers are
  // not page-faulted in anew by every timed call.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);

  std::vector<Buffer> args = parseBuffers(inputs);
  size_t numInputs = args.size();
  numInputArgs = numInputs;
  for (Buffer &b : parseBuffers(outputs))
    args.push_back(std::move(b));
  try {
    for (size_t i = 0; i < args.size(); ++i) {
      args[i].allocate();
      if (i < numInputs)
        fillRandom(args[i], seed + i, positive, indexBound);
    }
  } catch (const std::bad_alloc &) {
    fail("runtime", "cannot allocate the arguments within the memory limit "
                    "of " +
                        std::to_string(maxMemoryMb) + " MiB");
  }
  // Outputs start zeroed on the device as on the host.
  for (Buffer &b : args) {
    if (!onDevice)
      break;
    void *device = ansorCudaAlloc(b.bytes());
    if (!device || ansorCudaCopyToDevice(device, b.data(), b.bytes()) != 0)
      failCuda("copying the arguments to the device");
    b.moveToDevice(device);
  }

  void *handle = dlopen(lib.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    fail("runtime", std::string("cannot load library: ") + dlerror());
  std::string symbol = "_mlir_ciface_" + func;
  Kernel fn;
  fn.ciface = dlsym(handle, symbol.c_str());
  if (!fn.ciface)
    fail("runtime", "library has no symbol " + symbol);
  fn.packed = dlsym(handle, ("_mlir_packed_" + func).c_str());

  // Test hooks: a candidate that crashes, hangs or computes a wrong value.
  if (inject == "crash")
    std::raise(SIGSEGV);
  if (inject == "hang")
    for (volatile bool forever = true; forever;)
      ;

  // The first call pays for the OpenMP thread pool and first-touch page
  // faults: it is checked, never timed. One that runs far past the cut
  // (`first-call-seconds`, seconds more than any start-up costs) ends the
  // run as a timeout.
  if (firstCallSeconds > 0) {
    char limit[32];
    std::snprintf(limit, sizeof(limit), "%.3g", firstCallSeconds);
    armWatchdog(firstCallSeconds,
                std::string("{\"ok\": false, \"error\": \"timeout\", "
                            "\"message\": \"its first call ran past ") +
                    limit + " s\"}\n",
                /*status=*/1);
  }
  call(fn, args);
  if (onDevice) {
    if (ansorCudaSynchronize() != 0)
      failCuda("the first call");
    for (size_t i = numInputs; i < args.size(); ++i)
      if (ansorCudaCopyToHost(args[i].data(), args[i].deviceData,
                              args[i].bytes()) != 0)
        failCuda("copying the outputs to the host");
  }
  disarmWatchdog();
  if (inject == "wrong") {
    // An i1 element is flipped: adding one could not change a true one.
    Buffer &out = args.back();
    out.setAt(0, out.type == ElementType::I1 ? out.getAt(0) == 0
                                             : out.getAt(0) + 1.0);
  }

  double maxAbs = 0;
  if (!writeRef.empty())
    writeReference(writeRef, args, numInputs);
  if (!checkRef.empty())
    maxAbs = checkReference(checkRef, args, numInputs, rtol, atol);

  // Warm calls decide everything: the cut, the calls per repeat. A
  // verified candidate slower than `max-seconds` (the untuned lowering or a
  // multiple of the best so far, timed the same way) cannot be the best.
  // Processes that shared the machine so far (the next candidates' builds)
  // are stopped while warm calls are timed.
  for (pid_t pid : pause)
    kill(pid, SIGSTOP);
  auto report = [&](const Timing &timing, bool bound) {
    std::string text =
        "{\"ok\": true, \"number\": " + std::to_string(timing.number) +
        ", \"costs\": [";
    char number[32];
    for (size_t i = 0; i < timing.costs.size(); ++i) {
      std::snprintf(number, sizeof(number), "%.9g", timing.costs[i]);
      text += (i ? ", " : "") + std::string(number);
    }
    std::snprintf(number, sizeof(number), "%.6g", maxAbs);
    text += "], \"max_abs_err\": " + std::string(number) +
            ", \"verified\": " + (checkRef.empty() ? "false" : "true") +
            ", \"cut\": " + (timing.cut ? "true" : "false") +
            ", \"lower_bound\": " + (bound ? "true" : "false") + "}\n";
    return text;
  };
  // The paused builds are resumed by the measurer, however the runner ends.
  Timing cutByWatchdog;
  cutByWatchdog.costs = {watchdogSeconds(maxSeconds)};
  cutByWatchdog.cut = true;
  if (inject == "slow-start") {
    slowStart = true;
    slowUntil =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(20);
  }
  // Right after the builds were stopped, every call of a two-thread kernel
  // on a 2-vCPU VM ran about 60 us longer for tens of milliseconds: one
  // pooling program in five, 3 us alone, was cut at 58 us. Its cut is
  // confirmed after a pause.
  Timing timing =
      measureTime(fn, args, number, repeat, minRepeatMs, maxSeconds,
                  maxTimingSeconds, report(cutByWatchdog, /*bound=*/true),
                  /*confirmCut=*/!pause.empty());
  for (pid_t pid : pause)
    kill(pid, SIGCONT);
  std::string text = report(timing, /*bound=*/false);
  // A serving process runs the next candidate: nothing of this one stays
  // (its module is unloaded by the library's destructor). Released before
  // the report, so that a failure of this candidate's is not the next's.
  if (serving) {
    for (Buffer &b : args)
      if (b.deviceData)
        ansorCudaFree(b.deviceData);
    ansorCudaReleaseCached();
    dlclose(handle);
    // It says it goes on unless the release failed (every other report, a
    // failure's or the watchdog's, is its last).
    char message[8];
    if (ansorCudaLastError(message, sizeof(message)) == 0)
      text.insert(text.size() - 2, ", \"serving\": true");
  }
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
  return 0;
}

/// `--serve`: runs candidates one after another, each request its command
/// line (one argument per line, an empty line ending it), each answer its
/// report line (`"serving": true` while it goes on). The CUDA context is
/// created once, not per candidate (0.4 s
/// on an H100). A failing candidate ends the process after its report, as
/// it would alone: a CUDA error can leave the context unusable.
int serve() {
  serving = true;
  std::vector<std::string> request;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty()) {
      request.push_back(line);
      continue;
    }
    if (request.empty())
      continue;
    std::vector<char *> argv = {const_cast<char *>("ansor-runner")};
    for (std::string &arg : request)
      argv.push_back(arg.data());
    argv.push_back(nullptr);
    // Only GPU candidates: a CPU one sets limits on the whole process.
    if (std::find(request.begin(), request.end(), "cuda") == request.end())
      fail("usage", "--serve runs GPU candidates (--device cuda) only");
    onDevice = flushCache = false;
    numInputArgs = 0;
    runCandidate(int(argv.size()) - 1, argv.data());
    request.clear();
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc == 2 && std::string(argv[1]) == "--serve")
    return serve();
  return runCandidate(argc, argv);
}
