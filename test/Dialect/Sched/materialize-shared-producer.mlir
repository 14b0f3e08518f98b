// A producer inlined into several consumers (a layer norm's x - mean feeds
// the variance and the normalized output) is fused into the output's tiles
// first; its fused original then still reads it after the variance's row
// loop, and fusing it there crashed upstream's fuse_into_containing_op
// (3 of 8 sampled programs of this func). Dead originals are removed before
// such fusions; the program builds and computes the reference's result.
// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --ansor-measure="summary=%t.json repeat=1 min-repeat-ms=1" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURE < %t.json
// SCRIPT: transform.apply_dce
// MEASURE: "verified": true

func.func @layer_norm(%x: tensor<64x256xf32>, %g: tensor<256xf32>, %b: tensor<256xf32>) -> tensor<64x256xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 256.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e1 = tensor.empty() : tensor<64xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.reduce ins(%x : tensor<64x256xf32>) outs(%f1 : tensor<64xf32>) dimensions = [1]
    (%in: f32, %acc: f32) { %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32 }
  %nsplat = tensor.splat %n : tensor<64xf32>
  %mean = arith.divf %sum, %nsplat : tensor<64xf32>
  %e2 = tensor.empty() : tensor<64x256xf32>
  %meanb = linalg.broadcast ins(%mean : tensor<64xf32>) outs(%e2 : tensor<64x256xf32>) dimensions = [1]
  %d = arith.subf %x, %meanb : tensor<64x256xf32>
  %d2 = arith.mulf %d, %d : tensor<64x256xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<64xf32>) -> tensor<64xf32>
  %var = linalg.reduce ins(%d2 : tensor<64x256xf32>) outs(%f2 : tensor<64xf32>) dimensions = [1]
    (%in: f32, %acc: f32) { %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32 }
  %var2 = arith.divf %var, %nsplat : tensor<64xf32>
  %epss = tensor.splat %eps : tensor<64xf32>
  %ve = arith.addf %var2, %epss : tensor<64xf32>
  %rs = math.rsqrt %ve : tensor<64xf32>
  %e3 = tensor.empty() : tensor<64x256xf32>
  %rsb = linalg.broadcast ins(%rs : tensor<64xf32>) outs(%e3 : tensor<64x256xf32>) dimensions = [1]
  %y = arith.mulf %d, %rsb : tensor<64x256xf32>
  %e4 = tensor.empty() : tensor<64x256xf32>
  %gb = linalg.broadcast ins(%g : tensor<256xf32>) outs(%e4 : tensor<64x256xf32>) dimensions = [0]
  %e5 = tensor.empty() : tensor<64x256xf32>
  %bb = linalg.broadcast ins(%b : tensor<256xf32>) outs(%e5 : tensor<64x256xf32>) dimensions = [0]
  %yg = arith.mulf %y, %gb : tensor<64x256xf32>
  %out = arith.addf %yg, %bb : tensor<64x256xf32>
  return %out : tensor<64x256xf32>
}

sched.schedule @layer_norm_sketch0_0 for @layer_norm target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.fill", [64], [S]>, #sched.node<"linalg.reduce", [64, 256], [S, R]>, #sched.node<"linalg.generic", [64], [S]>, #sched.node<"linalg.generic", [64, 256], [S, S]>, #sched.node<"linalg.generic", [64, 256], [S, S]>, #sched.node<"linalg.fill", [64], [S]>, #sched.node<"linalg.reduce", [64, 256], [S, R]>, #sched.node<"linalg.generic", [64], [S]>, #sched.node<"linalg.generic", [64, 256], [S, S]>] rules ["MultiLevelTiling", "AlwaysInline", "AlwaysInline", "AlwaysInline", "AlwaysInline"] {
  sched.tile node 1 structure <[S, S, R]> splits [#sched.split<[32, 2] of 64>, #sched.split<[256] of 256>]
  sched.parallel node 1 loops <1 in [0, 1]>
  sched.vectorize node 1
  sched.inline node 2
  sched.inline node 3
  sched.inline node 4
  sched.tile node 6 structure <[S, S, R]> splits [#sched.split<[5, 13] of 64>, #sched.split<[256] of 256>]
  sched.parallel node 6 loops <1 in [0, 1]>
  sched.vectorize node 6
  sched.inline node 7
  sched.tile node 8 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 2, 8, 4] of 64>, #sched.split<[1, 4, 1, 64] of 256>]
  sched.parallel node 8 loops <0 in [0, 1, 2]>
  sched.vectorize node 8
  sched.unroll node 8 max_step <16 in [0, 16, 64, 512]>
}
