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
