func.func @conv1d(%in: tensor<1x66x16xf32>, %w: tensor<3x16x32xf32>) -> tensor<1x64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x64x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x64x32xf32>) -> tensor<1x64x32xf32>
  %c = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%in, %w : tensor<1x66x16xf32>, tensor<3x16x32xf32>) outs(%acc : tensor<1x64x32xf32>) -> tensor<1x64x32xf32>
  return %c : tensor<1x64x32xf32>
}
