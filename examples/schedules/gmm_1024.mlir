// Reference schedule for GEMM 1024 (examples/workloads/gmm_1024.mlir) on an
// AVX-512 machine: a program the sampler can draw from the AddPacking sketch
// (every split a factorization of its extent, the innermost factors at most
// 64, a register block of 8 x 32 = 16 accumulators of 16 lanes, within the
// 32 vector registers), picked by hand among a few such draws.
//   - level 0: 32 x 1024 tiles, the first two spatial loops in parallel;
//   - level 1: 8 x 512; the k loop by 4; the register block 8 x 32;
//   - B is packed whole (level 0) into 32 panels 32 wide, B'[32][1024][32].
// bench/reference.sh measures it against OpenBLAS and oneDNN in one run.
func.func @gmm_1024(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %c = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>)
      outs(%acc : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %c : tensor<1024x1024xf32>
}
sched.schedule @gmm_1024_reference for @gmm_1024 target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.fill", [1024, 1024], [S, S]>, #sched.node<"linalg.matmul", [1024, 1024, 1024], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[32, 4, 1, 8] of 1024>, #sched.split<[2, 16, 1, 32] of 1024>, #sched.split<[256, 4] of 1024>]
  sched.pack node 1 operand 1 loop 1 at <0 in [0, 1]>
  sched.parallel node 1 loops <2 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}
