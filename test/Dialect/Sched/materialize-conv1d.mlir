// 1-D convolutions and poolings (what an NCW one normalizes to,
// normalize-ncw-run.mlir) are vectorized whole: upstream's vectorizer builds
// 1-D convolutions, so their blocks are not decomposed (there is nothing to
// decompose). They were left scalar, their window reads not being projected
// permutations: a depthwise convolution ran 0.73x the untuned lowering and
// 1.68x after, a 3-wide convolution 2.0x and 3.4x (16 trials each).
// Partial blocks are stepped one iteration at a time along their partial
// loops, as for 2-D convolutions (upstream does not mask convolutions).
// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=WHOLE
// RUN: ansor-opt %s --sched-materialize 2>&1 | FileCheck %s
// The programs run and verify against the untuned lowering (x86-64-v3 runs
// on every x86-64 machine), none degraded.
// RUN: ansor-opt %s --ansor-measure="summary=%t.json repeat=1 min-repeat-ms=1" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURE < %t.json

// WHOLE-NOT:      sched.degraded
// WHOLE-NOT:      transform.structured.decompose
// WHOLE:          transform.named_sequence @__transform_main
// SCRIPT-LABEL: transform.named_sequence @apply_dw
// SCRIPT:         transform.loop.peel
// SCRIPT:         transform.structured.vectorize
// SCRIPT-LABEL: transform.named_sequence @apply_pool
// SCRIPT:         transform.structured.vectorize
// SCRIPT-LABEL: transform.named_sequence @apply_conv
// SCRIPT:         transform.structured.vectorize

// MEASURE:      "degraded": 0,
// MEASURE:      "name": "dw",
// MEASURE:      "verified": true
// MEASURE:      "degraded": 0,
// MEASURE:      "name": "pool",
// MEASURE:      "verified": true
// MEASURE:      "degraded": 0,
// MEASURE:      "name": "conv",
// MEASURE:      "verified": true

// CHECK-NOT:     left scalar
// CHECK-LABEL: func.func @dw
// Full blocks: 8 columns of 8 channels; the partial ones, a column at a time.
// CHECK:         vector.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<8x8xf32>
// CHECK:         scf.for %{{.*}} = %c0 to %{{.*}} step %c1
// CHECK:           vector.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK-NOT:     linalg.depthwise_conv_1d
// CHECK-LABEL: func.func @pool
// CHECK:         arith.maximumf %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK-NOT:     linalg.pooling
// CHECK-LABEL: func.func @conv
// CHECK:         vector.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK-NOT:     linalg.conv_1d
// CHECK-NOT:     sched.schedule

// Its width split 4 x 4 x 1 x 8 (128 over 126 columns) leaves partial tiles.
func.func @dw(%i: tensor<2x130x48xf32>, %w: tensor<5x48xf32>) -> tensor<2x126x48xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x126x48xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x126x48xf32>) -> tensor<2x126x48xf32>
  %r = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%i, %w : tensor<2x130x48xf32>, tensor<5x48xf32>) outs(%f : tensor<2x126x48xf32>) -> tensor<2x126x48xf32>
  return %r : tensor<2x126x48xf32>
}
sched.schedule @dw_t for @dw target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [2, 126, 48], [S, S, S]>, #sched.node<"linalg.depthwise_conv_1d_nwc_wc", [2, 126, 48, 5], [S, S, S, R]>]
    rules ["MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]>
      splits [#sched.split<[1, 1, 2, 1] of 2>, #sched.split<[4, 4, 1, 8] of 126>, #sched.split<[2, 1, 3, 8] of 48>, #sched.split<[1, 5] of 5>]
  sched.parallel node 1 loops <2 in [0, 1, 2, 3]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <16 in [0, 16, 64, 512]>
}

// Strided 3, a 5-wide window.
func.func @pool(%i: tensor<4x101x24xf32>) -> tensor<4x33x24xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %k = tensor.empty() : tensor<5xf32>
  %e = tensor.empty() : tensor<4x33x24xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<4x33x24xf32>) -> tensor<4x33x24xf32>
  %r = linalg.pooling_nwc_max {dilations = dense<1> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>}
      ins(%i, %k : tensor<4x101x24xf32>, tensor<5xf32>) outs(%f : tensor<4x33x24xf32>) -> tensor<4x33x24xf32>
  return %r : tensor<4x33x24xf32>
}
sched.schedule @pool_t for @pool target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [4, 33, 24], [S, S, S]>, #sched.node<"linalg.pooling_nwc_max", [4, 33, 24, 5], [S, S, S, R]>]
    rules ["AddCacheWrite", "MultiLevelTiling"] {
  sched.cache_write node 1
  sched.tile node 1 structure <[S, S, R, S, R, S]>
      splits [#sched.split<[2, 2, 1, 1] of 4>, #sched.split<[1, 1, 3, 11] of 33>, #sched.split<[1, 3, 1, 8] of 24>, #sched.split<[1, 5] of 5>]
  sched.parallel node 1 loops <2 in [0, 1, 2, 3]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}

func.func @conv(%in: tensor<1x66x16xf32>, %w: tensor<3x16x32xf32>) -> tensor<1x64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x64x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x64x32xf32>) -> tensor<1x64x32xf32>
  %c = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%in, %w : tensor<1x66x16xf32>, tensor<3x16x32xf32>) outs(%acc : tensor<1x64x32xf32>) -> tensor<1x64x32xf32>
  return %c : tensor<1x64x32xf32>
}
sched.schedule @conv_t for @conv target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [1, 64, 32], [S, S, S]>, #sched.node<"linalg.conv_1d_nwc_wcf", [1, 64, 32, 3, 16], [S, S, S, R, R]>]
    rules ["MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]>
      splits [#sched.split<[1, 1, 1, 1] of 1>, #sched.split<[4, 2, 2, 4] of 64>, #sched.split<[1, 2, 1, 16] of 32>, #sched.split<[3, 1] of 3>, #sched.split<[4, 4] of 16>]
  sched.parallel node 1 loops <2 in [0, 1, 2, 3]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <16 in [0, 16, 64, 512]>
}
