// Times OpenBLAS cblas_sgemm (C = A * B, N x N x N, fp32) the way
// ansor-runner times a kernel: one warm-up call, then `repeat` repeats of
// enough calls to last 100 ms; prints the median seconds per call.
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1024;
  int repeat = argc > 2 ? atoi(argv[2]) : 5;
  float *a = malloc(sizeof(float) * n * n), *b = malloc(sizeof(float) * n * n),
        *c = malloc(sizeof(float) * n * n);
  for (long i = 0; i < (long)n * n; ++i) {
    a[i] = (float)(i % 7) / 7 - 0.5f;
    b[i] = (float)(i % 5) / 5 - 0.5f;
  }
  double t0 = now();
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a, n,
              b, n, 0.0f, c, n);
  double once = now() - t0;
  int number = once > 0.1 ? 1 : (int)(0.1 / once) + 1;
  double *costs = malloc(sizeof(double) * repeat);
  for (int r = 0; r < repeat; ++r) {
    t0 = now();
    for (int k = 0; k < number; ++k)
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a,
                  n, b, n, 0.0f, c, n);
    costs[r] = (now() - t0) / number;
  }
  qsort(costs, repeat, sizeof(double), cmp);
  double median = costs[repeat / 2];
  printf("%.9f %.2f\n", median, 2.0 * n * n * n / median / 1e9);
  return 0;
}
