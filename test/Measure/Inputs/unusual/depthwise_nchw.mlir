// A GPU compile input of Measure/gpu-ptx-unusual.test: a depthwise NCHW
// convolution, whose loops (n, h, w, c) do not index its output in order.
func.func @dw_nchw(%x: tensor<1x32x58x58xf32>, %w: tensor<32x3x3xf32>) -> tensor<1x32x56x56xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32x56x56xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<1x32x56x56xf32>) -> tensor<1x32x56x56xf32>
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x32x58x58xf32>, tensor<32x3x3xf32>) outs(%acc : tensor<1x32x56x56xf32>) -> tensor<1x32x56x56xf32>
  return %r : tensor<1x32x56x56xf32>
}
