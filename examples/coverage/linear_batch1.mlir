// A linear layer on a batch of one as torch-mlir writes it: the weight in
// torch's [out][in] layout, transposed for the matmul, then the bias.
func.func @linear_batch1(%x: tensor<1x768xf32>, %w: tensor<3072x768xf32>, %b: tensor<3072xf32>) -> tensor<1x3072xf32> {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<768x3072xf32>
  %wt = linalg.transpose ins(%w : tensor<3072x768xf32>) outs(%et : tensor<768x3072xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<1x3072xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3072xf32>) -> tensor<1x3072xf32>
  %r = linalg.matmul ins(%x, %wt : tensor<1x768xf32>, tensor<768x3072xf32>) outs(%acc : tensor<1x3072xf32>) -> tensor<1x3072xf32>
  %e2 = tensor.empty() : tensor<1x3072xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%r, %b : tensor<1x3072xf32>, tensor<3072xf32>) outs(%e2 : tensor<1x3072xf32>) {
    ^bb0(%v: f32, %bias: f32, %o: f32):
      %s = arith.addf %v, %bias : f32
      linalg.yield %s : f32
  } -> tensor<1x3072xf32>
  return %y : tensor<1x3072xf32>
}
