// A transformer's layer norm (BERT-base rows): the mean and the variance
// are reductions along each row's contiguous dimension, then a normalization
// with gamma and beta.
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>
func.func @layer_norm(%x: tensor<128x768xf32>, %gamma: tensor<768xf32>, %beta: tensor<768xf32>) -> tensor<128x768xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 768.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e1 = tensor.empty() : tensor<128xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<128xf32>) -> tensor<128xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<128x768xf32>) outs(%f1 : tensor<128xf32>) {
    ^bb0(%v: f32, %a: f32):
      %r = arith.addf %v, %a : f32
      linalg.yield %r : f32
  } -> tensor<128xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<128xf32>) -> tensor<128xf32>
  %sq = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %sum : tensor<128x768xf32>, tensor<128xf32>) outs(%f2 : tensor<128xf32>) {
    ^bb0(%v: f32, %s: f32, %a: f32):
      %mean = arith.divf %s, %n : f32
      %d = arith.subf %v, %mean : f32
      %d2 = arith.mulf %d, %d : f32
      %r = arith.addf %d2, %a : f32
      linalg.yield %r : f32
  } -> tensor<128xf32>
  %e = tensor.empty() : tensor<128x768xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #row, #col, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum, %sq, %gamma, %beta : tensor<128x768xf32>, tensor<128xf32>, tensor<128xf32>, tensor<768xf32>, tensor<768xf32>)
      outs(%e : tensor<128x768xf32>) {
    ^bb0(%v: f32, %s: f32, %q: f32, %g: f32, %b: f32, %o: f32):
      %mean = arith.divf %s, %n : f32
      %var = arith.divf %q, %n : f32
      %ve = arith.addf %var, %eps : f32
      %rs = math.rsqrt %ve : f32
      %d = arith.subf %v, %mean : f32
      %t = arith.mulf %d, %rs : f32
      %u = arith.mulf %t, %g : f32
      %r = arith.addf %u, %b : f32
      linalg.yield %r : f32
  } -> tensor<128x768xf32>
  return %y : tensor<128x768xf32>
}
