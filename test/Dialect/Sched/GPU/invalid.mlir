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

func.func @mm(%a: tensor<128x64xf32>, %b: tensor<64x64xf32>, %c: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x64xf32>)
      outs(%c : tensor<128x64xf32>) -> tensor<128x64xf32>
  %e = tensor.empty() : tensor<128x64xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                          iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<128x64xf32>) outs(%e : tensor<128x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %zero = arith.constant 0.0 : f32
    %m = arith.maximumf %x, %zero : f32
    linalg.yield %m : f32
  } -> tensor<128x64xf32>
  return %relu : tensor<128x64xf32>
}

// One thread computing a 128 x 64 tile with a consumer fused into it: the
// tile is a private buffer of 32 KiB, more than a kernel keeps on its stack
// (the sampler, the mutations and crossover refuse it too, counting 8 bytes
// an element; an H100 tuning run built one and failed). Without the fused
// consumer the same tiling runs.
sched.schedule @s for @mm target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.matmul", [128, 64, 64], [S, S, R]>,
           #sched.node<"linalg.generic", [128, 64], [S, S]>] rules [] {
  // expected-error@below {{'sched.tile' op cannot run on the target: 8192 output elements per thread step (limit 4096: 16384 private bytes at 4 bytes each)}}
  sched.tile node 0 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[1, 1, 1, 8, 16] of 128>,
              #sched.split<[1, 1, 1, 4, 16] of 64>,
              #sched.split<[4, 4, 4] of 64>]
  sched.bind node 0 block 0 vthread 1 thread 2
  sched.fuse_consumer node 1 into 0 at #sched.choice<2 in [2]>
}

// -----

func.func @ew(%a: tensor<128x3x32xf32>) -> tensor<128x3x32xf32> {
  %e = tensor.empty() : tensor<128x3x32xf32>
  %r = linalg.exp ins(%a : tensor<128x3x32xf32>) outs(%e : tensor<128x3x32xf32>) -> tensor<128x3x32xf32>
  return %r : tensor<128x3x32xf32>
}

// 128 x 3 x 2 = 768 threads fit a block, but its z dimension (the outermost
// of three thread loops) holds at most 64 (the sampler drew such a tiling:
// "Trying to launch a GPU kernel with ... block_dims = (2, 3, 128)").
sched.schedule @s for @ew target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.exp", [128, 3, 32], [S, S, S]>] rules [] {
  // expected-error@below {{'sched.tile' op cannot run on the target: 128 threads along loop 0, dimension z (limit 64)}}
  sched.tile node 0 structure #sched.structure<[S, S, S]>
      splits [#sched.split<[1, 128, 1] of 128>,
              #sched.split<[1, 3, 1] of 3>,
              #sched.split<[2, 2, 8] of 32>]
  sched.bind node 0 block 0 thread 1
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

// -----

func.func @mm(%a: tensor<256x512xf32>, %b: tensor<512x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<256x512xf32>, tensor<512x256xf32>)
      outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}

// Blocks of 128x128 staging k 64 at a time: 128x64 + 64x128 floats, 64 KiB
// of shared memory, over the 48 KiB a block has without opting in.
sched.schedule @s for @mm target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.matmul", [256, 256, 512], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.tile' op cannot run on the target: 65536 bytes of shared-memory stages (limit 49152)}}
  sched.tile node 0 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[2, 1, 16, 2, 4] of 256>,
              #sched.split<[2, 1, 16, 2, 4] of 256>,
              #sched.split<[8, 8, 8] of 512>]
  sched.bind node 0 block 0 vthread 1 thread 2
  sched.cache_read node 0 operand 0 scope "shared" access affine_map<(d0, d1, d2) -> (d0, d2)> of f32
  sched.cache_read node 0 operand 1 scope "shared" access affine_map<(d0, d1, d2) -> (d2, d1)> of f32
}

// -----

func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>)
      outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// Only inputs are staged (operand 2 is the init).
sched.schedule @s for @mm target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[1, 1, 16, 1, 4] of 64>,
              #sched.split<[1, 1, 16, 1, 4] of 64>,
              #sched.split<[4, 4, 4] of 64>]
  sched.bind node 0 block 0 vthread 1 thread 2
  // expected-error@below {{'sched.cache_read' op stages operand 2, not an input of node 0}}
  sched.cache_read node 0 operand 2 scope "shared"
}

// -----

func.func @mm_relu(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>)
      outs(%acc : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.maximumf %x, %zero : f32
      linalg.yield %m : f32
  } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// A staged node does not take a fused consumer (yet).
sched.schedule @s for @mm_relu target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.fill", [64, 64], [S, S]>,
           #sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>,
           #sched.node<"linalg.generic", [64, 64], [S, S]>] rules [] {
  sched.tile node 1 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[1, 1, 16, 1, 4] of 64>,
              #sched.split<[1, 1, 16, 1, 4] of 64>,
              #sched.split<[4, 4, 4] of 64>]
  sched.bind node 1 block 0 vthread 1 thread 2
  sched.cache_read node 1 operand 0 scope "shared"
  // expected-error@below {{'sched.fuse_consumer' op fuses a consumer into node 1, whose inputs are staged: not supported yet (the node's block tile would need a buffer the block shares)}}
  sched.fuse_consumer node 2 into 1 at #sched.choice<2 in [2]>
}

// -----

func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>)
      outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// The access map must be the operand's (A is read through (d0, d2)).
sched.schedule @s for @mm target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[1, 1, 16, 1, 4] of 64>,
              #sched.split<[1, 1, 16, 1, 4] of 64>,
              #sched.split<[4, 4, 4] of 64>]
  sched.bind node 0 block 0 vthread 1 thread 2
  // expected-error@below {{'sched.cache_read' op says operand 0 is read through affine_map<(d0, d1, d2) -> (d2, d1)>, node 0 reads it through affine_map<(d0, d1, d2) -> (d0, d2)>}}
  sched.cache_read node 0 operand 0 scope "shared" access affine_map<(d0, d1, d2) -> (d2, d1)> of f32
}

// -----

func.func @scaled(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %s: tensor<f32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>,
                       affine_map<(i, j, k) -> ()>, affine_map<(i, j, k) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b, %s : tensor<64x64xf32>, tensor<64x64xf32>, tensor<f32>) outs(%c : tensor<64x64xf32>) {
    ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
      %m = arith.mulf %x, %y : f32
      %n = arith.mulf %m, %z : f32
      %t = arith.addf %n, %o : f32
      linalg.yield %t : f32
  } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// A scalar input is not staged.
sched.schedule @s for @scaled target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.generic", [64, 64, 64], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[1, 1, 16, 1, 4] of 64>,
              #sched.split<[1, 1, 16, 1, 4] of 64>,
              #sched.split<[4, 4, 4] of 64>]
  sched.bind node 0 block 0 vthread 1 thread 2
  // expected-error@below {{'sched.cache_read' op stages operand 2, a scalar: nothing to share}}
  sched.cache_read node 0 operand 2 scope "shared"
}

// -----

func.func @row_sum(%x: tensor<64x4096xf32>, %acc: tensor<64xf32>) -> tensor<64xf32> {
  %s = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x4096xf32>) outs(%acc : tensor<64xf32>) {
    ^bb0(%v: f32, %a: f32):
      %r = arith.addf %v, %a : f32
      linalg.yield %r : f32
  } -> tensor<64xf32>
  return %s : tensor<64xf32>
}

// A block has at most 1024 threads to split a reduction across.
sched.schedule @s for @row_sum target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.generic", [64, 4096], [S, R]>] rules [] {
  // expected-error@below {{'sched.rfactor' op splits the reduction across 2048 threads (limit 1024 per block)}}
  sched.rfactor node 0 loop 1 split #sched.split<[2048, 2] of 4096>
}

// -----

func.func @row_sum(%x: tensor<64x4096xf32>, %acc: tensor<64xf32>) -> tensor<64xf32> {
  %s = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x4096xf32>) outs(%acc : tensor<64xf32>) {
    ^bb0(%v: f32, %a: f32):
      %r = arith.addf %v, %a : f32
      linalg.yield %r : f32
  } -> tensor<64xf32>
  return %s : tensor<64xf32>
}

// A node is split across threads or tiled, not both (the rfactor was once
// dropped without a word).
sched.schedule @s for @row_sum target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.generic", [64, 4096], [S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[4, 1, 16, 1, 1] of 64>,
              #sched.split<[64, 8, 8] of 4096>]
  sched.bind node 0 block 0 vthread 1 thread 2
  // expected-error@below {{'sched.rfactor' op node 0 is both tiled and rfactored: a GPU schedule splits a reduction across threads (rfactor) or tiles the node, not both}}
  sched.rfactor node 0 loop 1 split #sched.split<[256, 16] of 4096>
}
