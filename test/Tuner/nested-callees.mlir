// A network that calls a network: each is measured end to end with every
// func it reaches through calls. The module of @top held @middle but not
// @leaf, which @middle calls ("'func.call' op 'leaf' does not reference a
// valid function"), so @top could not be measured end to end.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="trials=2 seed=1 threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o %t/tuned.mlir
// RUN: FileCheck %s < %t/sum.json
// CHECK:      "networks": [
// CHECK:        "name": "middle",
// CHECK:        "verified": true
// CHECK:        "name": "top",
// CHECK:        "verified": true
// CHECK:      "name": "leaf",
// CHECK:      "trials": 2,

func.func private @leaf(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %r = linalg.exp ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

func.func private @middle(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = func.call @leaf(%a) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %s = func.call @leaf(%r) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  return %s : tensor<64x64xf32>
}

func.func @top(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = func.call @middle(%a) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
