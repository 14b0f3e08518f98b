// RUN: ansor-opt %s --split-input-file \
// RUN:   --sched-derive-sketches="target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256'" \
// RUN:   | FileCheck %s

// Matmul: AddPacking (B read through panels of its register tile) and
// AddCacheWrite branch, then MultiLevelTiling (SSRSRS).
// CHECK-LABEL: func.func @matmul
// CHECK:         linalg.fill {sched.node = 0 : i64}
// CHECK:         linalg.matmul {sched.node = 1 : i64}
// CHECK:       sched.schedule @matmul_sketch0 for @matmul
// CHECK-SAME:    nodes [#sched.node<"linalg.fill", [128, 64], [S, S]>, #sched.node<"linalg.matmul", [128, 64, 256], [S, S, R]>]
// CHECK-SAME:    rules ["AddPacking", "MultiLevelTiling"]
// CHECK-NEXT:    sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[?, ?, ?, ?] of 128>, #sched.split<[?, ?, ?, ?] of 64>, #sched.split<[?, ?] of 256>]
// CHECK-NEXT:    sched.pack node 1 operand 1 loop 1 at <? in [0, 1]>
// CHECK-NEXT:    sched.parallel node 1 loops <? in [1, 2]>
// CHECK:       sched.schedule @matmul_sketch1 for @matmul
// CHECK-SAME:    rules ["AddCacheWrite", "MultiLevelTiling"]
// CHECK-NEXT:    sched.cache_write node 1
// CHECK-NEXT:    sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[?, ?, ?, ?] of 128>, #sched.split<[?, ?, ?, ?] of 64>, #sched.split<[?, ?] of 256>]
// CHECK-NEXT:    sched.parallel node 1 loops <? in [1, 2]>
// CHECK-NEXT:    sched.vectorize node 1
// CHECK-NEXT:    sched.unroll node 1 max_step <? in [0, 16, 64, 512]>
// CHECK-NEXT:  }
// CHECK:       sched.schedule @matmul_sketch2 for @matmul
// CHECK-SAME:    rules ["MultiLevelTiling"]
// CHECK-NOT:     sched.cache_write
// CHECK-NOT:     sched.pack
// CHECK:         sched.tile node 1 structure <[S, S, R, S, R, S]>
// CHECK-NOT:   sched.schedule
func.func @matmul(%a: tensor<128x256xf32>, %b: tensor<256x64xf32>) -> tensor<128x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<128x64xf32>) -> tensor<128x64xf32>
  %c = linalg.matmul ins(%a, %b : tensor<128x256xf32>, tensor<256x64xf32>)
      outs(%acc : tensor<128x64xf32>) -> tensor<128x64xf32>
  return %c : tensor<128x64xf32>
}


// -----

// A batched transposed B[b][N][K] is packed along its middle dimension.
// CHECK-LABEL: func.func @batch_matmul_transposed_b
// CHECK:       sched.schedule @batch_matmul_transposed_b_sketch0 for @batch_matmul_transposed_b
// CHECK-SAME:    rules ["AddPacking", "MultiLevelTiling"]
// CHECK:         sched.pack node 1 operand 1 loop 2 at <? in [0, 1]>
func.func @batch_matmul_transposed_b(%a: tensor<4x64x32xf32>, %b: tensor<4x48x32xf32>) -> tensor<4x64x48xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x64x48xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4x64x48xf32>) -> tensor<4x64x48xf32>
  %c = linalg.batch_matmul indexing_maps = [affine_map<(b, i, j, k) -> (b, i, k)>, affine_map<(b, i, j, k) -> (b, j, k)>, affine_map<(b, i, j, k) -> (b, i, j)>]
      ins(%a, %b : tensor<4x64x32xf32>, tensor<4x48x32xf32>)
      outs(%acc : tensor<4x64x48xf32>) -> tensor<4x64x48xf32>
  return %c : tensor<4x64x48xf32>
}

// -----

// Matmul + ReLU: the packed sketches (ReLU on its own, and fused into the
// packed matmul's tiles), the cache-write one and the fused one.
// CHECK-LABEL: sched.schedule @matmul_relu_sketch0
// CHECK-SAME:    rules ["AddPacking", "MultiLevelTiling"]
// CHECK:         sched.pack node 1 operand 1 loop 1
// CHECK-NOT:     sched.fuse_consumer
// CHECK:         sched.tile node 2 structure <[S, S]>
// CHECK-LABEL: sched.schedule @matmul_relu_sketch1
// CHECK-SAME:    rules ["AddPacking", "MultiLevelTilingWithFusion"]
// CHECK-NEXT:    sched.tile node 1 structure <[S, S, R, S, R, S]>
// CHECK-NEXT:    sched.fuse_consumer node 2 into 1 at <? in [0, 1]>
// CHECK-NEXT:    sched.pack node 1 operand 1 loop 1
// CHECK-NOT:     sched.tile node 2
// CHECK-LABEL: sched.schedule @matmul_relu_sketch2
// CHECK-SAME:    rules ["AddCacheWrite", "MultiLevelTiling"]
// CHECK:         sched.cache_write node 1
// CHECK:         sched.tile node 1 structure <[S, S, R, S, R, S]>
// The ReLU alone is small (2048 iterations): running it on one core, with
// no parallel loop, is a choice too.
// CHECK:         sched.tile node 2 structure <[S, S]> splits [#sched.split<[?, ?] of 64>, #sched.split<[?, ?] of 32>]
// CHECK-NEXT:    sched.parallel node 2 loops <? in [0, 1, 2]>
// CHECK-NEXT:    sched.vectorize node 2
// CHECK-LABEL: sched.schedule @matmul_relu_sketch3
// CHECK-SAME:    rules ["MultiLevelTilingWithFusion"]
// CHECK-NEXT:    sched.tile node 1 structure <[S, S, R, S, R, S]>
// CHECK-NEXT:    sched.fuse_consumer node 2 into 1 at <? in [0, 1]>
// CHECK-NOT:     sched.tile node 2
func.func @matmul_relu(%a: tensor<64x16xf32>, %b: tensor<16x32xf32>) -> tensor<64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x16xf32>, tensor<16x32xf32>)
      outs(%acc : tensor<64x32xf32>) -> tensor<64x32xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.maximumf %x, %zero : f32
      linalg.yield %m : f32
  } -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}

// -----

// A consumer that also reads a tensor transposed along the packed loop: its
// packing would copy that tensor, so the packed sketch leaves the consumer
// on its own and only the unpacked one fuses it.
// CHECK-LABEL: sched.schedule @matmul_add_transposed_sketch0
// CHECK-SAME:    rules ["AddPacking", "MultiLevelTiling"]
// CHECK-NOT:   "AddPacking", "MultiLevelTilingWithFusion"
// CHECK:       sched.schedule @matmul_add_transposed_sketch{{[0-9]+}} {{.*}} rules ["MultiLevelTilingWithFusion"]
func.func @matmul_add_transposed(%a: tensor<64x16xf32>, %b: tensor<16x32xf32>, %t: tensor<32x64xf32>) -> tensor<64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x16xf32>, tensor<16x32xf32>)
      outs(%acc : tensor<64x32xf32>) -> tensor<64x32xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c, %t : tensor<64x32xf32>, tensor<32x64xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %m = arith.addf %x, %y : f32
      linalg.yield %m : f32
  } -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}

// -----

// A consumer that reads the packed loop's index (an attention score's ALiBi
// bias, `j - i`): packing the consumer along j would leave its linalg.index
// reading the panel's index, so it is fused into unpacked tiles only
// (every packed and fused program was wrong). A contraction that reads its
// own packed loop's index (a masked matmul) is not packed at all. One that
// reads only the row index is packed with its consumer (Tuner/pack.mlir
// measures such a program).
// CHECK-LABEL: sched.schedule @matmul_index_consumer_sketch0
// CHECK-SAME:    rules ["AddPacking", "MultiLevelTiling"]
// CHECK-NOT:   "AddPacking", "MultiLevelTilingWithFusion"
// CHECK:       sched.schedule @matmul_index_consumer_sketch{{[0-9]+}} {{.*}} rules ["MultiLevelTilingWithFusion"]
func.func @matmul_index_consumer(%a: tensor<64x16xf32>, %b: tensor<16x32xf32>) -> tensor<64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x16xf32>, tensor<16x32xf32>)
      outs(%acc : tensor<64x32xf32>) -> tensor<64x32xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%x: f32, %o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %d = arith.subi %j, %i : index
      %di = arith.index_cast %d : index to i64
      %df = arith.sitofp %di : i64 to f32
      %m = arith.addf %x, %df : f32
      linalg.yield %m : f32
  } -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}

// -----

// CHECK-LABEL: sched.schedule @matmul_row_index_consumer_sketch0
// CHECK-SAME:    rules ["AddPacking", "MultiLevelTiling"]
// CHECK:       sched.schedule @matmul_row_index_consumer_sketch1
// CHECK-SAME:    rules ["AddPacking", "MultiLevelTilingWithFusion"]
func.func @matmul_row_index_consumer(%a: tensor<64x16xf32>, %b: tensor<16x32xf32>) -> tensor<64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x16xf32>, tensor<16x32xf32>)
      outs(%acc : tensor<64x32xf32>) -> tensor<64x32xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%x: f32, %o: f32):
      %i = linalg.index 0 : index
      %ii = arith.index_cast %i : index to i64
      %fi = arith.sitofp %ii : i64 to f32
      %m = arith.addf %x, %fi : f32
      linalg.yield %m : f32
  } -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}

// -----

// CHECK-LABEL: sched.schedule @masked_matmul_sketch0
// CHECK-NOT:     AddPacking
// CHECK-NOT:     sched.pack
func.func @masked_matmul(%a: tensor<64x16xf32>, %b: tensor<16x32xf32>) -> tensor<64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<64x16xf32>, tensor<16x32xf32>) outs(%acc : tensor<64x32xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %j = linalg.index 1 : index
      %k = linalg.index 2 : index
      %keep = arith.cmpi ule, %k, %j : index
      %p = arith.mulf %x, %y : f32
      %v = arith.select %keep, %p, %zero : f32
      %s = arith.addf %o, %v : f32
      linalg.yield %s : f32
  } -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}

// -----

// A consumer that only copies the matmul's result: packing it along would
// have it erased as an identity, so it is fused into unpacked tiles only.
// CHECK-LABEL: sched.schedule @matmul_copy_sketch0
// CHECK-SAME:    rules ["AddPacking", "MultiLevelTiling"]
// CHECK-NOT:   "AddPacking", "MultiLevelTilingWithFusion"
// CHECK:       sched.schedule @matmul_copy_sketch{{[0-9]+}} {{.*}} rules ["MultiLevelTilingWithFusion"]
func.func @matmul_copy(%a: tensor<64x16xf32>, %b: tensor<16x32xf32>) -> tensor<64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x16xf32>, tensor<16x32xf32>)
      outs(%acc : tensor<64x32xf32>) -> tensor<64x32xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%x: f32, %o: f32):
      linalg.yield %x : f32
  } -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}

// -----

// Conv2d + bias + ReLU with its pad: the pad is inlined, the conv tiled with
// a unit innermost tile on output height and filter height (so its register
// block is a 1-D convolution), the tail fused or left on its own.
// CHECK-LABEL: func.func @conv
// CHECK:         tensor.pad
// CHECK:         {sched.node = 0 : i64}
// CHECK-LABEL: sched.schedule @conv_sketch0
// CHECK-SAME:    nodes [#sched.node<"tensor.pad", [1, 10, 10, 8], [S, S, S, S]>, #sched.node<"linalg.fill", [1, 8, 8, 16], [S, S, S, S]>, #sched.node<"linalg.conv_2d_nhwc_hwcf", [1, 8, 8, 16, 3, 3, 8], [S, S, S, S, R, R, R]>, #sched.node<"linalg.generic", [1, 8, 8, 16], [S, S, S, S]>]
// CHECK-SAME:    rules ["AddCacheWrite", "MultiLevelTiling", "AlwaysInline"]
// CHECK-NEXT:    sched.inline node 0
// CHECK-NEXT:    sched.cache_write node 2
// CHECK-NEXT:    sched.tile node 2 structure <[S, S, R, S, R, S]> splits [#sched.split<[?, ?, ?, ?] of 1>, #sched.split<[?, ?, ?, 1] of 8>, #sched.split<[?, ?, ?, ?] of 8>, #sched.split<[?, ?, ?, ?] of 16>, #sched.split<[?, 1] of 3>, #sched.split<[?, ?] of 3>, #sched.split<[?, ?] of 8>]
// CHECK:         sched.tile node 3 structure <[S, S]>
// CHECK-LABEL: sched.schedule @conv_sketch1
// CHECK-SAME:    rules ["MultiLevelTilingWithFusion", "AlwaysInline"]
// CHECK-NEXT:    sched.inline node 0
// CHECK-NEXT:    sched.tile node 2
// CHECK-NEXT:    sched.fuse_consumer node 3 into 2 at <? in [0, 1]>
func.func @conv(%in: tensor<1x8x8x8xf32>, %w: tensor<3x3x8x16xf32>, %bias: tensor<16xf32>) -> tensor<1x8x8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %in low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
      tensor.yield %zero : f32
  } : tensor<1x8x8x8xf32> to tensor<1x10x10x8xf32>
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x10x10x8xf32>, tensor<3x3x8x16xf32>)
      outs(%acc : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>,
                       affine_map<(n, h, w, c) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %bias : tensor<1x8x8x16xf32>, tensor<16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
    ^bb0(%x: f32, %b: f32, %o: f32):
      %a = arith.addf %x, %b : f32
      %m = arith.maximumf %a, %zero : f32
      linalg.yield %m : f32
  } -> tensor<1x8x8x16xf32>
  return %r : tensor<1x8x8x16xf32>
}

// -----

// A full reduction has no spatial parallelism: AddRfactor branches.
// CHECK-LABEL: sched.schedule @full_reduction_sketch0
// CHECK-SAME:    rules ["AddRfactor"]
// CHECK-NEXT:    sched.rfactor node 1 loop 0 split <[?, ?] of 4096>
// CHECK-NEXT:    sched.vectorize node 1
// CHECK-NEXT:  }
// CHECK-LABEL: sched.schedule @full_reduction_sketch1
// CHECK-SAME:    rules []
// CHECK-NEXT:    sched.tile node 1 structure <[S, S, R]> splits [#sched.split<[4096] of 4096>]
// CHECK-NEXT:    sched.vectorize node 1
// CHECK-NEXT:  }
func.func @full_reduction(%x: tensor<4096xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {
      indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> ()>],
      iterator_types = ["reduction"]}
      ins(%x : tensor<4096xf32>) outs(%acc : tensor<f32>) {
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
  } -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// B stored transposed (N x K, a dense layer's weight as importers write
// it): its elements along j are whole rows of K apart, so it is packed too,
// into the same panels B'[N/n0][K][n0] (unpacked, a 512^3 matmul of this
// form ran 2.2x slower than with B[K][N]; packed, 1.2x).
// CHECK-LABEL: sched.schedule @matmul_bt_sketch0
// CHECK-SAME:    rules ["AddPacking", "MultiLevelTiling"]
// CHECK:         sched.pack node 1 operand 1 loop 1 at <? in [0, 1]>
// CHECK-LABEL: sched.schedule @matmul_bt_sketch1
// CHECK-SAME:    rules ["AddCacheWrite", "MultiLevelTiling"]
// CHECK-LABEL: sched.schedule @matmul_bt_sketch2
// CHECK-SAME:    rules ["MultiLevelTiling"]
// CHECK-NOT:   sched.pack
func.func @matmul_bt(%a: tensor<64x32xf32>, %b: tensor<48x32xf32>) -> tensor<64x48xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x48xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %c = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<64x32xf32>, tensor<48x32xf32>) outs(%acc : tensor<64x48xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %o, %p : f32
      linalg.yield %s : f32
  } -> tensor<64x48xf32>
  return %c : tensor<64x48xf32>
}

// -----

// A column sum reduces across contiguous rows, without data reuse: it is
// multi-level tiled (not left alone, whose block would hold the whole
// strided reduction), its reduction's inner tile fixed to 1 so each block
// step is a vector add along the rows. A row sum (reducing along the rows)
// is left alone.
// CHECK-LABEL: sched.schedule @col_sum_sketch0
// CHECK-SAME:    rules ["MultiLevelTiling"]
// CHECK-NEXT:    sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[?, 1] of 512>, #sched.split<[?, ?, ?, ?] of 256>]
// CHECK-NOT:   sched.schedule @col_sum_sketch1
// CHECK-LABEL: sched.schedule @row_sum_sketch0
// CHECK-SAME:    rules []
// CHECK-NEXT:    sched.tile node 1 structure <[S, S, R]>
// A row reduction that also reads a per-row operand (a variance around
// mean[j]) still reduces along its rows: left alone too.
// CHECK-LABEL: sched.schedule @row_var_sketch0
// CHECK-SAME:    rules []
// CHECK-NEXT:    sched.tile node 1 structure <[S, S, R]>
func.func @col_sum(%x: tensor<512x256xf32>) -> tensor<256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<256xf32>) -> tensor<256xf32>
  %s = linalg.generic {
      indexing_maps = [affine_map<(k, j) -> (k, j)>, affine_map<(k, j) -> (j)>],
      iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<512x256xf32>) outs(%acc : tensor<256xf32>) {
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
  } -> tensor<256xf32>
  return %s : tensor<256xf32>
}

func.func @row_sum(%x: tensor<256x512xf32>) -> tensor<256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<256xf32>) -> tensor<256xf32>
  %s = linalg.generic {
      indexing_maps = [affine_map<(j, k) -> (j, k)>, affine_map<(j, k) -> (j)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<256x512xf32>) outs(%acc : tensor<256xf32>) {
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
  } -> tensor<256xf32>
  return %s : tensor<256xf32>
}

func.func @row_var(%x: tensor<256x512xf32>, %mean: tensor<256xf32>) -> tensor<256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<256xf32>) -> tensor<256xf32>
  %s = linalg.generic {
      indexing_maps = [affine_map<(j, k) -> (j, k)>, affine_map<(j, k) -> (j)>,
                       affine_map<(j, k) -> (j)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x, %mean : tensor<256x512xf32>, tensor<256xf32>) outs(%acc : tensor<256xf32>) {
    ^bb0(%a: f32, %m: f32, %b: f32):
      %d = arith.subf %a, %m : f32
      %q = arith.mulf %d, %d : f32
      %r = arith.addf %q, %b : f32
      linalg.yield %r : f32
  } -> tensor<256xf32>
  return %s : tensor<256xf32>
}

// -----

// A softmax's exp, read by the row sum and by the division, is inlined in one
// sketch (recomputed by both) and computed once in another, as TVM does not
// strictly inline exp (a softmax over 8x256x256 ran 1.4x faster with it
// computed once). An exp read by a single consumer stays inlined only
// (@exp_once).
// CHECK-LABEL: sched.schedule @softmax_rows_sketch0
// CHECK-SAME:    rules ["AlwaysInline"]
// CHECK:         sched.inline node 0
// CHECK:       }
// CHECK-LABEL: sched.schedule @softmax_rows_sketch1
// CHECK-NOT:     sched.inline
// CHECK:         sched.tile node 0 structure <[S, S]>
// CHECK:         sched.vectorize node 0
// CHECK:       }
// CHECK-NOT:   sched.schedule @softmax_rows_sketch2
// CHECK-LABEL: sched.schedule @exp_once_sketch0
// CHECK:         sched.inline node 0
// CHECK-NOT:   sched.schedule @exp_once_sketch1
#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @softmax_rows(%x: tensor<256x64xf32>, %mx: tensor<256xf32>) -> tensor<256x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x64xf32>
  %ex = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%x, %mx : tensor<256x64xf32>, tensor<256xf32>) outs(%e : tensor<256x64xf32>) {
    ^bb0(%a: f32, %m: f32, %o: f32):
      %d = arith.subf %a, %m : f32
      %r = math.exp %d : f32
      linalg.yield %r : f32
  } -> tensor<256x64xf32>
  %es = tensor.empty() : tensor<256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%es : tensor<256xf32>) -> tensor<256xf32>
  %sum = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<256x64xf32>) outs(%acc : tensor<256xf32>) {
    ^bb0(%a: f32, %s: f32):
      %r = arith.addf %a, %s : f32
      linalg.yield %r : f32
  } -> tensor<256xf32>
  %y = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<256x64xf32>, tensor<256xf32>) outs(%e : tensor<256x64xf32>) {
    ^bb0(%a: f32, %s: f32, %o: f32):
      %r = arith.divf %a, %s : f32
      linalg.yield %r : f32
  } -> tensor<256x64xf32>
  return %y : tensor<256x64xf32>
}

func.func @exp_once(%x: tensor<256x64xf32>) -> tensor<256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x64xf32>
  %ex = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<256x64xf32>) outs(%e : tensor<256x64xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = math.exp %a : f32
      linalg.yield %r : f32
  } -> tensor<256x64xf32>
  %es = tensor.empty() : tensor<256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%es : tensor<256xf32>) -> tensor<256xf32>
  %sum = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<256x64xf32>) outs(%acc : tensor<256xf32>) {
    ^bb0(%a: f32, %s: f32):
      %r = arith.addf %a, %s : f32
      linalg.yield %r : f32
  } -> tensor<256xf32>
  return %sum : tensor<256xf32>
}

// -----

// An exp read once but again across a loop that does not index it (a
// per-row exp broadcast along the rows' elements), and an exp read through
// an elementwise scaling that is inlined into a matmul (recomputed for
// every column tile of the matmul), are computed once in a sketch of their
// own too. (The scaling reads the exp transposed: read element for element,
// normalization would have fused the two into one generic.)
// CHECK-LABEL: sched.schedule @exp_broadcast_sketch0
// CHECK:         sched.inline node 0
// CHECK-LABEL: sched.schedule @exp_broadcast_sketch1
// CHECK-NOT:     sched.inline node 0
// CHECK:         sched.tile node 0 structure <[S, S]>
// CHECK:       }
// CHECK-NOT:   sched.schedule @exp_broadcast_sketch2
// A sigmoid padded for a depthwise convolution is read kh x kw times by its
// window (through the pad, inlined as well), and an exp broadcast along a
// loop of extent 1 is read once: the first branches, the second does not.
// CHECK-LABEL: sched.schedule @sigmoid_pad_dw_sketch0
// CHECK:         sched.inline node 0
// CHECK:       sched.schedule @sigmoid_pad_dw_sketch{{[0-9]+}}
// CHECK-NOT:     sched.inline node 0
// CHECK:         sched.tile node 0 structure <[S, S]>
// CHECK-LABEL: sched.schedule @exp_unit_broadcast_sketch0
// CHECK:         sched.inline node 0
// CHECK-NOT:   sched.schedule @exp_unit_broadcast_sketch1
// CHECK-LABEL: sched.schedule @exp_scaled_mm_sketch0
// CHECK:         sched.inline node 0
// CHECK:         sched.inline node 1
// CHECK:       }
// CHECK:       sched.schedule @exp_scaled_mm_sketch{{[0-9]+}}
// CHECK-NOT:     sched.inline node 0
// CHECK:         sched.tile node 0 structure <[S, S]>
// CHECK:         sched.inline node 1
func.func @exp_broadcast(%v: tensor<256xf32>, %x: tensor<256x64xf32>) -> tensor<256x64xf32> {
  %e = tensor.empty() : tensor<256xf32>
  %ex = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%v : tensor<256xf32>) outs(%e : tensor<256xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = math.exp %a : f32
      linalg.yield %r : f32
  } -> tensor<256xf32>
  %e2 = tensor.empty() : tensor<256x64xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %ex : tensor<256x64xf32>, tensor<256xf32>) outs(%e2 : tensor<256x64xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %r = arith.mulf %a, %b : f32
      linalg.yield %r : f32
  } -> tensor<256x64xf32>
  return %y : tensor<256x64xf32>
}

func.func @sigmoid_pad_dw(%x: tensor<1x28x28x32xf32>, %w: tensor<3x3x32xf32>) -> tensor<1x28x28x32xf32> {
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x28x28x32xf32>
  %sg = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                        iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x28x28x32xf32>) outs(%e : tensor<1x28x28x32xf32>) {
    ^bb0(%a: f32, %o: f32):
      %na = arith.negf %a : f32
      %ex = math.exp %na : f32
      %d = arith.addf %ex, %one : f32
      %r = arith.divf %one, %d : f32
      linalg.yield %r : f32
  } -> tensor<1x28x28x32xf32>
  %p = tensor.pad %sg low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x28x28x32xf32> to tensor<1x30x30x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x28x28x32xf32>) -> tensor<1x28x28x32xf32>
  %c = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x30x30x32xf32>, tensor<3x3x32xf32>) outs(%f : tensor<1x28x28x32xf32>) -> tensor<1x28x28x32xf32>
  return %c : tensor<1x28x28x32xf32>
}

func.func @exp_unit_broadcast(%v: tensor<256xf32>, %x: tensor<256x1xf32>) -> tensor<256x1xf32> {
  %e = tensor.empty() : tensor<256xf32>
  %ex = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%v : tensor<256xf32>) outs(%e : tensor<256xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = math.exp %a : f32
      linalg.yield %r : f32
  } -> tensor<256xf32>
  %e2 = tensor.empty() : tensor<256x1xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %ex : tensor<256x1xf32>, tensor<256xf32>) outs(%e2 : tensor<256x1xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %r = arith.mulf %a, %b : f32
      linalg.yield %r : f32
  } -> tensor<256x1xf32>
  return %y : tensor<256x1xf32>
}

func.func @exp_scaled_mm(%x: tensor<64x128xf32>, %w: tensor<64x96xf32>) -> tensor<128x96xf32> {
  %c = arith.constant 0.125 : f32
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<64x128xf32>
  %ex = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x128xf32>) outs(%et : tensor<64x128xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = math.exp %a : f32
      linalg.yield %r : f32
  } -> tensor<64x128xf32>
  %e = tensor.empty() : tensor<128x64xf32>
  %sc = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%ex : tensor<64x128xf32>) outs(%e : tensor<128x64xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.mulf %a, %c : f32
      linalg.yield %r : f32
  } -> tensor<128x64xf32>
  %e2 = tensor.empty() : tensor<128x96xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e2 : tensor<128x96xf32>) -> tensor<128x96xf32>
  %m = linalg.matmul ins(%sc, %w : tensor<128x64xf32>, tensor<64x96xf32>) outs(%f : tensor<128x96xf32>) -> tensor<128x96xf32>
  return %m : tensor<128x96xf32>
}

// -----

// Seven softmaxes in one func would branch into 2^7 sketches, past the cap
// of 64: the func gets the sketch that inlines every exp instead of failing.
// CHECK-LABEL: sched.schedule @seven_softmaxes_sketch0
// CHECK-COUNT-7: sched.inline
// CHECK-NOT:     sched.inline
// CHECK:       }
// CHECK-NOT:   sched.schedule @seven_softmaxes_sketch1
#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @seven_softmaxes(%x0: tensor<64x32xf32>, %x1: tensor<64x32xf32>, %x2: tensor<64x32xf32>, %x3: tensor<64x32xf32>, %x4: tensor<64x32xf32>, %x5: tensor<64x32xf32>, %x6: tensor<64x32xf32>) -> (tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %es = tensor.empty() : tensor<64xf32>
  %ex0 = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%x0 : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = math.exp %a : f32
      linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %acc0 = linalg.fill ins(%zero : f32) outs(%es : tensor<64xf32>) -> tensor<64xf32>
  %sum0 = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%ex0 : tensor<64x32xf32>) outs(%acc0 : tensor<64xf32>) {
    ^bb0(%a: f32, %t: f32):
      %r = arith.addf %a, %t : f32
      linalg.yield %r : f32
  } -> tensor<64xf32>
  %y0 = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]} ins(%ex0, %sum0 : tensor<64x32xf32>, tensor<64xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%a: f32, %t: f32, %o: f32):
      %r = arith.divf %a, %t : f32
      linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %ex1 = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%x1 : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = math.exp %a : f32
      linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %acc1 = linalg.fill ins(%zero : f32) outs(%es : tensor<64xf32>) -> tensor<64xf32>
  %sum1 = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%ex1 : tensor<64x32xf32>) outs(%acc1 : tensor<64xf32>) {
    ^bb0(%a: f32, %t: f32):
      %r = arith.addf %a, %t : f32
      linalg.yield %r : f32
  } -> tensor<64xf32>
  %y1 = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]} ins(%ex1, %sum1 : tensor<64x32xf32>, tensor<64xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%a: f32, %t: f32, %o: f32):
      %r = arith.divf %a, %t : f32
      linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %ex2 = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%x2 : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = math.exp %a : f32
      linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%es : tensor<64xf32>) -> tensor<64xf32>
  %sum2 = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%ex2 : tensor<64x32xf32>) outs(%acc2 : tensor<64xf32>) {
    ^bb0(%a: f32, %t: f32):
      %r = arith.addf %a, %t : f32
      linalg.yield %r : f32
  } -> tensor<64xf32>
  %y2 = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]} ins(%ex2, %sum2 : tensor<64x32xf32>, tensor<64xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%a: f32, %t: f32, %o: f32):
      %r = arith.divf %a, %t : f32
      linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %ex3 = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%x3 : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = math.exp %a : f32
      linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %acc3 = linalg.fill ins(%zero : f32) outs(%es : tensor<64xf32>) -> tensor<64xf32>
  %sum3 = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%ex3 : tensor<64x32xf32>) outs(%acc3 : tensor<64xf32>) {
    ^bb0(%a: f32, %t: f32):
      %r = arith.addf %a, %t : f32
      linalg.yield %r : f32
  } -> tensor<64xf32>
  %y3 = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]} ins(%ex3, %sum3 : tensor<64x32xf32>, tensor<64xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%a: f32, %t: f32, %o: f32):
      %r = arith.divf %a, %t : f32
      linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %ex4 = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%x4 : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = math.exp %a : f32
      linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %acc4 = linalg.fill ins(%zero : f32) outs(%es : tensor<64xf32>) -> tensor<64xf32>
  %sum4 = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%ex4 : tensor<64x32xf32>) outs(%acc4 : tensor<64xf32>) {
    ^bb0(%a: f32, %t: f32):
      %r = arith.addf %a, %t : f32
      linalg.yield %r : f32
  } -> tensor<64xf32>
  %y4 = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]} ins(%ex4, %sum4 : tensor<64x32xf32>, tensor<64xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%a: f32, %t: f32, %o: f32):
      %r = arith.divf %a, %t : f32
      linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %ex5 = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%x5 : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = math.exp %a : f32
      linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %acc5 = linalg.fill ins(%zero : f32) outs(%es : tensor<64xf32>) -> tensor<64xf32>
  %sum5 = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%ex5 : tensor<64x32xf32>) outs(%acc5 : tensor<64xf32>) {
    ^bb0(%a: f32, %t: f32):
      %r = arith.addf %a, %t : f32
      linalg.yield %r : f32
  } -> tensor<64xf32>
  %y5 = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]} ins(%ex5, %sum5 : tensor<64x32xf32>, tensor<64xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%a: f32, %t: f32, %o: f32):
      %r = arith.divf %a, %t : f32
      linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %ex6 = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%x6 : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = math.exp %a : f32
      linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %acc6 = linalg.fill ins(%zero : f32) outs(%es : tensor<64xf32>) -> tensor<64xf32>
  %sum6 = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%ex6 : tensor<64x32xf32>) outs(%acc6 : tensor<64xf32>) {
    ^bb0(%a: f32, %t: f32):
      %r = arith.addf %a, %t : f32
      linalg.yield %r : f32
  } -> tensor<64xf32>
  %y6 = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]} ins(%ex6, %sum6 : tensor<64x32xf32>, tensor<64xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%a: f32, %t: f32, %o: f32):
      %r = arith.divf %a, %t : f32
      linalg.yield %r : f32
  } -> tensor<64x32xf32>
  return %y0, %y1, %y2, %y3, %y4, %y5, %y6 : tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>
}

// -----

// An index with a negative coefficient (a flip, `127 - j`): upstream's tiling
// slices every operand of a tiled op and takes the slice of `127 - j` from
// the tile's first iteration (its last element), so the flip gets no step
// (KeepLoopNest: the lowering runs its loops) and its producer, which would
// be fused into its tiles, is not inlined; the matmul reading the flip is
// tiled as usual.
// CHECK-LABEL: sched.schedule @flip_mm_sketch0
// CHECK-SAME:    rules ["AddPacking", "MultiLevelTiling", "KeepLoopNest"]
// CHECK-NEXT:    sched.tile node 0 structure <[S, S]>
// CHECK-NOT:     {{(inline|node 1 )}}
// CHECK:         sched.tile node 3 structure <[S, S, R, S, R, S]>
// CHECK-NOT:     {{(inline|node 1 )}}
// CHECK:       }
// CHECK-LABEL: sched.schedule @reversed_dot_sketch0
// CHECK-SAME:    rules ["KeepLoopNest"]
// CHECK-NEXT:  }
// CHECK-NOT:   sched.schedule @reversed_dot_sketch1
func.func @flip_mm(%a: tensor<64x128xf32>, %b: tensor<128x96xf32>) -> tensor<64x96xf32> {
  %e = tensor.empty() : tensor<64x128xf32>
  %ex = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                        iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = math.exp %x : f32
      linalg.yield %m : f32
  } -> tensor<64x128xf32>
  %f = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, 127 - j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%ex : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.mulf %x, %x : f32
      linalg.yield %m : f32
  } -> tensor<64x128xf32>
  %z = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<64x96xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e2 : tensor<64x96xf32>) -> tensor<64x96xf32>
  %c = linalg.matmul ins(%f, %b : tensor<64x128xf32>, tensor<128x96xf32>) outs(%acc : tensor<64x96xf32>) -> tensor<64x96xf32>
  return %c : tensor<64x96xf32>
}

// A reduction reading one input backwards (a correlation with a reversed
// filter) would be factored (AddRfactor: 4 outputs, 2 cores); it is left to
// the lowering instead.
func.func @reversed_dot(%x: tensor<4x64xf32>, %w: tensor<4x64xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.generic {
      indexing_maps = [affine_map<(j, k) -> (j, k)>, affine_map<(j, k) -> (j, 63 - k)>,
                       affine_map<(j, k) -> (j)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x, %w : tensor<4x64xf32>, tensor<4x64xf32>) outs(%acc : tensor<4xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %m = arith.mulf %a, %b : f32
      %r = arith.addf %m, %c : f32
      linalg.yield %r : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// A convolution in TOSA's layout (filter FHWC) is normalized into a
// transpose of its filter to HWCF and the convolution upstream vectorizes
// (the FHWC one stayed scalar). The transpose, which every tile of the
// convolution reads again, is computed once, as a node of its own, in both
// of the convolution's sketches (inlined, it ran 1.3x slower).
// CHECK-LABEL: func.func @conv_fhwc
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<64x3x3x32xf32>) outs(%{{.*}} : tensor<3x3x32x64xf32>) permutation = [1, 2, 3, 0]  {sched.node = 1 : i64}
// CHECK:         linalg.conv_2d_nhwc_hwcf {{.*}}sched.node = 2 : i64
// CHECK-NOT:     linalg.conv_2d_nhwc_fhwc
// CHECK-LABEL: sched.schedule @conv_fhwc_sketch0
// CHECK-NEXT:    sched.tile node 1 structure <[S, S]>
// CHECK-NEXT:    sched.parallel node 1
// CHECK-NEXT:    sched.vectorize node 1
// CHECK:         sched.vectorize node 2
// CHECK-LABEL: sched.schedule @conv_fhwc_sketch1
// CHECK-NEXT:    sched.tile node 1 structure <[S, S]>
// CHECK-NOT:     sched.inline
// CHECK-NOT:   sched.schedule
func.func @conv_fhwc(%i: tensor<1x30x30x32xf32>, %w: tensor<64x3x3x32xf32>) -> tensor<1x28x28x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x28x28x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x28x28x64xf32>) -> tensor<1x28x28x64xf32>
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%i, %w : tensor<1x30x30x32xf32>, tensor<64x3x3x32xf32>)
      outs(%f : tensor<1x28x28x64xf32>) -> tensor<1x28x28x64xf32>
  return %r : tensor<1x28x28x64xf32>
}

// -----

// A depthwise convolution as TOSA lowers it (HWCM, a channel multiplier of
// 1, collapsed away before the bias) is normalized into the HWC one,
// which upstream decomposes and vectorizes (no HWCM program beat the
// untuned lowering): the filter is collapsed, the fill built again at 4-D,
// the collapse of the result folded, so that the bias still fuses.
// CHECK-LABEL: func.func @depthwise_tosa
// CHECK:         tensor.collapse_shape %{{.*}} {{\[\[}}0], [1], [2, 3]] : tensor<3x3x16x1xf32> into tensor<3x3x16xf32>
// CHECK:         linalg.fill {sched.node = 0 : i64} {{.*}} -> tensor<1x10x10x16xf32>
// CHECK:         linalg.depthwise_conv_2d_nhwc_hwc {{.*}}sched.node = 1 : i64{{.*}} -> tensor<1x10x10x16xf32>
// CHECK-NOT:     tensor.collapse_shape
// CHECK-NOT:     tensor.expand_shape
// CHECK:         linalg.generic {{.*}}sched.node = 2 : i64
// CHECK-NOT:     linalg.depthwise_conv_2d_nhwc_hwcm
// CHECK-LABEL: sched.schedule @depthwise_tosa_sketch0
// CHECK:         sched.vectorize node 1
// CHECK-LABEL: sched.schedule @depthwise_tosa_sketch1
// CHECK:         sched.fuse_consumer node 2 into 1
// CHECK:         sched.vectorize node 1
// CHECK-NOT:   sched.schedule
func.func @depthwise_tosa(%x: tensor<1x12x12x16xf32>, %w: tensor<3x3x16x1xf32>,
                          %b: tensor<16xf32>) -> tensor<1x10x10x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x10x10x16x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x10x10x16x1xf32>) -> tensor<1x10x10x16x1xf32>
  %c = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x12x12x16xf32>, tensor<3x3x16x1xf32>)
      outs(%f : tensor<1x10x10x16x1xf32>) -> tensor<1x10x10x16x1xf32>
  %r = tensor.collapse_shape %c [[0], [1], [2], [3, 4]] : tensor<1x10x10x16x1xf32> into tensor<1x10x10x16xf32>
  %e2 = tensor.empty() : tensor<1x10x10x16xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%b, %r : tensor<16xf32>, tensor<1x10x10x16xf32>) outs(%e2 : tensor<1x10x10x16xf32>) {
  ^bb0(%bi: f32, %v: f32, %out: f32):
    %s = arith.addf %bi, %v : f32
    linalg.yield %s : f32
  } -> tensor<1x10x10x16xf32>
  return %o : tensor<1x10x10x16xf32>
}

// -----

// Windowed ops whose 2-D form upstream decomposes into a vectorizable 1-D
// one (a min pooling, a plain 2-D convolution) are convolution-like: their
// sketches vectorize (they had none: min pooling ran at half the speed of
// the same max pooling), and the outer window loop is tiled by 1 so that
// each block decomposes.
// CHECK-LABEL: sched.schedule @pool_min_sketch0
// CHECK:         sched.vectorize node 1
// CHECK-LABEL: sched.schedule @pool_min_sketch1
// CHECK:         sched.vectorize node 1
// CHECK-NOT:   sched.schedule
func.func @pool_min(%x: tensor<1x30x30x64xf32>) -> tensor<1x28x28x64xf32> {
  %big = arith.constant 3.0e38 : f32
  %win = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x28x28x64xf32>
  %f = linalg.fill ins(%big : f32) outs(%e : tensor<1x28x28x64xf32>) -> tensor<1x28x28x64xf32>
  %r = linalg.pooling_nhwc_min {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %win : tensor<1x30x30x64xf32>, tensor<3x3xf32>)
      outs(%f : tensor<1x28x28x64xf32>) -> tensor<1x28x28x64xf32>
  return %r : tensor<1x28x28x64xf32>
}

// -----

// CHECK-LABEL: sched.schedule @conv2d_plain_sketch0
// CHECK-NEXT:    sched.cache_write node 1
// CHECK-NEXT:    sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[?, ?, ?, 1] of 128>, #sched.split<[?, ?, ?, ?] of 128>, #sched.split<[?, 1] of 3>, #sched.split<[?, ?] of 3>]
// CHECK:         sched.vectorize node 1
// CHECK-LABEL: sched.schedule @conv2d_plain_sketch1
// CHECK:         sched.vectorize node 1
// CHECK-NOT:   sched.schedule
func.func @conv2d_plain(%x: tensor<130x130xf32>, %w: tensor<3x3xf32>) -> tensor<128x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %r = linalg.conv_2d ins(%x, %w : tensor<130x130xf32>, tensor<3x3xf32>)
      outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}

// -----

// 3-D windows vectorize too (downscaled to 2-D, then decomposed): the
// output depth and height loops and the depth and height windows are tiled
// by 1 innermost, the width and channels are free.
// CHECK-LABEL: sched.schedule @dw3d_sketch0
// CHECK-SAME:    rules ["AddCacheWrite", "MultiLevelTiling"]
// CHECK:         sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[?, ?, ?, ?] of 1>, #sched.split<[?, ?, ?, 1] of 4>, #sched.split<[?, ?, ?, 1] of 16>, #sched.split<[?, ?, ?, ?] of 16>, #sched.split<[?, 1] of 3>, #sched.split<[?, 1] of 3>, #sched.split<[?, ?] of 3>, #sched.split<[?, ?, ?, ?] of 16>]
// CHECK:         sched.vectorize node 1
// CHECK-LABEL: sched.schedule @dw3d_sketch1
// CHECK:         sched.vectorize node 1
// CHECK-NOT:   sched.schedule
func.func @dw3d(%x: tensor<1x6x18x18x16xf32>, %w: tensor<3x3x3x16xf32>) -> tensor<1x4x16x16x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x16x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x16x16x16xf32>) -> tensor<1x4x16x16x16xf32>
  %r = linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %w : tensor<1x6x18x18x16xf32>, tensor<3x3x3x16xf32>) outs(%f : tensor<1x4x16x16x16xf32>) -> tensor<1x4x16x16x16xf32>
  return %r : tensor<1x4x16x16x16xf32>
}

// -----

// Weights that are a splat constant are not packed: any layout of a splat
// is the splat, and canonicalization folds the pack away, with the handle
// the packing steps follow (every packed program failed to build). A dense
// constant that is not a splat is packed, whole only: that pack is computed
// at compile time (materialize-pack-constant.mlir).
// CHECK-LABEL: func.func @splat_weights
// CHECK:       sched.schedule @splat_weights_sketch0
// CHECK-SAME:    rules ["AddCacheWrite", "MultiLevelTiling"]
// CHECK:       sched.schedule @splat_weights_sketch1
// CHECK-SAME:    rules ["MultiLevelTiling"]
// CHECK-NOT:     sched.pack
// CHECK:       sched.schedule @dense_weights_sketch0
// CHECK-SAME:    rules ["AddPacking", "MultiLevelTiling"]
// CHECK-NEXT:    sched.tile
// CHECK-NEXT:    sched.pack node 1 operand 1 loop 1 at <? in [0]>
func.func @splat_weights(%x: tensor<16x64xf32>) -> tensor<16x32xf32> {
  %w = arith.constant dense<0.125> : tensor<64x32xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %m = linalg.matmul ins(%x, %w : tensor<16x64xf32>, tensor<64x32xf32>) outs(%f : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %m : tensor<16x32xf32>
}
func.func @dense_weights(%x: tensor<16x4xf32>) -> tensor<16x2xf32> {
  %w = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x2xf32>) -> tensor<16x2xf32>
  %m = linalg.matmul ins(%x, %w : tensor<16x4xf32>, tensor<4x2xf32>) outs(%f : tensor<16x2xf32>) -> tensor<16x2xf32>
  return %m : tensor<16x2xf32>
}

// -----

// A reduction whose combiner neither the vectorizer nor reduction tiling
// takes (torch's max_pool2d_with_indices: a select on a comparison that
// carries an index) is not multi-level tiled: its blocks stay scalar, and
// with its reductions tiled around them their running values were stored
// and reloaded at every step (every sampled program 0.31x the untuned
// lowering at best; its reductions innermost, 1.11x with 2 threads).
// CHECK-LABEL: sched.schedule @pool_with_indices_sketch0
// CHECK-SAME:    rules []
// CHECK-NOT:     sched.cache_write
// CHECK:         sched.tile node 2 structure <[S, S, R]>
// CHECK-NOT:   sched.schedule @pool_with_indices_sketch1
#x = affine_map<(n, c, h, w, kh, kw) -> (n, c, h * 2 + kh, w * 2 + kw)>
#k = affine_map<(n, c, h, w, kh, kw) -> (kh, kw)>
#o = affine_map<(n, c, h, w, kh, kw) -> (n, c, h, w)>
func.func @pool_with_indices(%in: tensor<1x8x16x16xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0 : i64
  %k = tensor.empty() : tensor<2x2xf32>
  %e1 = tensor.empty() : tensor<1x8x8x8xf32>
  %e2 = tensor.empty() : tensor<1x8x8x8xi64>
  %f1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %f2 = linalg.fill ins(%z : i64) outs(%e2 : tensor<1x8x8x8xi64>) -> tensor<1x8x8x8xi64>
  %r:2 = linalg.generic {indexing_maps = [#x, #k, #o, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%in, %k : tensor<1x8x16x16xf32>, tensor<2x2xf32>) outs(%f1, %f2 : tensor<1x8x8x8xf32>, tensor<1x8x8x8xi64>) {
  ^bb0(%v: f32, %kk: f32, %mx: f32, %ix: i64):
    %kh = linalg.index 4 : index
    %kw = linalg.index 5 : index
    %c2 = arith.constant 2 : index
    %flat = arith.muli %kh, %c2 : index
    %flat2 = arith.addi %flat, %kw : index
    %f64 = arith.index_cast %flat2 : index to i64
    %gt = arith.cmpf ogt, %v, %mx : f32
    %nm = arith.select %gt, %v, %mx : f32
    %ni = arith.select %gt, %f64, %ix : i64
    linalg.yield %nm, %ni : f32, i64
  } -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xi64>)
  return %r#0, %r#1 : tensor<1x8x8x8xf32>, tensor<1x8x8x8xi64>
}

// -----

// One across rows (an argmax down each column) keeps the column sums'
// tiling, the reduction outside the block, a row at a time: left whole, its
// block read the column's 1024 rows per output (1024x512 with one thread:
// 44 us best of 16 programs against 29 us tiled).
// CHECK-LABEL: sched.schedule @column_argmax_sketch0
// CHECK-SAME:    rules ["MultiLevelTiling"]
// CHECK:         sched.tile node 2 structure <[S, S, R, S, R, S]> splits [#sched.split<[?, 1] of 256>
func.func @column_argmax(%x: tensor<256x64xf32>) -> tensor<64xi64> {
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0 : i64
  %e1 = tensor.empty() : tensor<64xf32>
  %e2 = tensor.empty() : tensor<64xi64>
  %f1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<64xf32>) -> tensor<64xf32>
  %f2 = linalg.fill ins(%z : i64) outs(%e2 : tensor<64xi64>) -> tensor<64xi64>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (j)>], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<256x64xf32>) outs(%f1, %f2 : tensor<64xf32>, tensor<64xi64>) {
  ^bb0(%v: f32, %mx: f32, %ix: i64):
    %i = linalg.index 0 : index
    %i64 = arith.index_cast %i : index to i64
    %gt = arith.cmpf ogt, %v, %mx : f32
    %nm = arith.select %gt, %v, %mx : f32
    %ni = arith.select %gt, %i64, %ix : i64
    linalg.yield %nm, %ni : f32, i64
  } -> (tensor<64xf32>, tensor<64xi64>)
  return %r#1 : tensor<64xi64>
}

// -----

// A sum masked by its loops' indices (a prefix sum as a triangular
// reduction) reads a reduction loop's index, which reduction tiling does
// not take, but it vectorizes: it stays multi-level tiled (left whole, its
// best of 16 programs of 64 x 512 ran 19x slower).
// CHECK-LABEL: sched.schedule @prefix_sum_sketch0
// CHECK-SAME:    "MultiLevelTiling"
// CHECK:         sched.tile node 1 structure <[S, S, R, S, R, S]>
func.func @prefix_sum(%a: tensor<64x512xf32>) -> tensor<64x512xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x512xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x512xf32>) -> tensor<64x512xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a : tensor<64x512xf32>) outs(%f : tensor<64x512xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %le = arith.cmpi ule, %k, %j : index
    %s = arith.select %le, %v, %z : f32
    %n = arith.addf %acc, %s : f32
    linalg.yield %n : f32
  } -> tensor<64x512xf32>
  return %r : tensor<64x512xf32>
}
