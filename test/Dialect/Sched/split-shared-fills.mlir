// One fill shared as the init of both outputs of a reduction (a mean and a
// sum of squares; normalization splits the reduction in two, one per
// output) becomes one fill per init, each then the init of its reduction,
// scheduled with it: as a node of its own, the GPU script could
// not fuse the shared fill into the reduction's loop (0 of 4 programs
// built; gpu-ptx-unusual.test builds them now), and on the CPU the best of
// 8 random programs went from 1.7x to 2.5x the untuned lowering.
// RUN: ansor-opt %s --sched-derive-sketches="target='cuda -arch=sm_90'" | FileCheck %s
// CHECK-LABEL: func.func @mean_var
// CHECK: %[[S:.*]] = linalg.fill {sched.node = 0 : i64}
// CHECK: %[[Q:.*]] = linalg.fill {sched.node = 1 : i64}
// CHECK: linalg.generic {{.*}} outs(%[[S]] :
// CHECK: linalg.generic {{.*}} outs(%[[Q]] :
// A fill that also feeds another op keeps that use, and each init gets its
// own clone.
// CHECK-LABEL: func.func @shared_with_output
// CHECK: %[[G:.*]] = linalg.fill {sched.node = 0 : i64}
// CHECK: %[[F:.*]] = linalg.fill {sched.node = 1 : i64}
// CHECK: linalg.generic {{.*}} outs(%[[G]] :
// CHECK: return %[[F]],
func.func @mean_var(%x: tensor<64x512xf32>) -> (tensor<512xf32>, tensor<512xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512xf32>
  %s0 = linalg.fill ins(%z : f32) outs(%e : tensor<512xf32>) -> tensor<512xf32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(k, j) -> (k, j)>, affine_map<(k, j) -> (j)>, affine_map<(k, j) -> (j)>],
                         iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<64x512xf32>) outs(%s0, %s0 : tensor<512xf32>, tensor<512xf32>) {
    ^bb0(%a: f32, %s: f32, %q: f32):
      %s1 = arith.addf %a, %s : f32
      %a2 = arith.mulf %a, %a : f32
      %q1 = arith.addf %a2, %q : f32
      linalg.yield %s1, %q1 : f32, f32
  } -> (tensor<512xf32>, tensor<512xf32>)
  return %r#0, %r#1 : tensor<512xf32>, tensor<512xf32>
}

func.func @shared_with_output(%x: tensor<64x512xf32>) -> (tensor<512xf32>, tensor<512xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512xf32>
  %s0 = linalg.fill ins(%z : f32) outs(%e : tensor<512xf32>) -> tensor<512xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(k, j) -> (k, j)>, affine_map<(k, j) -> (j)>],
                       iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<64x512xf32>) outs(%s0 : tensor<512xf32>) {
    ^bb0(%a: f32, %s: f32):
      %s1 = arith.addf %a, %s : f32
      linalg.yield %s1 : f32
  } -> tensor<512xf32>
  return %s0, %r : tensor<512xf32>, tensor<512xf32>
}
