// A video model's 3x3x3 max pool, stride 2 (NDHWC).
func.func @pool3d_max(%x: tensor<1x9x29x29x64xf32>) -> tensor<1x4x14x14x64xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %k = tensor.empty() : tensor<3x3x3xf32>
  %e = tensor.empty() : tensor<1x4x14x14x64xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x4x14x14x64xf32>) -> tensor<1x4x14x14x64xf32>
  %r = linalg.pooling_ndhwc_max {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>}
     ins(%x, %k : tensor<1x9x29x29x64xf32>, tensor<3x3x3xf32>) outs(%f : tensor<1x4x14x14x64xf32>) -> tensor<1x4x14x14x64xf32>
  return %r : tensor<1x4x14x14x64xf32>
}
