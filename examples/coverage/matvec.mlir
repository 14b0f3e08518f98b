func.func @matvec(%a: tensor<512x512xf32>, %x: tensor<512xf32>) -> tensor<512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<512xf32>) -> tensor<512xf32>
  %y = linalg.matvec ins(%a, %x : tensor<512x512xf32>, tensor<512xf32>) outs(%acc : tensor<512xf32>) -> tensor<512xf32>
  return %y : tensor<512xf32>
}
