func.func @transpose(%x: tensor<256x512xf32>) -> tensor<512x256xf32> {
  %e = tensor.empty() : tensor<512x256xf32>
  %t = linalg.transpose ins(%x : tensor<256x512xf32>) outs(%e : tensor<512x256xf32>) permutation = [1, 0]
  return %t : tensor<512x256xf32>
}
