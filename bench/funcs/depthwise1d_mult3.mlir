func.func @dw1m(%x: tensor<2x130x48xf32>, %w: tensor<3x48x3xf32>) -> tensor<2x128x48x3xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x128x48x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x128x48x3xf32>) -> tensor<2x128x48x3xf32>
  %r = linalg.depthwise_conv_1d_nwc_wcm {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
     ins(%x, %w : tensor<2x130x48xf32>, tensor<3x48x3xf32>) outs(%f : tensor<2x128x48x3xf32>) -> tensor<2x128x48x3xf32>
  return %r : tensor<2x128x48x3xf32>
}
