// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --sched-materialize --sched-expand-whole-inserts --sched-hoist-partial-accumulators | FileCheck %s
// RUN: ansor-opt %s --ansor-measure="threads=1 summary=%t.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURED < %t.json

// A max-plus product (the sum over k of max(a, b): a matmul's loops, not a
// contraction) of 23 x 37 x 8 with blocks of 4 rows of 16 columns. The
// 23 rows leave a partial block of 3 rows, whose dynamic rows are stepped
// above the k loop, one row of vectors each; the 37 columns one of 5. Every
// block keeps its outputs in registers.

// SCRIPT-LABEL: transform.named_sequence @apply_mp
// SCRIPT:         transform.loop.peel
// Full blocks: k, then the rows.
// SCRIPT:         %[[FK:.*]], %{{.*}} = transform.structured.tile_using_for %{{.*}} tile_sizes [0, 0, 1]
// SCRIPT-NEXT:    %{{.*}}, %{{.*}} = transform.structured.tile_using_for %[[FK]] tile_sizes [1, 0, 0]
// Partial rows: the rows, then k.
// SCRIPT-NEXT:    %[[PR:.*]], %{{.*}} = transform.structured.tile_using_for %{{.*}} tile_sizes [1, 0, 0]
// SCRIPT-NEXT:    %[[PRK:.*]], %{{.*}} = transform.structured.tile_using_for %[[PR]] tile_sizes [0, 0, 1]
// SCRIPT:         transform.structured.vectorize %[[PRK]] vector_sizes [16]

// CHECK-LABEL: func.func @maxplus
// Full blocks, then the last 5 columns (masked; a generic's rows are read
// through rank-reduced slices and put back through rank-expanding inserts,
// merged by sched-expand-whole-inserts).
// CHECK:         scf.for %{{.*}} = %c0 to %c8 step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK:         scf.for %{{.*}} = %c0 to %c8 step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// The last 3 rows, a row at a time.
// CHECK:         scf.for %{{.*}} = %c0 to %{{.*}} step %c1 iter_args(%{{.*}}) -> (tensor<?x?xf32>)
// CHECK:           scf.for %{{.*}} = %c0 to %c8 step %c1 iter_args(%{{.*}}) -> (vector<16xf32>)
// CHECK-NOT:         vector.transfer_write
// CHECK:           scf.yield

// MEASURED: "verified": true

func.func @maxplus(%a: tensor<23x8xf32>, %b: tensor<8x37xf32>) -> tensor<23x37xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<23x37xf32>
  %1 = linalg.fill {sched.node = 0 : i64} ins(%cst : f32) outs(%0 : tensor<23x37xf32>) -> tensor<23x37xf32>
  %2 = linalg.generic {sched.node = 1 : i64,
      indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<23x8xf32>, tensor<8x37xf32>) outs(%1 : tensor<23x37xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.maximumf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<23x37xf32>
  return %2 : tensor<23x37xf32>
}
sched.schedule @mp for @maxplus target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [23, 37], [S, S]>, #sched.node<"linalg.generic", [23, 37, 8], [S, S, R]>] rules ["MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[3, 2, 4, 1] of 23>, #sched.split<[3, 1, 1, 16] of 37>, #sched.split<[8, 1] of 8>]
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <64 in [0, 16, 64, 512]>
}
