// A register block holding a whole reduction that an input reads
// contiguously (a row sum, a row max) accumulates lanes of partial results
// along it in vector registers and adds them up once (upstream's
// tile_reduction_using_for): twice the target's vector lanes (8 x f32 or
// i32 at 256 bits: 16), over the largest multiple of them the row holds;
// the rest of the row (upstream's split) is reduced after them, vectorized
// whole. Vectorized whole, the block reduced each row in order, one element
// at a time: a 64x1024 row sum ran 13x slower, a 64x1001 one 10x. No split
// for a reduction across rows (multi-level tiled with its reduction outside
// the block).
// RUN: ansor-opt %s --split-input-file --sched-derive-sketches="target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256'" --sched-sample="seed=5" --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --split-input-file --sched-derive-sketches="target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256'" --sched-sample="seed=5" --sched-materialize | FileCheck %s
// The cost model's loop nest: the partials' steps, then the lanes,
// vectorized.
// RUN: ansor-opt %examples/coverage/row_sum.mlir --sched-derive-sketches="target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256'" --sched-sample="seed=5" -o %t.mlir
// RUN: ansor-model features %t.mlir | FileCheck %s --check-prefix=NEST
// Tuned programs are built and verified against the untuned lowering.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --split-input-file --ansor-tune="trials=4 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl" -o /dev/null 2> /dev/null
// RUN: python3 %S/../../Tuner/count-records.py %t/rec.jsonl "sched.tile" | FileCheck %s --check-prefix=REC
// REC: records 28, errors 0, matching 28

// SCRIPT-LABEL: @apply_row_sum_sketch0
// SCRIPT:         transform.structured.tile_reduction_using_for %{{.+}} by tile_sizes = [0, 16]
// CHECK-LABEL: func.func @row_sum
// CHECK:         scf.for %{{.+}} = %c0 to %c1024 step %c16 iter_args(%{{.+}} = %{{.+}}) -> (vector<{{([0-9]+x)?}}16xf32>)
// CHECK:           arith.addf %{{.+}}, %{{.+}} : vector<{{([0-9]+x)?}}16xf32>
// CHECK:         vector.reduction <add>, %{{.+}}, %{{.+}} : vector<16xf32> into f32
// NEST-LABEL: schedule @row_sum_sketch0
// NEST:         loop 64 reduction delta [0, 16]
// NEST:         loop 16 vectorized reduction delta [0, 1]
func.func @row_sum(%x: tensor<64x1024xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %s = linalg.reduce ins(%x : tensor<64x1024xf32>) outs(%acc : tensor<64xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
    }
  return %s : tensor<64xf32>
}

// -----

// SCRIPT-LABEL: @apply_row_max_sketch0
// SCRIPT:         transform.structured.tile_reduction_using_for %{{.+}} by tile_sizes = [0, 16]
// CHECK-LABEL: func.func @row_max
// CHECK:         arith.maximumf %{{.+}}, %{{.+}} : vector<{{([0-9]+x)?}}16xf32>
// CHECK:         vector.reduction <maximumf>
func.func @row_max(%x: tensor<64x512xf32>) -> tensor<64xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<64xf32>
  %acc = linalg.fill ins(%ninf : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %s = linalg.reduce ins(%x : tensor<64x512xf32>) outs(%acc : tensor<64xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %r = arith.maximumf %a, %b : f32
      linalg.yield %r : f32
    }
  return %s : tensor<64xf32>
}

// -----

// 200 = 12 x 16 + 8.
// SCRIPT-LABEL: @apply_row_sum_i32_sketch0
// SCRIPT:         %[[PARTS:.+]] = transform.structured.split %{{.+}} after 192 {dimension = 1 : i64}
// SCRIPT:         %[[PART:.+]]:2 = transform.split_handle %[[PARTS]]
// SCRIPT:         transform.structured.tile_reduction_using_for %[[PART]]#0 by tile_sizes = [0, 16]
// CHECK-LABEL: func.func @row_sum_i32
// CHECK:         arith.addi %{{.+}}, %{{.+}} : vector<{{([0-9]+x)?}}16xi32>
func.func @row_sum_i32(%x: tensor<64x200xi32>) -> tensor<64xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<64xi32>
  %acc = linalg.fill ins(%zero : i32) outs(%e : tensor<64xi32>) -> tensor<64xi32>
  %s = linalg.reduce ins(%x : tensor<64x200xi32>) outs(%acc : tensor<64xi32>) dimensions = [1]
    (%a: i32, %b: i32) {
      %r = arith.addi %a, %b : i32
      linalg.yield %r : i32
    }
  return %s : tensor<64xi32>
}

// -----

// 1001 = 62 x 16 + 9: the last 9 of each row after the lanes.
// SCRIPT-LABEL: @apply_row_sum_odd_sketch0
// SCRIPT:         %[[PARTS:.+]] = transform.structured.split %{{.+}} after 992 {dimension = 1 : i64}
// SCRIPT:         %[[PART:.+]]:2 = transform.split_handle %[[PARTS]]
// SCRIPT:         transform.structured.tile_reduction_using_for %[[PART]]#0 by tile_sizes = [0, 16]
// SCRIPT:         transform.structured.vectorize %[[PART]]#1
// CHECK-LABEL: func.func @row_sum_odd
// CHECK:         scf.for %{{.+}} = %c0 to %c992 step %c16 iter_args(%{{.+}} = %{{.+}}) -> (vector<{{([0-9]+x)?}}16xf32>)
// CHECK:         vector.reduction <add>, %{{.+}}, %{{.+}} : vector<16xf32> into f32
// CHECK:         vector.reduction <add>, %{{.+}}, %{{.+}} : vector<9xf32> into f32
func.func @row_sum_odd(%x: tensor<64x1001xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %s = linalg.reduce ins(%x : tensor<64x1001xf32>) outs(%acc : tensor<64xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
    }
  return %s : tensor<64xf32>
}

// -----

// SCRIPT-LABEL: @apply_col_sum_sketch0
// SCRIPT-NOT:     tile_reduction_using_for
// SCRIPT:         transform.yield
func.func @col_sum(%x: tensor<1024x64xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %s = linalg.reduce ins(%x : tensor<1024x64xf32>) outs(%acc : tensor<64xf32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
    }
  return %s : tensor<64xf32>
}

// -----

// A reduce with two results splits each into lanes of its own: upstream
// makes a fill and a combine per init (2N + 2 handles for N inits; the
// partial op comes right after the fills). Reduced in order instead, the 32
// rows of 200 elements of a 16-row block took LLVM's instruction selection
// 28 s, and ran 3.5x slower.
// SCRIPT-LABEL: @apply_sum_prod_sketch0
// SCRIPT:         tile_reduction_using_for %{{.+}} by tile_sizes = [0, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
// CHECK-LABEL: func.func @sum_prod
// CHECK-DAG:     vector.reduction <add>, %{{.+}}, %{{.+}} : vector<16xf32> into f32
// CHECK-DAG:     vector.reduction <mul>, %{{.+}}, %{{.+}} : vector<16xf32> into f32
func.func @sum_prod(%a: tensor<48x200xf32>, %b: tensor<48x200xf32>) -> (tensor<48xf32>, tensor<48xf32>) {
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<48xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e : tensor<48xf32>) -> tensor<48xf32>
  %f1 = linalg.fill ins(%one : f32) outs(%e : tensor<48xf32>) -> tensor<48xf32>
  %r:2 = linalg.reduce ins(%a, %b : tensor<48x200xf32>, tensor<48x200xf32>) outs(%f0, %f1 : tensor<48xf32>, tensor<48xf32>) dimensions = [1]
    (%x: f32, %y: f32, %s: f32, %p: f32) {
      %s2 = arith.addf %x, %s : f32
      %q = arith.mulf %y, %p : f32
      linalg.yield %s2, %q : f32, f32
    }
  return %r#0, %r#1 : tensor<48xf32>, tensor<48xf32>
}

// -----

// No lanes where one result combines another's running value (a sum of
// running sums, q += s): each lane would keep a running sum of its own
// (hasKnownCombiner; upstream's vectorizer refuses this body too, so its
// programs stay scalar). Its programs verify (REC above).
// SCRIPT-LABEL: @apply_sum_of_sums_sketch0
// SCRIPT-NOT:     tile_reduction_using_for
// SCRIPT:         transform.yield
func.func @sum_of_sums(%x: tensor<16x256xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<16x256xf32>) outs(%f, %f : tensor<16xf32>, tensor<16xf32>) {
  ^bb0(%v: f32, %s: f32, %q: f32):
    %s2 = arith.addf %v, %s : f32
    %q2 = arith.addf %s2, %q : f32
    linalg.yield %s2, %q2 : f32, f32
  } -> (tensor<16xf32>, tensor<16xf32>)
  return %r#0, %r#1 : tensor<16xf32>, tensor<16xf32>
}
