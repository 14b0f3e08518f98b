// A func that calls funcs is a network whose tasks are its callees; the
// linalg ops it computes itself were tuned by nothing, silently. Tuning
// says so, and --ansor-partition outlines them into a task even when they
// form one subgraph (a func that calls nothing and is one subgraph is
// still left alone).
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="trials=2 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/a.jsonl" -o /dev/null 2> %t/warn
// RUN: FileCheck %s --check-prefix=WARN < %t/warn
// RUN: ansor-opt %s --ansor-partition -o %t/part.mlir
// RUN: FileCheck %s --check-prefix=PART < %t/part.mlir
// RUN: ansor-opt %t/part.mlir --ansor-partition | diff - %t/part.mlir
// RUN: ansor-opt %t/part.mlir --ansor-tune="trials=2 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/b.jsonl summary=%t/sum.json" -o /dev/null 2> %t/log
// RUN: not grep "warning: @main" %t/log
// RUN: FileCheck %s --check-prefix=SUM < %t/sum.json

// WARN: warning: @main calls funcs, which are its tasks, and computes 1 linalg op(s) itself, which are not tuned: --ansor-partition outlines them into tasks first
// WARN-NEXT: linalg.matmul

// PART-LABEL: func.func private @helper(
// PART-LABEL: func.func @matmul_0(
// PART:         linalg.matmul
// PART-LABEL: func.func @main(
// PART-NEXT:    %[[H:.+]] = call @helper(%arg0)
// PART-NEXT:    %[[M:.+]] = call @matmul_0(%[[H]], %arg1)
// PART-NEXT:    return %[[M]]

// SUM-DAG: "name": "helper"
// SUM-DAG: "name": "matmul_0"
func.func private @helper(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.exp %x : f32
    linalg.yield %t : f32
  } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
func.func @main(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %h = func.call @helper(%a) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = linalg.matmul ins(%h, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %m : tensor<64x64xf32>
}
