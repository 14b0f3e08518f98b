// Batch-norm statistics in NCHW: a sum over N, H and W, keeping C (a reduction
// over an outer and the two innermost dimensions).
func.func @bn_stats(%x: tensor<8x32x14x14xf32>) -> tensor<32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32xf32>) -> tensor<32xf32>
  %r = linalg.reduce ins(%x : tensor<8x32x14x14xf32>) outs(%f : tensor<32xf32>) dimensions = [0, 2, 3]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %r : tensor<32xf32>
}
