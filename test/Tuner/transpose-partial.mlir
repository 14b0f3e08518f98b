// 4-D transposes whose blocks leave partial tiles, measured and verified
// against the untuned lowering. Upstream's masked vectorization built the
// partial blocks of such transposed reads with masks that do not match
// them: @weights_to_hwcf gave a wrong result (an element read as 0) and
// @nchw_to_nhwc failed to lower (a vector.extract of a mask out of range).
// Their partial blocks were then left scalar (LLVM vectorized those across
// the unit-stride loop with gathers); they are now stepped over their
// partial loops one iteration at a time, which leaves static blocks,
// vectorized without masks. The same
// transpose as a linalg.generic (@nchw_to_nhwc_generic), its channel loop in
// blocks of 1, is an identity copy once unit dimensions are folded, which
// canonicalization erased with the handle the script still held (it failed
// to build); its block is now found again after that cleanup.
// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-measure="build-timeout=120 threads=1 min-repeat-ms=1 repeat=1 summary=%t/sum.json" -o /dev/null
// RUN: FileCheck %s < %t/sum.json

// SCRIPT-NOT: sched.degraded
// SCRIPT-NOT: vector_sizes
// SCRIPT:     transform.named_sequence @apply_s0(
// SCRIPT:     transform.structured.tile_using_for %{{.*}} tile_sizes [0, 0, 0, 1]
// SCRIPT:     transform.structured.vectorize %tiled_linalg_op_{{[0-9]+}} :
// SCRIPT:     transform.named_sequence @apply_s1(
// SCRIPT:     transform.structured.tile_using_for %{{.*}} tile_sizes [0, 0, 1, 0]
// SCRIPT:     transform.structured.vectorize %tiled_linalg_op_{{[0-9]+}} :
// SCRIPT:     transform.named_sequence @__transform_main

// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "weights_to_hwcf",
// CHECK:      "verified": true
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "nchw_to_nhwc",
// CHECK:      "verified": true
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "nchw_to_nhwc_generic",
// CHECK:      "verified": true

func.func @weights_to_hwcf(%w: tensor<64x3x3x32xf32>) -> tensor<3x3x32x64xf32> {
  %e = tensor.empty() : tensor<3x3x32x64xf32>
  %t = linalg.transpose ins(%w : tensor<64x3x3x32xf32>) outs(%e : tensor<3x3x32x64xf32>) permutation = [1, 2, 3, 0]
  return %t : tensor<3x3x32x64xf32>
}

sched.schedule @s0 for @weights_to_hwcf target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.transpose", [3, 3, 32, 64], [S, S, S, S]>]
    rules ["SkipRule"] {
  sched.tile node 0 structure #sched.structure<[S, S]>
      splits [#sched.split<[3, 1] of 3>, #sched.split<[3, 1] of 3>,
              #sched.split<[8, 4] of 32>, #sched.split<[6, 11] of 64>]
  sched.parallel node 0 loops #sched.choice<4 in [0, 1, 2, 3, 4]>
  sched.vectorize node 0
}

func.func @nchw_to_nhwc(%x: tensor<2x24x28x28xf32>) -> tensor<2x28x28x24xf32> {
  %e = tensor.empty() : tensor<2x28x28x24xf32>
  %t = linalg.transpose ins(%x : tensor<2x24x28x28xf32>) outs(%e : tensor<2x28x28x24xf32>) permutation = [0, 2, 3, 1]
  return %t : tensor<2x28x28x24xf32>
}

sched.schedule @s1 for @nchw_to_nhwc target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.transpose", [2, 28, 28, 24], [S, S, S, S]>]
    rules ["SkipRule"] {
  sched.tile node 0 structure #sched.structure<[S, S]>
      splits [#sched.split<[2, 1] of 2>, #sched.split<[28, 1] of 28>,
              #sched.split<[6, 5] of 28>, #sched.split<[12, 2] of 24>]
  sched.parallel node 0 loops #sched.choice<1 in [0, 1, 2, 3, 4]>
  sched.vectorize node 0
}

func.func @nchw_to_nhwc_generic(%x: tensor<2x24x28x28xf32>) -> tensor<2x28x28x24xf32> {
  %e = tensor.empty() : tensor<2x28x28x24xf32>
  %t = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c) -> (n, c, h, w)>,
                       affine_map<(n, h, w, c) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x24x28x28xf32>) outs(%e : tensor<2x28x28x24xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x28x28x24xf32>
  return %t : tensor<2x28x28x24xf32>
}

sched.schedule @s2 for @nchw_to_nhwc_generic target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.generic", [2, 28, 28, 24], [S, S, S, S]>]
    rules ["SkipRule"] {
  sched.tile node 0 structure #sched.structure<[S, S]>
      splits [#sched.split<[1, 2] of 2>, #sched.split<[10, 3] of 28>,
              #sched.split<[7, 4] of 28>, #sched.split<[24, 1] of 24>]
  sched.parallel node 0 loops #sched.choice<3 in [0, 1, 2, 3, 4]>
  sched.vectorize node 0
}
