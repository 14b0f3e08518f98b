// A sum of squares along rows of 1001 elements: no vector lane count
// divides the row, so its last elements are reduced after the lanes.
func.func @row_sumsq_odd(%x: tensor<37x1001xf32>) -> tensor<37xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<37xf32>) -> tensor<37xf32>
  %s = linalg.reduce ins(%x : tensor<37x1001xf32>) outs(%acc : tensor<37xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %sq = arith.mulf %a, %a : f32
      %r = arith.addf %sq, %b : f32
      linalg.yield %r : f32
    }
  return %s : tensor<37xf32>
}
