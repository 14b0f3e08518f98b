// A quantized 3x3 convolution (i8, zero points as arguments, i32 sums), 32 to 64 channels.
func.func @convq(%x: tensor<1x18x18x32xi8>, %w: tensor<3x3x32x64xi8>, %izp: i32, %kzp: i32) -> tensor<1x16x16x64xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x16x16x64xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<1x16x16x64xi32>) -> tensor<1x16x16x64xi32>
  %r = linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w, %izp, %kzp : tensor<1x18x18x32xi8>, tensor<3x3x32x64xi8>, i32, i32) outs(%f : tensor<1x16x16x64xi32>) -> tensor<1x16x16x64xi32>
  return %r : tensor<1x16x16x64xi32>
}
