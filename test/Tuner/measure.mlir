// ansor-measure times each func as it is, with the summary format of
// ansor-tune: untuned, or with its complete schedule applied and verified
// against the untuned lowering.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-measure="build-timeout=120 threads=1 min-repeat-ms=1 repeat=1 summary=%t/sum.json" -o /dev/null
// RUN: FileCheck %s < %t/sum.json
// The same with every input but the first flushed from the caches before
// each timed call: the option parses and the flushed runs still verify.
// RUN: ansor-opt %s --ansor-measure="build-timeout=120 threads=1 min-repeat-ms=1 repeat=1 cache-flush=true summary=%t/flush.json" -o /dev/null
// RUN: FileCheck %s < %t/flush.json

// CHECK:      "target": "llvm -mtriple=
// CHECK:      "best_gflops": {{[0-9.e+-]+}},
// CHECK:      "flop": 2097152,
// CHECK:      "name": "plain",
// CHECK:      "trials": 1,
// CHECK:      "verified": true
// CHECK:      "best_gflops": {{[0-9.e+-]+}},
// CHECK:      "name": "scheduled",
// CHECK:      "trials": 1,
// CHECK:      "untuned_seconds": {{[0-9.e+-]+}},
// CHECK:      "verified": true

// A missing records file is an error, not an untuned module.
// RUN: not ansor-opt %s --ansor-apply-best="records=%t/none.jsonl" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: error: records file '{{.*}}none.jsonl' does not exist

func.func @plain(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>) -> tensor<128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x128xf32>)
      outs(%acc : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %c : tensor<128x128xf32>
}

func.func @scheduled(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>) -> tensor<128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x128xf32>)
      outs(%acc : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %c : tensor<128x128xf32>
}

sched.schedule @s for @scheduled target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [128, 128], [S, S]>,
           #sched.node<"linalg.matmul", [128, 128, 64], [S, S, R]>]
    rules ["MultiLevelTiling"] {
  sched.tile node 1 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[2, 4, 4, 4] of 128>, #sched.split<[2, 2, 2, 16] of 128>,
              #sched.split<[8, 8] of 64>]
  sched.parallel node 1 loops #sched.choice<1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step #sched.choice<16 in [0, 16, 64, 512]>
}
