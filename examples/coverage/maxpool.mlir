func.func @maxpool(%in: tensor<1x34x34x16xf32>) -> tensor<1x16x16x16xf32> {
  %ninf = arith.constant -3.40282347E+38 : f32
  %win = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x16x16x16xf32>
  %acc = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %win : tensor<1x34x34x16xf32>, tensor<3x3xf32>) outs(%acc : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  return %r : tensor<1x16x16x16xf32>
}
