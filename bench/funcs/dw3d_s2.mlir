// A 3-D depthwise convolution, 3x3x3, stride 2.
func.func @dw3d_s2(%x: tensor<1x17x33x33x32xf32>, %w: tensor<3x3x3x32xf32>) -> tensor<1x8x16x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x16x16x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x16x16x32xf32>) -> tensor<1x8x16x16x32xf32>
  %r = linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>}
    ins(%x, %w : tensor<1x17x33x33x32xf32>, tensor<3x3x3x32xf32>) outs(%f : tensor<1x8x16x16x32xf32>) -> tensor<1x8x16x16x32xf32>
  return %r : tensor<1x8x16x16x32xf32>
}
