// A softmax whose exp is computed once (the sketch AlwaysInline derives
// next to the one that inlines it into the row sum and the division): the
// exp is one loop nest of its own, before the sum's, and the program
// computes the reference's result.
// RUN: ansor-opt %s --sched-materialize | FileCheck %s
// RUN: ansor-opt %s --ansor-measure="summary=%t.json repeat=1 min-repeat-ms=1" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURE < %t.json
// CHECK-LABEL: func.func @softmax_rows
// CHECK:         scf.forall
// CHECK:           math.exp %{{.*}} : vector<
// CHECK:         scf.forall
// CHECK-NOT:       math.exp
// CHECK:         scf.forall
// CHECK-NOT:       math.exp
// CHECK:           arith.divf %{{.*}} : vector<
// CHECK-NOT:       math.exp
// CHECK:         return
// MEASURE: "wrong_result": 0
// MEASURE: "verified": true

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @softmax_rows(%x: tensor<256x64xf32>, %mx: tensor<256xf32>) -> tensor<256x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x64xf32>
  %ex = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%x, %mx : tensor<256x64xf32>, tensor<256xf32>) outs(%e : tensor<256x64xf32>) {
    ^bb0(%a: f32, %m: f32, %o: f32):
      %d = arith.subf %a, %m : f32
      %r = math.exp %d : f32
      linalg.yield %r : f32
  } -> tensor<256x64xf32>
  %es = tensor.empty() : tensor<256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%es : tensor<256xf32>) -> tensor<256xf32>
  %sum = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<256x64xf32>) outs(%acc : tensor<256xf32>) {
    ^bb0(%a: f32, %s: f32):
      %r = arith.addf %a, %s : f32
      linalg.yield %r : f32
  } -> tensor<256xf32>
  %y = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<256x64xf32>, tensor<256xf32>) outs(%e : tensor<256x64xf32>) {
    ^bb0(%a: f32, %s: f32, %o: f32):
      %r = arith.divf %a, %s : f32
      linalg.yield %r : f32
  } -> tensor<256x64xf32>
  return %y : tensor<256x64xf32>
}

sched.schedule @once for @softmax_rows target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.generic", [256, 64], [S, S]>, #sched.node<"linalg.fill", [256], [S]>,
           #sched.node<"linalg.generic", [256, 64], [S, R]>, #sched.node<"linalg.generic", [256, 64], [S, S]>]
    rules [] {
  sched.tile node 0 structure <[S, S]> splits [#sched.split<[32, 8] of 256>, #sched.split<[2, 32] of 64>]
  sched.parallel node 0 loops <1 in [0, 1, 2]>
  sched.vectorize node 0
  sched.tile node 2 structure <[S, S, R]> splits [#sched.split<[32, 8] of 256>, #sched.split<[64] of 64>]
  sched.parallel node 2 loops <1 in [0, 1]>
  sched.vectorize node 2
  sched.tile node 3 structure <[S, S]> splits [#sched.split<[32, 8] of 256>, #sched.split<[4, 16] of 64>]
  sched.parallel node 3 loops <1 in [0, 1, 2]>
  sched.vectorize node 3
}
