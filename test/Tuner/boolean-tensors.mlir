// An i1 tensor between linalg.generic ops is stored as i8 before sketches
// are derived (and before tuning): its producer yields the bit
// zero-extended, its consumer truncates it back. Vectorized code stores an
// i1 vector as packed bits and scalar code a byte per element; with the
// compare fused into the sum's partial tiles, 11 of these 16 programs were
// wrong before the widening. Every one verifies now. A mask made by a named
// op (linalg.map) is generalized first and widened the same way (tuned
// alone, 11 of its first 16 programs were wrong before).
// RUN: ansor-opt %s --sched-derive-sketches="target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256'" | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="trials=16 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=TUNE < %t/sum.json

// CHECK-LABEL: func.func @masked_sum
// CHECK-NOT:   tensor<128x256xi1>
// CHECK:       linalg.generic {{.*}}outs(%{{.*}} : tensor<128x256xi8>)
// CHECK:         %[[BIT:.*]] = arith.cmpf olt
// CHECK:         %[[BYTE:.*]] = arith.extui %[[BIT]] : i1 to i8
// CHECK:         linalg.yield %[[BYTE]] : i8
// CHECK:       linalg.generic {{.*}}ins(%{{.*}}, %{{.*}} : tensor<128x256xi8>, tensor<128x256xf32>)
// CHECK:       ^bb0(%[[IN:.*]]: i8,
// CHECK:         %[[BOOL:.*]] = arith.trunci %[[IN]] : i8 to i1
// CHECK:         arith.select %[[BOOL]]

// CHECK-LABEL: func.func @map_mask
// CHECK-NOT:   linalg.map
// CHECK-NOT:   tensor<128x256xi1>
// CHECK:       linalg.generic {{.*}}outs(%{{.*}} : tensor<128x256xi8>)
// CHECK:         arith.extui
// CHECK:       arith.trunci
// CHECK:       sched.schedule @masked_sum_sketch0 for @masked_sum
// CHECK:       sched.schedule @map_mask_sketch0 for @map_mask

// TUNE:      "wrong_result": 0
// TUNE:      "name": "masked_sum",
// TUNE:      "trials": 16,
// TUNE:      "verified": true
// TUNE:      "wrong_result": 0
// TUNE:      "name": "map_mask",
// TUNE:      "trials": 16,
// TUNE:      "verified": true

func.func @masked_sum(%a: tensor<128x256xf32>, %b: tensor<128x256xf32>) -> tensor<128xf32> {
  %zero = arith.constant 0.0 : f32
  %bits = tensor.empty() : tensor<128x256xi1>
  %mask = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<128x256xf32>, tensor<128x256xf32>) outs(%bits : tensor<128x256xi1>) {
    ^bb0(%x: f32, %y: f32, %o: i1):
      %lt = arith.cmpf olt, %x, %y : f32
      linalg.yield %lt : i1
  } -> tensor<128x256xi1>
  %e = tensor.empty() : tensor<128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<128xf32>) -> tensor<128xf32>
  %sum = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%mask, %a : tensor<128x256xi1>, tensor<128x256xf32>) outs(%acc : tensor<128xf32>) {
    ^bb0(%m: i1, %x: f32, %o: f32):
      %v = arith.select %m, %x, %zero : f32
      %s = arith.addf %o, %v : f32
      linalg.yield %s : f32
  } -> tensor<128xf32>
  return %sum : tensor<128xf32>
}

func.func @map_mask(%a: tensor<128x256xf32>, %b: tensor<128x256xf32>) -> tensor<128xf32> {
  %zero = arith.constant 0.0 : f32
  %bits = tensor.empty() : tensor<128x256xi1>
  %mask = linalg.map ins(%a, %b : tensor<128x256xf32>, tensor<128x256xf32>) outs(%bits : tensor<128x256xi1>)
    (%x: f32, %y: f32, %o: i1) {
      %lt = arith.cmpf olt, %x, %y : f32
      linalg.yield %lt : i1
    }
  %e = tensor.empty() : tensor<128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<128xf32>) -> tensor<128xf32>
  %sum = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%mask, %a : tensor<128x256xi1>, tensor<128x256xf32>) outs(%acc : tensor<128xf32>) {
    ^bb0(%m: i1, %x: f32, %o: f32):
      %v = arith.select %m, %x, %zero : f32
      %s = arith.addf %o, %v : f32
      linalg.yield %s : f32
  } -> tensor<128xf32>
  return %sum : tensor<128xf32>
}
