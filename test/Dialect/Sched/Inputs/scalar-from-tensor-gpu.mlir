// A matmul whose accumulator is filled with a value read from a tensor
// (scalar-from-tensor.mlir): the fill is its init, not an input a body
// reads, so the read stays. The CPU schedules it as it is; on the GPU it
// would be a host load of device memory, refused also for this schedule
// written by hand.
func.func @fill_by_index(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %s: tensor<3xf32>) -> tensor<64x64xf32> {
  %c2 = arith.constant 2 : index
  %v = tensor.extract %s[%c2] : tensor<3xf32>
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

sched.schedule @s for @fill_by_index target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.fill", [64, 64], [S, S]>, #sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  sched.tile node 1 structure <[S, S, S, R, R, S, R, S]> splits [#sched.split<[1, 2, 32, 1, 1] of 64>, #sched.split<[1, 1, 1, 32, 2] of 64>, #sched.split<[4, 2, 8] of 64>]
  sched.bind node 1 block 0 vthread 1 thread 2
}
