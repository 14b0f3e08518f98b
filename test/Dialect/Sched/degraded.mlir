// What a script builds differently from its schedule is said on the exported
// sequence: a register block above the vectorization limit (8 x 64 x 64 =
// 32768 elements) stays scalar, and its unroll is dropped.
// RUN: ansor-opt %s --split-input-file --sched-export-transform | FileCheck %s

// CHECK-LABEL: transform.named_sequence @apply_big_block
// CHECK-SAME:    sched.degraded = ["node 1: register block of 32768 elements left scalar (limit 4096)", "node 1: unrolling 2 register blocks of 32768 elements dropped (caps: 64 blocks, 4096 elements)"]
func.func @mm(%a: tensor<64x1024xf32>, %b: tensor<1024x128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x1024xf32>, tensor<1024x128xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}
sched.schedule @big_block for @mm target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 1024], [S, S, R]>] rules ["MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 2, 2, 8] of 64>, #sched.split<[1, 2, 1, 64] of 128>, #sched.split<[16, 64] of 1024>]
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <512 in [0, 16, 64, 512]>
}

// -----

// The same node with a k step of 4 builds as asked.
// CHECK-LABEL: transform.named_sequence @apply_small_block(
// CHECK-NOT:     sched.degraded
func.func @mm(%a: tensor<64x1024xf32>, %b: tensor<1024x128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x1024xf32>, tensor<1024x128xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}
sched.schedule @small_block for @mm target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 1024], [S, S, R]>] rules ["MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 2, 2, 8] of 64>, #sched.split<[1, 2, 1, 64] of 128>, #sched.split<[256, 4] of 1024>]
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <512 in [0, 16, 64, 512]>
}

// -----

// A scalar register block (no vectorize step) with partial tiles is not peeled, so its
// level-2 loops have dynamic trip counts: unrolled, each became a main loop
// and an epilogue, copied by every loop unrolled around it (a chain of 32
// loops that one-shot bufferization took minutes over). The unroll is
// dropped and said.
// CHECK-LABEL: transform.named_sequence @apply_scalar_partial(
// CHECK-SAME:    sched.degraded = ["node 1: unroll dropped: partial tiles of a scalar register block leave its loops dynamic trip counts"]
// CHECK-NOT:     transform.loop.unroll
// CHECK:         transform.yield
func.func @dwq(%x: tensor<1x18x18x32xi32>, %w: tensor<3x3x32xi32>) -> tensor<1x16x16x32xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x16x16x32xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<1x16x16x32xi32>) -> tensor<1x16x16x32xi32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x18x18x32xi32>, tensor<3x3x32xi32>) outs(%f : tensor<1x16x16x32xi32>) -> tensor<1x16x16x32xi32>
  return %r : tensor<1x16x16x32xi32>
}
sched.schedule @scalar_partial for @dwq target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.fill", [1, 16, 16, 32], [S, S, S, S]>, #sched.node<"linalg.depthwise_conv_2d_nhwc_hwc", [1, 16, 16, 32, 3, 3], [S, S, S, S, R, R]>] rules ["AddCacheWrite", "MultiLevelTiling"] {
  sched.cache_write node 1
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 1, 1, 1] of 1>, #sched.split<[3, 3, 2, 1] of 16>, #sched.split<[1, 2, 8, 1] of 16>, #sched.split<[11, 1, 3, 1] of 32>, #sched.split<[1, 3] of 3>, #sched.split<[1, 3] of 3>]
  sched.parallel node 1 loops <3 in [1, 2, 3, 4]>
  sched.unroll node 1 max_step <64 in [0, 16, 64, 512]>
}

// -----

// Reduction vectors too wide for LLVM to build in bounded time stay scalar
// (SchedulePlan.h, hasCostlyVectorReduction): two rows of 2048 weighted by
// the loop's index (no lane split: upstream's split would misplace the
// index) took 45 s to compile; the rfactor partial of a whole-tensor max, an
// 8 x 64 x 4 block flattened into one vector of 2048 built from 512 rows of
// 4, took 93 s. Each program builds in under a second now.
// CHECK-LABEL: transform.named_sequence @apply_wide_rows
// CHECK-SAME:    sched.degraded = ["node 1: register block left scalar: its reduction vectors would be too wide for LLVM to build in bounded time"]
func.func @iw(%x: tensor<4x2048xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x2048xf32>) outs(%acc : tensor<4xf32>) {
    ^bb0(%v: f32, %o: f32):
      %k = linalg.index 1 : index
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      %w = arith.mulf %v, %kf : f32
      %n = arith.addf %w, %o : f32
      linalg.yield %n : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
sched.schedule @wide_rows for @iw target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [4], [S]>, #sched.node<"linalg.generic", [4, 2048], [S, R]>] rules [] {
  sched.tile node 1 structure <[S, S, R]> splits [#sched.split<[2, 2] of 4>, #sched.split<[2048] of 2048>]
  sched.parallel node 1 loops <1 in [0, 1]>
  sched.vectorize node 1
}

// -----

// CHECK-LABEL: transform.named_sequence @apply_one_row
// CHECK-NOT:     sched.degraded
func.func @iw(%x: tensor<4x2048xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x2048xf32>) outs(%acc : tensor<4xf32>) {
    ^bb0(%v: f32, %o: f32):
      %k = linalg.index 1 : index
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      %w = arith.mulf %v, %kf : f32
      %n = arith.addf %w, %o : f32
      linalg.yield %n : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
sched.schedule @one_row for @iw target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [4], [S]>, #sched.node<"linalg.generic", [4, 2048], [S, R]>] rules [] {
  sched.tile node 1 structure <[S, S, R]> splits [#sched.split<[4, 1] of 4>, #sched.split<[2048] of 2048>]
  sched.parallel node 1 loops <1 in [0, 1]>
  sched.vectorize node 1
}

// -----

// CHECK-LABEL: transform.named_sequence @apply_flattened
// CHECK-SAME:    sched.degraded = ["node 1: register block left scalar: its reduction vectors would be too wide for LLVM to build in bounded time"]
func.func @gn(%x: tensor<8x64x96xf32>) -> tensor<8x64x96xf32> {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %i0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %m = linalg.generic {indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> ()>], iterator_types = ["reduction", "reduction", "reduction"]}
      ins(%x : tensor<8x64x96xf32>) outs(%i0 : tensor<f32>) {
  ^bb0(%v: f32, %o: f32):
    %a = math.absf %v : f32
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %e = tensor.empty() : tensor<8x64x96xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> ()>, affine_map<(a, b, c) -> (a, b, c)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %m : tensor<8x64x96xf32>, tensor<f32>) outs(%e : tensor<8x64x96xf32>) {
  ^bb0(%v: f32, %mm: f32, %o: f32):
    %d = arith.divf %v, %mm : f32
    linalg.yield %d : f32
  } -> tensor<8x64x96xf32>
  return %r : tensor<8x64x96xf32>
}
sched.schedule @flattened for @gn target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [], []>, #sched.node<"linalg.generic", [8, 64, 96], [R, R, R]>, #sched.node<"linalg.generic", [8, 64, 96], [S, S, S]>] rules ["AddRfactor"] {
  sched.rfactor node 1 loop 2 split <[24, 4] of 96>
  sched.vectorize node 1
  sched.tile node 2 structure <[S, S]> splits [#sched.split<[8, 1] of 8>, #sched.split<[8, 8] of 64>, #sched.split<[24, 4] of 96>]
  sched.parallel node 2 loops <2 in [0, 1, 2, 3]>
  sched.vectorize node 2
}

// -----

// CHECK-LABEL: transform.named_sequence @apply_unit_inner
// CHECK-NOT:     sched.degraded
func.func @gn(%x: tensor<8x64x96xf32>) -> tensor<8x64x96xf32> {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %i0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %m = linalg.generic {indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> ()>], iterator_types = ["reduction", "reduction", "reduction"]}
      ins(%x : tensor<8x64x96xf32>) outs(%i0 : tensor<f32>) {
  ^bb0(%v: f32, %o: f32):
    %a = math.absf %v : f32
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %e = tensor.empty() : tensor<8x64x96xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> ()>, affine_map<(a, b, c) -> (a, b, c)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %m : tensor<8x64x96xf32>, tensor<f32>) outs(%e : tensor<8x64x96xf32>) {
  ^bb0(%v: f32, %mm: f32, %o: f32):
    %d = arith.divf %v, %mm : f32
    linalg.yield %d : f32
  } -> tensor<8x64x96xf32>
  return %r : tensor<8x64x96xf32>
}
sched.schedule @unit_inner for @gn target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [], []>, #sched.node<"linalg.generic", [8, 64, 96], [R, R, R]>, #sched.node<"linalg.generic", [8, 64, 96], [S, S, S]>] rules ["AddRfactor"] {
  sched.rfactor node 1 loop 2 split <[96, 1] of 96>
  sched.vectorize node 1
  sched.tile node 2 structure <[S, S]> splits [#sched.split<[8, 1] of 8>, #sched.split<[8, 8] of 64>, #sched.split<[24, 4] of 96>]
  sched.parallel node 2 loops <2 in [0, 1, 2, 3]>
  sched.vectorize node 2
}

// -----

// A block that writes an NHWC tensor one channel at a time (1 x 34 x 34 x 1
// of an NCHW-to-NHWC transpose) would store 1156 elements singly, extracted
// from its vector: LLVM's instruction selection took 26 s over that basic
// block. Above 256 such elements the block stays scalar; 16 x 16 x 1 is
// still vectorized, and so is 1 x 34 x 16, which writes whole channel rows.
// Reading across the innermost dimension costs less per element, so the
// limit is 1024 there: the reverse transpose's 1 x 32 x 32 block (1 s to
// compile) is vectorized, its 2 x 32 x 32 block (2.9 s) stays scalar.
// CHECK-LABEL: transform.named_sequence @apply_strided_write
// CHECK-SAME:    sched.degraded = ["node 0: register block left scalar: it would write more than 256 elements of an output one at a time, across its innermost dimension"]
// CHECK-NOT:     transform.structured.vectorize
// CHECK-LABEL: transform.named_sequence @apply_strided_small
// CHECK-NOT:     sched.degraded
// CHECK:         transform.structured.vectorize
// CHECK-LABEL: transform.named_sequence @apply_channel_rows
// CHECK-NOT:     sched.degraded
// CHECK:         transform.structured.vectorize
// CHECK-LABEL: transform.named_sequence @apply_strided_read
// CHECK-NOT:     sched.degraded
// CHECK:         transform.structured.vectorize
// CHECK-LABEL: transform.named_sequence @apply_strided_read_big
// CHECK-SAME:    sched.degraded = ["node 0: register block left scalar: it would read more than 1024 elements of an input one at a time, across its innermost dimension"]
// CHECK-NOT:     transform.structured.vectorize
func.func @to_nhwc(%x: tensor<2x16x34x34xf32>) -> tensor<2x34x34x16xf32> {
  %e = tensor.empty() : tensor<2x34x34x16xf32>
  %t = linalg.transpose ins(%x : tensor<2x16x34x34xf32>) outs(%e : tensor<2x34x34x16xf32>) permutation = [0, 2, 3, 1]
  return %t : tensor<2x34x34x16xf32>
}
func.func @to_nhwc_small(%x: tensor<2x16x32x32xf32>) -> tensor<2x32x32x16xf32> {
  %e = tensor.empty() : tensor<2x32x32x16xf32>
  %t = linalg.transpose ins(%x : tensor<2x16x32x32xf32>) outs(%e : tensor<2x32x32x16xf32>) permutation = [0, 2, 3, 1]
  return %t : tensor<2x32x32x16xf32>
}
func.func @to_nhwc_rows(%x: tensor<2x16x34x34xf32>) -> tensor<2x34x34x16xf32> {
  %e = tensor.empty() : tensor<2x34x34x16xf32>
  %t = linalg.transpose ins(%x : tensor<2x16x34x34xf32>) outs(%e : tensor<2x34x34x16xf32>) permutation = [0, 2, 3, 1]
  return %t : tensor<2x34x34x16xf32>
}
sched.schedule @strided_write for @to_nhwc target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.transpose", [2, 34, 34, 16], [S, S, S, S]>] rules ["MultiLevelTiling"] {
  sched.tile node 0 structure <[S, S]> splits [#sched.split<[2, 1] of 2>, #sched.split<[1, 34] of 34>, #sched.split<[1, 34] of 34>, #sched.split<[16, 1] of 16>]
  sched.parallel node 0 loops <2 in [0, 1, 2, 3, 4]>
  sched.vectorize node 0
}
sched.schedule @strided_small for @to_nhwc_small target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.transpose", [2, 32, 32, 16], [S, S, S, S]>] rules ["MultiLevelTiling"] {
  sched.tile node 0 structure <[S, S]> splits [#sched.split<[2, 1] of 2>, #sched.split<[2, 16] of 32>, #sched.split<[2, 16] of 32>, #sched.split<[16, 1] of 16>]
  sched.parallel node 0 loops <2 in [0, 1, 2, 3, 4]>
  sched.vectorize node 0
}
sched.schedule @channel_rows for @to_nhwc_rows target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.transpose", [2, 34, 34, 16], [S, S, S, S]>] rules ["MultiLevelTiling"] {
  sched.tile node 0 structure <[S, S]> splits [#sched.split<[2, 1] of 2>, #sched.split<[34, 1] of 34>, #sched.split<[1, 34] of 34>, #sched.split<[1, 16] of 16>]
  sched.parallel node 0 loops <2 in [0, 1, 2, 3, 4]>
  sched.vectorize node 0
}
func.func @to_nchw(%x: tensor<2x32x32x16xf32>) -> tensor<2x16x32x32xf32> {
  %e = tensor.empty() : tensor<2x16x32x32xf32>
  %t = linalg.transpose ins(%x : tensor<2x32x32x16xf32>) outs(%e : tensor<2x16x32x32xf32>) permutation = [0, 3, 1, 2]
  return %t : tensor<2x16x32x32xf32>
}
func.func @to_nchw_big(%x: tensor<2x32x32x16xf32>) -> tensor<2x16x32x32xf32> {
  %e = tensor.empty() : tensor<2x16x32x32xf32>
  %t = linalg.transpose ins(%x : tensor<2x32x32x16xf32>) outs(%e : tensor<2x16x32x32xf32>) permutation = [0, 3, 1, 2]
  return %t : tensor<2x16x32x32xf32>
}
sched.schedule @strided_read for @to_nchw target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.transpose", [2, 16, 32, 32], [S, S, S, S]>] rules ["MultiLevelTiling"] {
  sched.tile node 0 structure <[S, S]> splits [#sched.split<[2, 1] of 2>, #sched.split<[16, 1] of 16>, #sched.split<[1, 32] of 32>, #sched.split<[1, 32] of 32>]
  sched.parallel node 0 loops <2 in [0, 1, 2, 3, 4]>
  sched.vectorize node 0
}
sched.schedule @strided_read_big for @to_nchw_big target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.transpose", [2, 16, 32, 32], [S, S, S, S]>] rules ["MultiLevelTiling"] {
  sched.tile node 0 structure <[S, S]> splits [#sched.split<[1, 2] of 2>, #sched.split<[16, 1] of 16>, #sched.split<[1, 32] of 32>, #sched.split<[1, 32] of 32>]
  sched.parallel node 0 loops <2 in [0, 1, 2, 3, 4]>
  sched.vectorize node 0
}

// -----

// A block that divides integers in more lanes than kMaxIntegerDivisionLanes
// stays scalar: LLVM divides lane by lane, and a 64 x 64 block of an i32
// quotient took 14 s to build (a build timeout with two builds at once). A
// block of 4 x 16 is vectorized.
// CHECK-LABEL: transform.named_sequence @apply_wide_quotient
// CHECK-SAME:    sched.degraded = ["node 0: register block left scalar: it would divide integers in more than 256 lanes, which LLVM builds one lane at a time"]
// CHECK-LABEL: transform.named_sequence @apply_narrow_quotient
// CHECK-NOT:     sched.degraded
// CHECK:         transform.structured.vectorize
func.func @quotient(%a: tensor<64x64xi32>, %b: tensor<64x64xi32>) -> tensor<64x64xi32> {
  %q = arith.divsi %a, %b : tensor<64x64xi32>
  return %q : tensor<64x64xi32>
}
sched.schedule @wide_quotient for @quotient target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.generic", [64, 64], [S, S]>] rules [] {
  sched.tile node 0 structure <[S, S]> splits [#sched.split<[1, 64] of 64>, #sched.split<[1, 64] of 64>]
  sched.parallel node 0 loops <0 in [0, 1, 2]>
  sched.vectorize node 0
}
func.func @quotient_b(%a: tensor<64x64xi32>, %b: tensor<64x64xi32>) -> tensor<64x64xi32> {
  %q = arith.divsi %a, %b : tensor<64x64xi32>
  return %q : tensor<64x64xi32>
}
sched.schedule @narrow_quotient for @quotient_b target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.generic", [64, 64], [S, S]>] rules [] {
  sched.tile node 0 structure <[S, S]> splits [#sched.split<[16, 4] of 64>, #sched.split<[4, 16] of 64>]
  sched.parallel node 0 loops <0 in [0, 1, 2]>
  sched.vectorize node 0
}
