func.func @depthwise(%in: tensor<1x18x18x32xf32>, %w: tensor<3x3x32xf32>) -> tensor<1x16x16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x16x32xf32>) -> tensor<1x16x16x32xf32>
  %c = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %w : tensor<1x18x18x32xf32>, tensor<3x3x32xf32>) outs(%acc : tensor<1x16x16x32xf32>) -> tensor<1x16x16x32xf32>
  return %c : tensor<1x16x16x32xf32>
}
