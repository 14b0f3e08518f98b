func.func @outer(%a: tensor<6x300x1xf32>, %b: tensor<6x1x257xf32>) -> tensor<6x300x257xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x300x257xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<6x300x257xf32>) -> tensor<6x300x257xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<6x300x1xf32>, tensor<6x1x257xf32>) outs(%f : tensor<6x300x257xf32>) -> tensor<6x300x257xf32>
  return %r : tensor<6x300x257xf32>
}
