// The programs of materialize-narrow-masks.mlir for x86-64-v3, measured.
func.func @columns(%a: tensor<64x100xf32>, %b: tensor<64x100xf32>) -> tensor<64x100xi1> {
  %e = tensor.empty() : tensor<64x100xi1>
  %c = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<64x100xf32>, tensor<64x100xf32>) outs(%e : tensor<64x100xi1>) {
    ^bb0(%x: f32, %y: f32, %o: i1):
      %l = arith.cmpf olt, %x, %y : f32
      linalg.yield %l : i1
  } -> tensor<64x100xi1>
  return %c : tensor<64x100xi1>
}
sched.schedule @columns_t for @columns target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.generic", [64, 100], [S, S]>] rules [] {
  sched.tile node 0 structure <[S, S]> splits [#sched.split<[1, 64] of 64>, #sched.split<[2, 56] of 100>]
  sched.parallel node 0 loops <2 in [0, 1, 2]>
  sched.vectorize node 0
}

func.func @rows(%a: tensor<64x100xf32>, %b: tensor<64x100xf32>) -> tensor<64x100xi1> {
  %e = tensor.empty() : tensor<64x100xi1>
  %c = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<64x100xf32>, tensor<64x100xf32>) outs(%e : tensor<64x100xi1>) {
    ^bb0(%x: f32, %y: f32, %o: i1):
      %l = arith.cmpf olt, %x, %y : f32
      linalg.yield %l : i1
  } -> tensor<64x100xi1>
  return %c : tensor<64x100xi1>
}
sched.schedule @rows_t for @rows target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.generic", [64, 100], [S, S]>] rules [] {
  sched.tile node 0 structure <[S, S]> splits [#sched.split<[3, 24] of 64>, #sched.split<[2, 50] of 100>]
  sched.parallel node 0 loops <2 in [0, 1, 2]>
  sched.vectorize node 0
}
