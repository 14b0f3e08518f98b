// Unit dimensions a generic's maps read at the constant 0, as torch-mlir
// writes keepdim reductions and broadcasts (`(d0, d1) -> (d0, 0)`), are
// collapsed away: upstream's vectorizer refuses an output indexed so, and
// a keepdim row sum failed to build in 15 of 16 programs (a full sum into
// a 1x1 tensor in all of them). A reader of such a result reads the
// generic itself; the result is expanded back only where the func returns
// it.
// RUN: ansor-opt %s --split-input-file --sched-normalize-payload | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --split-input-file --ansor-tune="trials=6 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl" -o /dev/null
// RUN: python3 %S/../../Tuner/count-records.py %t/rec.jsonl "sched.vectorize" | FileCheck %s --check-prefix=REC
// Every program of the three funcs builds and verifies, most vectorized.
// REC: records 18, errors 0, matching {{1[0-8]}}

// CHECK-DAG:   #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[ROW:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_sum_keepdim(
// CHECK:         %[[F:.+]] = linalg.fill {{.*}} -> tensor<64xf32>
// CHECK:         %[[R:.+]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]]{{.*}} outs(%[[F]] : tensor<64xf32>)
// CHECK:         %[[X:.+]] = tensor.expand_shape %[[R]] {{\[}}[0, 1]] output_shape [64, 1] : tensor<64xf32> into tensor<64x1xf32>
// CHECK:         return %[[X]]
func.func @row_sum_keepdim(%a: tensor<64x96xf32>) -> tensor<64x1xf32> {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x1xf32>
  %f = linalg.fill ins(%c0 : f32) outs(%e : tensor<64x1xf32>) -> tensor<64x1xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, 0)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<64x96xf32>) outs(%f : tensor<64x1xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<64x1xf32>
  return %r : tensor<64x1xf32>
}

// -----

// CHECK-DAG:   #[[ALL:.+]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @full_sum_keepdims(
// CHECK:         %[[R:.+]] = linalg.generic {indexing_maps = [#{{.+}}, #[[ALL]]]{{.*}} outs(%{{.+}} : tensor<f32>)
// CHECK:         tensor.expand_shape %[[R]] [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
func.func @full_sum_keepdims(%a: tensor<64x96xf32>) -> tensor<1x1xf32> {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1xf32>
  %f = linalg.fill ins(%c0 : f32) outs(%e : tensor<1x1xf32>) -> tensor<1x1xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (0, 0)>], iterator_types = ["reduction", "reduction"]}
      ins(%a : tensor<64x96xf32>) outs(%f : tensor<1x1xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}

// -----

// A row max read back by a broadcast, and a 1x96 bias read at row 0: the
// subtraction reads the max and the collapsed bias along their loops.
// CHECK-DAG:   #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[ROW:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG:   #[[COL:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @max_then_broadcast(
// CHECK-SAME:    %[[A:.+]]: tensor<32x96xf32>, %[[B:.+]]: tensor<1x96xf32>
// CHECK:         %[[M:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<32xf32>)
// CHECK:         %[[BIAS:.+]] = tensor.collapse_shape %[[B]] {{\[}}[0, 1]] : tensor<1x96xf32> into tensor<96xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[COL]], #[[ID]]]{{.*}} ins(%[[A]], %[[M]], %[[BIAS]] :
// CHECK-NOT:     tensor.expand_shape
// CHECK:         return
func.func @max_then_broadcast(%a: tensor<32x96xf32>, %b: tensor<1x96xf32>) -> tensor<32x96xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<32x1xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<32x1xf32>) -> tensor<32x1xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, 0)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<32x96xf32>) outs(%f : tensor<32x1xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.maximumf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<32x1xf32>
  %e2 = tensor.empty() : tensor<32x96xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, 0)>, affine_map<(i, j) -> (0, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %m, %b : tensor<32x96xf32>, tensor<32x1xf32>, tensor<1x96xf32>) outs(%e2 : tensor<32x96xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %d = arith.subf %x, %y : f32
    %s = arith.addf %d, %z : f32
    linalg.yield %s : f32
  } -> tensor<32x96xf32>
  return %r : tensor<32x96xf32>
}
