// A max over the outer and the innermost dimension, keeping the middle one.
func.func @max_dims02(%x: tensor<32x40x24xf32>) -> tensor<40xf32> {
  %z = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<40xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<40xf32>) -> tensor<40xf32>
  %r = linalg.reduce ins(%x : tensor<32x40x24xf32>) outs(%f : tensor<40xf32>) dimensions = [0, 2]
    (%a: f32, %b: f32) {
      %m = arith.maximumf %a, %b : f32
      linalg.yield %m : f32
    }
  return %r : tensor<40xf32>
}
