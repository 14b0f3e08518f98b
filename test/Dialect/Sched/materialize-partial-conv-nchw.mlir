// An NCHW convolution whose outer tiles are partial (14 columns in tiles of
// 9), with a cache write: its tile buffer has a dynamic size, so all but its
// innermost stride were dynamic, and the decomposed blocks' rank-reducing
// subviews (1x8x1x3 to 1x8x3, N and H both unit) failed to lower:
// expand-strided-metadata, matching strides, dropped N where the type had
// dropped H ("expected result type with size = 8 instead of 1"; 1 of 12
// random programs of this func, 2 of 12 of a 3x3 one with a fused bias,
// which normalization now converts to NHWC; 1x1 ones stay NCHW).
// sched-bound-dynamic-allocs allocates the tile at its bound instead.
// RUN: ansor-opt %s --sched-materialize --ansor-lower-cpu -o /dev/null
// RUN: ansor-opt %s --ansor-measure="threads=2 min-repeat-ms=1 repeat=1 summary=%t.json" -o /dev/null
// RUN: FileCheck %s < %t.json
// CHECK: "compile": 0,
// CHECK: "wrong_result": 0
// CHECK: "verified": true
func.func @c11(%x: tensor<2x64x14x14xf32>, %w: tensor<128x64x1x1xf32>) -> tensor<2x128x14x14xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x128x14x14xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x128x14x14xf32>) -> tensor<2x128x14x14xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x64x14x14xf32>, tensor<128x64x1x1xf32>) outs(%f : tensor<2x128x14x14xf32>) -> tensor<2x128x14x14xf32>
  return %c : tensor<2x128x14x14xf32>
}

sched.schedule @c11_t6 for @c11 target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [2, 128, 14, 14], [S, S, S, S]>, #sched.node<"linalg.conv_2d_nchw_fchw", [2, 128, 14, 14, 64, 1, 1], [S, S, S, S, R, R, R]>] rules ["AddCacheWrite", "MultiLevelTiling"] {
  sched.cache_write node 1
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 2, 1, 1] of 2>, #sched.split<[1, 1, 16, 8] of 128>, #sched.split<[2, 7, 1, 1] of 14>, #sched.split<[3, 1, 2, 3] of 14>, #sched.split<[32, 2] of 64>, #sched.split<[1, 1] of 1>, #sched.split<[1, 1] of 1>]
  sched.parallel node 1 loops <4 in [1, 2, 3, 4]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}
