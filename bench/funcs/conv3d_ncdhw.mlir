// A 3-D convolution in NCDHW / FCDHW.
func.func @conv3d_ncdhw(%x: tensor<1x16x10x18x18xf32>, %w: tensor<32x16x3x3x3xf32>) -> tensor<1x32x8x16x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32x8x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x32x8x16x16xf32>) -> tensor<1x32x8x16x16xf32>
  %r = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
    ins(%x, %w : tensor<1x16x10x18x18xf32>, tensor<32x16x3x3x3xf32>) outs(%f : tensor<1x32x8x16x16xf32>) -> tensor<1x32x8x16x16xf32>
  return %r : tensor<1x32x8x16x16xf32>
}
