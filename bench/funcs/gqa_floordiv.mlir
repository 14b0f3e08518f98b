#q = affine_map<(h, i, j, d) -> (h, i, d)>
#k = affine_map<(h, i, j, d) -> (h floordiv 4, j, d)>
#o = affine_map<(h, i, j, d) -> (h, i, j)>
func.func @gqa_floordiv(%q: tensor<16x64x32xf32>, %k: tensor<4x64x32xf32>) -> tensor<16x64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x64x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64x64xf32>) -> tensor<16x64x64xf32>
  %s = linalg.generic {indexing_maps = [#q, #k, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<16x64x32xf32>, tensor<4x64x32xf32>) outs(%z : tensor<16x64x64xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<16x64x64xf32>
  return %s : tensor<16x64x64xf32>
}
