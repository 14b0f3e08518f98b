// RUN: ansor-opt %s --transform-interpreter --split-input-file --verify-diagnostics | FileCheck %s

// Each 3-D convolution and pooling whose depth window and output depth are
// 1 becomes its 2-D counterpart over rank-reduced slices, with the height
// and width entries of its strides and dilations; the result handle holds
// the 2-D ops.

// CHECK-LABEL: func.func @ndhwc
// CHECK-SAME:    (%[[IN:.*]]: tensor<1x1x6x17x8xf32>, %[[F:.*]]: tensor<1x3x3x8x16xf32>, %[[OUT:.*]]: tensor<1x1x2x8x16xf32>)
// CHECK:         %[[IN2:.*]] = tensor.extract_slice %[[IN]][0, 0, 0, 0, 0] [1, 1, 6, 17, 8] [1, 1, 1, 1, 1] : tensor<1x1x6x17x8xf32> to tensor<1x6x17x8xf32>
// CHECK:         %[[F2:.*]] = tensor.extract_slice %[[F]][0, 0, 0, 0, 0] [1, 3, 3, 8, 16] [1, 1, 1, 1, 1] : tensor<1x3x3x8x16xf32> to tensor<3x3x8x16xf32>
// CHECK:         %[[OUT2:.*]] = tensor.extract_slice %[[OUT]][0, 0, 0, 0, 0] [1, 1, 2, 8, 16] [1, 1, 1, 1, 1] : tensor<1x1x2x8x16xf32> to tensor<1x2x8x16xf32>
// CHECK:         %[[C:.*]] = linalg.conv_2d_nhwc_hwcf {dilations = dense<[2, 1]> : vector<2xi64>, strides = dense<[1, 2]> : vector<2xi64>} ins(%[[IN2]], %[[F2]] : {{.*}}) outs(%[[OUT2]] : tensor<1x2x8x16xf32>)
// CHECK:         %[[R:.*]] = tensor.insert_slice %[[C]] into %[[OUT]][0, 0, 0, 0, 0] [1, 1, 2, 8, 16] [1, 1, 1, 1, 1] : tensor<1x2x8x16xf32> into tensor<1x1x2x8x16xf32>
// CHECK:         return %[[R]]
func.func @ndhwc(%in: tensor<1x1x6x17x8xf32>, %f: tensor<1x3x3x8x16xf32>, %out: tensor<1x1x2x8x16xf32>) -> tensor<1x1x2x8x16xf32> {
  // expected-remark @below {{downscaled}}
  %r = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<[3, 2, 1]> : tensor<3xi64>, strides = dense<[4, 1, 2]> : tensor<3xi64>}
      ins(%in, %f : tensor<1x1x6x17x8xf32>, tensor<1x3x3x8x16xf32>) outs(%out : tensor<1x1x2x8x16xf32>) -> tensor<1x1x2x8x16xf32>
  return %r : tensor<1x1x2x8x16xf32>
}

// CHECK-LABEL: func.func @ncdhw
// CHECK:         linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins({{.*}} : tensor<1x8x4x6xf32>, tensor<16x8x3x3xf32>) outs({{.*}} : tensor<1x16x2x4xf32>)
func.func @ncdhw(%in: tensor<1x8x1x4x6xf32>, %f: tensor<16x8x1x3x3xf32>, %out: tensor<1x16x1x2x4xf32>) -> tensor<1x16x1x2x4xf32> {
  // expected-remark @below {{downscaled}}
  %r = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%in, %f : tensor<1x8x1x4x6xf32>, tensor<16x8x1x3x3xf32>) outs(%out : tensor<1x16x1x2x4xf32>) -> tensor<1x16x1x2x4xf32>
  return %r : tensor<1x16x1x2x4xf32>
}

// CHECK-LABEL: func.func @plain
// CHECK:         linalg.conv_2d ins({{.*}} : tensor<4x6xf32>, tensor<3x3xf32>) outs({{.*}} : tensor<2x4xf32>)
func.func @plain(%in: tensor<1x4x6xf32>, %f: tensor<1x3x3xf32>, %out: tensor<1x2x4xf32>) -> tensor<1x2x4xf32> {
  // expected-remark @below {{downscaled}}
  %r = linalg.conv_3d ins(%in, %f : tensor<1x4x6xf32>, tensor<1x3x3xf32>) outs(%out : tensor<1x2x4xf32>) -> tensor<1x2x4xf32>
  return %r : tensor<1x2x4xf32>
}

// CHECK-LABEL: func.func @depthwise
// CHECK:         linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<[1, 2]> : vector<2xi64>} ins({{.*}} : tensor<1x3x9x8xf32>, tensor<3x3x8xf32>) outs({{.*}} : tensor<1x1x4x8xf32>)
func.func @depthwise(%in: tensor<1x1x3x9x8xf32>, %f: tensor<1x3x3x8xf32>, %out: tensor<1x1x1x4x8xf32>) -> tensor<1x1x1x4x8xf32> {
  // expected-remark @below {{downscaled}}
  %r = linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<1> : tensor<3xi64>, strides = dense<[2, 1, 2]> : tensor<3xi64>}
      ins(%in, %f : tensor<1x1x3x9x8xf32>, tensor<1x3x3x8xf32>) outs(%out : tensor<1x1x1x4x8xf32>) -> tensor<1x1x1x4x8xf32>
  return %r : tensor<1x1x1x4x8xf32>
}

// CHECK-LABEL: func.func @pools
// CHECK:         linalg.pooling_nhwc_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins({{.*}} : tensor<1x4x4x8xf32>, tensor<2x2xf32>) outs({{.*}} : tensor<1x2x2x8xf32>)
// CHECK:         linalg.pooling_nhwc_max {{.*}} ins({{.*}} : tensor<1x4x4x8xf32>, tensor<2x2xf32>) outs({{.*}} : tensor<1x2x2x8xf32>)
// CHECK:         linalg.pooling_nhwc_min {{.*}} ins({{.*}} : tensor<1x4x4x8xf32>, tensor<2x2xf32>) outs({{.*}} : tensor<1x2x2x8xf32>)
func.func @pools(%in: tensor<1x1x4x4x8xf32>, %w: tensor<1x2x2xf32>, %out: tensor<1x1x2x2x8xf32>) -> (tensor<1x1x2x2x8xf32>, tensor<1x1x2x2x8xf32>, tensor<1x1x2x2x8xf32>) {
  // expected-remark @below {{downscaled}}
  %s = linalg.pooling_ndhwc_sum {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>}
      ins(%in, %w : tensor<1x1x4x4x8xf32>, tensor<1x2x2xf32>) outs(%out : tensor<1x1x2x2x8xf32>) -> tensor<1x1x2x2x8xf32>
  // expected-remark @below {{downscaled}}
  %m = linalg.pooling_ndhwc_max {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>}
      ins(%in, %w : tensor<1x1x4x4x8xf32>, tensor<1x2x2xf32>) outs(%out : tensor<1x1x2x2x8xf32>) -> tensor<1x1x2x2x8xf32>
  // expected-remark @below {{downscaled}}
  %n = linalg.pooling_ndhwc_min {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>}
      ins(%in, %w : tensor<1x1x4x4x8xf32>, tensor<1x2x2xf32>) outs(%out : tensor<1x1x2x2x8xf32>) -> tensor<1x1x2x2x8xf32>
  return %s, %m, %n : tensor<1x1x2x2x8xf32>, tensor<1x1x2x2x8xf32>, tensor<1x1x2x2x8xf32>
}

// Depth stride 2 over an input of depth 2: only depth 0 is read, and the
// input is sliced there (its depth dimension is not 1).
// CHECK-LABEL: func.func @depth_stride
// CHECK:         %[[IN2:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0, 0, 0] [1, 1, 3, 10, 8] [1, 1, 1, 1, 1] : tensor<1x2x3x10x8xf32> to tensor<1x3x10x8xf32>
// CHECK:         linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[IN2]], %{{.*}} : tensor<1x3x10x8xf32>, tensor<3x3x8x16xf32>) outs({{.*}} : tensor<1x1x8x16xf32>)
func.func @depth_stride(%in: tensor<1x2x3x10x8xf32>, %f: tensor<1x3x3x8x16xf32>, %out: tensor<1x1x1x8x16xf32>) -> tensor<1x1x1x8x16xf32> {
  // expected-remark @below {{downscaled}}
  %r = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<[2, 1, 1]> : tensor<3xi64>}
      ins(%in, %f : tensor<1x2x3x10x8xf32>, tensor<1x3x3x8x16xf32>) outs(%out : tensor<1x1x1x8x16xf32>) -> tensor<1x1x1x8x16xf32>
  return %r : tensor<1x1x1x8x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %convs = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    %downscaled = transform.sched.downscale_3d_convolution %convs : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %downscaled, "downscaled" : !transform.any_op
    transform.yield
  }
}

// -----

// Then upstream decomposes the 2-D op into the 1-D one the vectorizer builds.

// CHECK-LABEL: func.func @to_1d
// CHECK:         linalg.depthwise_conv_1d_nwc_wc {{.*}} ins({{.*}} : tensor<1x18x32xf32>, tensor<3x32xf32>) outs({{.*}} : tensor<1x16x32xf32>)
// CHECK-NOT:     = linalg.depthwise_conv_2d
// CHECK-NOT:     = linalg.depthwise_conv_3d
func.func @to_1d(%in: tensor<1x1x1x18x32xf32>, %f: tensor<1x1x3x32xf32>, %out: tensor<1x1x1x16x32xf32>) -> tensor<1x1x1x16x32xf32> {
  %r = linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%in, %f : tensor<1x1x1x18x32xf32>, tensor<1x1x3x32xf32>) outs(%out : tensor<1x1x1x16x32xf32>) -> tensor<1x1x1x16x32xf32>
  return %r : tensor<1x1x1x16x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.depthwise_conv_3d_ndhwc_dhwc"]} in %root : (!transform.any_op) -> !transform.any_op
    %two = transform.sched.downscale_3d_convolution %conv : (!transform.any_op) -> !transform.any_op
    %one = transform.structured.decompose %two : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A depth window of 2 is not reduced to a point: the op is left as it is,
// the failure says why.

func.func @deep_window(%in: tensor<1x2x4x4x8xf32>, %w: tensor<2x2x2xf32>, %out: tensor<1x1x2x2x8xf32>) -> tensor<1x1x2x2x8xf32> {
  // expected-note @below {{target op}}
  %r = linalg.pooling_ndhwc_max {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>}
      ins(%in, %w : tensor<1x2x4x4x8xf32>, tensor<2x2x2xf32>) outs(%out : tensor<1x1x2x2x8xf32>) -> tensor<1x1x2x2x8xf32>
  return %r : tensor<1x1x2x2x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pool = transform.structured.match ops{["linalg.pooling_ndhwc_max"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot downscale the target: its depth window is 2 and its output depth 1 (both must be 1)}}
    %two = transform.sched.downscale_3d_convolution %pool : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A 2-D convolution is not a target.

func.func @two_d(%in: tensor<1x3x3x8xf32>, %f: tensor<3x3x8x16xf32>, %out: tensor<1x1x1x16xf32>) -> tensor<1x1x1x16xf32> {
  // expected-note @below {{target op}}
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x3x3x8xf32>, tensor<3x3x8x16xf32>) outs(%out : tensor<1x1x1x16xf32>) -> tensor<1x1x1x16xf32>
  return %r : tensor<1x1x1x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot downscale the target: it is not a 3-D convolution or pooling with a 2-D counterpart}}
    %two = transform.sched.downscale_3d_convolution %conv : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// An output depth of 2.

func.func @deep_output(%in: tensor<1x2x3x3x8xf32>, %f: tensor<1x3x3x8xf32>, %out: tensor<1x2x1x1x8xf32>) -> tensor<1x2x1x1x8xf32> {
  // expected-note @below {{target op}}
  %r = linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%in, %f : tensor<1x2x3x3x8xf32>, tensor<1x3x3x8xf32>) outs(%out : tensor<1x2x1x1x8xf32>) -> tensor<1x2x1x1x8xf32>
  return %r : tensor<1x2x1x1x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.depthwise_conv_3d_ndhwc_dhwc"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot downscale the target: its depth window is 1 and its output depth 2 (both must be 1)}}
    %two = transform.sched.downscale_3d_convolution %conv : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Buffers are not rewritten.

func.func @on_buffers(%in: memref<1x1x3x3x8xf32>, %f: memref<1x3x3x8xf32>, %out: memref<1x1x1x1x8xf32>) {
  // expected-note @below {{target op}}
  linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%in, %f : memref<1x1x3x3x8xf32>, memref<1x3x3x8xf32>) outs(%out : memref<1x1x1x1x8xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["linalg.depthwise_conv_3d_ndhwc_dhwc"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot downscale the target: its operands are not all tensors}}
    %two = transform.sched.downscale_3d_convolution %conv : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
