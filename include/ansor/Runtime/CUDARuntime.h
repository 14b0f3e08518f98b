/*===- CUDARuntime.h - the runtime of compiled GPU programs -------*- C -*-===//
 *
 * A program compiled for a GPU target is a shared library whose host code
 * calls MLIR's GPU runtime ABI (`mgpuModuleLoadJIT`, `mgpuLaunchKernel`,
 * `mgpuMemAlloc`, ...; see mlir/lib/ExecutionEngine/CudaRuntimeWrappers.cpp).
 * Debian ships no library with that ABI, so libAnsorCUDARuntime provides it
 * over the CUDA driver API, which it opens with dlopen: it builds and loads
 * on a machine without CUDA, and says so when first used.
 *
 * Unlike upstream's wrappers, every stream a program creates is one shared
 * stream, and freed device memory is kept for the next allocation of the
 * same size (safe on one stream: the next use is ordered after the last).
 * A runner can then time back-to-back calls with events, deferring the
 * synchronizations the host code asks for, and no call pays for cuMemAlloc.
 *
 * The functions below are that runner's side: device selection, argument
 * buffers, copies, event timing and the first error any call hit.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ANSOR_RUNTIME_CUDARUNTIME_H
#define ANSOR_RUNTIME_CUDARUNTIME_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opens the CUDA driver, initializes it and makes the primary context of
 * `device` current (the environment's ANSOR_CUDA_DEVICE, when set, wins:
 * a program's host code may start the runtime before anyone asks). Returns 0,
 * or -1 with why in `message` ("no CUDA device: libcuda.so.1 cannot be loaded
 * ...", "no CUDA device: cuInit failed with CUDA_ERROR_NO_DEVICE ..."). Later
 * calls return the first call's answer. */
int ansorCudaInit(int device, char *message, size_t size);

/* The device's name, its compute capability (e.g. 90 for sm_90) and the
 * driver's CUDA version (e.g. 12040 for 12.4), after a successful
 * ansorCudaInit. */
int ansorCudaDeviceName(char *name, size_t size);
int ansorCudaComputeCapability(void);
int ansorCudaDriverVersion(void);

/* Device memory for a program's arguments; copies to and from the host,
 * ordered after everything queued on the shared stream and complete when
 * they return. They return null / -1 on failure (ansorCudaLastError says
 * why). */
void *ansorCudaAlloc(size_t bytes);
void ansorCudaFree(void *pointer);
int ansorCudaCopyToDevice(void *device, const void *host, size_t bytes);
int ansorCudaCopyToHost(void *host, const void *device, size_t bytes);
/* Returns to the driver the device memory freed blocks keep for reuse (a
 * process running many programs calls it between two). */
void ansorCudaReleaseCached(void);

/* While deferred, the synchronizations a program's host code asks for are
 * skipped, so calls queue back to back on the shared stream. */
void ansorCudaDeferSync(int defer);
/* Waits for the shared stream. Returns 0, or -1 after an error. */
int ansorCudaSynchronize(void);

/* Records an event on the shared stream; ansorCudaTimerStop records a
 * second, waits for it and returns the seconds between the two (negative on
 * error). */
int ansorCudaTimerStart(void);
double ansorCudaTimerStop(void);

/* The first CUDA error of the process (0 if none) and its text
 * ("CUDA_ERROR_ILLEGAL_ADDRESS in cuStreamSynchronize: an illegal memory
 * access was encountered"). Errors such as illegal addresses are sticky:
 * the context cannot be used again. */
int ansorCudaLastError(char *message, size_t size);

/* CUDA driver error codes that the runner reports as their own kinds. */
enum {
  ANSOR_CUDA_ERROR_OUT_OF_MEMORY = 2,
  ANSOR_CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
  ANSOR_CUDA_ERROR_INVALID_PTX = 218,
  ANSOR_CUDA_ERROR_ILLEGAL_ADDRESS = 700,
  ANSOR_CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
  ANSOR_CUDA_ERROR_LAUNCH_TIMEOUT = 702,
  ANSOR_CUDA_ERROR_MISALIGNED_ADDRESS = 716,
  ANSOR_CUDA_ERROR_LAUNCH_FAILED = 719
};

#ifdef __cplusplus
}
#endif

#endif /* ANSOR_RUNTIME_CUDARUNTIME_H */
