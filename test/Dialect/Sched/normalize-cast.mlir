// A static tensor cast to a dynamic shape and back (frontends emit such
// pairs around shape-generic ops) is dropped: the program is static. It was
// refused ("dynamic shape 'tensor<?x32xf32>' is not supported"). A cast
// that stays dynamic is still refused, by name.
// RUN: ansor-opt %s --split-input-file --sched-normalize-payload | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --split-input-file --ansor-tune="trials=4 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl" -o /dev/null 2> %t/err || true
// RUN: FileCheck %s --check-prefix=ERR < %t/err
// RUN: python3 %S/../../Tuner/count-records.py %t/rec.jsonl "sched." | FileCheck %s --check-prefix=REC
// REC: records 4, errors 0, matching 4

// CHECK-LABEL: func.func @round_trip(
// CHECK-SAME:    %[[A:.+]]: tensor<32x32xf32>
// CHECK-NOT:     tensor.cast
// CHECK:         linalg.generic {{.*}} ins(%[[A]] : tensor<32x32xf32>)
func.func @round_trip(%a: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tensor.cast %a : tensor<32x32xf32> to tensor<?x32xf32>
  %u = tensor.cast %d : tensor<?x32xf32> to tensor<?x?xf32>
  %s = tensor.cast %u : tensor<?x?xf32> to tensor<32x32xf32>
  %e = tensor.empty() : tensor<32x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<32x32xf32>) outs(%e : tensor<32x32xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = arith.negf %v : f32
    linalg.yield %t : f32
  } -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// -----

// ERR: error: dynamic shape 'tensor<?x32xf32>' is not supported: ansor needs static shapes
// CHECK-LABEL: func.func @stays_dynamic(
// CHECK:         tensor.cast
func.func @stays_dynamic(%a: tensor<32x32xf32>) -> tensor<32xf32> {
  %d = tensor.cast %a : tensor<32x32xf32> to tensor<?x32xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32xf32>) -> tensor<32xf32>
  %r = linalg.reduce ins(%d : tensor<?x32xf32>) outs(%f : tensor<32xf32>) dimensions = [0]
    (%x: f32, %acc: f32) { %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32 }
  return %r : tensor<32xf32>
}
