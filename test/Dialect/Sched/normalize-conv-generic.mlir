// Convolutions and poolings written as linalg.generic become the named ops
// upstream recognizes (linalg::specializeGenericOp), which decompose to 1-D
// and vectorize; as generics they stayed scalar (a 3x3 convolution 2.6x, a
// max pooling 1.9x slower than in named form, best of 24 random programs).
// RUN: ansor-opt %s --split-input-file --sched-normalize-payload | FileCheck %s
// Tuned programs of the specialized ops are built and verified.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --split-input-file --ansor-tune="trials=4 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl" -o /dev/null 2> /dev/null
// RUN: python3 %S/../../Tuner/count-records.py %t/rec.jsonl "sched.vectorize" | FileCheck %s --check-prefix=REC
// REC: records 24, errors 0,

// CHECK-LABEL: func.func @conv
// CHECK-NOT:     linalg.generic
// CHECK:         linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x18x18x16xf32>, tensor<3x3x16x32xf32>)
func.func @conv(%a: tensor<1x18x18x16xf32>, %w: tensor<3x3x16x32xf32>) -> tensor<1x16x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x16x32xf32>) -> tensor<1x16x16x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, f, kh, kw, c) -> (n, h + kh, w + kw, c)>, affine_map<(n, h, w, f, kh, kw, c) -> (kh, kw, c, f)>, affine_map<(n, h, w, f, kh, kw, c) -> (n, h, w, f)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
    ins(%a, %w : tensor<1x18x18x16xf32>, tensor<3x3x16x32xf32>) outs(%f : tensor<1x16x16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x16x16x32xf32>
  return %r : tensor<1x16x16x32xf32>
}

// -----

// CHECK-LABEL: func.func @pool
// CHECK-NOT:     linalg.generic
// CHECK:         linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
func.func @pool(%x: tensor<1x34x34x32xf32>) -> tensor<1x16x16x32xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %win = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x16x16x32xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x16x16x32xf32>) -> tensor<1x16x16x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c, kh, kw) -> (n, 2 * h + kh, 2 * w + kw, c)>, affine_map<(n, h, w, c, kh, kw) -> (kh, kw)>, affine_map<(n, h, w, c, kh, kw) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %win : tensor<1x34x34x32xf32>, tensor<3x3xf32>) outs(%f : tensor<1x16x16x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.maximumf %o, %a : f32
    linalg.yield %m : f32
  } -> tensor<1x16x16x32xf32>
  return %r : tensor<1x16x16x32xf32>
}

// -----

// CHECK-LABEL: func.func @depthwise
// CHECK-NOT:     linalg.generic
// CHECK:         linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
func.func @depthwise(%x: tensor<1x30x30x64xf32>, %w: tensor<3x3x64xf32>) -> tensor<1x14x14x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x14x14x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x14x14x64xf32>) -> tensor<1x14x14x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c, kh, kw) -> (n, 2 * h + kh, 2 * w + kw, c)>, affine_map<(n, h, w, c, kh, kw) -> (kh, kw, c)>, affine_map<(n, h, w, c, kh, kw) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %w : tensor<1x30x30x64xf32>, tensor<3x3x64xf32>) outs(%f : tensor<1x14x14x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x14x14x64xf32>
  return %r : tensor<1x14x14x64xf32>
}

// -----

// Left as generics: a strided and a dilated window on plain 2-D and 1-D
// tensors (MLIR 22's matcher takes them for linalg.conv_2d and
// linalg.conv_1d, which have neither strides nor dilations: only a named op
// whose indexing maps are the generic's replaces it), a body that computes
// more than a multiply-add (a ReLU of each product), and an i8 convolution
// accumulating in i32.
// CHECK-LABEL: func.func @strided_plain
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT:     linalg.conv
func.func @strided_plain(%a: tensor<17x17xf32>, %k: tensor<3x3xf32>, %v: tensor<20xf32>, %kv: tensor<3xf32>)
    -> (tensor<8x8xf32>, tensor<16xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(h, w, kh, kw) -> (2 * h + kh, 2 * w + kw)>, affine_map<(h, w, kh, kw) -> (kh, kw)>, affine_map<(h, w, kh, kw) -> (h, w)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
    ins(%a, %k : tensor<17x17xf32>, tensor<3x3xf32>) outs(%f : tensor<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  %e1 = tensor.empty() : tensor<16xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<16xf32>) -> tensor<16xf32>
  %d = linalg.generic {indexing_maps = [affine_map<(h, kh) -> (h + 2 * kh)>, affine_map<(h, kh) -> (kh)>, affine_map<(h, kh) -> (h)>], iterator_types = ["parallel", "reduction"]}
    ins(%v, %kv : tensor<20xf32>, tensor<3xf32>) outs(%f1 : tensor<16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  return %r, %d : tensor<8x8xf32>, tensor<16xf32>
}

// -----

// A unit-stride plain 2-D convolution is linalg.conv_2d.
// CHECK-LABEL: func.func @plain
// CHECK-NOT:     linalg.generic
// CHECK:         linalg.conv_2d ins(
func.func @plain(%a: tensor<10x10xf32>, %k: tensor<3x3xf32>) -> tensor<8x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(h, w, kh, kw) -> (h + kh, w + kw)>, affine_map<(h, w, kh, kw) -> (kh, kw)>, affine_map<(h, w, kh, kw) -> (h, w)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
    ins(%a, %k : tensor<10x10xf32>, tensor<3x3xf32>) outs(%f : tensor<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func @not_named
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT:     linalg.conv
func.func @not_named(%a: tensor<1x10x10x8xf32>, %w: tensor<3x3x8x8xf32>,
                     %qa: tensor<1x10x10x8xi8>, %qw: tensor<3x3x8x8xi8>)
    -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xi32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, f, kh, kw, c) -> (n, h + kh, w + kw, c)>, affine_map<(n, h, w, f, kh, kw, c) -> (kh, kw, c, f)>, affine_map<(n, h, w, f, kh, kw, c) -> (n, h, w, f)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
    ins(%a, %w : tensor<1x10x10x8xf32>, tensor<3x3x8x8xf32>) outs(%f : tensor<1x8x8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %p = arith.maximumf %m, %z : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x8x8x8xf32>
  %zi = arith.constant 0 : i32
  %ei = tensor.empty() : tensor<1x8x8x8xi32>
  %fi = linalg.fill ins(%zi : i32) outs(%ei : tensor<1x8x8x8xi32>) -> tensor<1x8x8x8xi32>
  %q = linalg.generic {indexing_maps = [affine_map<(n, h, w, f, kh, kw, c) -> (n, h + kh, w + kw, c)>, affine_map<(n, h, w, f, kh, kw, c) -> (kh, kw, c, f)>, affine_map<(n, h, w, f, kh, kw, c) -> (n, h, w, f)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
    ins(%qa, %qw : tensor<1x10x10x8xi8>, tensor<3x3x8x8xi8>) outs(%fi : tensor<1x8x8x8xi32>) {
  ^bb0(%x: i8, %y: i8, %o: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extsi %y : i8 to i32
    %m = arith.muli %xe, %ye : i32
    %s = arith.addi %o, %m : i32
    linalg.yield %s : i32
  } -> tensor<1x8x8x8xi32>
  return %r, %q : tensor<1x8x8x8xf32>, tensor<1x8x8x8xi32>
}
