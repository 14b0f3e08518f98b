// A flip (`127 - j`) between an exp and a matmul: the flip keeps its loop
// nest (upstream tiling misplaces its slices), the rest is scheduled.
func.func @flip_mm(%a: tensor<64x128xf32>, %b: tensor<128x96xf32>) -> tensor<64x96xf32> {
  %e = tensor.empty() : tensor<64x128xf32>
  %ex = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = math.exp %x : f32
      linalg.yield %m : f32
  } -> tensor<64x128xf32>
  %f = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, 127 - j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%ex : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.mulf %x, %x : f32
      linalg.yield %m : f32
  } -> tensor<64x128xf32>
  %z = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<64x96xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e2 : tensor<64x96xf32>) -> tensor<64x96xf32>
  %c = linalg.matmul ins(%f, %b : tensor<64x128xf32>, tensor<128x96xf32>) outs(%acc : tensor<64x96xf32>) -> tensor<64x96xf32>
  return %c : tensor<64x96xf32>
}
