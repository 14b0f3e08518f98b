// A GPU compile input of Measure/gpu-ptx-unusual.test.
#id = affine_map<(i, j) -> (i, j)>

func.func @cube(%a: tensor<64x96xf32>) -> tensor<64x96xf32> {
  %three = arith.constant 3 : i32
  %e = tensor.empty() : tensor<64x96xf32>
  %r = linalg.generic {indexing_maps = [#id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x96xf32>) outs(%e : tensor<64x96xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = math.fpowi %x, %three : f32, i32
      linalg.yield %y : f32
  } -> tensor<64x96xf32>
  return %r : tensor<64x96xf32>
}
