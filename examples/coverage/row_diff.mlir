// A row reduction whose combiner (acc - x) the vectorizer does not
// recognise as a reduction kind: it must be tuned with scalar blocks.
func.func @row_diff(%x: tensor<64x512xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x512xf32>) outs(%acc : tensor<64xf32>) {
    ^bb0(%a: f32, %b: f32):
      %r = arith.subf %b, %a : f32
      linalg.yield %r : f32
  } -> tensor<64xf32>
  return %s : tensor<64xf32>
}
