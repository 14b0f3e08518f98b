// A degraded program says so in its record: the Skip sketch of a sum over
// 8192 elements keeps each row's reduction whole in its innermost block,
// above the vectorization limit, so those blocks stay scalar; the summary
// counts such programs. The rfactor sketch's programs vectorize.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=6 seed=1 threads=1 records=%t/rec.jsonl summary=%t/sum.json min-repeat-ms=1 repeat=1" -o /dev/null 2> /dev/null
// RUN: FileCheck %s --check-prefix=SUM < %t/sum.json
// RUN: FileCheck %s --check-prefix=REC < %t/rec.jsonl
// RUN: python3 %S/count-records.py %t/rec.jsonl "sched.rfactor" | FileCheck %s --check-prefix=RFACTOR

// SUM:      "degraded": {{[1-5]}},
// SUM:      "verified": true
// REC:      "degraded":["node 1: register block of {{[0-9]+}} elements left scalar (limit 4096)"]
// RFACTOR:  records 6, errors 0, matching {{[1-9]}}
func.func @big_sum(%x: tensor<4x8192xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.generic {
      indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8192xf32>) outs(%acc : tensor<4xf32>) {
    ^bb0(%v: f32, %o: f32):
      %r = arith.addf %o, %v : f32
      linalg.yield %r : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}
