// RUN: ansor-opt %s --split-input-file --verify-diagnostics --sched-materialize

func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>)
      outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// 64 x 32 = 2048 threads per block: more than a block can have.
sched.schedule @s for @mm target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.tile' op cannot run on the target: 2048 threads per block (limit 1024)}}
  sched.tile node 0 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[1, 1, 64, 1, 1] of 64>,
              #sched.split<[1, 1, 32, 1, 2] of 64>,
              #sched.split<[4, 4, 4] of 64>]
  sched.bind node 0 block 0 vthread 1 thread 2
}

// -----

func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>)
      outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// A GPU schedule must say where its tiles run.
sched.schedule @s for @mm target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.tile' op tiles node 0 without binding it to GPU blocks and threads (sched.bind)}}
  sched.tile node 0 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[4, 1, 16, 1, 1] of 64>,
              #sched.split<[4, 1, 16, 1, 1] of 64>,
              #sched.split<[4, 4, 4] of 64>]
}

// -----

func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>)
      outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// Packing is a CPU step.
sched.schedule @s for @mm target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[4, 1, 16, 1, 1] of 64>,
              #sched.split<[4, 1, 16, 1, 1] of 64>,
              #sched.split<[4, 4, 4] of 64>]
  sched.bind node 0 block 0 vthread 1 thread 2
  // expected-error@below {{'sched.parallel' op is not supported in a GPU schedule yet}}
  sched.parallel node 0 loops #sched.choice<1 in [1, 2]>
}
