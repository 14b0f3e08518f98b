// A column sum: the reduction runs across contiguous rows (NHWC spatial
// means and batch statistics reduce the same way).
func.func @col_sum(%x: tensor<512x256xf32>) -> tensor<256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<256xf32>) -> tensor<256xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(k, j) -> (k, j)>, affine_map<(k, j) -> (j)>],
                       iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<512x256xf32>) outs(%acc : tensor<256xf32>) {
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
  } -> tensor<256xf32>
  return %s : tensor<256xf32>
}
