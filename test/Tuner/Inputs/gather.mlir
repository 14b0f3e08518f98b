func.func @gather(%t: tensor<16x8xf32>, %i: tensor<4x1xindex>) -> tensor<4x1x8xf32> {
  %g = tensor.gather %t[%i] gather_dims([0]) : (tensor<16x8xf32>, tensor<4x1xindex>) -> tensor<4x1x8xf32>
  return %g : tensor<4x1x8xf32>
}
