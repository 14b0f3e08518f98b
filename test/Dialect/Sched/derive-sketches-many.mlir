// An attention block in one func (Q, K and V projections, Q x K^T, a
// softmax, P x V) has a sketch for every combination of its six tiled
// nodes' alternatives, far more than the 64 a func may have: derivation
// failed and the func could not be tuned. Past the cap, the nodes derived
// last (the projections, first in the func) take their last rule's
// alternative only (plain tiling, no packing), with a warning; the func is
// tuned and its programs verified.
// RUN: ansor-opt %s --sched-derive-sketches 2>&1 | FileCheck %s
// RUN: ansor-opt %s -o /dev/null --ansor-tune="trials=4 threads=1 seed=1 repeat=1 min-repeat-ms=1 summary=%t.json" 2>&1 | FileCheck %s --check-prefix=TUNE
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.json

// CHECK: warning: more than 64 sketches: their alternatives were pruned
// CHECK-COUNT-63: sched.schedule @qkv_sketch
// The last sketch, every node pruned: plain tilings and inlined elementwise
// ops only.
// CHECK:          sched.schedule @qkv_sketch63 for @qkv target {{.*}} rules [{{("MultiLevelTiling"|"AlwaysInline"|, )+}}] {
// CHECK-NOT:      sched.schedule @qkv_sketch

// TUNE:    warning: more than 64 sketches
// TUNE-NOT: error
// SUMMARY: "applied": "tuned"
// SUMMARY: "sketches": 64
// SUMMARY: "trials": 4
// SUMMARY: "verified": true

func.func @qkv(%x: tensor<32x64xf32>, %wq: tensor<64x64xf32>, %wk: tensor<64x64xf32>, %wv: tensor<64x64xf32>) -> tensor<32x64xf32> {
  %z = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %sc = arith.constant 0.125 : f32
  %e = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %q = linalg.matmul ins(%x, %wq : tensor<32x64xf32>, tensor<64x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  %k = linalg.matmul ins(%x, %wk : tensor<32x64xf32>, tensor<64x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  %v = linalg.matmul ins(%x, %wv : tensor<32x64xf32>, tensor<64x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  %es = tensor.empty() : tensor<32x32xf32>
  %fs = linalg.fill ins(%z : f32) outs(%es : tensor<32x32xf32>) -> tensor<32x32xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j, d) -> (i, d)>, affine_map<(i, j, d) -> (j, d)>, affine_map<(i, j, d) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%q, %k : tensor<32x64xf32>, tensor<32x64xf32>) outs(%fs : tensor<32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %t = arith.addf %o, %m : f32
    linalg.yield %t : f32
  } -> tensor<32x32xf32>
  %p = linalg.softmax dimension(1) ins(%s : tensor<32x32xf32>) outs(%es : tensor<32x32xf32>) -> tensor<32x32xf32>
  %o = linalg.matmul ins(%p, %v : tensor<32x32xf32>, tensor<32x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  return %o : tensor<32x64xf32>
}
