// RUN: ansor-opt %s --split-input-file --sched-export-transform | FileCheck %s

// The combine of an rfactor's partials is vectorized only where its vector
// reductions stay narrow enough for LLVM (SchedulePlan.h,
// isCostlyReductionWidth): one ordered sum of 4096 partials took 18 s to
// compile, left to LLVM a second, at the same speed.

// CHECK-LABEL: transform.named_sequence @apply_many_partials
// CHECK:         %{{.*}}, %{{.*}}, %[[COMBINE:.*]], %{{.*}} = transform.structured.tile_reduction_using_forall %{{.*}} by num_threads = [4096]
// CHECK-NOT:     transform.structured.vectorize %[[COMBINE]] :
// CHECK:         transform.yield
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
sched.schedule @many_partials for @full_sum target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [], []>, #sched.node<"linalg.generic", [65536], [R]>]
    rules ["AddRfactor"] {
  sched.rfactor node 1 loop 0 split <[4096, 16] of 65536>
  sched.vectorize node 1
}

// -----

// CHECK-LABEL: transform.named_sequence @apply_few_partials
// CHECK:         %{{.*}}, %{{.*}}, %[[COMBINE:.*]], %{{.*}} = transform.structured.tile_reduction_using_forall %{{.*}} by num_threads = [2048]
// CHECK:         transform.structured.vectorize %[[COMBINE]] :
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
sched.schedule @few_partials for @full_sum target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [], []>, #sched.node<"linalg.generic", [65536], [R]>]
    rules ["AddRfactor"] {
  sched.rfactor node 1 loop 0 split <[2048, 32] of 65536>
  sched.vectorize node 1
}

// -----

// Several outputs: the combine reads every output's partials as one vector
// and extracts each output's. Its width made LLVM's DAG combining quadratic
// (a 4 x 4096 x 4 matmul, 16 outputs of 256 partials: 2 s of instruction
// selection), so past 2048 partials in all it is left to LLVM.
// CHECK-LABEL: transform.named_sequence @apply_wide_combine
// CHECK:         %{{.*}}, %{{.*}}, %[[COMBINE:.*]], %{{.*}} = transform.structured.tile_reduction_using_forall %{{.*}} by num_threads = [0, 0, 256]
// CHECK-NOT:     transform.structured.vectorize %[[COMBINE]] :
// CHECK:         transform.yield
func.func @long_k(%a: tensor<4x4096xf32>, %b: tensor<4096x4xf32>) -> tensor<4x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x4096xf32>, tensor<4096x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
sched.schedule @wide_combine for @long_k target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [4, 4], [S, S]>, #sched.node<"linalg.matmul", [4, 4, 4096], [S, S, R]>]
    rules ["AddRfactor"] {
  sched.rfactor node 1 loop 2 split <[256, 16] of 4096>
  sched.vectorize node 1
}

// -----

// CHECK-LABEL: transform.named_sequence @apply_narrow_combine
// CHECK:         %{{.*}}, %{{.*}}, %[[COMBINE:.*]], %{{.*}} = transform.structured.tile_reduction_using_forall %{{.*}} by num_threads = [0, 0, 64]
// CHECK:         transform.structured.vectorize %[[COMBINE]] :
func.func @long_k(%a: tensor<4x4096xf32>, %b: tensor<4096x4xf32>) -> tensor<4x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x4096xf32>, tensor<4096x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
sched.schedule @narrow_combine for @long_k target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [4, 4], [S, S]>, #sched.node<"linalg.matmul", [4, 4, 4096], [S, S, R]>]
    rules ["AddRfactor"] {
  sched.rfactor node 1 loop 2 split <[64, 64] of 4096>
  sched.vectorize node 1
}
