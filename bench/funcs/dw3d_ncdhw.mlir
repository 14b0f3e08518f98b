// A 3-D depthwise convolution in NCDHW / CDHW (PyTorch's layout), 3x3x3 over 32 channels.
func.func @dw3d_ncdhw(%x: tensor<1x32x10x34x34xf32>, %w: tensor<32x3x3x3xf32>) -> tensor<1x32x8x32x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32x8x32x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x32x8x32x32xf32>) -> tensor<1x32x8x32x32xf32>
  %r = linalg.depthwise_conv_3d_ncdhw_cdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
    ins(%x, %w : tensor<1x32x10x34x34xf32>, tensor<32x3x3x3xf32>) outs(%f : tensor<1x32x8x32x32xf32>) -> tensor<1x32x8x32x32xf32>
  return %r : tensor<1x32x8x32x32xf32>
}
