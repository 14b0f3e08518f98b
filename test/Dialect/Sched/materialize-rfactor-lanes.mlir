// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --sched-materialize | FileCheck %s
// RUN: ansor-model features %s | FileCheck %s --check-prefix=NEST
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-measure="threads=2 min-repeat-ms=1 repeat=1 summary=%t/sum.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURE < %t/sum.json

// A full sum factored into 2 partials (rfactor, in parallel): each partial
// splits its 32768 elements into lanes (SchedulePlan::getLaneSplit), 16
// partial sums carried in vector registers across steps of 16 and added up
// once. Each partial reduced its part in order instead: 64 us against
// 5.9 us with lanes (65536 elements, 2 threads, Zen 3).

// SCRIPT-LABEL: transform.named_sequence @apply_rf
// SCRIPT:         %{{.*}}, %[[SPLIT:.*]], %{{.*}}, %{{.*}} = transform.structured.tile_reduction_using_forall %{{.*}} by num_threads = [2]
// SCRIPT:         transform.structured.tile_reduction_using_for %[[SPLIT]] by tile_sizes = [16]

// CHECK-LABEL: func.func @full_sum
// CHECK:         scf.forall (%{{.*}}) in (2)
// CHECK:           scf.for %{{.*}} = %c0 to %c32768 step %c16 iter_args(%{{.*}} = %{{.*}}) -> (vector<16xf32>)
// CHECK:             arith.addf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK:           vector.reduction <add>, %{{.*}} : vector<16xf32> into f32
// CHECK:         scf.forall.in_parallel

// NEST-LABEL: statement 1: node 1 partial domain [65536, 2]
// NEST-NEXT:    loop 2 parallel reduction delta [32768, 1]
// NEST-NEXT:    loop 2048 reduction delta [16, 0]
// NEST-NEXT:    loop 16 vectorized reduction delta [1, 0]

// MEASURE: "wrong_result": 0
// MEASURE: "verified": true

func.func @full_sum(%x: tensor<65536xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> ()>],
                       iterator_types = ["reduction"]}
      ins(%x : tensor<65536xf32>) outs(%acc : tensor<f32>) {
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
  } -> tensor<f32>
  return %s : tensor<f32>
}

sched.schedule @rf for @full_sum target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [], []>, #sched.node<"linalg.generic", [65536], [R]>]
    rules ["AddRfactor"] {
  sched.rfactor node 1 loop 0 split <[2, 32768] of 65536>
  sched.vectorize node 1
}
