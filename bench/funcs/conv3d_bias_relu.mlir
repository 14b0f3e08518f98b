// A 3-D convolution with its bias and ReLU.
#id = affine_map<(n, d, h, w, c) -> (n, d, h, w, c)>
#bc = affine_map<(n, d, h, w, c) -> (c)>
func.func @conv3d_bias_relu(%x: tensor<1x10x18x18x16xf32>, %w: tensor<3x3x3x16x32xf32>, %b: tensor<32xf32>) -> tensor<1x8x16x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x16x16x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x16x16x32xf32>) -> tensor<1x8x16x16x32xf32>
  %r = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
    ins(%x, %w : tensor<1x10x18x18x16xf32>, tensor<3x3x3x16x32xf32>) outs(%f : tensor<1x8x16x16x32xf32>) -> tensor<1x8x16x16x32xf32>
  %o = linalg.generic {indexing_maps = [#id, #bc, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
    ins(%r, %b : tensor<1x8x16x16x32xf32>, tensor<32xf32>) outs(%e : tensor<1x8x16x16x32xf32>) {
  ^bb0(%a: f32, %bb: f32, %o0: f32):
    %s = arith.addf %a, %bb : f32
    %m = arith.maximumf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<1x8x16x16x32xf32>
  return %o : tensor<1x8x16x16x32xf32>
}
