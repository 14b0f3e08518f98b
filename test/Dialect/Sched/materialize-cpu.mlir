// RUN: ansor-opt %s --sched-materialize | FileCheck %s

// Matmul + ReLU, the ReLU fused at the outer tile level: a parallel forall
// over row blocks, the S1 loop, the 4x16 ReLU block vectorized, the matmul's
// k loop (R0) carrying four 4x16 accumulators in registers (the two S2
// iterations were unrolled and hoisted), FMA outer products inside.

// CHECK-LABEL: func.func @matmul_relu
// CHECK-NOT:     sched.node
// CHECK:         scf.forall (%{{.*}}) in (2) shared_outs
// CHECK:           vector.transfer_write {{.*}} : vector<4x16xf32>, tensor<4x16xf32>
// CHECK:           scf.for
// CHECK:             scf.for %{{.*}} = %c0 to %c16 step %c4 iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (vector<4x16xf32>, vector<4x16xf32>, vector<4x16xf32>, vector<4x16xf32>)
// CHECK:               vector.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK:           arith.maximumf %{{.*}}, %{{.*}} : vector<4x16xf32>
// CHECK-NOT:     sched.schedule

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

sched.schedule @fused for @matmul_relu target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [64, 32], [S, S]>,
           #sched.node<"linalg.matmul", [64, 32, 16], [S, S, R]>,
           #sched.node<"linalg.generic", [64, 32], [S, S]>]
    rules ["MultiLevelTilingWithFusion"] {
  sched.tile node 1 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[2, 2, 4, 4] of 64>, #sched.split<[1, 2, 1, 16] of 32>,
              #sched.split<[4, 4] of 16>]
  sched.fuse_consumer node 2 into 1 at #sched.choice<0 in [0, 1]>
  sched.parallel node 1 loops #sched.choice<1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step #sched.choice<16 in [0, 16, 64, 512]>
}
