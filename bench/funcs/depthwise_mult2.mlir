func.func @dwm(%x: tensor<1x34x34x32xf32>, %w: tensor<3x3x32x2xf32>) -> tensor<1x32x32x32x2xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32x32x32x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x32x32x32x2xf32>) -> tensor<1x32x32x32x2xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<1x34x34x32xf32>, tensor<3x3x32x2xf32>) outs(%f : tensor<1x32x32x32x2xf32>) -> tensor<1x32x32x32x2xf32>
  return %r : tensor<1x32x32x32x2xf32>
}
