// A func whose only input is a scalar: the measured kernel takes no input
// buffer (the scalar is fixed in the module).
func.func @iota(%s: f32) -> tensor<32x50xf32> {
  %e = tensor.empty() : tensor<32x50xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<32x50xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.muli %i, %j : index
    %c = arith.index_cast %k : index to i32
    %f = arith.sitofp %c : i32 to f32
    %m = arith.mulf %f, %s : f32
    linalg.yield %m : f32
  } -> tensor<32x50xf32>
  return %r : tensor<32x50xf32>
}
