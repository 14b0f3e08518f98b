// A GPU compile input of Measure/gpu-ptx-unusual.test: a scalar argument.
func.func @axpy(%alpha: f32, %x: tensor<256x256xf32>, %y: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %e = tensor.empty() : tensor<256x256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%alpha, %x, %y : f32, tensor<256x256xf32>, tensor<256x256xf32>) outs(%e : tensor<256x256xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %m, %c : f32
      linalg.yield %s : f32
  } -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
