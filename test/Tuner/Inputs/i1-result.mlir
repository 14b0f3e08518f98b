func.func @cmp(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xi1> {
  %e = tensor.empty() : tensor<64xi1>
  %c = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xi1>) {
    ^bb0(%x: f32, %y: f32, %o: i1):
      %l = arith.cmpf olt, %x, %y : f32
      linalg.yield %l : i1
  } -> tensor<64xi1>
  return %c : tensor<64xi1>
}
