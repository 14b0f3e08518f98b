func.func @linear_torch_64(%a: tensor<64x1024xf32>, %w: tensor<1024x1024xf32>) -> tensor<64x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<1024x1024xf32>
  %t = linalg.transpose ins(%w : tensor<1024x1024xf32>) outs(%et : tensor<1024x1024xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<64x1024xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<64x1024xf32>) -> tensor<64x1024xf32>
  %r = linalg.matmul ins(%a, %t : tensor<64x1024xf32>, tensor<1024x1024xf32>) outs(%z : tensor<64x1024xf32>) -> tensor<64x1024xf32>
  return %r : tensor<64x1024xf32>
}
