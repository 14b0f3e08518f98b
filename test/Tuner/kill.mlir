// A tuning run killed at any moment keeps every record it wrote: they load
// without warnings and the best one applies.
// RUN: rm -rf %t && mkdir -p %t
// RUN: timeout -s KILL 8 ansor-opt %s --ansor-tune="trials=100000 threads=1 min-repeat-ms=1 repeat=1 batch-size=1 build-jobs=1 records=%t/rec.jsonl" -o /dev/null 2> /dev/null || true
// RUN: ansor-opt %s --ansor-apply-best="records=%t/rec.jsonl" -o %t/out.mlir 2> %t/err
// RUN: cat %t/err | count 0
// RUN: FileCheck %s < %t/out.mlir

// CHECK-LABEL: func.func @mm
// CHECK-NOT:   linalg.matmul ins(%{{.*}} : tensor<256x256xf32>, tensor<256x256xf32>)
// CHECK:       scf.for

func.func @mm(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %c = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>)
      outs(%acc : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %c : tensor<256x256xf32>
}
