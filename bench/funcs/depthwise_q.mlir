// A quantized 3x3 depthwise convolution over 64 channels.
func.func @dwq(%x: tensor<1x34x34x64xi8>, %w: tensor<3x3x64xi8>, %izp: i32, %kzp: i32) -> tensor<1x32x32x64xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x32x32x64xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<1x32x32x64xi32>) -> tensor<1x32x32x64xi32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w, %izp, %kzp : tensor<1x34x34x64xi8>, tensor<3x3x64xi8>, i32, i32) outs(%f : tensor<1x32x32x64xi32>) -> tensor<1x32x32x64xi32>
  return %r : tensor<1x32x32x64xi32>
}
