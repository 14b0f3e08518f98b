func.func @relu_flat(%x: tensor<1024x1024xf32>) -> tensor<1048576xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<1024x1024xf32>) outs(%e : tensor<1024x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %z : f32
    linalg.yield %m : f32
  } -> tensor<1024x1024xf32>
  %c = tensor.collapse_shape %r [[0, 1]] : tensor<1024x1024xf32> into tensor<1048576xf32>
  return %c : tensor<1048576xf32>
}
