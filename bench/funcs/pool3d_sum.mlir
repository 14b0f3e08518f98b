// A 3x3x3 sum pooling, stride 1, over 16 channels.
func.func @pool3d_sum(%x: tensor<2x10x18x18x16xf32>) -> tensor<2x8x16x16x16xf32> {
  %z = arith.constant 0.0 : f32
  %k = tensor.empty() : tensor<3x3x3xf32>
  %e = tensor.empty() : tensor<2x8x16x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x8x16x16x16xf32>) -> tensor<2x8x16x16x16xf32>
  %r = linalg.pooling_ndhwc_sum {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
    ins(%x, %k : tensor<2x10x18x18x16xf32>, tensor<3x3x3xf32>) outs(%f : tensor<2x8x16x16x16xf32>) -> tensor<2x8x16x16x16xf32>
  return %r : tensor<2x8x16x16x16xf32>
}
