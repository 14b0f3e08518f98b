// A degraded program says so in its record: the only sketch of a row's sum
// and sum of squares over 8192 elements keeps each row's reduction whole in
// its innermost block, above the vectorization limit, so those blocks stay
// scalar (two results: no rfactor, and no split into vector lanes, on any
// target); the summary counts such programs.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=6 seed=1 threads=1 records=%t/rec.jsonl summary=%t/sum.json min-repeat-ms=1 repeat=1" -o /dev/null 2> /dev/null
// RUN: FileCheck %s --check-prefix=SUM < %t/sum.json
// RUN: FileCheck %s --check-prefix=REC < %t/rec.jsonl

// SUM:      "degraded": 6,
// SUM:      "verified": true
// REC:      "degraded":["node 2: register block of {{[0-9]+}} elements left scalar (limit 4096)"]
func.func @row_moments(%x: tensor<4x8192xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = linalg.generic {
      indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>, affine_map<(i, k) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8192xf32>) outs(%acc, %acc : tensor<4xf32>, tensor<4xf32>) {
    ^bb0(%v: f32, %s: f32, %q: f32):
      %sq = arith.mulf %v, %v : f32
      %ns = arith.addf %s, %v : f32
      %nq = arith.addf %q, %sq : f32
      linalg.yield %ns, %nq : f32, f32
  } -> (tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
