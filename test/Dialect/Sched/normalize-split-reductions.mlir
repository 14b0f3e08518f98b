// A reduction with several results, each computed from the inputs and its
// own init only, is split into one reduction per result: a row's sum and sum
// of squares in one generic stayed scalar (no lane split or rfactor of an op
// with two inits), 17x slower than its two parts split into vector lanes.
// Results that read each other's inits stay together.
// RUN: ansor-opt %s --split-input-file --sched-normalize-payload | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --split-input-file --ansor-tune="trials=4 seed=1 threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o /dev/null 2> %t/err
// RUN: not grep "error:" %t/err
// RUN: python3 %S/../../Tuner/count-records.py %t/rec.jsonl "sched.tile" | FileCheck %s --check-prefix=REC
// REC: records 12, errors 0

// CHECK-LABEL: func.func @row_moments(
// CHECK:         %[[S:.+]] = linalg.generic {{.*}} ins(%arg0 : tensor<4x8192xf32>) outs(%{{.+}} : tensor<4xf32>)
// CHECK-NEXT:    ^bb0(%[[V:.+]]: f32, %[[O:.+]]: f32):
// CHECK-NEXT:      %[[A:.+]] = arith.addf %[[O]], %[[V]] : f32
// CHECK-NEXT:      linalg.yield %[[A]] : f32
// CHECK:         %[[Q:.+]] = linalg.generic {{.*}} ins(%arg0 : tensor<4x8192xf32>) outs(%{{.+}} : tensor<4xf32>)
// CHECK-NEXT:    ^bb0(%[[V2:.+]]: f32, %[[O2:.+]]: f32):
// CHECK-NEXT:      %[[M:.+]] = arith.mulf %[[V2]], %[[V2]] : f32
// CHECK-NEXT:      %[[A2:.+]] = arith.addf %[[O2]], %[[M]] : f32
// CHECK-NEXT:      linalg.yield %[[A2]] : f32
// CHECK:         return %[[S]], %[[Q]]
func.func @row_moments(%x: tensor<4x8192xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = linalg.generic {
      indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>, affine_map<(i, k) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8192xf32>) outs(%acc, %acc : tensor<4xf32>, tensor<4xf32>) {
    ^bb0(%v: f32, %s: f32, %q: f32):
      %sq = arith.mulf %v, %v : f32
      %ns = arith.addf %s, %v : f32
      %nq = arith.addf %q, %sq : f32
      linalg.yield %ns, %nq : f32, f32
  } -> (tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// A count reads no input; its reduction still reads the input, whose shape
// gives the loop's extent.
// CHECK-LABEL: func.func @sum_and_count(
// CHECK:         linalg.generic {{.*}} ins(%arg0 : tensor<4x8192xf32>) outs(%{{.+}} : tensor<4xf32>)
// CHECK:           arith.addf
// CHECK:         linalg.generic {{.*}} ins(%arg0 : tensor<4x8192xf32>) outs(%{{.+}} : tensor<4xf32>)
// CHECK-NEXT:    ^bb0(%{{.+}}: f32, %[[C:.+]]: f32):
// CHECK-NEXT:      arith.addf %[[C]], %cst
func.func @sum_and_count(%x: tensor<4x8192xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = linalg.generic {
      indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>, affine_map<(i, k) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8192xf32>) outs(%acc, %acc : tensor<4xf32>, tensor<4xf32>) {
    ^bb0(%v: f32, %s: f32, %c: f32):
      %ns = arith.addf %s, %v : f32
      %nc = arith.addf %c, %one : f32
      linalg.yield %ns, %nc : f32, f32
  } -> (tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// An argmax's index reads the value's init: one generic still.
// CHECK-LABEL: func.func @row_argmax(
// CHECK:         linalg.generic {{.*}} outs(%{{.+}}, %{{.+}} : tensor<4xf32>, tensor<4xi32>)
// CHECK-NOT:     linalg.generic
// CHECK:         return
func.func @row_argmax(%x: tensor<4x8192xf32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<4xf32>
  %ei = tensor.empty() : tensor<4xi32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %i0 = linalg.fill ins(%c0 : i32) outs(%ei : tensor<4xi32>) -> tensor<4xi32>
  %r:2 = linalg.generic {
      indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>, affine_map<(i, k) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8192xf32>) outs(%m0, %i0 : tensor<4xf32>, tensor<4xi32>) {
    ^bb0(%v: f32, %m: f32, %idx: i32):
      %k = linalg.index 1 : index
      %ki = arith.index_cast %k : index to i32
      %gt = arith.cmpf ogt, %v, %m : f32
      %nm = arith.select %gt, %v, %m : f32
      %ni = arith.select %gt, %ki, %idx : i32
      linalg.yield %nm, %ni : f32, i32
  } -> (tensor<4xf32>, tensor<4xi32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xi32>
}
