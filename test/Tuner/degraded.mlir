// A degraded program says so in its record, and the summary counts such
// programs: for a CPU without masked byte moves (x86-64-v3, which runs on
// every x86-64 machine; the target is named so that every machine samples
// the same programs), an i1 comparison's partial column tiles are left to
// LLVM's loop vectorizer.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256' build-timeout=120 trials=8 seed=1 threads=1 records=%t/rec.jsonl summary=%t/sum.json min-repeat-ms=1 repeat=1" -o /dev/null 2> /dev/null
// RUN: FileCheck %s --check-prefix=SUM < %t/sum.json
// RUN: FileCheck %s --check-prefix=REC < %t/rec.jsonl

// SUM:      "degraded": {{[1-8]}},
// SUM:      "verified": true
// REC:      "degraded":["node 0: partial rows of elements narrower than 32 bits left to LLVM's loop vectorizer (the target has no masked moves of them)"]
func.func @less(%a: tensor<64x100xf32>, %b: tensor<64x100xf32>) -> tensor<64x100xi1> {
  %e = tensor.empty() : tensor<64x100xi1>
  %c = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<64x100xf32>, tensor<64x100xf32>) outs(%e : tensor<64x100xi1>) {
    ^bb0(%x: f32, %y: f32, %o: i1):
      %l = arith.cmpf olt, %x, %y : f32
      linalg.yield %l : i1
  } -> tensor<64x100xi1>
  return %c : tensor<64x100xi1>
}
