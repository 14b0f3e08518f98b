// A 3-D convolution (NDHWC, 3x3x3, 16 to 32 channels), as a video or volumetric model writes it.
func.func @conv3d_ndhwc(%x: tensor<1x10x18x18x16xf32>, %w: tensor<3x3x3x16x32xf32>) -> tensor<1x8x16x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x16x16x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x16x16x32xf32>) -> tensor<1x8x16x16x32xf32>
  %r = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
    ins(%x, %w : tensor<1x10x18x18x16xf32>, tensor<3x3x3x16x32xf32>) outs(%f : tensor<1x8x16x16x32xf32>) -> tensor<1x8x16x16x32xf32>
  return %r : tensor<1x8x16x16x32xf32>
}
