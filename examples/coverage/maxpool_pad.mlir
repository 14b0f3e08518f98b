// ResNet-50's stem max pooling (3x3, stride 2) on its 56x56x64 input,
// padded with -inf as frameworks export it: a pad the pooling reads.
func.func @maxpool_pad(%x: tensor<1x56x56x64xf32>) -> tensor<1x28x28x64xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %ninf : f32
  } : tensor<1x56x56x64xf32> to tensor<1x58x58x64xf32>
  %win = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x28x28x64xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x28x28x64xf32>) -> tensor<1x28x28x64xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%p, %win : tensor<1x58x58x64xf32>, tensor<3x3xf32>) outs(%f : tensor<1x28x28x64xf32>) -> tensor<1x28x28x64xf32>
  return %r : tensor<1x28x28x64xf32>
}
