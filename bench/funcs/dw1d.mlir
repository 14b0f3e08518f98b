func.func @dw1d(%i: tensor<2x130x48xf32>, %w: tensor<5x48xf32>) -> tensor<2x126x48xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x126x48xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x126x48xf32>) -> tensor<2x126x48xf32>
  %r = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%i, %w : tensor<2x130x48xf32>, tensor<5x48xf32>) outs(%f : tensor<2x126x48xf32>) -> tensor<2x126x48xf32>
  return %r : tensor<2x126x48xf32>
}
