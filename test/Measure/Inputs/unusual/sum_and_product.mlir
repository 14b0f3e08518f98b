// A GPU compile input of Measure/gpu-ptx-unusual.test.
#id = affine_map<(i, j) -> (i, j)>

func.func @sum_and_product(%a: tensor<64x96xf32>, %b: tensor<64x96xf32>)
    -> (tensor<64x96xf32>, tensor<64x96xf32>) {
  %e = tensor.empty() : tensor<64x96xf32>
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id, #id],
                         iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<64x96xf32>, tensor<64x96xf32>)
      outs(%e, %e : tensor<64x96xf32>, tensor<64x96xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32, %p: f32):
      %s = arith.addf %x, %y : f32
      %m = arith.mulf %x, %y : f32
      linalg.yield %s, %m : f32, f32
  } -> (tensor<64x96xf32>, tensor<64x96xf32>)
  return %r#0, %r#1 : tensor<64x96xf32>, tensor<64x96xf32>
}
