// Funcs with scalar arguments (a float scale, an integer offset) tune: each
// candidate and the reference are built with the scalars fixed to the same
// constants (0.75 and 3, printTaskModule), so every program is verified,
// and the tuned func keeps its signature. Evolution scores candidates whose
// nodes read a scalar operand.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="trials=24 seed=1 measure-per-round=8 population=64 threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o %t/tuned.mlir
// RUN: FileCheck %s --check-prefix=SUM < %t/sum.json
// RUN: FileCheck %s --check-prefix=TUNED < %t/tuned.mlir
// The tuned module compiles; its C interface takes the scalars by value.
// RUN: ansor-opt %t/tuned.mlir --ansor-compile="output=%t/tuned.so" -o /dev/null
// RUN: ansor-opt %s --ansor-measure="summary=%t/untuned.json threads=1" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURED < %t/untuned.json

// SUM:      "errors": {
// SUM-NEXT:   "compile": 0,
// SUM-NEXT:   "runtime": 0,
// SUM-NEXT:   "timeout": 0,
// SUM-NEXT:   "wrong_result": 0
// SUM:      "name": "axpy",
// SUM:      "scored": {{[1-9][0-9]*}},
// SUM:      "trials": 24,
// SUM:      "verified": true
// SUM:      "errors": {
// SUM-NEXT:   "compile": 0,
// SUM-NEXT:   "runtime": 0,
// SUM-NEXT:   "timeout": 0,
// SUM-NEXT:   "wrong_result": 0
// SUM:      "name": "offset_matmul",
// SUM:      "trials": 24,
// SUM:      "verified": true

// TUNED: func.func @axpy(%{{.*}}: f32, %{{.*}}: tensor<256x256xf32>, %{{.*}}: tensor<256x256xf32>) -> tensor<256x256xf32>
// TUNED: func.func @offset_matmul(%{{.*}}: tensor<64x64xi32>, %{{.*}}: tensor<64x64xi32>, %{{.*}}: i32) -> tensor<64x64xi32>

// MEASURED: "name": "axpy",
// MEASURED: "verified": true
// MEASURED: "name": "offset_matmul",
// MEASURED: "verified": true

func.func @axpy(%alpha: f32, %x: tensor<256x256xf32>, %y: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %e = tensor.empty() : tensor<256x256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>,
                                        affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%alpha, %x, %y : f32, tensor<256x256xf32>, tensor<256x256xf32>) outs(%e : tensor<256x256xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %m, %c : f32
      linalg.yield %s : f32
  } -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}

// The scalar initializes the accumulator (a fill of an argument).
func.func @offset_matmul(%a: tensor<64x64xi32>, %b: tensor<64x64xi32>, %k: i32) -> tensor<64x64xi32> {
  %e = tensor.empty() : tensor<64x64xi32>
  %acc = linalg.fill ins(%k : i32) outs(%e : tensor<64x64xi32>) -> tensor<64x64xi32>
  %c = linalg.matmul ins(%a, %b : tensor<64x64xi32>, tensor<64x64xi32>) outs(%acc : tensor<64x64xi32>) -> tensor<64x64xi32>
  return %c : tensor<64x64xi32>
}
