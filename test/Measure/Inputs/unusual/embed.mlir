// A GPU compile input of Measure/gpu-ptx-unusual.test: an embedding lookup.
func.func @embed(%ids: tensor<32xi32>, %table: tensor<1000x64xf32>) -> tensor<32x64xf32> {
  %e = tensor.empty() : tensor<32x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<32xi32>) outs(%e : tensor<32x64xf32>) {
    ^bb0(%id: i32, %o: f32):
      %row = arith.index_cast %id : i32 to index
      %j = linalg.index 1 : index
      %v = tensor.extract %table[%row, %j] : tensor<1000x64xf32>
      linalg.yield %v : f32
  } -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}
