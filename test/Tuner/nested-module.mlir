// The funcs of a module nested in the tuned one are not tasks; they were
// left out without a word, and now a warning at the nested module says so.
// The outer func is tuned as usual.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="trials=2 seed=1 threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o /dev/null 2> %t/log
// RUN: FileCheck %s --check-prefix=LOG < %t/log
// RUN: FileCheck %s --check-prefix=SUM < %t/sum.json
// LOG: nested-module.mlir:[[@LINE+6]]:3: warning: the funcs of a nested module are not tuned: tune the nested module as a module of its own
// SUM:     "name": "outside",
// SUM:     "trials": 2,
// SUM-NOT: "name": "inside"

module {
  module @inner {
    func.func @inside(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
      %e = tensor.empty() : tensor<64x64xf32>
      %r = linalg.exp ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
      return %r : tensor<64x64xf32>
    }
  }
  func.func @outside(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
    %e = tensor.empty() : tensor<64x64xf32>
    %r = linalg.exp ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
    return %r : tensor<64x64xf32>
  }
}
