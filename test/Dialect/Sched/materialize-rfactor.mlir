// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --sched-materialize | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-measure="threads=2 min-repeat-ms=1 repeat=1 summary=%t/sum.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURE < %t/sum.json

// A row sum split by rfactor into 64 partial sums per row, computed in
// parallel (upstream's tile_reduction_using_forall). The partials' blocks
// are vectorized, and so is the combine of the 32 x 64 partials (a
// linalg.reduce over their contiguous dimension): left to LLVM, it was
// vectorized across rows with gathers (64 in a layer norm's program, 12%
// of its time).

// SCRIPT-LABEL: transform.named_sequence @apply_rf
// SCRIPT:         %{{.*}}, %{{.*}}, %[[COMBINE:.*]], %{{.*}} = transform.structured.tile_reduction_using_forall %{{.*}} by num_threads = [0, 64]
// SCRIPT:         transform.structured.vectorize %[[COMBINE]] : !transform.any_op

// CHECK-LABEL: func.func @row_sum
// CHECK:         scf.forall (%{{.*}}) in (64)
// CHECK:         scf.forall.in_parallel
// CHECK:         vector.transfer_read %{{.*}} : tensor<32x64xf32>, vector<32x64xf32>
// CHECK:         vector.reduction <add>
// CHECK-NOT:     linalg.reduce
// CHECK-NOT:     linalg.generic

// MEASURE: "wrong_result": 0
// MEASURE: "verified": true

func.func @row_sum(%x: tensor<32x256xf32>) -> tensor<32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32xf32>) -> tensor<32xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<32x256xf32>) outs(%f : tensor<32xf32>) {
  ^bb0(%v: f32, %a: f32):
    %r = arith.addf %v, %a : f32
    linalg.yield %r : f32
  } -> tensor<32xf32>
  return %s : tensor<32xf32>
}

sched.schedule @rf for @row_sum target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512"
    nodes [#sched.node<"linalg.fill", [32], [S]>, #sched.node<"linalg.generic", [32, 256], [S, R]>]
    rules ["AddRfactor"] {
  sched.rfactor node 1 loop 1 split <[64, 4] of 256>
  sched.vectorize node 1
}
