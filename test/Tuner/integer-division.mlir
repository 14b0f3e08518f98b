// Integer inputs of a func that divides by them are drawn from [1, 7], as
// float inputs of a func that takes logs or quotients from [0.5, 1.5]: with
// zeros among them the untuned lowering died of SIGFPE in the runner
// ("the untuned lowering of @f cannot be measured (runtime)"), so the func
// could not be tuned at all.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=3 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o /dev/null
// RUN: FileCheck %s < %t/sum.json
// Partial blocks of an integer division stay scalar: masked vectorization
// reads the lanes past the block as zeros and divided by them (SIGFPE: 4 of
// 8 sampled programs of this quotient died).
// RUN: ansor-opt %S/Inputs/integer-division-partial.mlir --ansor-measure="threads=1 min-repeat-ms=1 repeat=1 summary=%t/partial.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=PARTIAL < %t/partial.json
// PARTIAL:      "errors": {
// PARTIAL-NEXT:   "compile": 0,
// PARTIAL-NEXT:   "runtime": 0,
// PARTIAL-NEXT:   "timeout": 0,
// PARTIAL-NEXT:   "wrong_result": 0
// PARTIAL:      "verified": true
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "quotient_and_remainder",
// CHECK:      "trials": 3,
// CHECK:      "verified": true,

func.func @quotient_and_remainder(%a: tensor<64x64xi32>, %b: tensor<64x64xi32>) -> tensor<64x64xi32> {
  %q = arith.divsi %a, %b : tensor<64x64xi32>
  %r = arith.remui %a, %b : tensor<64x64xi32>
  %s = arith.addi %q, %r : tensor<64x64xi32>
  return %s : tensor<64x64xi32>
}
