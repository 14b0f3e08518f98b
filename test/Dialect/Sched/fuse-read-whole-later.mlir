// An inlined producer that a later consumer reads whole (the softmax's exp,
// which the division's single tile leaves unfused) goes into an earlier
// consumer's parallel loops only: upstream's fuse_into_containing_op
// crashes on such a use after an scf.for (MLIR 22), which took the whole
// build down. Without a parallel loop it is not fused there at all. (Found
// on a softmax over rows of 1, whose reductions normalization now folds
// away: the rows here have 2 elements.)
// RUN: ansor-opt %s --split-input-file --sched-export-transform | FileCheck %s
// RUN: ansor-opt %s --split-input-file --sched-materialize | FileCheck %s --check-prefix=APPLIED

// CHECK-LABEL: transform.named_sequence @apply_sequential(
// CHECK-SAME:    sched.degraded = ["node 2: not fused into node 4: a later consumer reads it whole, and it has no parallel loop"]
// CHECK:         %[[SUM:.+]] = transform.structured.match attributes {sched.node = 4 : i64} in %0
// CHECK:         %[[EXP:.+]] = transform.get_producer_of_operand %[[SUM]][0]
// CHECK-NOT:     fuse_into_containing_op %[[EXP]] into
// CHECK:         transform.yield
// The exp is computed whole, before the sum's loop.
// APPLIED-LABEL: func.func @sm1
// APPLIED:         scf.forall
// APPLIED:         math.exp
// APPLIED-NEXT:    linalg.yield
// APPLIED:         scf.for
func.func @sm1(%arg0: tensor<64x2xf32>) -> tensor<64x2xf32> {
  %0 = tensor.empty() : tensor<64x2xf32>
  %1 = tensor.empty() : tensor<64xf32>
  %cst = arith.constant 0xFFC00000 : f32
  %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<64xf32>) -> tensor<64xf32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<64x2xf32>) outs(%2 : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %8 = arith.maxnumf %in, %out : f32
    linalg.yield %8 : f32
  } -> tensor<64xf32>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0, %3 : tensor<64x2xf32>, tensor<64xf32>) outs(%0 : tensor<64x2xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %8 = arith.subf %in, %in_1 : f32
    %9 = math.exp %8 : f32
    linalg.yield %9 : f32
  } -> tensor<64x2xf32>
  %cst_0 = arith.constant 0.000000e+00 : f32
  %5 = linalg.fill ins(%cst_0 : f32) outs(%1 : tensor<64xf32>) -> tensor<64xf32>
  %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%4 : tensor<64x2xf32>) outs(%5 : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %8 = arith.addf %in, %out : f32
    linalg.yield %8 : f32
  } -> tensor<64xf32>
  %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%4, %6 : tensor<64x2xf32>, tensor<64xf32>) outs(%0 : tensor<64x2xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %8 = arith.divf %in, %in_1 : f32
    linalg.yield %8 : f32
  } -> tensor<64x2xf32>
  return %7 : tensor<64x2xf32>
}
sched.schedule @sequential for @sm1 target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.fill", [64], [S]>, #sched.node<"linalg.generic", [64, 2], [S, R]>, #sched.node<"linalg.generic", [64, 2], [S, S]>, #sched.node<"linalg.fill", [64], [S]>, #sched.node<"linalg.generic", [64, 2], [S, R]>, #sched.node<"linalg.generic", [64, 2], [S, S]>] rules ["AlwaysInline"] {
  sched.tile node 1 structure <[S, S, R]> splits [#sched.split<[32, 2] of 64>, #sched.split<[2] of 2>]
  sched.parallel node 1 loops <1 in [0, 1]>
  sched.vectorize node 1
  sched.inline node 2
  sched.tile node 4 structure <[S, S, R]> splits [#sched.split<[11, 6] of 64>, #sched.split<[2] of 2>]
  sched.parallel node 4 loops <0 in [0, 1]>
  sched.vectorize node 4
  sched.tile node 5 structure <[S, S]> splits [#sched.split<[1, 64] of 64>, #sched.split<[1, 2] of 2>]
  sched.parallel node 5 loops <0 in [0, 1, 2]>
  sched.vectorize node 5
}

// -----

// With the sum's loop parallel, upstream gives the scf.forall a result for
// the later use: the exp is fused there as asked.
// CHECK-LABEL: transform.named_sequence @apply_parallel(
// CHECK-NOT:     sched.degraded
// CHECK:         %[[SUM:.+]] = transform.structured.match attributes {sched.node = 4 : i64} in %0
// CHECK:         %[[EXP:.+]] = transform.get_producer_of_operand %[[SUM]][0]
// CHECK:         fuse_into_containing_op %[[EXP]] into %forall
// APPLIED-LABEL: func.func @sm1
// APPLIED:         scf.forall
// APPLIED:         math.exp
func.func @sm1(%arg0: tensor<64x2xf32>) -> tensor<64x2xf32> {
  %0 = tensor.empty() : tensor<64x2xf32>
  %1 = tensor.empty() : tensor<64xf32>
  %cst = arith.constant 0xFFC00000 : f32
  %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<64xf32>) -> tensor<64xf32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<64x2xf32>) outs(%2 : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %8 = arith.maxnumf %in, %out : f32
    linalg.yield %8 : f32
  } -> tensor<64xf32>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0, %3 : tensor<64x2xf32>, tensor<64xf32>) outs(%0 : tensor<64x2xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %8 = arith.subf %in, %in_1 : f32
    %9 = math.exp %8 : f32
    linalg.yield %9 : f32
  } -> tensor<64x2xf32>
  %cst_0 = arith.constant 0.000000e+00 : f32
  %5 = linalg.fill ins(%cst_0 : f32) outs(%1 : tensor<64xf32>) -> tensor<64xf32>
  %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%4 : tensor<64x2xf32>) outs(%5 : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %8 = arith.addf %in, %out : f32
    linalg.yield %8 : f32
  } -> tensor<64xf32>
  %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%4, %6 : tensor<64x2xf32>, tensor<64xf32>) outs(%0 : tensor<64x2xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %8 = arith.divf %in, %in_1 : f32
    linalg.yield %8 : f32
  } -> tensor<64x2xf32>
  return %7 : tensor<64x2xf32>
}
sched.schedule @parallel for @sm1 target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.fill", [64], [S]>, #sched.node<"linalg.generic", [64, 2], [S, R]>, #sched.node<"linalg.generic", [64, 2], [S, S]>, #sched.node<"linalg.fill", [64], [S]>, #sched.node<"linalg.generic", [64, 2], [S, R]>, #sched.node<"linalg.generic", [64, 2], [S, S]>] rules ["AlwaysInline"] {
  sched.tile node 1 structure <[S, S, R]> splits [#sched.split<[32, 2] of 64>, #sched.split<[2] of 2>]
  sched.parallel node 1 loops <1 in [0, 1]>
  sched.vectorize node 1
  sched.inline node 2
  sched.tile node 4 structure <[S, S, R]> splits [#sched.split<[11, 6] of 64>, #sched.split<[2] of 2>]
  sched.parallel node 4 loops <1 in [0, 1]>
  sched.vectorize node 4
  sched.tile node 5 structure <[S, S]> splits [#sched.split<[1, 64] of 64>, #sched.split<[1, 2] of 2>]
  sched.parallel node 5 loops <0 in [0, 1, 2]>
  sched.vectorize node 5
}

// -----

// The later reader may take the producer as its init, which is never fused
// (the matmul accumulates onto exp(b)): the sum, whose loop is sequential,
// leaves it unfused too.
// CHECK-LABEL: transform.named_sequence @apply_init_later(
// CHECK-SAME:    sched.degraded = ["node 0: not fused into node 2: a later consumer reads it whole, and it has no parallel loop"]
// APPLIED-LABEL: func.func @ic
// APPLIED:         math.exp
// APPLIED:         scf.for
func.func @ic(%x: tensor<64x128xf32>, %b: tensor<64xf32>, %w: tensor<128x64xf32>) -> (tensor<64xf32>, tensor<64x64xf32>) {
  %e = tensor.empty() : tensor<64x64xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = math.exp %v : f32
    linalg.yield %t : f32
  } -> tensor<64x64xf32>
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<64xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<64xf32>) -> tensor<64xf32>
  %c = linalg.reduce ins(%p : tensor<64x64xf32>) outs(%f1 : tensor<64xf32>) dimensions = [1]
    (%a: f32, %acc: f32) { %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32 }
  %m = linalg.matmul ins(%x, %w : tensor<64x128xf32>, tensor<128x64xf32>) outs(%p : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %c, %m : tensor<64xf32>, tensor<64x64xf32>
}
sched.schedule @init_later for @ic target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.generic", [64, 64], [S, S]>, #sched.node<"linalg.fill", [64], [S]>, #sched.node<"linalg.reduce", [64, 64], [S, R]>, #sched.node<"linalg.matmul", [64, 64, 128], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling", "AlwaysInline"] {
  sched.inline node 0
  sched.tile node 2 structure <[S, S, R]> splits [#sched.split<[4, 16] of 64>, #sched.split<[64] of 64>]
  sched.parallel node 2 loops <0 in [0, 1]>
  sched.vectorize node 2
  sched.tile node 3 structure <[S, S, R, S, R, S]> splits [#sched.split<[16, 1, 1, 4] of 64>, #sched.split<[1, 2, 1, 32] of 64>, #sched.split<[4, 32] of 128>]
  sched.pack node 3 operand 1 loop 1 at <0 in [0, 1]>
  sched.parallel node 3 loops <1 in [1, 2]>
  sched.vectorize node 3
  sched.unroll node 3 max_step <512 in [0, 16, 64, 512]>
}
