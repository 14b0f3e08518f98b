// A softmax over rows of 1024 (attention scores of a 1024-token sequence):
// the max and the sum reduce along each row's contiguous dimension.
func.func @softmax_wide(%x: tensor<128x1024xf32>) -> tensor<128x1024xf32> {
  %e = tensor.empty() : tensor<128x1024xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<128x1024xf32>) outs(%e : tensor<128x1024xf32>) -> tensor<128x1024xf32>
  return %s : tensor<128x1024xf32>
}
