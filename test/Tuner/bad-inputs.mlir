// Bad inputs get a message naming what and where; the tuner keeps going
// where it can. docs/reliability.md lists each with its exit code.
// RUN: rm -rf %t && mkdir -p %t

// A workload too big for the runner's memory is refused before it runs; the
// other func is still tuned and the module is printed (exit 0).
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=2 threads=1 min-repeat-ms=1 repeat=1 max-memory-mb=2 records=%t/rec.jsonl summary=%t/sum.json" 2> %t/err | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=BIG < %t/err
// BIG: bad-inputs.mlir:{{[0-9]+}}:1: warning: cannot measure @big: its arguments and results need 13 MiB (f32:1024x1024 -> f32:1024x1024, plus a reference copy of the results), more than the runner's memory limit of 2 MiB (max-memory-mb)
// IR-LABEL: func.func @small
// IR:         scf.for
// IR-LABEL: func.func @big
// IR:         linalg.transpose

// Malformed IR is the parser's error, at the place.
// RUN: printf 'func.func @f(%%%%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %%%%b : tensor<4xf32>\n}\n' > %t/bad.mlir
// RUN: not ansor-opt %t/bad.mlir --ansor-tune="records=%t/bad.jsonl" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE: bad.mlir:2:10: error: use of undeclared SSA value name

// A GPU target is tuned by any search (its schedules have features, its
// mutations keep the target's limits); without a device the measurer says
// so clearly, for the first task, and nothing is measured.
// test/Measure/cuda-runtime.test has the GPU measurer without a device.
// RUN: not ansor-opt %s --ansor-tune="target='cuda -arch=sm_90' records=%t/gpu.jsonl" -o /dev/null 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: not grep -q '"schedule"' %t/gpu.jsonl
// GPU: error: cannot measure @small: no CUDA device:

// Records for another target: apply-best names the targets it has.
// RUN: not ansor-opt %s --ansor-apply-best="records=%t/rec.jsonl target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64 -num-cores=64 -vector-bits=128'" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: error: records file '{{.*}}rec.jsonl' has no valid record for target 'llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64 -num-cores=64 -vector-bits=128'; it has records for: 'llvm -mtriple=

func.func @small(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%acc : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}

func.func @big(%a: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %e = tensor.empty() : tensor<1024x1024xf32>
  %r = linalg.transpose ins(%a : tensor<1024x1024xf32>) outs(%e : tensor<1024x1024xf32>) permutation = [1, 0]
  return %r : tensor<1024x1024xf32>
}
