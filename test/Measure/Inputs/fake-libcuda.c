/* A fake CUDA driver (libcuda.so.1) for testing libAnsorCUDARuntime and
 * ansor-runner --device cuda without a GPU. "Device" memory is host memory,
 * modules must be PTX or cubin (below), launches run nothing (outputs
 * stay as they are), and event timing is deterministic: one microsecond
 * per launch between the two events. Environment:
 *   FAKE_CUDA_LAUNCH_ERROR=N  cuLaunchKernel returns N
 *   FAKE_CUDA_SYNC_ERROR=N    cuStreamSynchronize returns N, once a kernel
 *                             was launched
 *   FAKE_CUDA_SYNC_HANG=1     cuStreamSynchronize never returns, then
 * At exit it prints "fake-cuda: A allocations, F frees, L launches, M
 * modules, U unloaded, C contexts" to stderr. Modules are PTX text with an
 * .entry or an ELF image (a cubin). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

static int allocations, frees, launches, modules, unloaded, contexts;

static void report(void) {
  fprintf(stderr,
          "fake-cuda: %d allocations, %d frees, %d launches, %d modules, %d "
          "unloaded, %d contexts\n",
          allocations, frees, launches, modules, unloaded, contexts);
}

static int envError(const char *name) {
  const char *value = getenv(name);
  return value ? atoi(value) : 0;
}

CUresult cuInit(unsigned flags) {
  atexit(report);
  return 0;
}
CUresult cuDriverGetVersion(int *version) {
  *version = 13000;
  return 0;
}
CUresult cuDeviceGetCount(int *count) {
  *count = 1;
  return 0;
}
CUresult cuDeviceGet(int *device, int ordinal) {
  *device = ordinal;
  return 0;
}
CUresult cuDeviceGetName(char *name, int size, int device) {
  snprintf(name, size, "Fake CUDA device");
  return 0;
}
CUresult cuDeviceGetAttribute(int *value, int attribute, int device) {
  *value = attribute == 75 ? 9 : 0; /* compute capability 9.0 */
  return 0;
}
CUresult cuDevicePrimaryCtxRetain(void **context, int device) {
  *context = (void *)0x1;
  ++contexts;
  return 0;
}
CUresult cuCtxSetCurrent(void *context) { return 0; }
CUresult cuGetErrorName(CUresult error, const char **name) {
  *name = error == 700   ? "CUDA_ERROR_ILLEGAL_ADDRESS"
          : error == 719 ? "CUDA_ERROR_LAUNCH_FAILED"
          : error == 218 ? "CUDA_ERROR_INVALID_PTX"
                         : "CUDA_ERROR_UNKNOWN";
  return 0;
}
CUresult cuGetErrorString(CUresult error, const char **text) {
  *text = "fake error";
  return 0;
}
CUresult cuModuleLoadDataEx(void **module, const void *image, unsigned n,
                            int *options, void **values) {
  if (memcmp(image, "\x7f" "ELF", 4) && !strstr((const char *)image, ".entry"))
    return 218;
  ++modules;
  *module = (void *)0x2;
  return 0;
}
CUresult cuModuleLoadData(void **module, const void *image) {
  return cuModuleLoadDataEx(module, image, 0, 0, 0);
}
CUresult cuModuleUnload(void *module) {
  ++unloaded;
  return 0;
}
CUresult cuModuleGetFunction(void **function, void *module, const char *name) {
  *function = strdup(name);
  return 0;
}
CUresult cuFuncSetAttribute(void *function, int attribute, int value) {
  return 0;
}
CUresult cuLaunchKernel(void *function, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned smem,
                        void *stream, void **params, void **extra) {
  if (envError("FAKE_CUDA_LAUNCH_ERROR"))
    return envError("FAKE_CUDA_LAUNCH_ERROR");
  if (!function || !params || !gx || !gy || !gz || !bx || !by || !bz)
    return 1; /* CUDA_ERROR_INVALID_VALUE */
  ++launches;
  return 0;
}
CUresult cuStreamCreate(void **stream, unsigned flags) {
  *stream = (void *)0x3;
  return 0;
}
CUresult cuStreamSynchronize(void *stream) {
  /* Kernels' faults show when their stream is waited for: copies before
   * the first launch succeed. */
  if (!launches)
    return 0;
  while (envError("FAKE_CUDA_SYNC_HANG"))
    sleep(1);
  return envError("FAKE_CUDA_SYNC_ERROR");
}
CUresult cuStreamWaitEvent(void *stream, void *event, unsigned flags) {
  return 0;
}
CUresult cuEventCreate(void **event, unsigned flags) {
  *event = calloc(1, sizeof(int));
  return 0;
}
CUresult cuEventDestroy_v2(void *event) {
  free(event);
  return 0;
}
CUresult cuEventRecord(void *event, void *stream) {
  *(int *)event = launches;
  return 0;
}
CUresult cuEventSynchronize(void *event) { return 0; }
CUresult cuEventElapsedTime_v2(float *ms, void *start, void *stop) {
  *ms = (float)(*(int *)stop - *(int *)start) * 1e-3f;
  return 0;
}
CUresult cuMemAlloc_v2(CUdeviceptr *pointer, size_t bytes) {
  ++allocations;
  *pointer = (CUdeviceptr)calloc(1, bytes);
  return 0;
}
CUresult cuMemAllocManaged(CUdeviceptr *pointer, size_t bytes, unsigned f) {
  return cuMemAlloc_v2(pointer, bytes);
}
CUresult cuMemFree_v2(CUdeviceptr pointer) {
  ++frees;
  free((void *)pointer);
  return 0;
}
CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                       void *stream) {
  memcpy((void *)dst, (void *)src, bytes);
  return 0;
}
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t bytes,
                              void *stream) {
  memcpy((void *)dst, src, bytes);
  return 0;
}
CUresult cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t bytes,
                              void *stream) {
  memcpy(dst, (void *)src, bytes);
  return 0;
}
CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned value, size_t count,
                          void *stream) {
  for (size_t i = 0; i < count; ++i)
    ((unsigned *)dst)[i] = value;
  return 0;
}
CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short value, size_t count,
                          void *stream) {
  for (size_t i = 0; i < count; ++i)
    ((unsigned short *)dst)[i] = value;
  return 0;
}
