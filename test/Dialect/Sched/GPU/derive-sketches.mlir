// RUN: ansor-opt %s --split-input-file --sched-derive-sketches="target='cuda -arch=sm_90'" | FileCheck %s

// A matmul with a fused ReLU: Ansor's GPU tiling SSSRRSRS, its three outer
// spatial levels bound to blocks, virtual threads and threads, the consumer
// computed at the thread level. First with both inputs staged in shared
// memory (AddCacheRead; each read again along a spatial loop), each stage
// sized by its access map, the ReLU then a kernel of its own; then without
// stages.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-LABEL: sched.schedule @mm_relu_sketch0 for @mm_relu target "cuda -arch=sm_90"
// CHECK-SAME: rules ["AddCacheRead", "MultiLevelTiling"]
// CHECK-NEXT: sched.tile node 1 structure <[S, S, S, R, R, S, R, S]>
// CHECK-NEXT: sched.bind node 1 block 0 vthread 1 thread 2
// CHECK-NEXT: sched.cache_read node 1 operand 0 scope "shared" access #[[A]] of f32
// CHECK-NEXT: sched.cache_read node 1 operand 1 scope "shared" access #[[B]] of f32
// CHECK-NEXT: sched.vectorize node 1
// CHECK-NEXT: sched.unroll node 1
// CHECK-NEXT: sched.tile node 2 structure <[S, S, S]>
// CHECK-NEXT: sched.bind node 2 block 0 thread 1
// CHECK-NEXT: }
// CHECK-LABEL: sched.schedule @mm_relu_sketch1 for @mm_relu target "cuda -arch=sm_90"
// CHECK-SAME: rules ["MultiLevelTilingWithFusion"]
// CHECK-NEXT: sched.tile node 1 structure <[S, S, S, R, R, S, R, S]>
// CHECK-SAME: splits [#sched.split<[?, ?, ?, ?, ?] of 128>, #sched.split<[?, ?, ?, ?, ?] of 256>, #sched.split<[?, ?, ?] of 64>]
// CHECK-NEXT: sched.bind node 1 block 0 vthread 1 thread 2
// CHECK-NEXT: sched.fuse_consumer node 2 into 1 at <2 in [2]>
// CHECK-NEXT: sched.vectorize node 1
// CHECK-NEXT: sched.unroll node 1 max_step <? in [0, 16, 64, 512, 1024]>
// CHECK-NEXT: }
// CHECK-NOT: sched.schedule
func.func @mm_relu(%a: tensor<128x64xf32>, %b: tensor<64x256xf32>) -> tensor<128x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<128x256xf32>) -> tensor<128x256xf32>
  %c = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x256xf32>)
      outs(%acc : tensor<128x256xf32>) -> tensor<128x256xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<128x256xf32>) outs(%e : tensor<128x256xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.maximumf %x, %zero : f32
      linalg.yield %m : f32
  } -> tensor<128x256xf32>
  return %r : tensor<128x256xf32>
}

// -----

// conv2d + bias + ReLU: the pad is not inlined on GPU (no step: the
// lowering gives it its own kernel), the window's row loop keeps a unit
// innermost tile, the bias+ReLU is fused at the thread level. The staged
// variant stages the padded input (through the window's map) and the
// weights, without fusion.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
// CHECK-DAG: #[[W:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// CHECK-LABEL: sched.schedule @c2d_sketch0 for @c2d
// CHECK-SAME: rules ["AddCacheRead", "MultiLevelTiling"]
// CHECK: sched.cache_read node 2 operand 0 scope "shared" access #[[IN]] of f32
// CHECK-NEXT: sched.cache_read node 2 operand 1 scope "shared" access #[[W]] of f32
// CHECK-LABEL: sched.schedule @c2d_sketch1 for @c2d
// CHECK-SAME: [#sched.node<"tensor.pad"
// CHECK-SAME: rules ["MultiLevelTilingWithFusion"]
// CHECK-NEXT: sched.tile node 2 structure <[S, S, S, R, R, S, R, S]>
// CHECK-SAME: #sched.split<[?, ?, ?, ?, 1] of 14>
// CHECK-SAME: #sched.split<[?, ?, 1] of 3>
// CHECK-NEXT: sched.bind node 2 block 0 vthread 1 thread 2
// CHECK-NEXT: sched.fuse_consumer node 3 into 2 at <2 in [2]>
// CHECK-NOT: sched.inline
// CHECK: }
func.func @c2d(%in: tensor<1x14x14x16xf32>, %w: tensor<3x3x16x32xf32>, %bias: tensor<32xf32>)
    -> tensor<1x14x14x32xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %in low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
      tensor.yield %zero : f32
  } : tensor<1x14x14x16xf32> to tensor<1x16x16x16xf32>
  %e = tensor.empty() : tensor<1x14x14x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x14x14x32xf32>) -> tensor<1x14x14x32xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x16x16x16xf32>, tensor<3x3x16x32xf32>)
      outs(%acc : tensor<1x14x14x32xf32>) -> tensor<1x14x14x32xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>,
                       affine_map<(n, h, w, c) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %bias : tensor<1x14x14x32xf32>, tensor<32xf32>) outs(%e : tensor<1x14x14x32xf32>) {
    ^bb0(%x: f32, %b: f32, %o: f32):
      %a = arith.addf %x, %b : f32
      %m = arith.maximumf %a, %zero : f32
      linalg.yield %m : f32
  } -> tensor<1x14x14x32xf32>
  return %r : tensor<1x14x14x32xf32>
}

// -----

// batch_matmul + softmax: the batch matmul is tiled for the GPU; the row
// reductions and the division keep their loops, split into blocks, threads
// and the elements of one thread (SSS), reductions whole inside the thread;
// the exp is inlined into both of its consumers. The batch matmul's inputs
// are staged in one variant; the reductions read each element once, so
// they stage nothing.
// CHECK-LABEL: sched.schedule @bmm_softmax_sketch0
// CHECK-SAME: rules ["AlwaysInline", "AddCacheRead", "MultiLevelTiling"]
// CHECK: sched.cache_read node 1 operand 0
// CHECK-NEXT: sched.cache_read node 1 operand 1
// CHECK-NOT: sched.cache_read
// CHECK-LABEL: sched.schedule @bmm_softmax_sketch1
// CHECK-SAME: rules ["AlwaysInline", "MultiLevelTiling"]
// CHECK-NEXT: sched.tile node 1 structure <[S, S, S, R, R, S, R, S]>
// CHECK-NEXT: sched.bind node 1 block 0 vthread 1 thread 2
// CHECK-NEXT: sched.vectorize node 1
// CHECK-NEXT: sched.unroll node 1
// CHECK-NEXT: sched.tile node 3 structure <[S, S, S, R]> splits [#sched.split<[?, ?, ?] of 2>, #sched.split<[?, ?, ?] of 32>, #sched.split<[32] of 32>]
// CHECK-NEXT: sched.bind node 3 block 0 thread 1
// CHECK-NEXT: sched.inline node 4
// CHECK-NEXT: sched.tile node 6 structure <[S, S, S, R]>
// CHECK-NEXT: sched.bind node 6 block 0 thread 1
// CHECK-NEXT: sched.tile node 7 structure <[S, S, S]>
// CHECK-NEXT: sched.bind node 7 block 0 thread 1
// CHECK-NEXT: }
func.func @bmm_softmax(%q: tensor<2x32x16xf32>, %kt: tensor<2x16x32xf32>) -> tensor<2x32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -3.40282347E+38 : f32
  %es = tensor.empty() : tensor<2x32x32xf32>
  %sacc = linalg.fill ins(%zero : f32) outs(%es : tensor<2x32x32xf32>) -> tensor<2x32x32xf32>
  %s = linalg.batch_matmul ins(%q, %kt : tensor<2x32x16xf32>, tensor<2x16x32xf32>)
      outs(%sacc : tensor<2x32x32xf32>) -> tensor<2x32x32xf32>
  %em = tensor.empty() : tensor<2x32xf32>
  %macc = linalg.fill ins(%ninf : f32) outs(%em : tensor<2x32xf32>) -> tensor<2x32xf32>
  %mx = linalg.generic {
      indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%s : tensor<2x32x32xf32>) outs(%macc : tensor<2x32xf32>) {
    ^bb0(%x: f32, %m: f32):
      %r = arith.maximumf %x, %m : f32
      linalg.yield %r : f32
  } -> tensor<2x32xf32>
  %ex = linalg.generic {
      indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i)>, affine_map<(b, i, j) -> (b, i, j)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s, %mx : tensor<2x32x32xf32>, tensor<2x32xf32>) outs(%es : tensor<2x32x32xf32>) {
    ^bb0(%x: f32, %m: f32, %o: f32):
      %d = arith.subf %x, %m : f32
      %r = math.exp %d : f32
      linalg.yield %r : f32
  } -> tensor<2x32x32xf32>
  %sumacc = linalg.fill ins(%zero : f32) outs(%em : tensor<2x32xf32>) -> tensor<2x32xf32>
  %sm = linalg.generic {
      indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%ex : tensor<2x32x32xf32>) outs(%sumacc : tensor<2x32xf32>) {
    ^bb0(%x: f32, %a: f32):
      %r = arith.addf %x, %a : f32
      linalg.yield %r : f32
  } -> tensor<2x32xf32>
  %out = linalg.generic {
      indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i)>, affine_map<(b, i, j) -> (b, i, j)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%ex, %sm : tensor<2x32x32xf32>, tensor<2x32xf32>) outs(%es : tensor<2x32x32xf32>) {
    ^bb0(%x: f32, %a: f32, %o: f32):
      %r = arith.divf %x, %a : f32
      linalg.yield %r : f32
  } -> tensor<2x32x32xf32>
  return %out : tensor<2x32x32xf32>
}

// -----

// A row reduction: no data reuse, so no multi-level tiling and no stage.
// Longer than a warp, it is reduced across a block's threads, one row per
// block (CrossThreadReduction: the reduction loop split into threads and
// elements per thread); or rows go to blocks and threads, each thread
// reducing its rows whole.
// CHECK-LABEL: sched.schedule @row_sum_sketch0
// CHECK-SAME: rules ["CrossThreadReduction"]
// CHECK-NEXT: sched.rfactor node 1 loop 1 split <[?, ?] of 1024>
// CHECK-NEXT: }
// CHECK-LABEL: sched.schedule @row_sum_sketch1
// CHECK-SAME: rules []
// CHECK-NEXT: sched.tile node 1 structure <[S, S, S, R]> splits [#sched.split<[?, ?, ?] of 512>, #sched.split<[1024] of 1024>]
// CHECK-NEXT: sched.bind node 1 block 0 thread 1
// CHECK-NEXT: }
// CHECK-NOT: sched.schedule
func.func @row_sum(%x: tensor<512x1024xf32>) -> tensor<512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<512xf32>) -> tensor<512xf32>
  %s = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<512x1024xf32>) outs(%acc : tensor<512xf32>) {
    ^bb0(%v: f32, %a: f32):
      %r = arith.addf %v, %a : f32
      linalg.yield %r : f32
  } -> tensor<512xf32>
  return %s : tensor<512xf32>
}

// -----

// A row sum weighted by the reduction loop's index is not split across
// threads: upstream's tile_reduction_using_forall leaves `linalg.index`
// relative to each thread's part (a cross-entropy's gather read the wrong
// rows once factored on the CPU).
// CHECK-LABEL: sched.schedule @index_weighted_sketch0
// CHECK-SAME: rules []
// CHECK-NOT: CrossThreadReduction
// CHECK-NOT: sched.rfactor
// CHECK: }
func.func @index_weighted(%x: tensor<512x1024xf32>) -> tensor<512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<512xf32>) -> tensor<512xf32>
  %s = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<512x1024xf32>) outs(%acc : tensor<512xf32>) {
    ^bb0(%v: f32, %a: f32):
      %j = linalg.index 1 : index
      %ji = arith.index_cast %j : index to i32
      %jf = arith.sitofp %ji : i32 to f32
      %w = arith.mulf %v, %jf : f32
      %r = arith.addf %w, %a : f32
      linalg.yield %r : f32
  } -> tensor<512xf32>
  return %s : tensor<512xf32>
}
