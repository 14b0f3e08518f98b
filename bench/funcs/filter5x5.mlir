func.func @filter5x5(%x: tensor<1x260x260x1xf32>, %w: tensor<5x5x1x1xf32>) -> tensor<1x256x256x1xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x256x256x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x256x256x1xf32>) -> tensor<1x256x256x1xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<1x260x260x1xf32>, tensor<5x5x1x1xf32>) outs(%f : tensor<1x256x256x1xf32>) -> tensor<1x256x256x1xf32>
  return %r : tensor<1x256x256x1xf32>
}
