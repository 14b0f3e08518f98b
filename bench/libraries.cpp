// Times the vendor libraries ansor-mlir is compared with, the way
// ansor-runner times a kernel: one warm-up call, then `repeat` repeats of
// enough calls to last 100 ms; prints "<library> <median seconds per call>"
// per line. Thread counts come from OMP_NUM_THREADS / OPENBLAS_NUM_THREADS.
//
//   libraries gemm M N K [repeat]
//     C[M,N] = A[M,K] * B[K,N], fp32, row-major: OpenBLAS cblas_sgemm and
//     oneDNN's matmul primitive.
//   libraries conv N H W C F KH KW PAD STRIDE [repeat]
//     NHWC input, HWCF weights, bias and ReLU fused: oneDNN's convolution
//     with a ReLU post-op, source and destination in NHWC (the layout of
//     the MLIR workload) and weights in the primitive's preferred layout,
//     reordered once outside the timed region (as a compile-time layout
//     rewrite would).
#include <cblas.h>
#include <dnnl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace {

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

double timeMedian(const std::function<void()> &call, int repeat) {
  double start = now();
  call();
  double first = now() - start;
  long calls = std::max(1L, static_cast<long>(0.1 / std::max(first, 1e-9)));
  std::vector<double> perCall;
  for (int r = 0; r < repeat; ++r) {
    start = now();
    for (long i = 0; i < calls; ++i)
      call();
    perCall.push_back((now() - start) / calls);
  }
  std::sort(perCall.begin(), perCall.end());
  return perCall[perCall.size() / 2];
}

std::vector<float> filled(size_t n, int mod) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = static_cast<float>(i % mod) / mod - 0.5f;
  return v;
}

int gemm(long m, long n, long k, int repeat) {
  std::vector<float> a = filled(m * k, 7), b = filled(k * n, 5), c(m * n);
  double blas = timeMedian(
      [&] {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f,
                    a.data(), k, b.data(), n, 0.0f, c.data(), n);
      },
      repeat);
  std::printf("openblas %.9g\n", blas);

  using namespace dnnl;
  engine eng(engine::kind::cpu, 0);
  stream strm(eng);
  using tag = memory::format_tag;
  using dt = memory::data_type;
  memory::desc aMd({m, k}, dt::f32, tag::ab), bMd({k, n}, dt::f32, tag::ab),
      cMd({m, n}, dt::f32, tag::ab);
  matmul prim(matmul::primitive_desc(matmul::desc(aMd, bMd, cMd), eng));
  memory aMem(aMd, eng, a.data()), bMem(bMd, eng, b.data()),
      cMem(cMd, eng, c.data());
  double dnn = timeMedian(
      [&] {
        prim.execute(strm, {{DNNL_ARG_SRC, aMem},
                            {DNNL_ARG_WEIGHTS, bMem},
                            {DNNL_ARG_DST, cMem}});
        strm.wait();
      },
      repeat);
  std::printf("onednn %.9g\n", dnn);
  return 0;
}

int conv(long n, long h, long w, long c, long f, long kh, long kw, long pad,
         long stride, int repeat) {
  using namespace dnnl;
  using tag = memory::format_tag;
  using dt = memory::data_type;
  long oh = (h + 2 * pad - kh) / stride + 1,
       ow = (w + 2 * pad - kw) / stride + 1;
  engine eng(engine::kind::cpu, 0);
  stream strm(eng);
  // oneDNN's logical order is NCHW / OIHW whatever the memory layout.
  memory::desc srcMd({n, c, h, w}, dt::f32, tag::nhwc),
      dstMd({n, f, oh, ow}, dt::f32, tag::nhwc), biasMd({f}, dt::f32, tag::a),
      userWeightsMd({f, c, kh, kw}, dt::f32, tag::hwio),
      anyWeightsMd({f, c, kh, kw}, dt::f32, tag::any);
  post_ops ops;
  ops.append_eltwise(1.0f, algorithm::eltwise_relu, 0.0f, 0.0f);
  primitive_attr attr;
  attr.set_post_ops(ops);
  convolution_forward::primitive_desc pd(
      convolution_forward::desc(prop_kind::forward_inference,
                                algorithm::convolution_direct, srcMd,
                                anyWeightsMd, biasMd, dstMd, {stride, stride},
                                {pad, pad}, {pad, pad}),
      attr, eng);
  std::vector<float> src = filled(n * h * w * c, 7),
                     weights = filled(kh * kw * c * f, 5), bias = filled(f, 3),
                     dst(n * oh * ow * f);
  memory srcMem(srcMd, eng, src.data()), dstMem(dstMd, eng, dst.data()),
      biasMem(biasMd, eng, bias.data()),
      userWeights(userWeightsMd, eng, weights.data()),
      weightsMem(pd.weights_desc(), eng);
  reorder(userWeights, weightsMem).execute(strm, userWeights, weightsMem);
  strm.wait();
  convolution_forward prim(pd);
  double dnn = timeMedian(
      [&] {
        prim.execute(strm, {{DNNL_ARG_SRC, srcMem},
                            {DNNL_ARG_WEIGHTS, weightsMem},
                            {DNNL_ARG_BIAS, biasMem},
                            {DNNL_ARG_DST, dstMem}});
        strm.wait();
      },
      repeat);
  std::printf("onednn %.9g\n", dnn);
  return 0;
}

int usage() {
  std::fprintf(stderr, "usage: libraries gemm M N K [repeat]\n"
                       "       libraries conv N H W C F KH KW PAD STRIDE "
                       "[repeat]\n");
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2)
    return usage();
  std::string mode = argv[1];
  std::vector<long> args;
  for (int i = 2; i < argc; ++i)
    args.push_back(std::atol(argv[i]));
  if (mode == "gemm" && (args.size() == 3 || args.size() == 4))
    return gemm(args[0], args[1], args[2], args.size() == 4 ? args[3] : 5);
  if (mode == "conv" && (args.size() == 9 || args.size() == 10))
    return conv(args[0], args[1], args[2], args[3], args[4], args[5], args[6],
                args[7], args[8], args.size() == 10 ? args[9] : 5);
  return usage();
}
