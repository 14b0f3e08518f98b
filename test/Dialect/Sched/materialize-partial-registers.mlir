// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --sched-materialize --sched-hoist-partial-accumulators | FileCheck %s
// RUN: ansor-opt %s --ansor-measure="threads=1 summary=%t.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURED < %t.json

// A matmul of prime sizes (97 x 89 x 13) with register blocks of 6 rows of
// 16 columns (AVX2: 6 x 2 accumulators): 97 rows leave a partial block of
// one row in the last
// 36-row tile, 89 columns one of 9 columns. Every block keeps its outputs
// in registers across the k loop. In a block partial along the columns,
// the 6 rows are static: stepped below k and unrolled, as in full blocks.
// In a block partial along the rows, the rows are dynamic: stepped above k,
// one row of vectors each.

// SCRIPT-LABEL: transform.named_sequence @apply_prime
// SCRIPT:         transform.loop.peel
// SCRIPT:         transform.loop.peel
// Full blocks: k, then the rows.
// SCRIPT:         %[[FK:.*]], %{{.*}} = transform.structured.tile_using_for %{{.*}} tile_sizes [0, 0, 1]
// SCRIPT-NEXT:    %[[FULL:.*]], %[[FROWS:.*]] = transform.structured.tile_using_for %[[FK]] tile_sizes [1, 0, 0]
// Partial rows: the rows, then k.
// SCRIPT-NEXT:    %[[PR:.*]], %{{.*}} = transform.structured.tile_using_for %{{.*}} tile_sizes [1, 0, 0]
// SCRIPT-NEXT:    %[[PRK:.*]], %{{.*}} = transform.structured.tile_using_for %[[PR]] tile_sizes [0, 0, 1]
// Partial columns: k, then the rows.
// SCRIPT-NEXT:    %[[PCK:.*]], %{{.*}} = transform.structured.tile_using_for %{{.*}} tile_sizes [0, 0, 1]
// SCRIPT-NEXT:    %[[PC:.*]], %[[PCROWS:.*]] = transform.structured.tile_using_for %[[PCK]] tile_sizes [1, 0, 0]
// SCRIPT:         transform.structured.vectorize %[[PRK]] vector_sizes [1, 16, 1]
// SCRIPT:         transform.structured.vectorize %[[PC]] vector_sizes [1, 16, 1]
// SCRIPT:         transform.structured.vectorize %[[FULL]] :
// SCRIPT-NEXT:    transform.loop.unroll %[[FROWS]] {factor = 6 : i64}
// SCRIPT-NEXT:    transform.loop.unroll %[[PCROWS]] {factor = 6 : i64}

// CHECK-LABEL: func.func @mm_prime
// Full blocks.
// CHECK:         scf.for %{{.*}} = %c0 to %c13 step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-NOT:       vector.transfer_write
// CHECK:         scf.yield
// The last 9 columns, masked.
// CHECK:         vector.create_mask
// CHECK:         scf.for %{{.*}} = %c0 to %c13 step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-NOT:       vector.transfer_write
// CHECK:         scf.yield
// The last row.
// CHECK:         scf.for %{{.*}} = %c0 to %{{.*}} step %c1 iter_args(%{{.*}}) -> (tensor<?x?xf32>)
// CHECK:           scf.for %{{.*}} = %c0 to %c13 step %c1 iter_args(%{{.*}}) -> (vector<16xf32>)
// CHECK-NOT:         vector.transfer_write
// CHECK:           scf.yield

// MEASURED: "verified": true

func.func @mm_prime(%arg0: tensor<97x13xf32>, %arg1: tensor<13x89xf32>) -> tensor<97x89xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<97x89xf32>
  %1 = linalg.fill {sched.node = 0 : i64} ins(%cst : f32) outs(%0 : tensor<97x89xf32>) -> tensor<97x89xf32>
  %2 = linalg.matmul {sched.node = 1 : i64} ins(%arg0, %arg1 : tensor<97x13xf32>, tensor<13x89xf32>) outs(%1 : tensor<97x89xf32>) -> tensor<97x89xf32>
  return %2 : tensor<97x89xf32>
}
sched.schedule @prime for @mm_prime target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [97, 89], [S, S]>, #sched.node<"linalg.matmul", [97, 89, 13], [S, S, R]>] rules ["MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[3, 6, 6, 1] of 97>, #sched.split<[6, 1, 1, 16] of 89>, #sched.split<[13, 1] of 13>]
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <64 in [0, 16, 64, 512]>
}
