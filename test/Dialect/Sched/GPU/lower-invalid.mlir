// RUN: not ansor-opt %s --ansor-lower-gpu 2>&1 | FileCheck %s

// A reduction to a scalar has no output element to give each block.
// CHECK: error: 'linalg.generic' op has no parallel loop to run on GPU threads (a reduction to a scalar is not supported on GPU yet: CrossThreadReduction needs an output element per block)
func.func @full_sum(%x: tensor<1024xf32>, %acc: tensor<f32>) -> tensor<f32> {
  %s = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%x : tensor<1024xf32>) outs(%acc : tensor<f32>) {
    ^bb0(%v: f32, %a: f32):
      %r = arith.addf %v, %a : f32
      linalg.yield %r : f32
  } -> tensor<f32>
  return %s : tensor<f32>
}
