// A 1-D depthwise convolution in PyTorch's layout with its bias, as in a
// temporal convolutional network: normalized to NWC, vectorized whole.
func.func @depthwise1d_ncw(%in: tensor<2x48x130xf32>, %w: tensor<48x5xf32>, %b: tensor<48xf32>) -> tensor<2x48x126xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x48x126xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x48x126xf32>) -> tensor<2x48x126xf32>
  %c = linalg.depthwise_conv_1d_ncw_cw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%in, %w : tensor<2x48x130xf32>, tensor<48x5xf32>) outs(%f : tensor<2x48x126xf32>) -> tensor<2x48x126xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, w) -> (n, c, w)>, affine_map<(n, c, w) -> (c)>, affine_map<(n, c, w) -> (n, c, w)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%c, %b : tensor<2x48x126xf32>, tensor<48xf32>) outs(%e : tensor<2x48x126xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<2x48x126xf32>
  return %r : tensor<2x48x126xf32>
}
