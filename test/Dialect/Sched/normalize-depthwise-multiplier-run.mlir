// Depthwise convolutions with a channel multiplier computed as written and
// as normalization rewrites them (the HWC op over repeated input channels,
// normalize-depthwise-multiplier.mlir) give the same values: the tuner
// verifies its programs against the normalized func, so only this run
// checks the rewrite itself (2-D with dilation 2, 1-D with stride 2 into
// an initialized output).
// RUN: ansor-opt %s --ansor-lower-cpu \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:     -shared-libs=%mlir_lib_dir/libomp.so > %t.written
// RUN: ansor-opt %s --sched-normalize-payload | FileCheck %s --check-prefix=NORM
// RUN: ansor-opt %s --sched-normalize-payload --ansor-lower-cpu \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:     -shared-libs=%mlir_lib_dir/libomp.so > %t.normalized
// RUN: FileCheck %s < %t.written
// RUN: diff %t.written %t.normalized

// NORM:     linalg.depthwise_conv_2d_nhwc_hwc
// NORM:     linalg.depthwise_conv_1d_nwc_wc
// NORM-NOT: _hwcm
// NORM-NOT: _wcm

// Two results printed, none all zeros.
// CHECK-COUNT-2: ( {{.*[1-9].*}} )

func.func @hwcm(%x: tensor<1x7x8x3xf32>, %w: tensor<2x2x3x2xf32>) -> tensor<1x5x6x3x2xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x5x6x3x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x5x6x3x2xf32>) -> tensor<1x5x6x3x2xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<1x7x8x3xf32>, tensor<2x2x3x2xf32>) outs(%f : tensor<1x5x6x3x2xf32>) -> tensor<1x5x6x3x2xf32>
  return %r : tensor<1x5x6x3x2xf32>
}

func.func @wcm(%x: tensor<1x9x2xf32>, %w: tensor<3x2x3xf32>, %init: tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32> {
  %r = linalg.depthwise_conv_1d_nwc_wcm {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
     ins(%x, %w : tensor<1x9x2xf32>, tensor<3x2x3xf32>) outs(%init : tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
  return %r : tensor<1x4x2x3xf32>
}

// Values (i * a + b) mod 11 - 5 over the flattened index i.
func.func private @pattern168(%a: index, %b: index) -> tensor<168xf32> {
  %e = tensor.empty() : tensor<168xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%e : tensor<168xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %m = arith.muli %i, %a : index
    %s = arith.addi %m, %b : index
    %c11 = arith.constant 11 : index
    %r = arith.remui %s, %c11 : index
    %c5 = arith.constant 5 : index
    %v = arith.subi %r, %c5 : index
    %n32 = arith.index_cast %v : index to i32
    %x = arith.sitofp %n32 : i32 to f32
    linalg.yield %x : f32
  } -> tensor<168xf32>
  return %r : tensor<168xf32>
}

func.func private @pattern24(%a: index, %b: index) -> tensor<24xf32> {
  %e = tensor.empty() : tensor<24xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%e : tensor<24xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %m = arith.muli %i, %a : index
    %s = arith.addi %m, %b : index
    %c11 = arith.constant 11 : index
    %r = arith.remui %s, %c11 : index
    %c5 = arith.constant 5 : index
    %v = arith.subi %r, %c5 : index
    %n32 = arith.index_cast %v : index to i32
    %x = arith.sitofp %n32 : i32 to f32
    linalg.yield %x : f32
  } -> tensor<24xf32>
  return %r : tensor<24xf32>
}

func.func private @pattern18(%a: index, %b: index) -> tensor<18xf32> {
  %e = tensor.empty() : tensor<18xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%e : tensor<18xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %m = arith.muli %i, %a : index
    %s = arith.addi %m, %b : index
    %c11 = arith.constant 11 : index
    %r = arith.remui %s, %c11 : index
    %c5 = arith.constant 5 : index
    %v = arith.subi %r, %c5 : index
    %n32 = arith.index_cast %v : index to i32
    %x = arith.sitofp %n32 : i32 to f32
    linalg.yield %x : f32
  } -> tensor<18xf32>
  return %r : tensor<18xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %zf = arith.constant 0.0 : f32
  %s0 = func.call @pattern168(%c5, %c1) : (index, index) -> tensor<168xf32>
  %s1 = func.call @pattern24(%c3, %c2) : (index, index) -> tensor<24xf32>
  %s2 = func.call @pattern18(%c2, %c3) : (index, index) -> tensor<18xf32>
  %s3 = func.call @pattern18(%c5, %c0) : (index, index) -> tensor<18xf32>
  %x2 = tensor.expand_shape %s0 [[0, 1, 2, 3]] output_shape [1, 7, 8, 3] : tensor<168xf32> into tensor<1x7x8x3xf32>
  %w2 = tensor.expand_shape %s1 [[0, 1, 2, 3]] output_shape [2, 2, 3, 2] : tensor<24xf32> into tensor<2x2x3x2xf32>
  %x1 = tensor.expand_shape %s2 [[0, 1, 2]] output_shape [1, 9, 2] : tensor<18xf32> into tensor<1x9x2xf32>
  %w1 = tensor.expand_shape %s3 [[0, 1, 2]] output_shape [3, 2, 3] : tensor<18xf32> into tensor<3x2x3xf32>
  %i1 = tensor.expand_shape %s1 [[0, 1, 2, 3]] output_shape [1, 4, 2, 3] : tensor<24xf32> into tensor<1x4x2x3xf32>
  %r0 = func.call @hwcm(%x2, %w2) : (tensor<1x7x8x3xf32>, tensor<2x2x3x2xf32>) -> tensor<1x5x6x3x2xf32>
  %f0 = tensor.collapse_shape %r0 [[0, 1, 2, 3, 4]] : tensor<1x5x6x3x2xf32> into tensor<180xf32>
  %v0 = vector.transfer_read %f0[%c0], %zf : tensor<180xf32>, vector<180xf32>
  vector.print %v0 : vector<180xf32>
  %r1 = func.call @wcm(%x1, %w1, %i1) : (tensor<1x9x2xf32>, tensor<3x2x3xf32>, tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
  %f1 = tensor.collapse_shape %r1 [[0, 1, 2, 3]] : tensor<1x4x2x3xf32> into tensor<24xf32>
  %v1 = vector.transfer_read %f1[%c0], %zf : tensor<24xf32>, vector<24xf32>
  vector.print %v1 : vector<24xf32>
  return
}
