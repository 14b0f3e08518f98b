// Conv2d with its pad and a fused bias + ReLU tail tunes end to end: the
// pad is fused into the outer tile, the register block decomposes into a
// 1-D convolution and vectorizes, every candidate verifies.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=6 seed=5 threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o %t/out.mlir 2> /dev/null
// RUN: FileCheck %s --input-file=%t/sum.json
// RUN: grep -c '"costs"' %t/rec.jsonl | grep -x 6

// CHECK:      "applied": "tuned",
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "sketches": 2,
// CHECK:      "verified": true

func.func @conv(%in: tensor<1x16x16x16xf32>, %w: tensor<3x3x16x32xf32>, %bias: tensor<32xf32>) -> tensor<1x16x16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %in low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
      tensor.yield %zero : f32
  } : tensor<1x16x16x16xf32> to tensor<1x18x18x16xf32>
  %e = tensor.empty() : tensor<1x16x16x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x16x32xf32>) -> tensor<1x16x16x32xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x18x18x16xf32>, tensor<3x3x16x32xf32>)
      outs(%acc : tensor<1x16x16x32xf32>) -> tensor<1x16x16x32xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>,
                       affine_map<(n, h, w, c) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %bias : tensor<1x16x16x32xf32>, tensor<32xf32>) outs(%e : tensor<1x16x16x32xf32>) {
    ^bb0(%x: f32, %b: f32, %o: f32):
      %a = arith.addf %x, %b : f32
      %m = arith.maximumf %a, %zero : f32
      linalg.yield %m : f32
  } -> tensor<1x16x16x32xf32>
  return %r : tensor<1x16x16x32xf32>
}
