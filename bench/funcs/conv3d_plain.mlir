// A single-channel 3-D convolution (linalg.conv_3d), 3x3x3 over a 34^3 volume.
func.func @conv3d_plain(%x: tensor<34x34x34xf32>, %w: tensor<3x3x3xf32>) -> tensor<32x32x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x32x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x32x32xf32>) -> tensor<32x32x32xf32>
  %r = linalg.conv_3d ins(%x, %w : tensor<34x34x34xf32>, tensor<3x3x3xf32>) outs(%f : tensor<32x32x32xf32>) -> tensor<32x32x32xf32>
  return %r : tensor<32x32x32xf32>
}
