// Partial blocks of elements narrower than 32 bits (here i1, stored as bytes)
// are vectorized with masks only for CPUs with masked moves of them
// (AVX-512BW). For AVX2, LLVM 22 expands each such masked access into a
// branch per lane: the partial columns of the first schedule took 14-20 s
// to compile, most of it in machine code sinking. There, partial rows are
// left to LLVM's loop vectorizer and said so, and blocks partial along outer
// loops only are stepped one iteration at a time, static and unmasked.
// RUN: ansor-opt %s --split-input-file --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --split-input-file --sched-materialize | FileCheck %s
// The same programs run and verify (x86-64-v3 runs on every x86-64 machine),
// and the measurement says which one is degraded.
// RUN: ansor-opt %S/Inputs/narrow-masks-run.mlir --ansor-measure="summary=%t.json repeat=1 min-repeat-ms=1" -o /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=MEASURE < %t.json
// RUN: FileCheck %s --check-prefix=REMARK < %t.err

// MEASURE:      "degraded": 1,
// MEASURE:      "name": "columns",
// MEASURE:      "verified": true
// MEASURE:      "degraded": 0,
// MEASURE:      "name": "rows",
// MEASURE:      "verified": true
// REMARK:       remark: @columns_t is built differently from what it asks: node 0: partial rows of elements narrower than 32 bits left to LLVM's loop vectorizer (the target has no masked moves of them);
// REMARK-NOT:   @rows_t is built differently

// SCRIPT-LABEL: @apply_avx2_columns
// SCRIPT-SAME:    sched.degraded = ["node 0: partial rows of elements narrower than 32 bits left to LLVM's loop vectorizer (the target has no masked moves of them)"]
// SCRIPT-LABEL: @apply_avx512_columns
// SCRIPT-NOT:     sched.degraded
// SCRIPT-LABEL: @apply_avx2_rows
// SCRIPT-NOT:     sched.degraded
// SCRIPT:       transform.named_sequence @__transform_main

// CHECK-LABEL: func.func @cmp
// CHECK-NOT:     vector.create_mask
// CHECK:         arith.cmpf olt, %{{.*}}, %{{.*}} : vector<64x56xf32>
// CHECK-NOT:     vector.create_mask
// CHECK:         return
func.func @cmp(%a: tensor<64x100xf32>, %b: tensor<64x100xf32>) -> tensor<64x100xi1> {
  %e = tensor.empty() : tensor<64x100xi1>
  %c = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<64x100xf32>, tensor<64x100xf32>) outs(%e : tensor<64x100xi1>) {
    ^bb0(%x: f32, %y: f32, %o: i1):
      %l = arith.cmpf olt, %x, %y : f32
      linalg.yield %l : i1
  } -> tensor<64x100xi1>
  return %c : tensor<64x100xi1>
}
sched.schedule @avx2_columns for @cmp target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.generic", [64, 100], [S, S]>] rules [] {
  sched.tile node 0 structure <[S, S]> splits [#sched.split<[1, 64] of 64>, #sched.split<[2, 56] of 100>]
  sched.parallel node 0 loops <2 in [0, 1, 2]>
  sched.vectorize node 0
}

// -----

// CHECK-LABEL: func.func @cmp
// CHECK:         vector.create_mask
// CHECK:         return
func.func @cmp(%a: tensor<64x100xf32>, %b: tensor<64x100xf32>) -> tensor<64x100xi1> {
  %e = tensor.empty() : tensor<64x100xi1>
  %c = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<64x100xf32>, tensor<64x100xf32>) outs(%e : tensor<64x100xi1>) {
    ^bb0(%x: f32, %y: f32, %o: i1):
      %l = arith.cmpf olt, %x, %y : f32
      linalg.yield %l : i1
  } -> tensor<64x100xi1>
  return %c : tensor<64x100xi1>
}
sched.schedule @avx512_columns for @cmp target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.generic", [64, 100], [S, S]>] rules [] {
  sched.tile node 0 structure <[S, S]> splits [#sched.split<[1, 64] of 64>, #sched.split<[2, 56] of 100>]
  sched.parallel node 0 loops <2 in [0, 1, 2]>
  sched.vectorize node 0
}

// -----

// The last tile of 24 rows holds 16: stepped one row of 50 at a time.
// CHECK-LABEL: func.func @cmp
// CHECK-NOT:     vector.create_mask
// CHECK:         arith.cmpf olt, %{{.*}}, %{{.*}} : vector<24x50xf32>
// CHECK:         scf.for
// CHECK:         arith.cmpf olt, %{{.*}}, %{{.*}} : vector<50xf32>
// CHECK-NOT:     vector.create_mask
// CHECK:         return
func.func @cmp(%a: tensor<64x100xf32>, %b: tensor<64x100xf32>) -> tensor<64x100xi1> {
  %e = tensor.empty() : tensor<64x100xi1>
  %c = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<64x100xf32>, tensor<64x100xf32>) outs(%e : tensor<64x100xi1>) {
    ^bb0(%x: f32, %y: f32, %o: i1):
      %l = arith.cmpf olt, %x, %y : f32
      linalg.yield %l : i1
  } -> tensor<64x100xi1>
  return %c : tensor<64x100xi1>
}
sched.schedule @avx2_rows for @cmp target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.generic", [64, 100], [S, S]>] rules [] {
  sched.tile node 0 structure <[S, S]> splits [#sched.split<[3, 24] of 64>, #sched.split<[2, 50] of 100>]
  sched.parallel node 0 loops <2 in [0, 1, 2]>
  sched.vectorize node 0
}
