func.func @poolnwc(%i: tensor<4x101x24xf32>) -> tensor<4x33x24xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %k = tensor.empty() : tensor<5xf32>
  %e = tensor.empty() : tensor<4x33x24xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<4x33x24xf32>) -> tensor<4x33x24xf32>
  %r = linalg.pooling_nwc_max {dilations = dense<1> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>} ins(%i, %k : tensor<4x101x24xf32>, tensor<5xf32>) outs(%f : tensor<4x33x24xf32>) -> tensor<4x33x24xf32>
  return %r : tensor<4x33x24xf32>
}
