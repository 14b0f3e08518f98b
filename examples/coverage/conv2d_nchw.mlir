// An NCHW convolution (the layout whose reduction loops follow the output
// channel): small enough that many sampled schedules are checked quickly.
func.func @conv2d_nchw(%in: tensor<1x2x4x4xf32>, %w: tensor<1x2x3x2xf32>) -> tensor<1x1x2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x2x3xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x2x3xf32>) -> tensor<1x1x2x3xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %w : tensor<1x2x4x4xf32>, tensor<1x2x3x2xf32>) outs(%acc : tensor<1x1x2x3xf32>) -> tensor<1x1x2x3xf32>
  return %c : tensor<1x1x2x3xf32>
}

func.func @conv2d_nchw_wide(%in: tensor<1x8x10x10xf32>, %w: tensor<16x8x3x3xf32>) -> tensor<1x16x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x8x8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %w : tensor<1x8x10x10xf32>, tensor<16x8x3x3xf32>) outs(%acc : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %c : tensor<1x16x8x8xf32>
}
