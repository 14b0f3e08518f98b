// A 3x3 NCHW convolution with a bias and ReLU (PyTorch's layout), 30x30x32 ->
// 28x28x48.
func.func @conv2d_nchw_bias_relu(%x: tensor<1x32x30x30xf32>, %w: tensor<48x32x3x3xf32>, %b: tensor<48xf32>) -> tensor<1x48x28x28xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x48x28x28xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x48x28x28xf32>) -> tensor<1x48x28x28xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x32x30x30xf32>, tensor<48x32x3x3xf32>) outs(%f : tensor<1x48x28x28xf32>) -> tensor<1x48x28x28xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n,c,h,w)->(n,c,h,w)>, affine_map<(n,c,h,w)->(c)>, affine_map<(n,c,h,w)->(n,c,h,w)>], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%c, %b : tensor<1x48x28x28xf32>, tensor<48xf32>) outs(%e : tensor<1x48x28x28xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %s = arith.addf %v, %bb : f32
    %m = arith.maximumf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<1x48x28x28xf32>
  return %r : tensor<1x48x28x28xf32>
}
