// RUN: ansor-opt %s --split-input-file --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --split-input-file --sched-materialize | FileCheck %s
// RUN: ansor-opt %s --split-input-file --sched-materialize \
// RUN:   | ansor-opt --split-input-file --ansor-lower-cpu | FileCheck %s --check-prefix=LOWER

// The packed output (an expand_shape of the result, collapsed back) folds
// before results become out-params: the kernel computes in the caller's
// buffer, with no copy of the result; the panel is its one allocation.
// LOWER-LABEL: llvm.func @packed_whole
// LOWER: llvm.call @aligned_alloc
// LOWER-NOT: llvm.intr.memcpy
// LOWER-NOT: llvm.call @aligned_alloc
// LOWER: llvm.return
// LOWER-LABEL: llvm.func @packed_tile
// LOWER: llvm.call @aligned_alloc
// LOWER-NOT: llvm.intr.memcpy
// LOWER-NOT: llvm.call @aligned_alloc
// LOWER: llvm.return

// A 64x128x96 matmul whose B is packed into panels 16 wide (its register
// tile on j): B[96][128] is read through B'[8][96][16]. The output is viewed
// as C[64][8][16] (a reshape, no copy). Level 0: the whole of B is packed
// first, one parallel iteration per panel, 48 rows at a time.

// SCRIPT-LABEL: transform.named_sequence @apply_packed_whole
// SCRIPT:         %[[PACKED:.*]] = transform.structured.pack %{{.*}} packed_sizes = [0, 16, 0]
// SCRIPT:         %[[B:.*]] = transform.get_producer_of_operand %[[PACKED]][1]
// SCRIPT:         %[[BP:.*]] = transform.cast %[[B]] : !transform.any_op to !transform.op<"linalg.pack">
// SCRIPT:         %[[OP:.*]], %[[PACK:.*]], %{{.*}} = transform.structured.pack_transpose %[[BP]] with_compute_op(%[[PACKED]]) outer_perm = [1, 0]
// SCRIPT:         transform.structured.lower_pack
// SCRIPT:         transform.structured.lower_unpack
// SCRIPT:         transform.structured.generalize
// SCRIPT:         transform.annotate %[[OP]] "sched.node" = %{{.*}} : !transform.any_op, !transform.param<i64>
// SCRIPT:         transform.apply_patterns.canonicalization
// SCRIPT:         transform.structured.tile_using_forall %[[PACK]] tile_sizes [1, 0]
// SCRIPT-NEXT:    transform.structured.tile_using_for %{{.*}} tile_sizes [0, 48]
// SCRIPT:         transform.structured.tile_using_forall %{{.*}} tile_sizes [16, 4, 0, 0]
// SCRIPT:         transform.structured.tile_using_for %{{.*}} tile_sizes [8, 1, 0, 0]
// SCRIPT:         transform.structured.tile_using_for %{{.*}} tile_sizes [0, 0, 4, 0]

// CHECK-LABEL: func.func @packed_whole
// CHECK-NOT:     sched.node
// CHECK:         %[[PANELS:.*]] = tensor.empty() : tensor<8x96x16xf32>
// CHECK:         %[[BP:.*]] = scf.forall (%{{.*}}) in (8) shared_outs(%{{.*}} = %[[PANELS]])
// CHECK:           scf.for %{{.*}} = %c0 to %c96 step %c48
// CHECK:             vector.transfer_read %{{.*}} : tensor<48x16xf32>, vector<48x16xf32>
// CHECK:             vector.transfer_write %{{.*}} : vector<48x16xf32>, tensor<1x48x16xf32>
// CHECK:         %[[C:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0], [1, 2]] output_shape [64, 8, 16]
// CHECK:         %[[R:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (4, 2) shared_outs(%{{.*}} = %[[C]])
// The micro-kernel reads rows of a panel: 4 k steps of 16 contiguous values.
// CHECK:           scf.for %{{.*}} = %c0 to %c96 step %c4 iter_args(%{{.*}} = %{{.*}}) -> (vector<8x16xf32>)
// CHECK:             tensor.extract_slice %[[BP]][%{{.*}}, %{{.*}}, 0] [1, 4, 16] [1, 1, 1] : tensor<8x96x16xf32> to tensor<4x16xf32>
// CHECK:             vector.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK:         %[[OUT:.*]] = tensor.collapse_shape %[[R]] {{\[\[}}0], [1, 2]] : tensor<64x8x16xf32> into tensor<64x128xf32>
// CHECK-NOT:     linalg.
// CHECK:         return %[[OUT]]
func.func @packed_whole(%a: tensor<64x96xf32>, %b: tensor<96x128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x96xf32>, tensor<96x128xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}
sched.schedule @packed_whole_s for @packed_whole target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 96], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[4, 2, 1, 8] of 64>, #sched.split<[2, 4, 1, 16] of 128>, #sched.split<[24, 4] of 96>]
  sched.pack node 1 operand 1 loop 1 at <0 in [0, 1]>
  sched.parallel node 1 loops <2 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}

// -----

// Level 1: each outer parallel tile (16 rows, 64 columns) packs the four
// panels it reads, inside its own iteration.

// SCRIPT-LABEL: transform.named_sequence @apply_packed_tile
// SCRIPT:         %{{.*}}, %[[PACK:.*]], %{{.*}} = transform.structured.pack_transpose
// SCRIPT:         %{{.*}}, %[[FORALL:.*]] = transform.structured.tile_using_forall %{{.*}} tile_sizes [16, 4, 0, 0]
// SCRIPT-NEXT:    %[[FUSED:.*]], %{{.*}} = transform.structured.fuse_into_containing_op %[[PACK]] into %[[FORALL]]
// SCRIPT-NEXT:    transform.structured.tile_using_for %[[FUSED]] tile_sizes [1, 48]

// CHECK-LABEL: func.func @packed_tile
// CHECK:         %[[PANELS:.*]] = tensor.empty() : tensor<8x96x16xf32>
// CHECK-NOT:     scf.forall (%{{.*}}) in (8)
// CHECK:         scf.forall (%{{.*}}, %[[J:.*]]) in (4, 2)
// CHECK:           %[[MINE:.*]] = tensor.extract_slice %[[PANELS]][%{{.*}}, 0, 0] [4, 96, 16] [1, 1, 1] : tensor<8x96x16xf32> to tensor<4x96x16xf32>
// CHECK:           %[[BP:.*]] = scf.for %{{.*}} = %c0 to %c4 step %c1 iter_args(%{{.*}} = %[[MINE]])
// CHECK:             vector.transfer_write %{{.*}} : vector<48x16xf32>, tensor<1x48x16xf32>
// CHECK:           scf.for %{{.*}} = %c0 to %c96 step %c4 iter_args(%{{.*}} = %{{.*}}) -> (vector<8x16xf32>)
// CHECK:             tensor.extract_slice %[[BP]][%{{.*}}, %{{.*}}, 0] [1, 4, 16] [1, 1, 1] : tensor<4x96x16xf32> to tensor<4x16xf32>
func.func @packed_tile(%a: tensor<64x96xf32>, %b: tensor<96x128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x96xf32>, tensor<96x128xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}
sched.schedule @packed_tile_s for @packed_tile target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 96], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[4, 2, 1, 8] of 64>, #sched.split<[2, 4, 1, 16] of 128>, #sched.split<[24, 4] of 96>]
  sched.pack node 1 operand 1 loop 1 at <1 in [0, 1]>
  sched.parallel node 1 loops <2 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}

// -----

// A matmul packed together with its fused bias and ReLU: the consumer is
// packed along the same loop, so the unpack of the matmul's result and the
// pack of the consumer's input fold away; the bias (a func argument, packed
// along its only dimension) and the consumer's init become reshapes. The
// register block's sums go to the bias and ReLU in registers and are
// stored once, in the caller's buffer; the panel is the one allocation (no
// temporary for the accumulators' init, no copy of the result).

// SCRIPT-LABEL: transform.named_sequence @apply_packed_fused
// SCRIPT:         transform.structured.pack %{{.*}} packed_sizes = [0, 16, 0]
// SCRIPT-NOT:     transform.structured.lower_unpack
// SCRIPT:         transform.apply_patterns.tensor.fold_tensor_empty
// SCRIPT:         %[[CONSUMER:.*]] = transform.structured.match attributes {sched.node = 2 : i64}
// SCRIPT-NEXT:    %[[PACKED:.*]] = transform.structured.pack %[[CONSUMER]] packed_sizes = [0, 16]
// SCRIPT:         transform.get_producer_of_operand %[[PACKED]][1]
// SCRIPT:         transform.structured.lower_pack
// SCRIPT:         transform.get_producer_of_operand %[[PACKED]][2]
// SCRIPT:         transform.structured.lower_pack
// SCRIPT:         transform.get_consumers_of_result %[[PACKED]][0]
// SCRIPT:         transform.structured.lower_unpack
// SCRIPT:         transform.apply_patterns.canonicalization

// CHECK-LABEL: func.func @packed_fused
// CHECK:         %[[BIAS:.*]] = tensor.expand_shape %arg2 {{\[\[}}0, 1]] output_shape [8, 16] : tensor<128xf32> into tensor<8x16xf32>
// CHECK:         scf.forall (%{{.*}}, %{{.*}}) in (4, 2)
// CHECK:           %[[SUM:.*]] = scf.for %{{.*}} = %c0 to %c96 step %c4 iter_args(%{{.*}} = %cst) -> (vector<8x16xf32>)
// CHECK:           tensor.extract_slice %[[BIAS]]
// CHECK:           %[[B:.*]] = arith.addf %[[SUM]], %{{.*}} : vector<8x16xf32>
// CHECK:           arith.maximumf %[[B]], %{{.*}} : vector<8x16xf32>
// CHECK:         tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2]] : tensor<64x8x16xf32> into tensor<64x128xf32>
// CHECK-NOT:     linalg.
// CHECK:         return
// LOWER-LABEL: llvm.func @packed_fused
// LOWER: llvm.call @aligned_alloc
// LOWER-NOT: llvm.intr.memcpy
// LOWER-NOT: llvm.call @aligned_alloc
// LOWER: llvm.return
func.func @packed_fused(%a: tensor<64x96xf32>, %b: tensor<96x128xf32>, %bias: tensor<128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x96xf32>, tensor<96x128xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : tensor<64x128xf32>, tensor<128xf32>) outs(%e : tensor<64x128xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}
sched.schedule @packed_fused_s for @packed_fused target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 96], [S, S, R]>, #sched.node<"linalg.generic", [64, 128], [S, S]>] rules ["AddPacking", "MultiLevelTilingWithFusion"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[4, 2, 1, 8] of 64>, #sched.split<[2, 4, 1, 16] of 128>, #sched.split<[24, 4] of 96>]
  sched.fuse_consumer node 2 into 1 at <1 in [0, 1]>
  sched.pack node 1 operand 1 loop 1 at <0 in [0, 1]>
  sched.parallel node 1 loops <2 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}

// -----

// With a copy in the func (here the result transposed by a generic), targets
// are found again after the unit-dim cleanup through a mark on their body's
// terminator; the packing blocks have no body and keep their handles (they
// were left unvectorized, silently).

// CHECK-LABEL: func.func @packed_then_transposed
// CHECK:         scf.forall (%{{.*}}) in (8) shared_outs
// CHECK:           vector.transfer_write %{{.*}} : vector<48x16xf32>, tensor<1x48x16xf32>
// CHECK:         vector.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<16xf32>
func.func @packed_then_transposed(%a: tensor<64x96xf32>, %b: tensor<96x128xf32>) -> tensor<128x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x96xf32>, tensor<96x128xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  %et = tensor.empty() : tensor<128x64xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<64x128xf32>) outs(%et : tensor<128x64xf32>) {
    ^bb0(%x: f32, %o: f32):
      linalg.yield %x : f32
  } -> tensor<128x64xf32>
  return %t : tensor<128x64xf32>
}
sched.schedule @packed_then_transposed_s for @packed_then_transposed target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 96], [S, S, R]>, #sched.node<"linalg.generic", [128, 64], [S, S]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 2 structure <[S, S]> splits [#sched.split<[16, 8] of 128>, #sched.split<[4, 16] of 64>]
  sched.parallel node 2 loops <1 in [0, 1, 2]>
  sched.vectorize node 2
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[4, 2, 1, 8] of 64>, #sched.split<[2, 4, 1, 16] of 128>, #sched.split<[24, 4] of 96>]
  sched.pack node 1 operand 1 loop 1 at <0 in [0, 1]>
  sched.parallel node 1 loops <2 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}

// -----

// Panels one element wide: each row of the copy is a load of its own, inserted
// into the block's vector. Copied 1024 rows at a time, the block took LLVM's
// instruction selection 9 s (a 4 x 4096 x 4 matmul); at most 128 rows now.
// CHECK-LABEL: func.func @narrow_panels
// CHECK:         scf.for %{{.*}} = %c0 to %c4096 step %c128
// CHECK:           vector.transfer_read {{.*}} : tensor<128x1xf32>, vector<128x1xf32>
// CHECK-NOT:     vector<1024x1xf32>
func.func @narrow_panels(%a: tensor<4x4096xf32>, %b: tensor<4096x4xf32>) -> tensor<4x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x4096xf32>, tensor<4096x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
sched.schedule @narrow_panels_s for @narrow_panels target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [4, 4], [S, S]>, #sched.node<"linalg.matmul", [4, 4, 4096], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 1, 1, 4] of 4>, #sched.split<[1, 1, 4, 1] of 4>, #sched.split<[4096, 1] of 4096>]
  sched.pack node 1 operand 1 loop 1 at <1 in [0, 1]>
  sched.parallel node 1 loops <0 in [0, 1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <16 in [0, 16, 64, 512]>
}

// -----

// A pack of an operand whose panel rows run along a spatial loop (a batched
// outer product's second vector, read per batch), fused into the node's
// outer tile: it copies that tile's 4 rows, not the loop's 8, which left a
// block of dynamic rows that could not be vectorized ("Attempted to
// vectorize, but failed" in 1 of 16 random programs).
// CHECK-LABEL: func.func @batched_outer
// CHECK-NOT:     linalg.pack
// CHECK-NOT:     tensor<?x8xf32>
// CHECK:         vector.transfer_read {{.*}} : tensor<4x8xf32>, vector<4x8xf32>
// CHECK-NEXT:    vector.transfer_write {{.*}} : vector<4x8xf32>, tensor<1x4x8xf32>
// CHECK-NOT:     linalg.pack
// CHECK:         return
func.func @batched_outer(%a: tensor<8x96xf32>, %b: tensor<8x80xf32>) -> tensor<8x96x80xf32> {
  %e = tensor.empty() : tensor<8x96x80xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, i, j) -> (n, i)>, affine_map<(n, i, j) -> (n, j)>, affine_map<(n, i, j) -> (n, i, j)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a, %b : tensor<8x96xf32>, tensor<8x80xf32>) outs(%e : tensor<8x96x80xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<8x96x80xf32>
  return %r : tensor<8x96x80xf32>
}
sched.schedule @batched_outer_s for @batched_outer target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.generic", [8, 96, 80], [S, S, S]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 0 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 2, 1, 2] of 8>, #sched.split<[2, 8, 2, 3] of 96>, #sched.split<[1, 2, 5, 8] of 80>]
  sched.pack node 0 operand 1 loop 2 at <1 in [0, 1]>
  sched.parallel node 0 loops <0 in [0, 1, 2, 3]>
  sched.vectorize node 0
  sched.unroll node 0 max_step <0 in [0, 16, 64, 512]>
}

// -----

// A transposed B[N][K] packs into the same panels B'[N/n0][K][n0]: the
// panels are already its outer dimension (outer_perm is the identity), and
// the pack reads blocks of 16 rows of K and writes them transposed; the
// micro-kernel is the one of B[K][N].

// SCRIPT-LABEL: transform.named_sequence @apply_packed_transposed
// SCRIPT:         %[[PACKED:.*]] = transform.structured.pack %{{.*}} packed_sizes = [0, 16, 0]
// SCRIPT:         transform.structured.pack_transpose %{{.*}} with_compute_op(%[[PACKED]]) outer_perm = [0, 1]

// CHECK-LABEL: func.func @packed_transposed
// CHECK:         %[[PANELS:.*]] = tensor.empty() : tensor<8x96x16xf32>
// CHECK:         %[[BP:.*]] = scf.forall (%{{.*}}) in (8) shared_outs(%{{.*}} = %[[PANELS]])
// CHECK:           scf.for %{{.*}} = %c0 to %c96 step %c48
// CHECK:             vector.transfer_read %{{.*}} : tensor<16x48xf32>, vector<16x48xf32>
// CHECK:             vector.transfer_write %{{.*}} : vector<48x16xf32>, tensor<1x48x16xf32>
// CHECK:         scf.forall (%{{.*}}, %{{.*}}) in (4, 2)
// CHECK:           scf.for %{{.*}} = %c0 to %c96 step %c4 iter_args(%{{.*}} = %{{.*}}) -> (vector<8x16xf32>)
// CHECK:             tensor.extract_slice %[[BP]][%{{.*}}, %{{.*}}, 0] [1, 4, 16] [1, 1, 1] : tensor<8x96x16xf32> to tensor<4x16xf32>
// CHECK:             vector.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<16xf32>
func.func @packed_transposed(%a: tensor<64x96xf32>, %b: tensor<128x96xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>]
      ins(%a, %b : tensor<64x96xf32>, tensor<128x96xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}
sched.schedule @packed_transposed_s for @packed_transposed target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 96], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[4, 2, 1, 8] of 64>, #sched.split<[2, 4, 1, 16] of 128>, #sched.split<[24, 4] of 96>]
  sched.pack node 1 operand 1 loop 1 at <0 in [0, 1]>
  sched.parallel node 1 loops <2 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}
