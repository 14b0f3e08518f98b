func.func @grouped(%in: tensor<1x2x8x18x18xf32>, %w: tensor<2x16x8x3x3xf32>) -> tensor<1x2x16x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x16x16x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x16x16x16xf32>) -> tensor<1x2x16x16x16xf32>
  %c = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %w : tensor<1x2x8x18x18xf32>, tensor<2x16x8x3x3xf32>) outs(%acc : tensor<1x2x16x16x16xf32>) -> tensor<1x2x16x16x16xf32>
  return %c : tensor<1x2x16x16x16xf32>
}
