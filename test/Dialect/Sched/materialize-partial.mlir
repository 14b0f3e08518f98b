// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --sched-materialize | FileCheck %s

// A 37x45x32 matmul + ReLU tiled by sizes that divide neither 37 nor 45 (the
// last tiles partial). Above the k loop, the row and column tiles are tiled
// by their S1 tile once more and peeled, outermost first; the full 4x16
// blocks (static) keep their accumulators in registers across k, the partial
// ones are vectorized with masks.

// SCRIPT-LABEL: transform.named_sequence @apply_partial
// SCRIPT:         transform.structured.tile_using_forall %{{.*}} tile_sizes [8, 0]
// SCRIPT:         transform.structured.tile_using_for %{{.*}} tile_sizes [0, 32]
// SCRIPT:         transform.structured.tile_using_for %{{.*}} tile_sizes [4, 16, 0]
// SCRIPT:         transform.structured.tile_using_for %{{.*}} tile_sizes [4, 16, 0]
// SCRIPT-NEXT:    transform.cast
// SCRIPT-NEXT:    transform.loop.peel
// SCRIPT:         transform.get_parent_op %{{.*}} {op_name = "scf.for"}
// SCRIPT-NEXT:    transform.loop.peel
// SCRIPT-COUNT-3: transform.structured.tile_using_for %{{.*}} tile_sizes [0, 0, 8]
// SCRIPT:         transform.apply_patterns.canonicalization
// SCRIPT-COUNT-2: transform.structured.vectorize %{{.*}} vector_sizes [4, 16] :
// SCRIPT-COUNT-2: transform.structured.vectorize %{{.*}} vector_sizes [4, 16, 8] :
// SCRIPT:         transform.structured.vectorize %{{[a-z_0-9]+}} : !transform.any_op
// SCRIPT:         transform.apply_patterns.vector.lower_masked_transfers

// CHECK-LABEL: func.func @matmul_relu
// CHECK-NOT:     sched.node
// CHECK:         scf.forall (%{{.*}}) in (5) shared_outs
// The fill, masked.
// CHECK:           vector.create_mask %{{.*}} : vector<16xi1>
// Full 4x16 blocks: static, the accumulators carried across the k loop.
// CHECK:           scf.for %{{.*}} = %c0 to %c32 step %c8 iter_args(%{{.*}} = %{{.*}}) -> (vector<4x16xf32>)
// CHECK:             vector.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<16xf32>
// Partial blocks: the last columns, then the last rows, masked.
// CHECK:           scf.for %{{.*}} = %c0 to %c32 step %c8 iter_args(%{{.*}} = %{{.*}}) -> (tensor<4x?xf32>)
// CHECK:             vector.create_mask %{{.*}} : vector<16xi1>
// CHECK:           scf.for %{{.*}} = %c0 to %c32 step %c8 iter_args(%{{.*}} = %{{.*}}) -> (tensor<?x?xf32>)
// CHECK:             vector.create_mask %{{.*}} : vector<16xi1>
// The ReLU, masked.
// CHECK:           arith.maximumf %{{.*}}, %{{.*}} : vector<4x16xf32>
// CHECK-NOT:     linalg.
// CHECK-NOT:     sched.schedule

func.func @matmul_relu(%a: tensor<37x32xf32>, %b: tensor<32x45xf32>) -> tensor<37x45xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37x45xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<37x45xf32>) -> tensor<37x45xf32>
  %c = linalg.matmul ins(%a, %b : tensor<37x32xf32>, tensor<32x45xf32>)
      outs(%acc : tensor<37x45xf32>) -> tensor<37x45xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<37x45xf32>) outs(%e : tensor<37x45xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.maximumf %x, %zero : f32
      linalg.yield %m : f32
  } -> tensor<37x45xf32>
  return %r : tensor<37x45xf32>
}

sched.schedule @partial for @matmul_relu target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [37, 45], [S, S]>,
           #sched.node<"linalg.matmul", [37, 45, 32], [S, S, R]>,
           #sched.node<"linalg.generic", [37, 45], [S, S]>]
    rules ["MultiLevelTilingWithFusion"] {
  sched.tile node 1 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[5, 2, 1, 4] of 37>, #sched.split<[2, 2, 1, 16] of 45>,
              #sched.split<[4, 8] of 32>]
  sched.fuse_consumer node 2 into 1 at #sched.choice<0 in [0, 1]>
  sched.parallel node 1 loops #sched.choice<1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step #sched.choice<0 in [0, 16, 64, 512]>
}
