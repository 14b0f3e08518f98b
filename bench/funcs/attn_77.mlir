// Attention scores of a 77-token sequence (CLIP's text encoder), 12 heads of
// 64: Q K^T as a batch matmul with K already transposed.
func.func @attn_77(%q: tensor<12x77x64xf32>, %kt: tensor<12x64x77xf32>) -> tensor<12x77x77xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<12x77x77xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<12x77x77xf32>) -> tensor<12x77x77xf32>
  %s = linalg.batch_matmul ins(%q, %kt : tensor<12x77x64xf32>, tensor<12x64x77xf32>)
      outs(%acc : tensor<12x77x77xf32>) -> tensor<12x77x77xf32>
  return %s : tensor<12x77x77xf32>
}
