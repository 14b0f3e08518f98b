// rsqrt of an input (as a hand-written normalization might do): random
// inputs of both signs would make it NaN; the measurer draws positive ones
// and treats NaN at the same place as equal.
func.func @rsqrt_norm(%x: tensor<32x256xf32>, %s: tensor<32xf32>) -> tensor<32x256xf32> {
  %e = tensor.empty() : tensor<32x256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : tensor<32x256xf32>, tensor<32xf32>) outs(%e : tensor<32x256xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %q = math.rsqrt %b : f32
      %m = arith.mulf %a, %q : f32
      linalg.yield %m : f32
  } -> tensor<32x256xf32>
  return %r : tensor<32x256xf32>
}
