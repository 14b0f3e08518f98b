// A linear layer of 200 outputs (12.5 vectors of 16) over a batch of 50,
// with bias and ReLU.
func.func @linear_odd(%x: tensor<50x300xf32>, %w: tensor<300x200xf32>, %bias: tensor<200xf32>) -> tensor<50x200xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<50x200xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<50x200xf32>) -> tensor<50x200xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<50x300xf32>, tensor<300x200xf32>)
      outs(%acc : tensor<50x200xf32>) -> tensor<50x200xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<50x200xf32>, tensor<200xf32>) outs(%e : tensor<50x200xf32>) {
  ^bb0(%m: f32, %b: f32, %o: f32):
    %s = arith.addf %m, %b : f32
    %y = arith.maximumf %s, %zero : f32
    linalg.yield %y : f32
  } -> tensor<50x200xf32>
  return %r : tensor<50x200xf32>
}
