// A matrix-vector product with the matrix in torch's [out][in] layout (a
// linear layer on a batch of one, without the transposition torch writes).
func.func @matvec_out_in(%x: tensor<1x768xf32>, %w: tensor<3072x768xf32>) -> tensor<1x3072xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3072xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3072xf32>) -> tensor<1x3072xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%x, %w : tensor<1x768xf32>, tensor<3072x768xf32>) outs(%acc : tensor<1x3072xf32>) -> tensor<1x3072xf32>
  return %r : tensor<1x3072xf32>
}
