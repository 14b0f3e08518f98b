// An i1 result and an i1 argument (a mask), each a byte per element at the
// func's boundary.
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @cmp(%a: tensor<64x100xf32>, %b: tensor<64x100xf32>) -> tensor<64x100xi1> {
  %e = tensor.empty() : tensor<64x100xi1>
  %c = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<64x100xf32>, tensor<64x100xf32>) outs(%e : tensor<64x100xi1>) {
    ^bb0(%x: f32, %y: f32, %o: i1):
      %l = arith.cmpf olt, %x, %y : f32
      linalg.yield %l : i1
  } -> tensor<64x100xi1>
  return %c : tensor<64x100xi1>
}

func.func @masked(%a: tensor<64x100xf32>, %mask: tensor<64x100xi1>) -> tensor<64x100xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x100xf32>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%a, %mask : tensor<64x100xf32>, tensor<64x100xi1>) outs(%e : tensor<64x100xf32>) {
    ^bb0(%x: f32, %k: i1, %o: f32):
      %s = arith.select %k, %x, %zero : f32
      linalg.yield %s : f32
  } -> tensor<64x100xf32>
  return %r : tensor<64x100xf32>
}
