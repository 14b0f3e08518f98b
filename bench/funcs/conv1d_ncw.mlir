func.func @c1ncw(%i: tensor<2x24x90xf32>, %w: tensor<40x24x3xf32>) -> tensor<2x40x44xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x40x44xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x40x44xf32>) -> tensor<2x40x44xf32>
  %r = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%i, %w : tensor<2x24x90xf32>, tensor<40x24x3xf32>) outs(%f : tensor<2x40x44xf32>) -> tensor<2x40x44xf32>
  return %r : tensor<2x40x44xf32>
}
