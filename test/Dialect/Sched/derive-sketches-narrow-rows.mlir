// RUN: ansor-opt %s --sched-derive-sketches="target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512'" | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="trials=12 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=TUNE < %t/sum.json
// RUN: grep -c '"schedule":"sched.schedule @norm_t[0-9]* .*LeaveLanesToLLVM' %t/rec.jsonl | FileCheck %s --check-prefix=TWINS

// An NHWC image with 3 channels: a vectorized tile puts the 3 channels in
// the lanes (vectors of 3), slower than the scalar loops LLVM vectorizes
// across pixels itself. Each sketch that tiles and vectorizes such a node
// gets a twin without sched.vectorize (LeaveLanesToLLVM); rows of 64
// elements get none.

// CHECK-LABEL: sched.schedule @norm_sketch0 for @norm
// CHECK-SAME:    rules ["MultiLevelTiling"]
// CHECK:         sched.vectorize node 0
// CHECK-LABEL: sched.schedule @norm_sketch1 for @norm
// CHECK-SAME:    rules ["MultiLevelTiling", "LeaveLanesToLLVM"]
// CHECK-NOT:     sched.vectorize
// CHECK:         sched.unroll node 0
// CHECK-NEXT:  }
// CHECK-LABEL: sched.schedule @wide_sketch0 for @wide
// CHECK-NOT:   LeaveLanesToLLVM
// CHECK-NOT:   @wide_sketch1

// Both kinds of program verify.
// TUNE:      "errors": {
// TUNE-NEXT:   "compile": 0,
// TUNE-NEXT:   "runtime": 0,
// TUNE-NEXT:   "timeout": 0,
// TUNE-NEXT:   "wrong_result": 0
// TUNE:      "name": "norm",
// TUNE:      "verified": true
// TWINS: {{[1-9][0-9]*}}

#map = affine_map<(n, h, w, c) -> (n, h, w, c)>
#chan = affine_map<(n, h, w, c) -> (c)>
func.func @norm(%x: tensor<1x32x32x3xf32>, %mean: tensor<3xf32>, %istd: tensor<3xf32>) -> tensor<1x32x32x3xf32> {
  %e = tensor.empty() : tensor<1x32x32x3xf32>
  %r = linalg.generic {indexing_maps = [#map, #chan, #chan, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %mean, %istd : tensor<1x32x32x3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x32x32x3xf32>) {
    ^bb0(%a: f32, %m: f32, %s: f32, %o: f32):
      %d = arith.subf %a, %m : f32
      %v = arith.mulf %d, %s : f32
      linalg.yield %v : f32
  } -> tensor<1x32x32x3xf32>
  return %r : tensor<1x32x32x3xf32>
}

func.func @wide(%x: tensor<1x8x8x64xf32>, %mean: tensor<64xf32>) -> tensor<1x8x8x64xf32> {
  %e = tensor.empty() : tensor<1x8x8x64xf32>
  %r = linalg.generic {indexing_maps = [#map, #chan, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %mean : tensor<1x8x8x64xf32>, tensor<64xf32>) outs(%e : tensor<1x8x8x64xf32>) {
    ^bb0(%a: f32, %m: f32, %o: f32):
      %d = arith.subf %a, %m : f32
      linalg.yield %d : f32
  } -> tensor<1x8x8x64xf32>
  return %r : tensor<1x8x8x64xf32>
}
