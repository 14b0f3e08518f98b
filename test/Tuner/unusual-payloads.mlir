// Payloads that the lowering or the Transform script once failed on, tuned
// and verified: a GELU (math.erf, no LLVM intrinsic: its untuned lowering
// did not compile), a vectorized fpowi (llvm.intr.powi takes no vector
// exponent: every vectorized candidate failed), and a generic with two
// results (handles lost in the cleanup before vectorization: half the
// candidates failed to build), and a func named like a libm function (@exp:
// the library's calls of it bound to libm's exp, and 3 of 8 programs were
// wrong, until the libraries were linked -Bsymbolic), and a flip (`127 - j`)
// feeding a matmul (7 of 8 programs of the flip alone failed to build:
// upstream's tiling misplaces the slices of such an index; now the flip
// keeps its loop nest), and an embedding lookup (`tensor.extract` at ids the
// func reads: random ids in [-3, 3] read out of bounds, and 7 of 8 programs
// differed from the equally wrong reference; ids are now drawn in range),
// and a convolution in TOSA's FHWC filter layout (never vectorized until it
// was normalized into a filter transpose and an HWCF convolution), and a
// min pooling and a plain 2-D convolution, vectorized through upstream's
// decomposition to 1-D since it was known to apply to them, and a
// depthwise convolution in HWCM layout with a multiplier of 1 (TOSA's; no
// program beat the untuned lowering until it was normalized into the HWC
// one upstream vectorizes), its 5-D init a func argument and its 5-D result
// returned.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="trials=8 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o /dev/null
// RUN: FileCheck %s < %t/sum.json

// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "gelu",
// CHECK:      "trials": 8,
// CHECK:      "verified": true
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "cube",
// CHECK:      "trials": 8,
// CHECK:      "verified": true
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "sum_and_product",
// CHECK:      "trials": 8,
// CHECK:      "verified": true
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "exp",
// CHECK:      "trials": 8,
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "flip_mm",
// CHECK:      "trials": 8,
// CHECK:      "verified": true
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "embed",
// CHECK:      "trials": 8,
// CHECK:      "verified": true
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "conv_fhwc",
// CHECK:      "trials": 8,
// CHECK:      "verified": true
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "conv_fhwc_s2_d2",
// CHECK:      "trials": 8,
// CHECK:      "verified": true
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "pool_min",
// CHECK:      "trials": 8,
// CHECK:      "verified": true
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "conv2d_plain",
// CHECK:      "trials": 8,
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "depthwise_hwcm",
// CHECK:      "trials": 8,
// CHECK:      "verified": true

#id = affine_map<(i, j) -> (i, j)>

func.func @gelu(%a: tensor<64x96xf32>) -> tensor<64x96xf32> {
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %rsqrt2 = arith.constant 0.70710678 : f32
  %e = tensor.empty() : tensor<64x96xf32>
  %r = linalg.generic {indexing_maps = [#id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x96xf32>) outs(%e : tensor<64x96xf32>) {
    ^bb0(%x: f32, %o: f32):
      %t = arith.mulf %x, %rsqrt2 : f32
      %erf = math.erf %t : f32
      %p = arith.addf %erf, %one : f32
      %q = arith.mulf %x, %p : f32
      %y = arith.mulf %q, %half : f32
      linalg.yield %y : f32
  } -> tensor<64x96xf32>
  return %r : tensor<64x96xf32>
}

func.func @cube(%a: tensor<64x96xf32>) -> tensor<64x96xf32> {
  %three = arith.constant 3 : i32
  %e = tensor.empty() : tensor<64x96xf32>
  %r = linalg.generic {indexing_maps = [#id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x96xf32>) outs(%e : tensor<64x96xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = math.fpowi %x, %three : f32, i32
      linalg.yield %y : f32
  } -> tensor<64x96xf32>
  return %r : tensor<64x96xf32>
}

func.func @sum_and_product(%a: tensor<64x96xf32>, %b: tensor<64x96xf32>)
    -> (tensor<64x96xf32>, tensor<64x96xf32>) {
  %e = tensor.empty() : tensor<64x96xf32>
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id, #id],
                         iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<64x96xf32>, tensor<64x96xf32>)
      outs(%e, %e : tensor<64x96xf32>, tensor<64x96xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32, %p: f32):
      %s = arith.addf %x, %y : f32
      %m = arith.mulf %x, %y : f32
      linalg.yield %s, %m : f32, f32
  } -> (tensor<64x96xf32>, tensor<64x96xf32>)
  return %r#0, %r#1 : tensor<64x96xf32>, tensor<64x96xf32>
}

func.func @exp(%a: tensor<64x96xf32>) -> tensor<64x96xf32> {
  %e = tensor.empty() : tensor<64x96xf32>
  %r = linalg.generic {indexing_maps = [#id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x96xf32>) outs(%e : tensor<64x96xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.mulf %x, %x : f32
      linalg.yield %y : f32
  } -> tensor<64x96xf32>
  return %r : tensor<64x96xf32>
}

func.func @flip_mm(%a: tensor<64x128xf32>, %b: tensor<128x96xf32>) -> tensor<64x96xf32> {
  %e = tensor.empty() : tensor<64x128xf32>
  %ex = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = math.exp %x : f32
      linalg.yield %m : f32
  } -> tensor<64x128xf32>
  %f = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, 127 - j)>, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%ex : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.mulf %x, %x : f32
      linalg.yield %m : f32
  } -> tensor<64x128xf32>
  %z = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<64x96xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e2 : tensor<64x96xf32>) -> tensor<64x96xf32>
  %c = linalg.matmul ins(%f, %b : tensor<64x128xf32>, tensor<128x96xf32>)
                     outs(%acc : tensor<64x96xf32>) -> tensor<64x96xf32>
  return %c : tensor<64x96xf32>
}

func.func @embed(%ids: tensor<32xi32>, %table: tensor<1000x64xf32>) -> tensor<32x64xf32> {
  %e = tensor.empty() : tensor<32x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<32xi32>) outs(%e : tensor<32x64xf32>) {
    ^bb0(%id: i32, %o: f32):
      %row = arith.index_cast %id : i32 to index
      %j = linalg.index 1 : index
      %v = tensor.extract %table[%row, %j] : tensor<1000x64xf32>
      linalg.yield %v : f32
  } -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

func.func @conv_fhwc(%i: tensor<1x12x12x16xf32>, %w: tensor<32x3x3x16xf32>) -> tensor<1x10x10x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x10x10x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x10x10x32xf32>) -> tensor<1x10x10x32xf32>
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%i, %w : tensor<1x12x12x16xf32>, tensor<32x3x3x16xf32>)
      outs(%f : tensor<1x10x10x32xf32>) -> tensor<1x10x10x32xf32>
  return %r : tensor<1x10x10x32xf32>
}

// Strides and dilations of 2 survive the rewrite to HWCF.
func.func @conv_fhwc_s2_d2(%i: tensor<1x17x17x8xf32>, %w: tensor<16x3x3x8xf32>) -> tensor<1x7x7x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x7x7x16xf32>) -> tensor<1x7x7x16xf32>
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%i, %w : tensor<1x17x17x8xf32>, tensor<16x3x3x8xf32>)
      outs(%f : tensor<1x7x7x16xf32>) -> tensor<1x7x7x16xf32>
  return %r : tensor<1x7x7x16xf32>
}

func.func @pool_min(%x: tensor<1x14x14x32xf32>) -> tensor<1x12x12x32xf32> {
  %big = arith.constant 3.0e38 : f32
  %win = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x12x12x32xf32>
  %f = linalg.fill ins(%big : f32) outs(%e : tensor<1x12x12x32xf32>) -> tensor<1x12x12x32xf32>
  %r = linalg.pooling_nhwc_min {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %win : tensor<1x14x14x32xf32>, tensor<3x3xf32>)
      outs(%f : tensor<1x12x12x32xf32>) -> tensor<1x12x12x32xf32>
  return %r : tensor<1x12x12x32xf32>
}

func.func @conv2d_plain(%x: tensor<66x66xf32>, %w: tensor<3x3xf32>) -> tensor<64x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.conv_2d ins(%x, %w : tensor<66x66xf32>, tensor<3x3xf32>)
      outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

func.func @depthwise_hwcm(%x: tensor<1x17x17x16xf32>, %w: tensor<3x3x16x1xf32>,
                          %init: tensor<1x8x8x16x1xf32>) -> tensor<1x8x8x16x1xf32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<1x17x17x16xf32>, tensor<3x3x16x1xf32>)
      outs(%init : tensor<1x8x8x16x1xf32>) -> tensor<1x8x8x16x1xf32>
  return %r : tensor<1x8x8x16x1xf32>
}
