func.func @poolncw(%i: tensor<2x16x64xf32>) -> tensor<2x16x30xf32> {
  %z = arith.constant 0.0 : f32
  %k = tensor.empty() : tensor<3xf32>
  %e = tensor.empty() : tensor<2x16x30xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x16x30xf32>) -> tensor<2x16x30xf32>
  %r = linalg.pooling_ncw_sum {dilations = dense<2> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%i, %k : tensor<2x16x64xf32>, tensor<3xf32>) outs(%f : tensor<2x16x30xf32>) -> tensor<2x16x30xf32>
  return %r : tensor<2x16x30xf32>
}
