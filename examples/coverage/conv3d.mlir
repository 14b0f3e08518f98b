func.func @conv3d(%in: tensor<1x10x10x10x4xf32>, %w: tensor<3x3x3x4x8xf32>) -> tensor<1x8x8x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x8x8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x8x8xf32>) -> tensor<1x8x8x8x8xf32>
  %c = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%in, %w : tensor<1x10x10x10x4xf32>, tensor<3x3x3x4x8xf32>) outs(%acc : tensor<1x8x8x8x8xf32>) -> tensor<1x8x8x8x8xf32>
  return %c : tensor<1x8x8x8x8xf32>
}
