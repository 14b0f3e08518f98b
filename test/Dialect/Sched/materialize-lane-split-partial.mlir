// A lane-split row reduction whose last block holds fewer rows than the
// others (77 rows in blocks of 8) steps that block one row at a time, each
// row split into lanes like the full blocks. Masked whole, such blocks of
// rows of 65 or 129 16- or 32-bit elements crashed LLVM 22's x86 backend
// ("Cannot emit physreg copy instruction"; which widths depends on -mcpu),
// and masked, f32 rows of 200 and 1001 elements ran 1.5x slower, i32 rows
// of 200 1.3x (of 1001 as fast).
// RUN: ansor-opt %s --sched-materialize | FileCheck %s
// RUN: rm -f %t.rkl.so %t.zen5.so
// RUN: ansor-opt %s "--ansor-compile=output=%t.rkl.so target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512'" -o /dev/null
// RUN: test -s %t.rkl.so
// RUN: sed 's/-mcpu=rocketlake/-mcpu=znver5/' %s > %t.zen5.mlir
// RUN: ansor-opt %t.zen5.mlir "--ansor-compile=output=%t.zen5.so target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512'" -o /dev/null
// RUN: test -s %t.zen5.so
// Built for an AVX2 host (any x86-64 CI machine runs it) and verified.
// RUN: sed 's/-mcpu=rocketlake -num-cores=2 -vector-bits=512/-mcpu=x86-64-v3 -num-cores=2 -vector-bits=256/' %s > %t.v3.mlir
// RUN: ansor-opt %t.v3.mlir --ansor-measure="threads=2 min-repeat-ms=1 repeat=1 summary=%t.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURE < %t.json
// MEASURE: "wrong_result": 0
// MEASURE: "name": "sumsq_i16",
// MEASURE: "verified": true
// MEASURE: "wrong_result": 0
// MEASURE: "name": "sum_i32",
// MEASURE: "verified": true

// The full blocks: 8 rows of 32 lanes over the first 64 elements.
// CHECK-LABEL: func.func @sumsq_i16
// CHECK:         scf.for %{{.+}} = %c0 to %{{.+}} step %c8
// CHECK:           scf.for %{{.+}} = %c0 to %c64 step %c32 iter_args(%{{.+}} = %{{.+}}) -> (vector<8x32xi32>)
// The partial block: one row at a time, 32 lanes, no mask.
// CHECK:         scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c8
// CHECK:           scf.for %{{.+}} = %c0 to %{{.+}} step %c1
// CHECK-NOT:         vector.create_mask
// CHECK:             scf.for %{{.+}} = %c0 to %c64 step %c32 iter_args(%{{.+}} = %{{.+}}) -> (vector<32xi32>)
// CHECK:         scf.forall.in_parallel
func.func @sumsq_i16(%x: tensor<77x65xi16>) -> tensor<77xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<77xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<77xi32>) -> tensor<77xi32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<77x65xi16>) outs(%f : tensor<77xi32>) {
  ^bb0(%v: i16, %a: i32):
    %w = arith.extsi %v : i16 to i32
    %sq = arith.muli %w, %w : i32
    %s = arith.addi %a, %sq : i32
    linalg.yield %s : i32
  } -> tensor<77xi32>
  return %r : tensor<77xi32>
}

sched.schedule @sumsq_i16_t0 for @sumsq_i16 target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.fill", [77], [S]>, #sched.node<"linalg.generic", [77, 65], [S, R]>] rules [] {
  sched.tile node 1 structure <[S, S, R]> splits [#sched.split<[10, 8] of 77>, #sched.split<[65] of 65>]
  sched.parallel node 1 loops <1 in [0, 1]>
  sched.vectorize node 1
}

// CHECK-LABEL: func.func @sum_i32
// CHECK:         scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c1
// CHECK-NOT:       vector.create_mask
// CHECK:           scf.for %{{.+}} = %c0 to %c128 step %c32 iter_args(%{{.+}} = %{{.+}}) -> (vector<32xi32>)
func.func @sum_i32(%x: tensor<77x129xi32>) -> tensor<77xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<77xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<77xi32>) -> tensor<77xi32>
  %r = linalg.reduce ins(%x : tensor<77x129xi32>) outs(%f : tensor<77xi32>) dimensions = [1]
    (%v: i32, %a: i32) {
      %s = arith.addi %a, %v : i32
      linalg.yield %s : i32
    }
  return %r : tensor<77xi32>
}

sched.schedule @sum_i32_t0 for @sum_i32 target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.fill", [77], [S]>, #sched.node<"linalg.reduce", [77, 129], [S, R]>] rules [] {
  sched.tile node 1 structure <[S, S, R]> splits [#sched.split<[10, 8] of 77>, #sched.split<[129] of 129>]
  sched.parallel node 1 loops <1 in [0, 1]>
  sched.vectorize node 1
}
