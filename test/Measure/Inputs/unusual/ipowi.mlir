// A GPU compile input of Measure/gpu-ptx-unusual.test: NVVM has no ipowi.
#id = affine_map<(i, j) -> (i, j)>

func.func @ipowi(%a: tensor<64x96xi32>) -> tensor<64x96xi32> {
  %three = arith.constant 3 : i32
  %e = tensor.empty() : tensor<64x96xi32>
  %r = linalg.generic {indexing_maps = [#id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x96xi32>) outs(%e : tensor<64x96xi32>) {
    ^bb0(%x: i32, %o: i32):
      %y = math.ipowi %x, %three : i32
      linalg.yield %y : i32
  } -> tensor<64x96xi32>
  return %r : tensor<64x96xi32>
}
