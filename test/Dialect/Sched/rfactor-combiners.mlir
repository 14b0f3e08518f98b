// AddRfactor is derived only for a reduction that combines a varying value
// into its init with an op whose neutral element upstream knows. An
// exponential moving average (`o * 0.9 + v`) has no such combiner: every
// rfactored program failed to build (8 of 12). A count (`c + 1.0`) combines
// a loop-invariant value, which upstream's vectorizer adds once per block:
// 2 of 8 rfactored counts were wrong (2048 for 8192). Both keep their other
// sketch, as does a sum of a value broadcast along the reduction; a row sum
// keeps AddRfactor. A sum weighted by the reduction loop's index
// (`linalg.index`) is neither factored nor split into lanes: upstream's
// reduction tilings leave the index relative to the tile (a cross-entropy
// that gathers each row's label logit by it was wrong in 6 of 16 programs).
// RUN: ansor-opt %s --split-input-file --sched-derive-sketches | FileCheck %s
// Their programs build and verify (the count's lane split adds 1.0 per lane
// and step, which is right).
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --split-input-file --ansor-tune="trials=4 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl" -o /dev/null 2> %t/err
// RUN: not grep "error:" %t/err
// RUN: python3 %S/../../Tuner/count-records.py %t/rec.jsonl "sched." | FileCheck %s --check-prefix=REC
// REC: records 20, errors 0

// CHECK-LABEL: sched.schedule @row_ema_sketch0
// CHECK-SAME:    rules []
// CHECK-NOT:   AddRfactor
// CHECK:       }
func.func @row_ema(%x: tensor<4x8192xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %decay = arith.constant 0.9 : f32
  %e = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8192xf32>) outs(%acc : tensor<4xf32>) {
    ^bb0(%v: f32, %o: f32):
      %d = arith.mulf %o, %decay : f32
      %n = arith.addf %d, %v : f32
      linalg.yield %n : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: sched.schedule @row_count_sketch0
// CHECK-SAME:    rules []
// CHECK-NOT:   AddRfactor
// CHECK:       }
func.func @row_count(%x: tensor<4x8192xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8192xf32>) outs(%acc : tensor<4xf32>) {
    ^bb0(%v: f32, %c: f32):
      %nc = arith.addf %c, %one : f32
      linalg.yield %nc : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A value broadcast along the reduction is loop-invariant too.
// CHECK-LABEL: sched.schedule @row_bias_count_sketch0
// CHECK-SAME:    rules []
// CHECK-NOT:   AddRfactor
// CHECK:       }
func.func @row_bias_count(%x: tensor<4x8192xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>, affine_map<(i, k) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x, %b : tensor<4x8192xf32>, tensor<4xf32>) outs(%acc : tensor<4xf32>) {
    ^bb0(%v: f32, %w: f32, %c: f32):
      %nc = arith.addf %c, %w : f32
      linalg.yield %nc : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: sched.schedule @row_sum_sketch0
// CHECK-SAME:    rules ["AddRfactor"]
func.func @row_sum(%x: tensor<4x8192xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8192xf32>) outs(%acc : tensor<4xf32>) {
    ^bb0(%v: f32, %o: f32):
      %n = arith.addf %o, %v : f32
      linalg.yield %n : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: sched.schedule @index_weighted_sketch0
// CHECK-SAME:    rules []
// CHECK-NOT:   AddRfactor
// CHECK:       }
func.func @index_weighted(%x: tensor<4x2048xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x2048xf32>) outs(%acc : tensor<4xf32>) {
    ^bb0(%v: f32, %o: f32):
      %k = linalg.index 1 : index
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      %w = arith.mulf %v, %kf : f32
      %n = arith.addf %w, %o : f32
      linalg.yield %n : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
