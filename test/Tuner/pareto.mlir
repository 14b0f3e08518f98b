// objective=pareto(latency,workspace): the summary lists the measured
// programs no other beats in both latency and workspace (the bytes of the
// temporary buffers of packing, cache stages and rfactor partials), fastest
// first, each needing less workspace than the one before.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=16 seed=2 threads=1 min-repeat-ms=1 repeat=1 population=64 measure-per-round=8 objective=pareto(latency,workspace) records=%t/rec.jsonl summary=%t/sum.json" -o /dev/null 2> /dev/null
// RUN: python3 %s.py front %t/sum.json | FileCheck %s --check-prefix=FRONT
// FRONT: front {{[1-9][0-9]*}} programs, ordered: yes

// --ansor-apply-best max-workspace=BYTES applies the best record among those
// within the limit. Two records are added to the task's: a packed program
// (B in 8x96x16 panels: 49152 bytes) and a slower one without temporary
// buffers, both faster than anything measured.
// RUN: python3 %s.py add %t/rec.jsonl %t/two.jsonl
// RUN: ansor-opt %s --ansor-apply-best="records=%t/two.jsonl" | FileCheck %s --check-prefix=PACKED
// RUN: ansor-opt %s --ansor-apply-best="records=%t/two.jsonl max-workspace=49152" | FileCheck %s --check-prefix=PACKED
// RUN: ansor-opt %s --ansor-apply-best="records=%t/two.jsonl max-workspace=49151" | FileCheck %s --check-prefix=NONE
// RUN: ansor-opt %s --ansor-apply-best="records=%t/two.jsonl max-workspace=0" | FileCheck %s --check-prefix=NONE
// PACKED: tensor.empty() : tensor<8x96x16xf32>
// NONE-NOT: tensor.empty() : tensor<{{[0-9]+}}x{{[0-9]+}}x{{[0-9]+}}xf32>
// NONE: scf.forall (%{{.*}}, %{{.*}}) in (8, 4)

// Bad objectives and evolution options are refused.
// RUN: not ansor-opt %s --ansor-tune="objective=throughput records=%t/x.jsonl" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD-OBJ
// BAD-OBJ: error: unknown objective 'throughput' (expected 'latency' or 'pareto(latency,workspace)')
// RUN: not ansor-opt %s --ansor-tune="model-objective=rank records=%t/x.jsonl" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD-MODEL
// BAD-MODEL: error: unknown model-objective 'rank' (expected 'log-sum-exp' or 'pack-sum')
// RUN: not ansor-opt %s --ansor-tune="population=1 records=%t/x.jsonl" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD-POP
// BAD-POP: error: invalid evolution options: population must be at least 2
// RUN: not ansor-opt %s --ansor-tune="model-depth=0 records=%t/x.jsonl" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD-DEPTH
// BAD-DEPTH: error: invalid evolution options: {{.*}} model-depth at least 1

func.func @mm(%a: tensor<64x96xf32>, %b: tensor<96x128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x96xf32>, tensor<96x128xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}
