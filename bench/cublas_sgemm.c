/* cublas_sgemm.c - cuBLAS fp32 SGEMM, timed as ansor-runner times a GPU
 * program: the first call untimed, `number` back-to-back calls per repeat
 * between two CUDA events (number raised until a repeat lasts
 * min-repeat-ms), `repeat` repeats, the median reported.
 *
 * Row-major C[M,N] = A[M,K] B[K,N], computed by cuBLAS (column-major) as
 * C^T = B^T A^T. The math mode is CUBLAS_DEFAULT_MATH: fp32 FMA, no TF32
 * tensor cores (our kernels are fp32 FMA too).
 *
 * Build (the CUDA toolkit; no GPU needed to build):
 *   cc -O2 bench/cublas_sgemm.c -I/usr/local/cuda/include \
 *      -L/usr/local/cuda/lib64 -Wl,-rpath,/usr/local/cuda/lib64 \
 *      -lcublas -lcudart -o cublas_sgemm
 * Run: ./cublas_sgemm M N K [repeat] [min-repeat-ms]
 * Prints one JSON line: {"ok": true, "device": ..., "median_seconds": ...,
 * "gflops": ..., "number": ..., "costs": [...]}.
 */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

static int failCuda(const char *what, cudaError_t err) {
  printf("{\"ok\": false, \"error\": \"%s: %s\"}\n", what,
         cudaGetErrorString(err));
  return 1;
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s M N K [repeat] [min-repeat-ms]\n", argv[0]);
    return 2;
  }
  int m = atoi(argv[1]), n = atoi(argv[2]), k = atoi(argv[3]);
  int repeat = argc > 4 ? atoi(argv[4]) : 3;
  double minRepeatMs = argc > 5 ? atof(argv[5]) : 100;
  if (m <= 0 || n <= 0 || k <= 0 || repeat <= 0 || repeat > 1000) {
    fprintf(stderr, "bad sizes or repeat\n");
    return 2;
  }
  struct cudaDeviceProp prop;
  cudaError_t err = cudaGetDeviceProperties(&prop, 0);
  if (err != cudaSuccess)
    return failCuda("no CUDA device", err);
  size_t sizes[3] = {(size_t)m * k, (size_t)k * n, (size_t)m * n};
  float *buffers[3];
  for (int i = 0; i < 3; ++i) {
    float *host = malloc(sizes[i] * sizeof(float));
    if (!host)
      return 1;
    /* The runner's inputs: deterministic values in [-1, 1]. */
    unsigned long long state = 6364136223846793005ULL * (i + 1) + 1;
    for (size_t j = 0; j < sizes[i]; ++j) {
      state ^= state << 13;
      state ^= state >> 7;
      state ^= state << 17;
      host[j] =
          (float)(2.0 * (double)(state >> 11) / (double)(1ULL << 53) - 1.0);
    }
    if ((err = cudaMalloc((void **)&buffers[i], sizes[i] * sizeof(float))) !=
            cudaSuccess ||
        (err = cudaMemcpy(buffers[i], host, sizes[i] * sizeof(float),
                          cudaMemcpyHostToDevice)) != cudaSuccess)
      return failCuda("allocating the operands", err);
    free(host);
  }
  cublasHandle_t handle;
  if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS ||
      cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH) != CUBLAS_STATUS_SUCCESS) {
    printf("{\"ok\": false, \"error\": \"cublasCreate failed\"}\n");
    return 1;
  }
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cublasSetStream(handle, stream);
  const float one = 1.0f, zero = 0.0f;
#define GEMM()                                                                 \
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &one, buffers[1], n,  \
              buffers[0], k, &zero, buffers[2], n)
  if (GEMM() != CUBLAS_STATUS_SUCCESS) {
    printf("{\"ok\": false, \"error\": \"cublasSgemm failed\"}\n");
    return 1;
  }
  if ((err = cudaStreamSynchronize(stream)) != cudaSuccess)
    return failCuda("the first call", err);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  /* Seconds per call over `number` back-to-back calls. */
#define TIME(number, out)                                                      \
  do {                                                                         \
    float ms = 0;                                                              \
    cudaEventRecord(start, stream);                                            \
    for (int c = 0; c < (number); ++c)                                         \
      GEMM();                                                                  \
    cudaEventRecord(stop, stream);                                             \
    cudaEventSynchronize(stop);                                                \
    cudaEventElapsedTime(&ms, start, stop);                                    \
    (out) = ms / 1000.0 / (number);                                            \
  } while (0)
  double perCall = 0;
  int number = 1;
  TIME(1, perCall);
  while (perCall * number * 1000 < minRepeatMs && number < (1 << 24)) {
    number = (int)(minRepeatMs / 1000 / (perCall > 1e-8 ? perCall : 1e-8)) + 1;
    TIME(number, perCall);
  }
  double costs[1000];
  for (int r = 0; r < repeat; ++r)
    TIME(number, costs[r]);
  if ((err = cudaGetLastError()) != cudaSuccess)
    return failCuda("timing", err);
  double sorted[1000];
  for (int r = 0; r < repeat; ++r)
    sorted[r] = costs[r];
  qsort(sorted, repeat, sizeof(double), compareDoubles);
  double median = repeat % 2
                      ? sorted[repeat / 2]
                      : (sorted[repeat / 2 - 1] + sorted[repeat / 2]) / 2;
  printf("{\"ok\": true, \"device\": \"%s\", \"m\": %d, \"n\": %d, \"k\": %d, "
         "\"median_seconds\": %.9g, \"gflops\": %.1f, \"number\": %d, "
         "\"costs\": [",
         prop.name, m, n, k, median, 2.0 * m * n * k / median / 1e9, number);
  for (int r = 0; r < repeat; ++r)
    printf("%s%.9g", r ? ", " : "", costs[r]);
  printf("]}\n");
  cublasDestroy(handle);
  return 0;
}
