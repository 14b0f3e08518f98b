// A GPU compile input of Measure/gpu-ptx-unusual.test: each element divided
// by the sum of all, read from the reduction's 0-d result.
func.func @divide_by_sum(%a: tensor<256x64xf32>) -> tensor<256x64xf32> {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %s = linalg.reduce ins(%a : tensor<256x64xf32>) outs(%f0 : tensor<f32>) dimensions = [0, 1]
    (%x: f32, %y: f32) {
      %t = arith.addf %x, %y : f32
      linalg.yield %t : f32
    }
  %v = tensor.extract %s[] : tensor<f32>
  %e = tensor.empty() : tensor<256x64xf32>
  %r = linalg.map ins(%a : tensor<256x64xf32>) outs(%e : tensor<256x64xf32>)
    (%x: f32, %o: f32) {
      %d = arith.divf %x, %v : f32
      linalg.yield %d : f32
    }
  return %r : tensor<256x64xf32>
}
