// A depthwise convolution as TOSA lowers it: HWCM, a channel multiplier of 1.
func.func @depthwise_tosa(%x: tensor<1x12x12x16xf32>, %w: tensor<3x3x16x1xf32>,
                          %b: tensor<16xf32>) -> tensor<1x10x10x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x10x10x16x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x10x10x16x1xf32>) -> tensor<1x10x10x16x1xf32>
  %c = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x12x12x16xf32>, tensor<3x3x16x1xf32>)
      outs(%f : tensor<1x10x10x16x1xf32>) -> tensor<1x10x10x16x1xf32>
  %r = tensor.collapse_shape %c [[0], [1], [2], [3, 4]] : tensor<1x10x10x16x1xf32> into tensor<1x10x10x16xf32>
  %e2 = tensor.empty() : tensor<1x10x10x16xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%b, %r : tensor<16xf32>, tensor<1x10x10x16xf32>) outs(%e2 : tensor<1x10x10x16xf32>) {
  ^bb0(%bi: f32, %v: f32, %out: f32):
    %s = arith.addf %bi, %v : f32
    linalg.yield %s : f32
  } -> tensor<1x10x10x16xf32>
  return %o : tensor<1x10x10x16xf32>
}
