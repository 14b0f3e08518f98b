// A schedule with partial blocks (13 x 5 rows of 64) of an i32 quotient
// (integer-division.mlir): masked lanes past the block divided by zero.
func.func @quotient(%a: tensor<64x64xi32>, %b: tensor<64x64xi32>) -> tensor<64x64xi32> {
  %q = arith.divsi %a, %b : tensor<64x64xi32>
  return %q : tensor<64x64xi32>
}
sched.schedule @s for @quotient target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.generic", [64, 64], [S, S]>] rules [] {
  sched.tile node 0 structure <[S, S]> splits [#sched.split<[13, 5] of 64>, #sched.split<[4, 16] of 64>]
  sched.parallel node 0 loops <1 in [0, 1, 2]>
  sched.vectorize node 0
}
