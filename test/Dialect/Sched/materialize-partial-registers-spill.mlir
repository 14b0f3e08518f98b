// RUN: ansor-opt %s --sched-export-transform | FileCheck %s

// The same prime matmul with blocks of 10 rows of 32 columns on AVX2: the
// 10 rows' 40 accumulators do not fit its 16 registers (the full blocks
// unroll them anyway: the schedule chose them), so in a block partial along
// the columns the static rows go above k with the dynamic ones, each row
// keeping its 4 accumulators across it, and are not unrolled.

// CHECK-LABEL: transform.named_sequence @apply_prime
// Full blocks: k, then the rows.
// CHECK:         %[[FK:.*]], %{{.*}} = transform.structured.tile_using_for %{{.*}} tile_sizes [0, 0, 1]
// CHECK-NEXT:    %[[FULL:.*]], %[[FROWS:.*]] = transform.structured.tile_using_for %[[FK]] tile_sizes [1, 0, 0]
// Partial rows: the rows, then k.
// CHECK-NEXT:    %[[PR:.*]], %{{.*}} = transform.structured.tile_using_for %{{.*}} tile_sizes [1, 0, 0]
// CHECK-NEXT:    %{{.*}}, %{{.*}} = transform.structured.tile_using_for %[[PR]] tile_sizes [0, 0, 1]
// Partial columns: the rows too, then k.
// CHECK-NEXT:    %[[PC:.*]], %{{.*}} = transform.structured.tile_using_for %{{.*}} tile_sizes [1, 0, 0]
// CHECK-NEXT:    %{{.*}}, %{{.*}} = transform.structured.tile_using_for %[[PC]] tile_sizes [0, 0, 1]
// CHECK:         transform.loop.unroll %[[FROWS]] {factor = 10 : i64}
// CHECK-NOT:     transform.loop.unroll

func.func @mm_prime(%arg0: tensor<97x13xf32>, %arg1: tensor<13x89xf32>) -> tensor<97x89xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<97x89xf32>
  %1 = linalg.fill {sched.node = 0 : i64} ins(%cst : f32) outs(%0 : tensor<97x89xf32>) -> tensor<97x89xf32>
  %2 = linalg.matmul {sched.node = 1 : i64} ins(%arg0, %arg1 : tensor<97x13xf32>, tensor<13x89xf32>) outs(%1 : tensor<97x89xf32>) -> tensor<97x89xf32>
  return %2 : tensor<97x89xf32>
}
sched.schedule @prime for @mm_prime target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [97, 89], [S, S]>, #sched.node<"linalg.matmul", [97, 89, 13], [S, S, R]>] rules ["MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 5, 10, 1] of 97>, #sched.split<[3, 1, 1, 32] of 89>, #sched.split<[13, 1] of 13>]
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <64 in [0, 16, 64, 512]>
}
