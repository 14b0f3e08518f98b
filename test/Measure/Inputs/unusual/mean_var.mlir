// A GPU compile input of Measure/gpu-ptx-unusual.test: one fill shared by the
// two inits of a two-result reduction.
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
