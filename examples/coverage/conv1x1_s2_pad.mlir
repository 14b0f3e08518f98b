// A 1x1 stride-2 NHWC convolution with bias, whose output is padded for the
// next layer (a tensor.pad consumer).
func.func @conv1x1_s2_pad(%in: tensor<1x28x28x32xf32>, %w: tensor<1x1x32x64xf32>, %bias: tensor<64xf32>) -> tensor<1x16x16x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x14x14x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x14x14x64xf32>) -> tensor<1x14x14x64xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %w : tensor<1x28x28x32xf32>, tensor<1x1x32x64xf32>) outs(%acc : tensor<1x14x14x64xf32>) -> tensor<1x14x14x64xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(n, h, w, f) -> (n, h, w, f)>, affine_map<(n, h, w, f) -> (f)>, affine_map<(n, h, w, f) -> (n, h, w, f)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %bias : tensor<1x14x14x64xf32>, tensor<64xf32>) outs(%e : tensor<1x14x14x64xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %r = arith.addf %x, %y : f32
      linalg.yield %r : f32
  } -> tensor<1x14x14x64xf32>
  %p = tensor.pad %b low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
      tensor.yield %zero : f32
  } : tensor<1x14x14x64xf32> to tensor<1x16x16x64xf32>
  return %p : tensor<1x16x16x64xf32>
}
