// search=evolution (the default): the first rounds of 8 are fresh random
// programs; once 16 valid programs are measured, a population of
// fresh samples and the best measured evolves for 4 generations under the
// cost model and the best new programs are measured. Every candidate is
// still verified and recorded, none twice; the summary splits the wall
// time by phase and counts the scored candidates.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=32 batch-size=8 measure-per-round=8 population=64 seed=3 threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o /dev/null 2> %t/log
// RUN: FileCheck %s < %t/sum.json
// RUN: FileCheck %s --check-prefix=LOG < %t/log
// RUN: python3 %S/count-records.py %t/rec.jsonl "sched.tile" | FileCheck %s --check-prefix=REC
// CHECK: "phases": {
// CHECK-NEXT: "build":
// CHECK-NEXT: "evolution": {{[0-9.e-]+}},
// CHECK-NEXT: "records":
// CHECK-NEXT: "reference":
// CHECK-NEXT: "run":
// CHECK-NEXT: "sampling":
// CHECK-NEXT: "scoring": {{[0-9.e-]+}},
// CHECK-NEXT: "training": {{[0-9.e-]+}}
// CHECK: "scored": {{[1-9][0-9]*}},
// CHECK: "search_overhead": {{[0-9.e-]+}},
// CHECK: "trials": 32,
// CHECK: "verified": true
// LOG: 8/32 trials{{.*}}evolution {{[0-9.]+}}, training {{[0-9.]+}}, scoring {{[0-9.]+}} (0 scored){{.*}}search overhead {{[0-9]+}}%
// LOG: 32/32 trials{{.*}}({{[1-9][0-9]*}} scored)
// REC: records 32, errors 0, matching 32, distinct 32

// Without crossover every child is a mutation (the ablation); evolution still
// proposes and scores.
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=24 batch-size=8 measure-per-round=8 population=64 generations=2 crossover=false mutation-prob=0.5 seed=3 threads=1 min-repeat-ms=1 repeat=1 records=%t/nox.jsonl" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOX
// NOX: 24/24 trials{{.*}}({{[1-9][0-9]*}} scored)

// max-per-block=1: each model-guided round (no random share here) measures
// programs of as many register blocks as it has programs (the tiled
// node's innermost tile sizes and its packing differ); the random first
// rounds are left as drawn.
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=32 batch-size=8 measure-per-round=8 population=64 eps-greedy=0 max-per-block=1 seed=3 threads=1 min-repeat-ms=1 repeat=1 records=%t/cap.jsonl" -o /dev/null
// RUN: python3 %S/block-share.py %t/cap.jsonl 16 8 | FileCheck %s --check-prefix=CAP
// CAP: round 0: 1 of 8 round 1: 1 of 8

func.func @mm(%a: tensor<128x128xf32>, %b: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<128x128xf32>, tensor<128x128xf32>)
      outs(%acc : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %c : tensor<128x128xf32>
}
