// A row statistic broadcast along the rows through a constant index
// ((i, j) -> (i, 0)), as a softmax's max subtraction reads it.
func.func @bcast_map(%a: tensor<512x1xf32>, %b: tensor<512x1024xf32>) -> tensor<512x1024xf32> {
  %e = tensor.empty() : tensor<512x1024xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i,j)->(i,0)>, affine_map<(i,j)->(i,j)>, affine_map<(i,j)->(i,j)>], iterator_types = ["parallel","parallel"]} ins(%a, %b : tensor<512x1xf32>, tensor<512x1024xf32>) outs(%e : tensor<512x1024xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.subf %y, %x : f32
    linalg.yield %s : f32
  } -> tensor<512x1024xf32>
  return %r : tensor<512x1024xf32>
}
