// A private func called by a public one (a helper of a user's module) is a
// task like any other: its untuned lowering and its programs are measured
// through a public copy (a private func exports no C interface, and every
// measurement of it failed with "library has no symbol
// _mlir_ciface_helper", which stopped the whole run). The tuned module
// keeps it private, and the caller is verified end to end.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="trials=4 seed=1 threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o %t/tuned.mlir
// RUN: FileCheck %s --check-prefix=SUM < %t/sum.json
// RUN: FileCheck %s --check-prefix=IR < %t/tuned.mlir
// Its task key is its public twin's: records apply to either.
// RUN: sed 's/func.func private @helper/func.func @helper/' %s > %t/public.mlir
// RUN: ansor-opt %t/public.mlir --ansor-tune="trials=1 seed=1 threads=1 min-repeat-ms=1 repeat=1 records=%t/public.jsonl" -o /dev/null 2> /dev/null
// RUN: grep -o '"task":"[0-9a-f]*","task_name":"helper"' %t/rec.jsonl | sort -u > %t/private.key
// RUN: grep -o '"task":"[0-9a-f]*","task_name":"helper"' %t/public.jsonl | sort -u > %t/public.key
// RUN: test -s %t/private.key
// RUN: diff %t/private.key %t/public.key
// SUM:      "networks": [
// SUM:        "name": "caller",
// SUM:        "verified": true
// SUM:      "name": "helper",
// SUM:      "trials": 4,
// SUM:      "verified": true
// IR:       func.func private @helper
// IR:       func.func @caller
// IR:         call @helper

func.func private @helper(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %r = linalg.exp ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

func.func @caller(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = func.call @helper(%a) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %e = tensor.empty() : tensor<64x64xf32>
  %s = linalg.add ins(%r, %a : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %s : tensor<64x64xf32>
}
