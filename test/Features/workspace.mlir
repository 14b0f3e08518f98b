// The workspace the loop nest counts for a padded convolution with its bias
// and ReLU, as the CPU lowering allocates it (the checks of the real
// allocations are in test/Tuner/pareto-padded-conv.mlir):
// - the pad fused into the tiles is read from its source in place
//   (sched-forward-padded-reads): no padded window is allocated;
// - with the consumer fused, the convolution's result is allocated a fused
//   tile at a time, and not at all when that tile is one register block
//   (sched-forward-vector-transfers keeps it in registers);
// - a cache write's tile and an unfused consumer's input are allocated;
// - a pad along the vectors' rows (the channels) is built per tile.
// RUN: ansor-model features %s | FileCheck %s

// CHECK-LABEL: schedule @in_registers:
// CHECK-NOT: schedule @
// CHECK: workspace 0 bytes
// A fused tile of two 4x16 blocks: 1x1x8x16 floats.
// CHECK-LABEL: schedule @two_blocks:
// CHECK-NOT: schedule @
// CHECK: workspace 512 bytes
// The convolution's result (1x8x8x32 floats) and a 1x1x8x32 local tile.
// CHECK-LABEL: schedule @cache_write:
// CHECK-NOT: schedule @
// CHECK: workspace 9216 bytes
// The padded window of the outer tile: 1x3x10x16 floats.
// CHECK-LABEL: schedule @padded_channels:
// CHECK-NOT: schedule @
// CHECK: workspace 1920 bytes
// An rfactor (no multi-level tiling: its pad is fused, not read in place):
// 64 partials of 2x2 floats and the pad's tile of one 16-channel step,
// 4x4x16 floats. (Asking whether its pad was read in place dereferenced the
// node's missing tiling.)
// CHECK-LABEL: schedule @rfactor:
// CHECK-NOT: schedule @
// CHECK: workspace 2048 bytes

func.func @conv(%in: tensor<1x8x8x16xf32>, %w: tensor<3x3x16x32xf32>, %bias: tensor<32xf32>)
    -> tensor<1x8x8x32xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %in low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
      tensor.yield %zero : f32
  } : tensor<1x8x8x16xf32> to tensor<1x10x10x16xf32>
  %e = tensor.empty() : tensor<1x8x8x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x10x10x16xf32>, tensor<3x3x16x32xf32>)
      outs(%acc : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>,
                       affine_map<(n, h, w, c) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %bias : tensor<1x8x8x32xf32>, tensor<32xf32>) outs(%e : tensor<1x8x8x32xf32>) {
    ^bb0(%x: f32, %b: f32, %o: f32):
      %a = arith.addf %x, %b : f32
      %m = arith.maximumf %a, %zero : f32
      linalg.yield %m : f32
  } -> tensor<1x8x8x32xf32>
  return %r : tensor<1x8x8x32xf32>
}

func.func @conv_c(%in: tensor<1x8x8x14xf32>, %w: tensor<3x3x16x32xf32>)
    -> tensor<1x8x8x32xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %in low[0, 1, 1, 0] high[0, 1, 1, 2] {
    ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
      tensor.yield %zero : f32
  } : tensor<1x8x8x14xf32> to tensor<1x10x10x16xf32>
  %e = tensor.empty() : tensor<1x8x8x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x10x10x16xf32>, tensor<3x3x16x32xf32>)
      outs(%acc : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  return %c : tensor<1x8x8x32xf32>
}

func.func @rf(%in: tensor<1x2x2x1024xf32>, %w: tensor<3x3x1024x1xf32>) -> tensor<1x2x2x1xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %in low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %bb: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<1x2x2x1024xf32> to tensor<1x4x4x1024xf32>
  %e = tensor.empty() : tensor<1x2x2x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x4x4x1024xf32>, tensor<3x3x1024x1xf32>) outs(%f : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
  return %c : tensor<1x2x2x1xf32>
}

sched.schedule @in_registers for @conv target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512" nodes [#sched.node<"tensor.pad", [1, 10, 10, 16], [S, S, S, S]>, #sched.node<"linalg.fill", [1, 8, 8, 32], [S, S, S, S]>, #sched.node<"linalg.conv_2d_nhwc_hwcf", [1, 8, 8, 32, 3, 3, 16], [S, S, S, S, R, R, R]>, #sched.node<"linalg.generic", [1, 8, 8, 32], [S, S, S, S]>] rules ["MultiLevelTilingWithFusion", "AlwaysInline"] {
  sched.inline node 0
  sched.tile node 2 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 1, 1, 1] of 1>, #sched.split<[8, 1, 1, 1] of 8>, #sched.split<[1, 2, 1, 4] of 8>, #sched.split<[2, 1, 1, 16] of 32>, #sched.split<[3, 1] of 3>, #sched.split<[1, 3] of 3>, #sched.split<[2, 8] of 16>]
  sched.fuse_consumer node 3 into 2 at <1 in [0, 1]>
  sched.parallel node 2 loops <2 in [1, 2, 3, 4]>
  sched.vectorize node 2
  sched.unroll node 2 max_step <16 in [0, 16, 64, 512]>
}

sched.schedule @two_blocks for @conv target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512" nodes [#sched.node<"tensor.pad", [1, 10, 10, 16], [S, S, S, S]>, #sched.node<"linalg.fill", [1, 8, 8, 32], [S, S, S, S]>, #sched.node<"linalg.conv_2d_nhwc_hwcf", [1, 8, 8, 32, 3, 3, 16], [S, S, S, S, R, R, R]>, #sched.node<"linalg.generic", [1, 8, 8, 32], [S, S, S, S]>] rules ["MultiLevelTilingWithFusion", "AlwaysInline"] {
  sched.inline node 0
  sched.tile node 2 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 1, 1, 1] of 1>, #sched.split<[8, 1, 1, 1] of 8>, #sched.split<[1, 1, 2, 4] of 8>, #sched.split<[2, 1, 1, 16] of 32>, #sched.split<[3, 1] of 3>, #sched.split<[1, 3] of 3>, #sched.split<[2, 8] of 16>]
  sched.fuse_consumer node 3 into 2 at <1 in [0, 1]>
  sched.parallel node 2 loops <2 in [1, 2, 3, 4]>
  sched.vectorize node 2
  sched.unroll node 2 max_step <16 in [0, 16, 64, 512]>
}

sched.schedule @cache_write for @conv target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512" nodes [#sched.node<"tensor.pad", [1, 10, 10, 16], [S, S, S, S]>, #sched.node<"linalg.fill", [1, 8, 8, 32], [S, S, S, S]>, #sched.node<"linalg.conv_2d_nhwc_hwcf", [1, 8, 8, 32, 3, 3, 16], [S, S, S, S, R, R, R]>, #sched.node<"linalg.generic", [1, 8, 8, 32], [S, S, S, S]>] rules ["AddCacheWrite", "MultiLevelTiling", "AlwaysInline"] {
  sched.inline node 0
  sched.cache_write node 2
  sched.tile node 2 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 1, 1, 1] of 1>, #sched.split<[8, 1, 1, 1] of 8>, #sched.split<[1, 1, 2, 4] of 8>, #sched.split<[1, 1, 2, 16] of 32>, #sched.split<[3, 1] of 3>, #sched.split<[1, 3] of 3>, #sched.split<[2, 8] of 16>]
  sched.parallel node 2 loops <2 in [1, 2, 3, 4]>
  sched.vectorize node 2
  sched.unroll node 2 max_step <16 in [0, 16, 64, 512]>
  sched.tile node 3 structure <[S, S]> splits [#sched.split<[1, 1] of 1>, #sched.split<[8, 1] of 8>, #sched.split<[1, 8] of 8>, #sched.split<[2, 16] of 32>]
  sched.parallel node 3 loops <2 in [0, 1, 2, 3, 4]>
  sched.vectorize node 3
}

sched.schedule @padded_channels for @conv_c target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512" nodes [#sched.node<"tensor.pad", [1, 10, 10, 16], [S, S, S, S]>, #sched.node<"linalg.fill", [1, 8, 8, 32], [S, S, S, S]>, #sched.node<"linalg.conv_2d_nhwc_hwcf", [1, 8, 8, 32, 3, 3, 16], [S, S, S, S, R, R, R]>] rules ["MultiLevelTiling", "AlwaysInline"] {
  sched.inline node 0
  sched.tile node 2 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 1, 1, 1] of 1>, #sched.split<[8, 1, 1, 1] of 8>, #sched.split<[1, 2, 1, 4] of 8>, #sched.split<[2, 1, 1, 16] of 32>, #sched.split<[3, 1] of 3>, #sched.split<[1, 3] of 3>, #sched.split<[2, 8] of 16>]
  sched.parallel node 2 loops <2 in [1, 2, 3, 4]>
  sched.vectorize node 2
  sched.unroll node 2 max_step <16 in [0, 16, 64, 512]>
}

sched.schedule @rfactor for @rf target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512" nodes [#sched.node<"tensor.pad", [1, 4, 4, 1024], [S, S, S, S]>, #sched.node<"linalg.fill", [1, 2, 2, 1], [S, S, S, S]>, #sched.node<"linalg.conv_2d_nhwc_hwcf", [1, 2, 2, 1, 3, 3, 1024], [S, S, S, S, R, R, R]>] rules ["AddRfactor", "AlwaysInline"] {
  sched.inline node 0
  sched.rfactor node 2 loop 6 split <[64, 16] of 1024>
  sched.vectorize node 2
}
