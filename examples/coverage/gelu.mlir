// GELU with the exact erf (PyTorch's default): f32 erf is approximated by
// polynomials, which vectorize (docs/design.md, "Lowering and measurement").
func.func @gelu(%a: tensor<128x512xf32>) -> tensor<128x512xf32> {
  %h = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %s2 = arith.constant 0.70710678 : f32
  %e = tensor.empty() : tensor<128x512xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i,j)->(i,j)>, affine_map<(i,j)->(i,j)>], iterator_types = ["parallel","parallel"]} ins(%a : tensor<128x512xf32>) outs(%e : tensor<128x512xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = arith.mulf %x, %s2 : f32
    %er = math.erf %t : f32
    %p = arith.addf %er, %one : f32
    %q = arith.mulf %x, %p : f32
    %y = arith.mulf %q, %h : f32
    linalg.yield %y : f32
  } -> tensor<128x512xf32>
  return %r : tensor<128x512xf32>
}
