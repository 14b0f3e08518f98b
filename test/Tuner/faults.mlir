// A candidate that crashes, hangs, computes a wrong value or does not
// compile is recorded with its error code and the run goes on.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="trials=6 seed=2 threads=1 run-timeout=2 records=%t/rec.jsonl summary=%t/sum.json min-repeat-ms=1 repeat=1 batch-size=6 test-inject-faults=0:crash,1:hang,2:wrong,3:compile" -o /dev/null 2> %t/log
// RUN: FileCheck %s < %t/sum.json
// RUN: grep -c '"costs"' %t/rec.jsonl | grep -x 6
// RUN: FileCheck %s --check-prefix=REC < %t/rec.jsonl

// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 1,
// CHECK-NEXT:   "runtime": 1,
// CHECK-NEXT:   "timeout": 1,
// CHECK-NEXT:   "wrong_result": 1
// CHECK:      "trials": 6,
// CHECK:      "verified": true

// REC-DAG: "error":"runtime","message":"the runner died
// REC-DAG: "error":"timeout","message":"run timed out after 2 s"
// REC-DAG: "error":"wrong_result","message":"output 0 element 0 is
// REC-DAG: "error":"compile","message":"{{.*}}error: custom op 'this' is unknown

func.func @mm(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %c = linalg.matmul ins(%a, %b : tensor<32x32xf32>, tensor<32x32xf32>)
      outs(%acc : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %c : tensor<32x32xf32>
}
