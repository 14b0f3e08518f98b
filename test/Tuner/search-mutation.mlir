// With search=mutation, rounds after the first mutate the best measured
// programs; every candidate is still verified and recorded.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=12 batch-size=4 seed=3 search=mutation threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o /dev/null 2> /dev/null
// RUN: FileCheck %s < %t/sum.json
// RUN: grep -c '"costs"' %t/rec.jsonl | grep -x 12
// RUN: not ansor-opt %s --ansor-tune="search=genetic records=%t/x.jsonl" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: "applied": "tuned",
// CHECK: "trials": 12,
// CHECK: "verified": true
// BAD: error: unknown search 'genetic' (expected 'evolution', 'random', 'mutation' or 'model')

// With search=model, once 16 programs are measured the cost model (trained on
// them, then on every new measurement) ranks 512 new programs per round and
// the best are measured: the fifth and sixth rounds here. Every candidate is
// still verified and recorded; the summary counts the scored candidates.
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=24 batch-size=4 seed=3 search=model threads=1 min-repeat-ms=1 repeat=1 records=%t/model.jsonl summary=%t/model.json" -o /dev/null 2> %t/model.log
// RUN: FileCheck %s --check-prefix=MODEL < %t/model.json
// RUN: grep -c '"costs"' %t/model.jsonl | grep -x 24
// RUN: FileCheck %s --check-prefix=MODEL-LOG < %t/model.log
// MODEL: "scoring": {{[0-9.e-]+}}
// MODEL: "training": {{[0-9.e-]+}}
// MODEL: "scored": {{[1-9][0-9]*}},
// MODEL: "trials": 24,
// MODEL: "verified": true
// MODEL-LOG: 16/24 trials{{.*}}, training {{[0-9.]+}}, scoring {{[0-9.]+}} (0 scored)
// MODEL-LOG: 24/24 trials{{.*}}, training {{[0-9.]+}}, scoring {{[0-9.]+}} ({{[1-9][0-9]*}} scored)

// Later tasks of a run learn from the earlier ones' measurements: the
// second func's first round is already picked by the model.
// RUN: ansor-opt %examples/coverage/conv2d_nchw.mlir --ansor-tune="build-timeout=120 trials=16 batch-size=8 seed=3 search=model threads=1 min-repeat-ms=1 repeat=1 records=%t/two.jsonl" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: @conv2d_nchw: 16/16 trials{{.*}} (0 scored)
// TWO: @conv2d_nchw_wide: 8/16 trials{{.*}} ({{[1-9][0-9]*}} scored)

// A saved model (trained on those records) picks from the first round.
// RUN: ansor-model eval %t/model.jsonl --test-fraction=0.25 --save-model=%t/saved.json > /dev/null
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=4 batch-size=4 seed=4 search=model model=%t/saved.json threads=1 min-repeat-ms=1 repeat=1 records=%t/start.jsonl" -o /dev/null 2>&1 | FileCheck %s --check-prefix=START
// START: 4/4 trials{{.*}} ({{[1-9][0-9]*}} scored)
// A model of another feature version or an unknown objective, or without
// search=model, is refused.
// RUN: sed -e 's/"ansor_feature_version":"[0-9]*"/"ansor_feature_version":"0"/' %t/saved.json > %t/old.json
// RUN: not ansor-opt %s --ansor-tune="search=model model=%t/old.json records=%t/x.jsonl" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OLD
// OLD: error: model '{{.*}}old.json' was trained on feature version 0; this build extracts version {{[0-9]+}}: retrain it
// RUN: sed -e 's/"ansor_objective":"[a-z-]*"/"ansor_objective":"rank"/' %t/saved.json > %t/rank.json
// RUN: not ansor-opt %s --ansor-tune="search=model model=%t/rank.json records=%t/x.jsonl" -o /dev/null 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: error: model '{{.*}}rank.json' was trained with an unknown objective 'rank'
// RUN: not ansor-opt %s --ansor-tune="search=mutation model=%t/saved.json records=%t/x.jsonl" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOMODEL
// NOMODEL: error: a cost model ('{{.*}}saved.json') is only used with search=evolution or search=model

func.func @mm(%a: tensor<128x128xf32>, %b: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<128x128xf32>, tensor<128x128xf32>)
      outs(%acc : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %c : tensor<128x128xf32>
}
