// 3-D convolutions and poolings are tuned as 2-D ones: their sketches
// vectorize (the blocks downscaled to 2-D, then decomposed to 1-D), and
// every program drawn is built, run and verified against the untuned
// lowering; the tuned funcs keep no 3-D op.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="trials=8 seed=1 threads=1 records=%t/rec.jsonl summary=%t/summary.json min-repeat-ms=1 repeat=1" -o %t/tuned.mlir 2> /dev/null
// RUN: python3 %S/count-records.py %t/rec.jsonl "@conv3d " "sched.vectorize node 1" | FileCheck %s --check-prefix=CONV
// RUN: python3 %S/count-records.py %t/rec.jsonl "@pool3d " "sched.vectorize node 1" | FileCheck %s --check-prefix=POOL
// RUN: python3 %S/count-records.py %t/rec.jsonl "@padded3d " "sched.vectorize node 2" | FileCheck %s --check-prefix=PADDED
// RUN: FileCheck %s --check-prefix=SUMMARY < %t/summary.json
// RUN: FileCheck %s --check-prefix=TUNED < %t/tuned.mlir

// CONV:    records 24, errors 0, matching {{[1-9][0-9]*}},
// POOL:    records 24, errors 0, matching {{[1-9][0-9]*}},
// PADDED:  records 24, errors 0, matching {{[1-9][0-9]*}},
// SUMMARY-COUNT-3: "verified": true
// TUNED-LABEL: func.func @conv3d
// TUNED-NOT:   linalg.conv_3d
// TUNED-LABEL: func.func @pool3d
// TUNED-NOT:   linalg.pooling_ndhwc
// TUNED-LABEL: func.func @padded3d
// TUNED-NOT:   linalg.depthwise_conv_3d

func.func @conv3d(%x: tensor<1x6x10x10x8xf32>, %w: tensor<3x3x3x8x16xf32>, %b: tensor<16xf32>) -> tensor<1x4x8x8x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x8x8x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x8x8x16xf32>) -> tensor<1x4x8x8x16xf32>
  %c = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %w : tensor<1x6x10x10x8xf32>, tensor<3x3x3x8x16xf32>) outs(%f : tensor<1x4x8x8x16xf32>) -> tensor<1x4x8x8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, d, h, w, c) -> (n, d, h, w, c)>, affine_map<(n, d, h, w, c) -> (c)>, affine_map<(n, d, h, w, c) -> (n, d, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %b : tensor<1x4x8x8x16xf32>, tensor<16xf32>) outs(%e : tensor<1x4x8x8x16xf32>) {
    ^bb0(%a: f32, %bb: f32, %o: f32):
      %s = arith.addf %a, %bb : f32
      %m = arith.maximumf %s, %z : f32
      linalg.yield %m : f32
  } -> tensor<1x4x8x8x16xf32>
  return %r : tensor<1x4x8x8x16xf32>
}

func.func @pool3d(%x: tensor<1x8x16x16x16xf32>) -> tensor<1x4x8x8x16xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %win = tensor.empty() : tensor<2x2x2xf32>
  %e = tensor.empty() : tensor<1x4x8x8x16xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x4x8x8x16xf32>) -> tensor<1x4x8x8x16xf32>
  %r = linalg.pooling_ndhwc_max {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>}
      ins(%x, %win : tensor<1x8x16x16x16xf32>, tensor<2x2x2xf32>) outs(%f : tensor<1x4x8x8x16xf32>) -> tensor<1x4x8x8x16xf32>
  return %r : tensor<1x4x8x8x16xf32>
}

// A "same" padding before a depthwise one, as a 3-D U-Net writes it.
func.func @padded3d(%x: tensor<1x4x8x8x16xf32>, %w: tensor<3x3x3x16xf32>) -> tensor<1x4x8x8x16xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 1, 0] high[0, 1, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index, %m: index):
    tensor.yield %z : f32
  } : tensor<1x4x8x8x16xf32> to tensor<1x6x10x10x16xf32>
  %e = tensor.empty() : tensor<1x4x8x8x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x8x8x16xf32>) -> tensor<1x4x8x8x16xf32>
  %r = linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%p, %w : tensor<1x6x10x10x16xf32>, tensor<3x3x3x16xf32>) outs(%f : tensor<1x4x8x8x16xf32>) -> tensor<1x4x8x8x16xf32>
  return %r : tensor<1x4x8x8x16xf32>
}
