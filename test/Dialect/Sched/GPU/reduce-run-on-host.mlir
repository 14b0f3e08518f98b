// Reductions across a block's threads (CrossThreadReduction), checked by
// running them on the host as in staged-run-on-host.mlir: the foralls
// (one block per output element, the threads' partial reductions into a
// workgroup buffer, the combining thread) keep their meaning as parallel
// loops there. Every sketch of each func (the softmax has four: either
// reduction across threads or one thread per row, whose inlined exp is then
// computed one reduction step at a time), each with its own seed.
// RUN: for k in 0 1 2 3; do \
// RUN:   ansor-opt %s --sched-derive-sketches="target='cuda -arch=sm_90' func=row_sum sketch=$k" \
// RUN:     --sched-derive-sketches="target='cuda -arch=sm_90' func=softmax sketch=$k" \
// RUN:     --sched-sample="seed=$((k + 1))" --sched-materialize \
// RUN:   | sed 's/, #gpu.address_space<workgroup>//g' \
// RUN:   | ansor-opt --ansor-lower-cpu \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:       -shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:       -shared-libs=%mlir_lib_dir/libomp.so; done \
// RUN:   | FileCheck %s
//
// What runs: the sketches, and a workgroup buffer of partial results per
// reduction (one in the row sum, two in the softmax).
// RUN: ansor-opt %s --sched-derive-sketches="target='cuda -arch=sm_90' func=row_sum sketch=0" \
// RUN:   --sched-derive-sketches="target='cuda -arch=sm_90' func=softmax sketch=0" \
// RUN:   --sched-sample="seed=1" | FileCheck %s --check-prefix=SKETCH
// SKETCH: sched.schedule @row_sum_sketch0_0 for @row_sum
// SKETCH-SAME: rules ["CrossThreadReduction"]
// SKETCH-NEXT: sched.rfactor node 1 loop 1 split <[{{[0-9]+}}, {{[0-9]+}}] of 1024>
// SKETCH-NEXT: }
// SKETCH: sched.schedule @softmax_sketch0_0 for @softmax
// SKETCH-SAME: rules ["CrossThreadReduction", "AlwaysInline", "CrossThreadReduction"]
// SKETCH: sched.rfactor node 1 loop 2 split <[{{[0-9]+}}, {{[0-9]+}}] of 256>
// SKETCH: sched.rfactor node 4 loop 2 split <[{{[0-9]+}}, {{[0-9]+}}] of 256>
// RUN: ansor-opt %s --sched-derive-sketches="target='cuda -arch=sm_90' func=softmax sketch=3" \
// RUN:   --sched-sample="seed=4" | FileCheck %s --check-prefix=SKIP
// SKIP: sched.schedule @softmax_sketch3_0 for @softmax
// SKIP-SAME: rules ["AlwaysInline"]
// SKIP-NOT: sched.rfactor
// SKIP: sched.inline node 2
// RUN: ansor-opt %s --sched-derive-sketches="target='cuda -arch=sm_90' func=softmax sketch=3" \
// RUN:   --sched-sample="seed=4" --sched-export-transform | FileCheck %s --check-prefix=STEP
// The sum's thread tiles its reduction in steps of 1 before the exp is fused:
// STEP: %[[SUM:.*]] = transform.structured.match attributes {sched.node = 4 : i64}
// STEP: tile_using_for %{{.*}} tile_sizes [0, 0, 1]
// STEP: fuse_into_containing_op
// RUN: ansor-opt %s --sched-derive-sketches="target='cuda -arch=sm_90' func=row_sum sketch=0" \
// RUN:   --sched-derive-sketches="target='cuda -arch=sm_90' func=softmax sketch=0" \
// RUN:   --sched-sample="seed=1" --sched-materialize | FileCheck %s --check-prefix=MAT
// MAT-COUNT-3: memref.alloc() : memref<{{.*}}, #gpu.address_space<workgroup>>
// MAT-NOT: memref.alloc() : memref<{{.*}}, #gpu.address_space<workgroup>>

// Row sums of small integers are exact in any order; the softmax may differ
// from the reference by rounding only (relative 1e-5).
// CHECK: row_sum mismatches: 0{{$}}
// CHECK-NEXT: softmax mismatches: 0{{$}}
// CHECK-NEXT: row_sum mismatches: 0{{$}}
// CHECK-NEXT: softmax mismatches: 0{{$}}
// CHECK-NEXT: row_sum mismatches: 0{{$}}
// CHECK-NEXT: softmax mismatches: 0{{$}}
// CHECK-NEXT: row_sum mismatches: 0{{$}}
// CHECK-NEXT: softmax mismatches: 0{{$}}
// CHECK-NOT: mismatches

func.func @row_sum(%x: tensor<64x1024xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %s = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x1024xf32>) outs(%acc : tensor<64xf32>) {
    ^bb0(%v: f32, %a: f32):
      %r = arith.addf %v, %a : f32
      linalg.yield %r : f32
  } -> tensor<64xf32>
  return %s : tensor<64xf32>
}

#rows = {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i)>],
         iterator_types = ["parallel", "parallel", "reduction"]}
#bcast = {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i)>,
                           affine_map<(b, i, j) -> (b, i, j)>],
          iterator_types = ["parallel", "parallel", "parallel"]}

func.func @softmax(%x: tensor<4x8x256xf32>) -> tensor<4x8x256xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -3.40282347E+38 : f32
  %es = tensor.empty() : tensor<4x8x256xf32>
  %em = tensor.empty() : tensor<4x8xf32>
  %macc = linalg.fill ins(%ninf : f32) outs(%em : tensor<4x8xf32>) -> tensor<4x8xf32>
  %mx = linalg.generic #rows ins(%x : tensor<4x8x256xf32>) outs(%macc : tensor<4x8xf32>) {
    ^bb0(%v: f32, %m: f32):
      %r = arith.maximumf %v, %m : f32
      linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %ex = linalg.generic #bcast ins(%x, %mx : tensor<4x8x256xf32>, tensor<4x8xf32>) outs(%es : tensor<4x8x256xf32>) {
    ^bb0(%v: f32, %m: f32, %o: f32):
      %d = arith.subf %v, %m : f32
      %r = math.exp %d : f32
      linalg.yield %r : f32
  } -> tensor<4x8x256xf32>
  %sacc = linalg.fill ins(%zero : f32) outs(%em : tensor<4x8xf32>) -> tensor<4x8xf32>
  %sm = linalg.generic #rows ins(%ex : tensor<4x8x256xf32>) outs(%sacc : tensor<4x8xf32>) {
    ^bb0(%v: f32, %a: f32):
      %r = arith.addf %v, %a : f32
      linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %out = linalg.generic #bcast ins(%ex, %sm : tensor<4x8x256xf32>, tensor<4x8xf32>) outs(%es : tensor<4x8x256xf32>) {
    ^bb0(%v: f32, %a: f32, %o: f32):
      %r = arith.divf %v, %a : f32
      linalg.yield %r : f32
  } -> tensor<4x8x256xf32>
  return %out : tensor<4x8x256xf32>
}

// Not scheduled: the references (the same programs, under other names).
func.func @row_sum_reference(%x: tensor<64x1024xf32>) -> tensor<64xf32> {
  %r = call @row_sum_copy(%x) : (tensor<64x1024xf32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}
func.func private @row_sum_copy(%x: tensor<64x1024xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %s = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x1024xf32>) outs(%acc : tensor<64xf32>) {
    ^bb0(%v: f32, %a: f32):
      %r = arith.addf %v, %a : f32
      linalg.yield %r : f32
  } -> tensor<64xf32>
  return %s : tensor<64xf32>
}
func.func private @softmax_reference(%x: tensor<4x8x256xf32>) -> tensor<4x8x256xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -3.40282347E+38 : f32
  %es = tensor.empty() : tensor<4x8x256xf32>
  %em = tensor.empty() : tensor<4x8xf32>
  %macc = linalg.fill ins(%ninf : f32) outs(%em : tensor<4x8xf32>) -> tensor<4x8xf32>
  %mx = linalg.generic #rows ins(%x : tensor<4x8x256xf32>) outs(%macc : tensor<4x8xf32>) {
    ^bb0(%v: f32, %m: f32):
      %r = arith.maximumf %v, %m : f32
      linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %ex = linalg.generic #bcast ins(%x, %mx : tensor<4x8x256xf32>, tensor<4x8xf32>) outs(%es : tensor<4x8x256xf32>) {
    ^bb0(%v: f32, %m: f32, %o: f32):
      %d = arith.subf %v, %m : f32
      %r = math.exp %d : f32
      linalg.yield %r : f32
  } -> tensor<4x8x256xf32>
  %sacc = linalg.fill ins(%zero : f32) outs(%em : tensor<4x8xf32>) -> tensor<4x8xf32>
  %sm = linalg.generic #rows ins(%ex : tensor<4x8x256xf32>) outs(%sacc : tensor<4x8xf32>) {
    ^bb0(%v: f32, %a: f32):
      %r = arith.addf %v, %a : f32
      linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %out = linalg.generic #bcast ins(%ex, %sm : tensor<4x8x256xf32>, tensor<4x8xf32>) outs(%es : tensor<4x8x256xf32>) {
    ^bb0(%v: f32, %a: f32, %o: f32):
      %r = arith.divf %v, %a : f32
      linalg.yield %r : f32
  } -> tensor<4x8x256xf32>
  return %out : tensor<4x8x256xf32>
}

// Element values: (flat index * 5) mod 7 - 3.
func.func private @fill_pattern() -> tensor<65536xf32> {
  %t = tensor.empty() : tensor<65536xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%t : tensor<65536xf32>) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %c5 = arith.constant 5 : index
      %c7 = arith.constant 7 : index
      %c3 = arith.constant 3 : index
      %p = arith.muli %i, %c5 : index
      %m = arith.remui %p, %c7 : index
      %v = arith.subi %m, %c3 : index
      %vi = arith.index_cast %v : index to i32
      %f = arith.sitofp %vi : i32 to f32
      linalg.yield %f : f32
  } -> tensor<65536xf32>
  return %r : tensor<65536xf32>
}

// Elements where |x - y| > 1e-5 * max(1, |y|).
func.func private @count_mismatches(%x: tensor<?xf32>, %y: tensor<?xf32>) -> i64 {
  %zero = arith.constant 0 : i64
  %e = tensor.empty() : tensor<i64>
  %init = linalg.fill ins(%zero : i64) outs(%e : tensor<i64>) -> tensor<i64>
  %n = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%x, %y : tensor<?xf32>, tensor<?xf32>) outs(%init : tensor<i64>) {
    ^bb0(%a: f32, %b: f32, %acc: i64):
      %d = arith.subf %a, %b : f32
      %ad = math.absf %d : f32
      %ab = math.absf %b : f32
      %one = arith.constant 1.0 : f32
      %scale = arith.maximumf %ab, %one : f32
      %eps = arith.constant 1.0e-5 : f32
      %tol = arith.mulf %scale, %eps : f32
      %bad = arith.cmpf ugt, %ad, %tol : f32
      %inc = arith.extui %bad : i1 to i64
      %s = arith.addi %acc, %inc : i64
      linalg.yield %s : i64
  } -> tensor<i64>
  %v = tensor.extract %n[] : tensor<i64>
  return %v : i64
}

func.func @main() {
  %s1 = call @fill_pattern() : () -> tensor<65536xf32>
  %x1 = tensor.expand_shape %s1 [[0, 1]] output_shape [64, 1024] : tensor<65536xf32> into tensor<64x1024xf32>
  %r1 = call @row_sum(%x1) : (tensor<64x1024xf32>) -> tensor<64xf32>
  %q1 = call @row_sum_reference(%x1) : (tensor<64x1024xf32>) -> tensor<64xf32>
  %dr1 = tensor.cast %r1 : tensor<64xf32> to tensor<?xf32>
  %dq1 = tensor.cast %q1 : tensor<64xf32> to tensor<?xf32>
  %m1 = call @count_mismatches(%dr1, %dq1) : (tensor<?xf32>, tensor<?xf32>) -> i64
  vector.print str "row_sum mismatches: "
  vector.print %m1 : i64

  %s2 = tensor.extract_slice %s1[0] [8192] [1] : tensor<65536xf32> to tensor<8192xf32>
  %x2 = tensor.expand_shape %s2 [[0, 1, 2]] output_shape [4, 8, 256] : tensor<8192xf32> into tensor<4x8x256xf32>
  %r2 = call @softmax(%x2) : (tensor<4x8x256xf32>) -> tensor<4x8x256xf32>
  %q2 = call @softmax_reference(%x2) : (tensor<4x8x256xf32>) -> tensor<4x8x256xf32>
  %fr2 = tensor.collapse_shape %r2 [[0, 1, 2]] : tensor<4x8x256xf32> into tensor<8192xf32>
  %fq2 = tensor.collapse_shape %q2 [[0, 1, 2]] : tensor<4x8x256xf32> into tensor<8192xf32>
  %dr2 = tensor.cast %fr2 : tensor<8192xf32> to tensor<?xf32>
  %dq2 = tensor.cast %fq2 : tensor<8192xf32> to tensor<?xf32>
  %m2 = call @count_mismatches(%dr2, %dq2) : (tensor<?xf32>, tensor<?xf32>) -> i64
  vector.print str "softmax mismatches: "
  vector.print %m2 : i64
  return
}
