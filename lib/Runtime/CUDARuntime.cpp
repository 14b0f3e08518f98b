//===- CUDARuntime.cpp - MLIR's GPU runtime ABI over a dlopen'ed driver ---===//
//
// No CUDA header is used: the few driver types and entry points are declared
// here, so the library builds on machines without the CUDA toolkit. Entry
// points are looked up by their versioned names (cuMemAlloc_v2, ...), which
// are the ones cuda.h maps the plain names to.
//
//===----------------------------------------------------------------------===//

#include "ansor/Runtime/CUDARuntime.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#define ANSOR_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;

constexpr CUresult kSuccess = 0;
constexpr int kStreamNonBlocking = 0x1;
constexpr int kMemAttachGlobal = 0x1;
constexpr int kAttributeComputeCapabilityMajor = 75;
constexpr int kAttributeComputeCapabilityMinor = 76;
constexpr int kFuncAttributeMaxDynamicSharedSizeBytes = 8;
constexpr int kJitErrorLogBuffer = 5;
constexpr int kJitErrorLogBufferSizeBytes = 6;
constexpr int kJitOptimizationLevel = 7;

/// The driver entry points the runtime uses.
struct Driver {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDriverGetVersion)(int *);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
  CUresult (*cuModuleLoadData)(CUmodule *, const void *);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *,
                                 void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuStreamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemAllocManaged)(CUdeviceptr *, size_t, unsigned);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemcpyHtoDAsync)(CUdeviceptr, const void *, size_t, CUstream);
  CUresult (*cuMemcpyDtoHAsync)(void *, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemsetD32Async)(CUdeviceptr, unsigned, size_t, CUstream);
  CUresult (*cuMemsetD16Async)(CUdeviceptr, unsigned short, size_t, CUstream);
};

/// The process's one device, context and stream.
struct Runtime {
  std::mutex mutex;
  bool initialized = false;
  int initStatus = -1;
  std::string initMessage;
  int deviceIndex = 0;
  Driver driver = {};
  CUdevice device = 0;
  CUcontext context = nullptr;
  CUstream stream = nullptr;
  CUevent timerStart = nullptr, timerStop = nullptr;
  bool deferSync = false;
  /// Freed blocks by (bytes, managed), reused before cuMemAlloc.
  std::map<std::pair<size_t, bool>, std::vector<CUdeviceptr>> freeBlocks;
  std::map<CUdeviceptr, std::pair<size_t, bool>> liveBlocks;
  CUresult firstError = kSuccess;
  std::string firstErrorMessage;
};

} // namespace

static Runtime &runtime() {
  static Runtime *instance = new Runtime;
  return *instance;
}

static std::string errorText(CUresult result) {
  Driver &d = runtime().driver;
  const char *name = nullptr, *text = nullptr;
  if (d.cuGetErrorName)
    d.cuGetErrorName(result, &name);
  if (d.cuGetErrorString)
    d.cuGetErrorString(result, &text);
  std::string out = name ? name : "CUDA error " + std::to_string(result);
  if (text)
    out += std::string(": ") + text;
  return out;
}

/// Keeps the first error; returns whether `result` is a success.
static bool check(CUresult result, const char *where) {
  if (result == kSuccess)
    return true;
  Runtime &rt = runtime();
  if (rt.firstError == kSuccess) {
    rt.firstError = result;
    std::string text = errorText(result);
    size_t colon = text.find(':');
    rt.firstErrorMessage =
        colon == std::string::npos
            ? text + " in " + where
            : text.substr(0, colon) + " in " + where + text.substr(colon);
  }
  return false;
}

static void copyOut(const std::string &text, char *out, size_t size) {
  if (!out || size == 0)
    return;
  std::snprintf(out, size, "%s", text.c_str());
}

template <typename Fn>
static bool lookup(void *library, Fn &slot, const char *name,
                   std::string &missing) {
  slot = reinterpret_cast<Fn>(dlsym(library, name));
  if (!slot && missing.empty())
    missing = name;
  return slot != nullptr;
}

/// Loads the driver and fills the entry points; an empty string on success.
static std::string loadDriver(Driver &d) {
  void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL);
  if (!library)
    return std::string("libcuda.so.1 cannot be loaded (") + dlerror() + ")";
  std::string missing;
  lookup(library, d.cuInit, "cuInit", missing);
  lookup(library, d.cuDriverGetVersion, "cuDriverGetVersion", missing);
  lookup(library, d.cuDeviceGetCount, "cuDeviceGetCount", missing);
  lookup(library, d.cuDeviceGet, "cuDeviceGet", missing);
  lookup(library, d.cuDeviceGetName, "cuDeviceGetName", missing);
  lookup(library, d.cuDeviceGetAttribute, "cuDeviceGetAttribute", missing);
  lookup(library, d.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain",
         missing);
  lookup(library, d.cuCtxSetCurrent, "cuCtxSetCurrent", missing);
  lookup(library, d.cuGetErrorName, "cuGetErrorName", missing);
  lookup(library, d.cuGetErrorString, "cuGetErrorString", missing);
  lookup(library, d.cuModuleLoadData, "cuModuleLoadData", missing);
  lookup(library, d.cuModuleLoadDataEx, "cuModuleLoadDataEx", missing);
  lookup(library, d.cuModuleUnload, "cuModuleUnload", missing);
  lookup(library, d.cuModuleGetFunction, "cuModuleGetFunction", missing);
  lookup(library, d.cuFuncSetAttribute, "cuFuncSetAttribute", missing);
  lookup(library, d.cuLaunchKernel, "cuLaunchKernel", missing);
  lookup(library, d.cuStreamCreate, "cuStreamCreate", missing);
  lookup(library, d.cuStreamSynchronize, "cuStreamSynchronize", missing);
  lookup(library, d.cuStreamWaitEvent, "cuStreamWaitEvent", missing);
  lookup(library, d.cuEventCreate, "cuEventCreate", missing);
  lookup(library, d.cuEventDestroy, "cuEventDestroy_v2", missing);
  lookup(library, d.cuEventRecord, "cuEventRecord", missing);
  lookup(library, d.cuEventSynchronize, "cuEventSynchronize", missing);
  // CUDA 12.8 renamed it (cuda.h maps the plain name to _v2); older
  // drivers have only the plain one.
  std::string noV2;
  if (!lookup(library, d.cuEventElapsedTime, "cuEventElapsedTime_v2", noV2))
    lookup(library, d.cuEventElapsedTime, "cuEventElapsedTime", missing);
  lookup(library, d.cuMemAlloc, "cuMemAlloc_v2", missing);
  lookup(library, d.cuMemAllocManaged, "cuMemAllocManaged", missing);
  lookup(library, d.cuMemFree, "cuMemFree_v2", missing);
  lookup(library, d.cuMemcpyAsync, "cuMemcpyAsync", missing);
  lookup(library, d.cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2", missing);
  lookup(library, d.cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2", missing);
  lookup(library, d.cuMemsetD32Async, "cuMemsetD32Async", missing);
  lookup(library, d.cuMemsetD16Async, "cuMemsetD16Async", missing);
  if (!missing.empty())
    return "libcuda.so.1 has no " + missing;
  return "";
}

/// Initializes on first use (a program's host code may run before the
/// runner asks, e.g. from a global constructor): device 0 unless
/// ANSOR_CUDA_DEVICE or mgpuSetDefaultDevice says otherwise.
static bool ensureInit() {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  if (rt.initialized)
    return rt.initStatus == 0;
  rt.initialized = true;
  if (const char *env = std::getenv("ANSOR_CUDA_DEVICE"))
    rt.deviceIndex = std::atoi(env);
  std::string failure = loadDriver(rt.driver);
  Driver &d = rt.driver;
  auto fail = [&](const std::string &why) {
    rt.initMessage = "no CUDA device: " + why;
    return false;
  };
  if (!failure.empty())
    return fail(failure);
  CUresult result = d.cuInit(0);
  if (result != kSuccess)
    return fail("cuInit failed with " + errorText(result));
  int count = 0;
  result = d.cuDeviceGetCount(&count);
  if (result != kSuccess)
    return fail("cuDeviceGetCount failed with " + errorText(result));
  if (rt.deviceIndex < 0 || rt.deviceIndex >= count)
    return fail("device " + std::to_string(rt.deviceIndex) + " requested, " +
                std::to_string(count) + " present");
  if ((result = d.cuDeviceGet(&rt.device, rt.deviceIndex)) != kSuccess ||
      (result = d.cuDevicePrimaryCtxRetain(&rt.context, rt.device)) !=
          kSuccess ||
      (result = d.cuCtxSetCurrent(rt.context)) != kSuccess ||
      (result = d.cuStreamCreate(&rt.stream, kStreamNonBlocking)) != kSuccess ||
      (result = d.cuEventCreate(&rt.timerStart, 0)) != kSuccess ||
      (result = d.cuEventCreate(&rt.timerStop, 0)) != kSuccess)
    return fail("device " + std::to_string(rt.deviceIndex) +
                " cannot be used: " + errorText(result));
  rt.initStatus = 0;
  return true;
}

/// The driver, with the context current on the calling thread (a program's
/// host code may run on any thread).
static Driver *driver() {
  if (!ensureInit())
    return nullptr;
  Runtime &rt = runtime();
  rt.driver.cuCtxSetCurrent(rt.context);
  return &rt.driver;
}

static void *allocate(size_t bytes, bool managed) {
  Driver *d = driver();
  if (!d)
    return nullptr;
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  std::vector<CUdeviceptr> &cached = rt.freeBlocks[{bytes, managed}];
  CUdeviceptr pointer = 0;
  if (!cached.empty()) {
    pointer = cached.back();
    cached.pop_back();
  } else {
    // cuMemAlloc refuses 0 bytes; a zero-sized buffer still gets an address.
    size_t size = bytes ? bytes : 1;
    CUresult result =
        managed ? d->cuMemAllocManaged(&pointer, size, kMemAttachGlobal)
                : d->cuMemAlloc(&pointer, size);
    if (!check(result, managed ? "cuMemAllocManaged" : "cuMemAlloc"))
      return nullptr;
  }
  rt.liveBlocks[pointer] = {bytes, managed};
  return reinterpret_cast<void *>(pointer);
}

static void release(void *pointer) {
  if (!pointer)
    return;
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  auto it = rt.liveBlocks.find(reinterpret_cast<CUdeviceptr>(pointer));
  if (it == rt.liveBlocks.end())
    return;
  rt.freeBlocks[it->second].push_back(it->first);
  rt.liveBlocks.erase(it);
}

//===----------------------------------------------------------------------===//
// MLIR's GPU runtime ABI (what gpu-to-llvm and #gpu.select_object emit)
//===----------------------------------------------------------------------===//

ANSOR_EXPORT CUmodule mgpuModuleLoad(void *data, size_t /*size*/) {
  Driver *d = driver();
  CUmodule module = nullptr;
  if (d)
    check(d->cuModuleLoadData(&module, data), "cuModuleLoadData");
  return module;
}

// PTX text, NUL-terminated (#gpu.select_object passes no size for it).
ANSOR_EXPORT CUmodule mgpuModuleLoadJIT(void *data, int optLevel) {
  Driver *d = driver();
  CUmodule module = nullptr;
  if (!d)
    return module;
  // The JIT's own diagnostics say why PTX does not load.
  static char log[4096];
  log[0] = 0;
  int options[] = {kJitErrorLogBuffer, kJitErrorLogBufferSizeBytes,
                   kJitOptimizationLevel};
  void *values[] = {log, reinterpret_cast<void *>(uintptr_t(sizeof(log))),
                    reinterpret_cast<void *>(intptr_t(optLevel))};
  if (!check(d->cuModuleLoadDataEx(&module, data, 3, options, values),
             "cuModuleLoadDataEx") &&
      log[0])
    runtime().firstErrorMessage += std::string(" (JIT: ") + log + ")";
  return module;
}

ANSOR_EXPORT void mgpuModuleUnload(CUmodule module) {
  // Runs from a destructor at exit: nothing to do for a module that never
  // loaded, and no driver to start for it.
  if (!module)
    return;
  if (Driver *d = driver())
    check(d->cuModuleUnload(module), "cuModuleUnload");
}

ANSOR_EXPORT CUfunction mgpuModuleGetFunction(CUmodule module,
                                              const char *name) {
  Driver *d = driver();
  CUfunction function = nullptr;
  if (d && module)
    check(d->cuModuleGetFunction(&function, module, name),
          "cuModuleGetFunction");
  return function;
}

ANSOR_EXPORT void mgpuLaunchKernel(CUfunction function, intptr_t gridX,
                                   intptr_t gridY, intptr_t gridZ,
                                   intptr_t blockX, intptr_t blockY,
                                   intptr_t blockZ, int32_t smem,
                                   CUstream stream, void **params, void **extra,
                                   size_t /*paramsCount*/) {
  Driver *d = driver();
  // After a failed module load there is no function to launch; the load's
  // error is the one reported.
  if (!d || !function)
    return;
  if (smem > 48 * 1024 &&
      !check(d->cuFuncSetAttribute(
                 function, kFuncAttributeMaxDynamicSharedSizeBytes, smem),
             "cuFuncSetAttribute"))
    return;
  check(d->cuLaunchKernel(function, gridX, gridY, gridZ, blockX, blockY, blockZ,
                          smem, stream ? stream : runtime().stream, params,
                          extra),
        "cuLaunchKernel");
}

ANSOR_EXPORT CUstream mgpuStreamCreate() {
  return driver() ? runtime().stream : nullptr;
}

ANSOR_EXPORT void mgpuStreamDestroy(CUstream) {}

ANSOR_EXPORT void mgpuStreamSynchronize(CUstream stream) {
  Driver *d = driver();
  if (!d || runtime().deferSync)
    return;
  check(d->cuStreamSynchronize(stream ? stream : runtime().stream),
        "cuStreamSynchronize");
}

ANSOR_EXPORT void mgpuStreamWaitEvent(CUstream stream, CUevent event) {
  if (Driver *d = driver())
    check(d->cuStreamWaitEvent(stream, event, 0), "cuStreamWaitEvent");
}

ANSOR_EXPORT CUevent mgpuEventCreate() {
  Driver *d = driver();
  CUevent event = nullptr;
  // No timing on these: they only order work (CU_EVENT_DISABLE_TIMING).
  if (d)
    check(d->cuEventCreate(&event, 0x2), "cuEventCreate");
  return event;
}

ANSOR_EXPORT void mgpuEventDestroy(CUevent event) {
  if (Driver *d = driver(); d && event)
    check(d->cuEventDestroy(event), "cuEventDestroy");
}

ANSOR_EXPORT void mgpuEventSynchronize(CUevent event) {
  Driver *d = driver();
  if (d && event && !runtime().deferSync)
    check(d->cuEventSynchronize(event), "cuEventSynchronize");
}

ANSOR_EXPORT void mgpuEventRecord(CUevent event, CUstream stream) {
  if (Driver *d = driver(); d && event)
    check(d->cuEventRecord(event, stream), "cuEventRecord");
}

ANSOR_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes, CUstream /*stream*/,
                                bool isHostShared) {
  return allocate(sizeBytes, isHostShared);
}

ANSOR_EXPORT void mgpuMemFree(void *pointer, CUstream /*stream*/) {
  release(pointer);
}

ANSOR_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                             CUstream stream) {
  if (Driver *d = driver())
    check(d->cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst),
                           reinterpret_cast<CUdeviceptr>(src), sizeBytes,
                           stream ? stream : runtime().stream),
          "cuMemcpyAsync");
}

/// cuMemsetD32Async / cuMemsetD16Async on the program's stream.
template <typename Value>
static void memsetAsync(CUresult (*fn)(CUdeviceptr, Value, size_t, CUstream),
                        const char *name, void *dst, Value value, size_t count,
                        CUstream stream) {
  check(fn(reinterpret_cast<CUdeviceptr>(dst), value, count,
           stream ? stream : runtime().stream),
        name);
}

ANSOR_EXPORT void mgpuMemset32(void *dst, unsigned int value, size_t count,
                               CUstream stream) {
  if (Driver *d = driver())
    memsetAsync(d->cuMemsetD32Async, "cuMemsetD32Async", dst, value, count,
                stream);
}

ANSOR_EXPORT void mgpuMemset16(void *dst, unsigned short value, size_t count,
                               CUstream stream) {
  if (Driver *d = driver())
    memsetAsync(d->cuMemsetD16Async, "cuMemsetD16Async", dst, value, count,
                stream);
}

ANSOR_EXPORT void mgpuSetDefaultDevice(int32_t device) {
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  if (!rt.initialized)
    rt.deviceIndex = device;
}

//===----------------------------------------------------------------------===//
// The runner's side
//===----------------------------------------------------------------------===//

ANSOR_EXPORT int ansorCudaInit(int device, char *message, size_t size) {
  {
    Runtime &rt = runtime();
    std::lock_guard<std::mutex> lock(rt.mutex);
    if (!rt.initialized)
      rt.deviceIndex = device;
  }
  if (ensureInit())
    return 0;
  copyOut(runtime().initMessage, message, size);
  return -1;
}

ANSOR_EXPORT int ansorCudaDeviceName(char *name, size_t size) {
  Driver *d = driver();
  if (!d)
    return -1;
  char buffer[256] = {};
  if (!check(d->cuDeviceGetName(buffer, sizeof(buffer), runtime().device),
             "cuDeviceGetName"))
    return -1;
  copyOut(buffer, name, size);
  return 0;
}

ANSOR_EXPORT int ansorCudaComputeCapability(void) {
  Driver *d = driver();
  int major = 0, minor = 0;
  if (!d ||
      !check(d->cuDeviceGetAttribute(&major, kAttributeComputeCapabilityMajor,
                                     runtime().device),
             "cuDeviceGetAttribute") ||
      !check(d->cuDeviceGetAttribute(&minor, kAttributeComputeCapabilityMinor,
                                     runtime().device),
             "cuDeviceGetAttribute"))
    return -1;
  return 10 * major + minor;
}

ANSOR_EXPORT void *ansorCudaAlloc(size_t bytes) {
  return allocate(bytes, /*managed=*/false);
}

ANSOR_EXPORT void ansorCudaFree(void *pointer) { release(pointer); }

ANSOR_EXPORT void ansorCudaReleaseCached(void) {
  Driver *d = driver();
  Runtime &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  for (auto &[key, blocks] : rt.freeBlocks)
    for (CUdeviceptr pointer : blocks)
      if (d)
        d->cuMemFree(pointer);
  rt.freeBlocks.clear();
}

// On the shared stream, then waited for: a copy on the legacy stream would not
// be ordered before the non-blocking stream's kernels, and one from pageable
// memory may return before the data has arrived.
ANSOR_EXPORT int ansorCudaCopyToDevice(void *device, const void *host,
                                       size_t bytes) {
  Driver *d = driver();
  Runtime &rt = runtime();
  return d &&
                 check(
                     d->cuMemcpyHtoDAsync(reinterpret_cast<CUdeviceptr>(device),
                                          host, bytes, rt.stream),
                     "cuMemcpyHtoDAsync") &&
                 check(d->cuStreamSynchronize(rt.stream), "cuStreamSynchronize")
             ? 0
             : -1;
}

ANSOR_EXPORT int ansorCudaCopyToHost(void *host, const void *device,
                                     size_t bytes) {
  Driver *d = driver();
  Runtime &rt = runtime();
  return d &&
                 check(d->cuMemcpyDtoHAsync(
                           host, reinterpret_cast<CUdeviceptr>(device), bytes,
                           rt.stream),
                       "cuMemcpyDtoHAsync") &&
                 check(d->cuStreamSynchronize(rt.stream), "cuStreamSynchronize")
             ? 0
             : -1;
}

ANSOR_EXPORT int ansorCudaDriverVersion(void) {
  Driver *d = driver();
  int version = 0;
  return d && check(d->cuDriverGetVersion(&version), "cuDriverGetVersion")
             ? version
             : -1;
}

ANSOR_EXPORT void ansorCudaDeferSync(int defer) {
  runtime().deferSync = defer != 0;
}

ANSOR_EXPORT int ansorCudaSynchronize(void) {
  Driver *d = driver();
  if (!d)
    return -1;
  check(d->cuStreamSynchronize(runtime().stream), "cuStreamSynchronize");
  return runtime().firstError == kSuccess ? 0 : -1;
}

ANSOR_EXPORT int ansorCudaTimerStart(void) {
  Driver *d = driver();
  return d && check(d->cuEventRecord(runtime().timerStart, runtime().stream),
                    "cuEventRecord")
             ? 0
             : -1;
}

ANSOR_EXPORT double ansorCudaTimerStop(void) {
  Driver *d = driver();
  Runtime &rt = runtime();
  float milliseconds = 0;
  if (!d ||
      !check(d->cuEventRecord(rt.timerStop, rt.stream), "cuEventRecord") ||
      !check(d->cuEventSynchronize(rt.timerStop), "cuEventSynchronize") ||
      !check(d->cuEventElapsedTime(&milliseconds, rt.timerStart, rt.timerStop),
             "cuEventElapsedTime") ||
      rt.firstError != kSuccess)
    return -1;
  return milliseconds / 1000.0;
}

ANSOR_EXPORT int ansorCudaLastError(char *message, size_t size) {
  Runtime &rt = runtime();
  if (rt.firstError == kSuccess && rt.initStatus != 0 && rt.initialized) {
    copyOut(rt.initMessage, message, size);
    return -1;
  }
  copyOut(rt.firstErrorMessage, message, size);
  return rt.firstError;
}
