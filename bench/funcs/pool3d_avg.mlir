// A 2x2x2 average pool, stride 2 (NDHWC): a sum pooling, then the division.
func.func @pool3d_avg(%x: tensor<1x8x28x28x64xf32>) -> tensor<1x4x14x14x64xf32> {
  %z = arith.constant 0.0 : f32
  %n = arith.constant 8.0 : f32
  %k = tensor.empty() : tensor<2x2x2xf32>
  %e = tensor.empty() : tensor<1x4x14x14x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x14x14x64xf32>) -> tensor<1x4x14x14x64xf32>
  %s = linalg.pooling_ndhwc_sum {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>}
     ins(%x, %k : tensor<1x8x28x28x64xf32>, tensor<2x2x2xf32>) outs(%f : tensor<1x4x14x14x64xf32>) -> tensor<1x4x14x14x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, d, h, w, c) -> (n, d, h, w, c)>, affine_map<(n, d, h, w, c) -> (n, d, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<1x4x14x14x64xf32>) outs(%e : tensor<1x4x14x14x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %d = arith.divf %v, %n : f32
    linalg.yield %d : f32
  } -> tensor<1x4x14x14x64xf32>
  return %r : tensor<1x4x14x14x64xf32>
}
