func.func @transpose_mm(%a: tensor<256x512xf32>, %w: tensor<384x512xf32>) -> tensor<256x384xf32> {
  %z = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<512x384xf32>
  %wt = linalg.transpose ins(%w : tensor<384x512xf32>) outs(%et : tensor<512x384xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<256x384xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<256x384xf32>) -> tensor<256x384xf32>
  %r = linalg.matmul ins(%a, %wt : tensor<256x512xf32>, tensor<512x384xf32>) outs(%f : tensor<256x384xf32>) -> tensor<256x384xf32>
  return %r : tensor<256x384xf32>
}
