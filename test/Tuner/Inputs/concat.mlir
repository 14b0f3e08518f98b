func.func @cat(%a: tensor<8x16xf32>, %b: tensor<8x16xf32>) -> tensor<16x16xf32> {
  %c = tensor.concat dim(0) %a, %b : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}
