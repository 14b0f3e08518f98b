// x - x: zero wherever x is finite, which is what the fake driver's kernels
// (which compute nothing) leave in their zeroed outputs, so its candidates
// verify.
#id = affine_map<(i, j) -> (i, j)>
func.func @zero(%x: tensor<256x512xf32>) -> tensor<256x512xf32> {
  %e = tensor.empty() : tensor<256x512xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<256x512xf32>) outs(%e : tensor<256x512xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.subf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<256x512xf32>
  return %r : tensor<256x512xf32>
}
