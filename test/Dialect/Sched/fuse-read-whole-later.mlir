// An inlined producer that a later consumer reads whole (the softmax's exp,
// which the division's single tile leaves unfused) goes into an earlier
// consumer's parallel loops only: upstream's fuse_into_containing_op
// crashes on such a use after an scf.for (MLIR 22), which took the whole
// build down. Without a parallel loop it is not fused there at all.
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
func.func @sm1(%arg0: tensor<64x1xf32>) -> tensor<64x1xf32> {
  %0 = tensor.empty() : tensor<64x1xf32>
  %1 = tensor.empty() : tensor<64xf32>
  %cst = arith.constant 0xFFC00000 : f32
  %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<64xf32>) -> tensor<64xf32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<64x1xf32>) outs(%2 : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %8 = arith.maxnumf %in, %out : f32
    linalg.yield %8 : f32
  } -> tensor<64xf32>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0, %3 : tensor<64x1xf32>, tensor<64xf32>) outs(%0 : tensor<64x1xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %8 = arith.subf %in, %in_1 : f32
    %9 = math.exp %8 : f32
    linalg.yield %9 : f32
  } -> tensor<64x1xf32>
  %cst_0 = arith.constant 0.000000e+00 : f32
  %5 = linalg.fill ins(%cst_0 : f32) outs(%1 : tensor<64xf32>) -> tensor<64xf32>
  %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%4 : tensor<64x1xf32>) outs(%5 : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %8 = arith.addf %in, %out : f32
    linalg.yield %8 : f32
  } -> tensor<64xf32>
  %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%4, %6 : tensor<64x1xf32>, tensor<64xf32>) outs(%0 : tensor<64x1xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %8 = arith.divf %in, %in_1 : f32
    linalg.yield %8 : f32
  } -> tensor<64x1xf32>
  return %7 : tensor<64x1xf32>
}
sched.schedule @sequential for @sm1 target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.fill", [64], [S]>, #sched.node<"linalg.generic", [64, 1], [S, R]>, #sched.node<"linalg.generic", [64, 1], [S, S]>, #sched.node<"linalg.fill", [64], [S]>, #sched.node<"linalg.generic", [64, 1], [S, R]>, #sched.node<"linalg.generic", [64, 1], [S, S]>] rules ["AlwaysInline"] {
  sched.tile node 1 structure <[S, S, R]> splits [#sched.split<[32, 2] of 64>, #sched.split<[1] of 1>]
  sched.parallel node 1 loops <1 in [0, 1]>
  sched.vectorize node 1
  sched.inline node 2
  sched.tile node 4 structure <[S, S, R]> splits [#sched.split<[11, 6] of 64>, #sched.split<[1] of 1>]
  sched.parallel node 4 loops <0 in [0, 1]>
  sched.vectorize node 4
  sched.tile node 5 structure <[S, S]> splits [#sched.split<[1, 64] of 64>, #sched.split<[1, 1] of 1>]
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
func.func @sm1(%arg0: tensor<64x1xf32>) -> tensor<64x1xf32> {
  %0 = tensor.empty() : tensor<64x1xf32>
  %1 = tensor.empty() : tensor<64xf32>
  %cst = arith.constant 0xFFC00000 : f32
  %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<64xf32>) -> tensor<64xf32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<64x1xf32>) outs(%2 : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %8 = arith.maxnumf %in, %out : f32
    linalg.yield %8 : f32
  } -> tensor<64xf32>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0, %3 : tensor<64x1xf32>, tensor<64xf32>) outs(%0 : tensor<64x1xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %8 = arith.subf %in, %in_1 : f32
    %9 = math.exp %8 : f32
    linalg.yield %9 : f32
  } -> tensor<64x1xf32>
  %cst_0 = arith.constant 0.000000e+00 : f32
  %5 = linalg.fill ins(%cst_0 : f32) outs(%1 : tensor<64xf32>) -> tensor<64xf32>
  %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%4 : tensor<64x1xf32>) outs(%5 : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %8 = arith.addf %in, %out : f32
    linalg.yield %8 : f32
  } -> tensor<64xf32>
  %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%4, %6 : tensor<64x1xf32>, tensor<64xf32>) outs(%0 : tensor<64x1xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %8 = arith.divf %in, %in_1 : f32
    linalg.yield %8 : f32
  } -> tensor<64x1xf32>
  return %7 : tensor<64x1xf32>
}
sched.schedule @parallel for @sm1 target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.fill", [64], [S]>, #sched.node<"linalg.generic", [64, 1], [S, R]>, #sched.node<"linalg.generic", [64, 1], [S, S]>, #sched.node<"linalg.fill", [64], [S]>, #sched.node<"linalg.generic", [64, 1], [S, R]>, #sched.node<"linalg.generic", [64, 1], [S, S]>] rules ["AlwaysInline"] {
  sched.tile node 1 structure <[S, S, R]> splits [#sched.split<[32, 2] of 64>, #sched.split<[1] of 1>]
  sched.parallel node 1 loops <1 in [0, 1]>
  sched.vectorize node 1
  sched.inline node 2
  sched.tile node 4 structure <[S, S, R]> splits [#sched.split<[11, 6] of 64>, #sched.split<[1] of 1>]
  sched.parallel node 4 loops <1 in [0, 1]>
  sched.vectorize node 4
  sched.tile node 5 structure <[S, S]> splits [#sched.split<[1, 64] of 64>, #sched.split<[1, 1] of 1>]
  sched.parallel node 5 loops <0 in [0, 1, 2]>
  sched.vectorize node 5
}
