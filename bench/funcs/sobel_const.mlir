func.func @sobel(%x: tensor<1x66x66x1xf32>) -> tensor<1x64x64x1xf32> {
  %w = arith.constant dense<[[[[-1.0]], [[0.0]], [[1.0]]], [[[-2.0]], [[0.0]], [[2.0]]], [[[-1.0]], [[0.0]], [[1.0]]]]> : tensor<3x3x1x1xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x64x64x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x64x64x1xf32>) -> tensor<1x64x64x1xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<1x66x66x1xf32>, tensor<3x3x1x1xf32>) outs(%f : tensor<1x64x64x1xf32>) -> tensor<1x64x64x1xf32>
  return %r : tensor<1x64x64x1xf32>
}
