// Weights kept as immutable `ml_program` globals (an importer's option)
// were refused ("op 'ml_program.global_load_const' is not supported in a
// payload func"): each load of one that holds a value is now a constant of
// that value, and the func is tuned like one whose weights are inlined; a
// mutable global stays a load, refused by name.
// RUN: ansor-opt %s --split-input-file --sched-normalize-payload | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed -n '1,/^\/\/ -----/p' %s > %t/const.mlir
// RUN: ansor-opt %t/const.mlir --ansor-tune="trials=2 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o %t/tuned.mlir
// RUN: FileCheck %s --check-prefix=SUMMARY < %t/sum.json
// RUN: awk '/^\/\/ -----/ { n++; next } n == 1' %s > %t/mutable.mlir
// RUN: not ansor-opt %t/mutable.mlir --ansor-tune="trials=2 seed=1 threads=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MUTABLE
// RUN: awk '/^\/\/ -----/ { n++; next } n == 2' %s > %t/extern.mlir
// RUN: not ansor-opt %t/extern.mlir --ansor-tune="trials=2 seed=1 threads=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXTERN

// CHECK-LABEL: func.func @linear_relu
// CHECK-NOT:     ml_program.global_load_const
// CHECK:         %[[W:.+]] = arith.constant dense<{{.+}}> : tensor<16x8xf32>
// CHECK:         linalg.matmul ins(%arg0, %[[W]] : tensor<4x16xf32>, tensor<16x8xf32>)
// SUMMARY:      "errors": {
// SUMMARY-NEXT:   "compile": 0,
// SUMMARY-NEXT:   "runtime": 0,
// SUMMARY-NEXT:   "timeout": 0,
// SUMMARY-NEXT:   "wrong_result": 0
// SUMMARY:      "name": "linear_relu",
// SUMMARY:      "trials": 2,
// SUMMARY:      "verified": true,
module {
  ml_program.global private @w(dense<[[0.5, -1.0, 2.0, 0.25, 1.5, -0.5, 3.0, 1.0]]> : tensor<1x8xf32>) : tensor<1x8xf32>
  ml_program.global private @weight(dense<0.125> : tensor<16x8xf32>) : tensor<16x8xf32>
  func.func @linear_relu(%x: tensor<4x16xf32>) -> tensor<4x8xf32> {
    %zero = arith.constant 0.0 : f32
    %w = ml_program.global_load_const @weight : tensor<16x8xf32>
    %s = ml_program.global_load_const @w : tensor<1x8xf32>
    %e = tensor.empty() : tensor<4x8xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %m = linalg.matmul ins(%x, %w : tensor<4x16xf32>, tensor<16x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (0, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%m, %s : tensor<4x8xf32>, tensor<1x8xf32>) outs(%e : tensor<4x8xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %t = arith.mulf %a, %b : f32
      %y = arith.maximumf %t, %zero : f32
      linalg.yield %y : f32
    } -> tensor<4x8xf32>
    return %r : tensor<4x8xf32>
  }
}

// -----

// MUTABLE: error: op 'ml_program.global_load' is not supported in a payload func
// CHECK-LABEL: func.func @mutable
// CHECK:         ml_program.global_load @state
module {
  ml_program.global private mutable @state(dense<1.0> : tensor<8xf32>) : tensor<8xf32>
  func.func @mutable(%x: tensor<8xf32>) -> tensor<8xf32> {
    %s = ml_program.global_load @state : tensor<8xf32>
    %e = tensor.empty() : tensor<8xf32>
    %r = linalg.add ins(%x, %s : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    return %r : tensor<8xf32>
  }
}

// -----

// A global whose value lives outside the module (`#ml_program.extern`) has
// nothing to inline: its load stays, refused by name.
// EXTERN: error: op 'ml_program.global_load_const' is not supported in a payload func
// CHECK-LABEL: func.func @external
// CHECK:         ml_program.global_load_const @ext
module {
  ml_program.global private @ext(#ml_program.extern : tensor<8xf32>) : tensor<8xf32>
  func.func @external(%x: tensor<8xf32>) -> tensor<8xf32> {
    %w = ml_program.global_load_const @ext : tensor<8xf32>
    %e = tensor.empty() : tensor<8xf32>
    %r = linalg.mul ins(%x, %w : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    return %r : tensor<8xf32>
  }
}
