// A GPU schedule of a func that reads a scalar from a 0-d tensor
// (scalar-from-tensor.mlir). Normalization reads the fill's value in the
// add's body: one node.
func.func @fill_from_tensor(%a: tensor<64x64xf32>, %s: tensor<f32>) -> tensor<64x64xf32> {
  %v = tensor.extract %s[] : tensor<f32>
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.add ins(%a, %f : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

sched.schedule @s for @fill_from_tensor target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.generic", [64, 64], [S, S]>] rules [] {
  sched.tile node 0 structure <[S, S, S]> splits [#sched.split<[1, 16, 4] of 64>, #sched.split<[1, 64, 1] of 64>]
  sched.bind node 0 block 0 thread 1
}
