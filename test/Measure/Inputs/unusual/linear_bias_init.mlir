// A GPU compile input of Measure/gpu-ptx-unusual.test: a linear layer as
// torch-mlir writes it, its matmul accumulating into the broadcast bias.
func.func @linear_bias_init(%x: tensor<128x256xf32>, %w: tensor<256x512xf32>, %bias: tensor<512xf32>) -> tensor<128x512xf32> {
  %e = tensor.empty() : tensor<128x512xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%bias : tensor<512xf32>) outs(%e : tensor<128x512xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<128x512xf32>
  %r = linalg.matmul ins(%x, %w : tensor<128x256xf32>, tensor<256x512xf32>) outs(%b : tensor<128x512xf32>) -> tensor<128x512xf32>
  return %r : tensor<128x512xf32>
}
