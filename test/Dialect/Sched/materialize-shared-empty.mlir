// One tensor.empty as the init of a transpose and of the scaling consumer of
// the batch matmul that reads it (as a hand-written or torch-style attention
// score does; the transposed operand is the matmul's A here: a transposed B
// is now fused into the matmul, for packing). Fusing the transpose into the
// consumer's scf.forall made
// upstream's fuse_into_containing_op retarget the transpose's init to the
// forall's shared output, since both were the same value: the transposed
// tile was written over the consumer's result, wrong in 3 of 16 sampled
// programs; with an init argument shared the same way, likewise. Each use of
// an empty gets an empty of its own, and an op that shares its init but never
// reads it gets a fresh empty, before the script is built; the programs
// compute the reference's results.
// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --ansor-measure="summary=%t.json repeat=1 min-repeat-ms=1" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURE < %t.json
// SCRIPT-LABEL: func.func @scores(
// SCRIPT:     outs(%[[T:[0-9]+]] : tensor<8x32x32xf32>) attrs = {{.*}}sched.node = 0
// SCRIPT-NOT: outs(%[[T]] :
// SCRIPT:     outs(%{{[0-9]+}} : tensor<8x32x32xf32>) attrs = {{.*}}sched.node = 3
// SCRIPT-LABEL: func.func @scores_into
// SCRIPT:     %[[F:[0-9]+]] = tensor.empty() : tensor<8x32x32xf32>
// SCRIPT:     outs(%[[F]] : tensor<8x32x32xf32>) attrs = {{.*}}sched.node = 0
// SCRIPT:     outs(%arg2 : tensor<8x32x32xf32>) attrs = {{.*}}sched.node = 3
// MEASURE: "wrong_result": 0
// MEASURE: "name": "scores"
// MEASURE: "verified": true
// MEASURE: "wrong_result": 0
// MEASURE: "name": "scores_into"
// MEASURE: "verified": true

func.func @scores(%q: tensor<8x32x32xf32>, %k: tensor<8x32x32xf32>) -> tensor<8x32x32xf32> {
  %c0 = arith.constant 0.000000e+00 : f32
  %sc = arith.constant 0.176776692 : f32
  %e = tensor.empty() : tensor<8x32x32xf32>
  %qt = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%q : tensor<8x32x32xf32>) outs(%e : tensor<8x32x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x32x32xf32>
  %f = linalg.fill ins(%c0 : f32) outs(%e : tensor<8x32x32xf32>) -> tensor<8x32x32xf32>
  %s = linalg.batch_matmul ins(%qt, %k : tensor<8x32x32xf32>, tensor<8x32x32xf32>) outs(%f : tensor<8x32x32xf32>) -> tensor<8x32x32xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<8x32x32xf32>) outs(%e : tensor<8x32x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %sc : f32
    linalg.yield %m : f32
  } -> tensor<8x32x32xf32>
  return %o : tensor<8x32x32xf32>
}

sched.schedule @scores_t0 for @scores target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.generic", [8, 32, 32], [S, S, S]>, #sched.node<"linalg.fill", [8, 32, 32], [S, S, S]>, #sched.node<"linalg.batch_matmul", [8, 32, 32, 32], [S, S, S, R]>, #sched.node<"linalg.generic", [8, 32, 32], [S, S, S]>] rules ["MultiLevelTilingWithFusion", "AlwaysInline"] {
  sched.inline node 0
  sched.tile node 2 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 2, 1, 4] of 8>, #sched.split<[8, 2, 1, 2] of 32>, #sched.split<[1, 4, 1, 8] of 32>, #sched.split<[2, 16] of 32>]
  sched.fuse_consumer node 3 into 2 at <1 in [0, 1]>
  sched.parallel node 2 loops <2 in [1, 2, 3]>
  sched.vectorize node 2
  sched.unroll node 2 max_step <0 in [0, 16, 64, 512]>
}

// The same with the init passed in: the transpose, which never reads it,
// writes a fresh empty instead.
func.func @scores_into(%q: tensor<8x32x32xf32>, %k: tensor<8x32x32xf32>, %e: tensor<8x32x32xf32>) -> tensor<8x32x32xf32> {
  %c0 = arith.constant 0.000000e+00 : f32
  %sc = arith.constant 0.176776692 : f32
  %qt = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%q : tensor<8x32x32xf32>) outs(%e : tensor<8x32x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x32x32xf32>
  %f = linalg.fill ins(%c0 : f32) outs(%e : tensor<8x32x32xf32>) -> tensor<8x32x32xf32>
  %s = linalg.batch_matmul ins(%qt, %k : tensor<8x32x32xf32>, tensor<8x32x32xf32>) outs(%f : tensor<8x32x32xf32>) -> tensor<8x32x32xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<8x32x32xf32>) outs(%e : tensor<8x32x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %sc : f32
    linalg.yield %m : f32
  } -> tensor<8x32x32xf32>
  return %o : tensor<8x32x32xf32>
}

sched.schedule @scores_into_t0 for @scores_into target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.generic", [8, 32, 32], [S, S, S]>, #sched.node<"linalg.fill", [8, 32, 32], [S, S, S]>, #sched.node<"linalg.batch_matmul", [8, 32, 32, 32], [S, S, S, R]>, #sched.node<"linalg.generic", [8, 32, 32], [S, S, S]>] rules ["MultiLevelTilingWithFusion", "AlwaysInline"] {
  sched.inline node 0
  sched.tile node 2 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 2, 1, 4] of 8>, #sched.split<[8, 2, 1, 2] of 32>, #sched.split<[1, 4, 1, 8] of 32>, #sched.split<[2, 16] of 32>]
  sched.fuse_consumer node 3 into 2 at <1 in [0, 1]>
  sched.parallel node 2 loops <2 in [1, 2, 3]>
  sched.vectorize node 2
  sched.unroll node 2 max_step <0 in [0, 16, 64, 512]>
}
