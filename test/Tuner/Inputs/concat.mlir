func.func @catmm(%a: tensor<64x128xf32>, %b: tensor<64x128xf32>, %w: tensor<128x96xf32>) -> tensor<128x96xf32> {
  %z = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<64x128xf32>
  %ra = linalg.exp ins(%a : tensor<64x128xf32>) outs(%ea : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = tensor.concat dim(0) %ra, %b : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<128x128xf32>
  %e = tensor.empty() : tensor<128x96xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<128x96xf32>) -> tensor<128x96xf32>
  %r = linalg.matmul ins(%c, %w : tensor<128x128xf32>, tensor<128x96xf32>) outs(%f : tensor<128x96xf32>) -> tensor<128x96xf32>
  return %r : tensor<128x96xf32>
}
