// What a script builds differently from its schedule is said on the exported
// sequence: a register block above the vectorization limit (8 x 64 x 64 =
// 32768 elements) stays scalar, and its unroll is dropped.
// RUN: ansor-opt %s --split-input-file --sched-export-transform | FileCheck %s

// CHECK-LABEL: transform.named_sequence @apply_big_block
// CHECK-SAME:    sched.degraded = ["node 1: register block of 32768 elements left scalar (limit 4096)", "node 1: unrolling 2 register blocks of 32768 elements dropped (caps: 64 blocks, 4096 elements)"]
func.func @mm(%a: tensor<64x1024xf32>, %b: tensor<1024x128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x1024xf32>, tensor<1024x128xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}
sched.schedule @big_block for @mm target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 1024], [S, S, R]>] rules ["MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 2, 2, 8] of 64>, #sched.split<[1, 2, 1, 64] of 128>, #sched.split<[16, 64] of 1024>]
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <512 in [0, 16, 64, 512]>
}

// -----

// The same node with a k step of 4 builds as asked.
// CHECK-LABEL: transform.named_sequence @apply_small_block(
// CHECK-NOT:     sched.degraded
func.func @mm(%a: tensor<64x1024xf32>, %b: tensor<1024x128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x1024xf32>, tensor<1024x128xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}
sched.schedule @small_block for @mm target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 1024], [S, S, R]>] rules ["MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 2, 2, 8] of 64>, #sched.split<[1, 2, 1, 64] of 128>, #sched.split<[256, 4] of 1024>]
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <512 in [0, 16, 64, 512]>
}
