// A GPU compile input of Measure/gpu-ptx-unusual.test.
#id = affine_map<(i, j) -> (i, j)>

func.func @gelu(%a: tensor<64x96xf32>) -> tensor<64x96xf32> {
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %rsqrt2 = arith.constant 0.70710678 : f32
  %e = tensor.empty() : tensor<64x96xf32>
  %r = linalg.generic {indexing_maps = [#id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x96xf32>) outs(%e : tensor<64x96xf32>) {
    ^bb0(%x: f32, %o: f32):
      %t = arith.mulf %x, %rsqrt2 : f32
      %erf = math.erf %t : f32
      %p = arith.addf %erf, %one : f32
      %q = arith.mulf %x, %p : f32
      %y = arith.mulf %q, %half : f32
      linalg.yield %y : f32
  } -> tensor<64x96xf32>
  return %r : tensor<64x96xf32>
}
