// A kernel whose reference output holds NaN (sqrt of a negative value) is
// not "wrong" where a candidate yields NaN at the same places: NaN and Inf
// compare equal to themselves; every candidate verifies.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=4 threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t/sum.json

// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "trials": 4,
// CHECK:      "verified": true

func.func @nan(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
    ^bb0(%a: f32, %o: f32):
      %d = arith.subf %a, %two : f32
      %s = math.sqrt %d : f32
      linalg.yield %s : f32
  } -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}
