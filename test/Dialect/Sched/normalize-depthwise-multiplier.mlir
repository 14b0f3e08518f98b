// Depthwise convolutions in HWCM (WCM) layout with a channel multiplier
// above 1 become the HWC (WC) op over C * M channels, each input channel
// repeated M times first: upstream vectorizes only the HWC op, and every
// HWCM program stayed scalar (a 32x32, 32-channel 3x3 one with multiplier
// 2: 85 us tuned before, 11 us after, docs/benchmarks.md).
// RUN: ansor-opt %s --split-input-file --sched-normalize-payload | FileCheck %s
// Both tuned and verified against the untuned lowering.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --split-input-file --ansor-tune="trials=4 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl" -o /dev/null 2> /dev/null
// RUN: python3 %S/../../Tuner/count-records.py %t/rec.jsonl "sched.tile" | FileCheck %s --check-prefix=REC
// REC: records 12, errors 0, matching 12

// CHECK-LABEL: func.func @hwcm
// CHECK-SAME:      (%[[IN:[^:]+]]: tensor<1x10x12x4xf32>, %[[W:[^:]+]]: tensor<3x3x4x2xf32>)
// CHECK:         %[[REP:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[IN]] : tensor<1x10x12x4xf32>) outs(%{{.+}} : tensor<1x10x12x4x2xf32>)
// CHECK-NEXT:    ^bb0(%[[V:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:      linalg.yield %[[V]] : f32
// CHECK:         %[[IN2:.+]] = tensor.collapse_shape %[[REP]] {{\[\[}}0], [1], [2], [3, 4]] : tensor<1x10x12x4x2xf32> into tensor<1x10x12x8xf32>
// CHECK:         %[[W2:.+]] = tensor.collapse_shape %[[W]] {{\[\[}}0], [1], [2, 3]] : tensor<3x3x4x2xf32> into tensor<3x3x8xf32>
// CHECK:         %[[FILL:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<1x8x10x8xf32>)
// CHECK:         %[[CONV:.+]] = linalg.depthwise_conv_2d_nhwc_hwc {{.*}} ins(%[[IN2]], %[[W2]] : tensor<1x10x12x8xf32>, tensor<3x3x8xf32>) outs(%[[FILL]] : tensor<1x8x10x8xf32>)
// CHECK:         %[[OUT:.+]] = tensor.expand_shape %[[CONV]] {{\[\[}}0], [1], [2], [3, 4]] output_shape [1, 8, 10, 4, 2]
// CHECK:         return %[[OUT]]
// CHECK-NOT:     linalg.depthwise_conv_2d_nhwc_hwcm
func.func @hwcm(%x: tensor<1x10x12x4xf32>, %w: tensor<3x3x4x2xf32>) -> tensor<1x8x10x4x2xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x10x4x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x10x4x2xf32>) -> tensor<1x8x10x4x2xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<1x10x12x4xf32>, tensor<3x3x4x2xf32>) outs(%f : tensor<1x8x10x4x2xf32>) -> tensor<1x8x10x4x2xf32>
  return %r : tensor<1x8x10x4x2xf32>
}

// -----

// A strided 1-D one accumulating into an argument, its result collapsed as
// TOSA does: the init is collapsed, the collapse reads the new op.
// CHECK-LABEL: func.func @wcm
// CHECK-SAME:      (%[[IN:[^:]+]]: tensor<2x17x6xf32>, %[[W:[^:]+]]: tensor<3x6x3xf32>, %[[INIT:[^:]+]]: tensor<2x8x6x3xf32>)
// CHECK:         %[[REP:.+]] = linalg.generic {{.*}} ins(%[[IN]] : tensor<2x17x6xf32>) outs(%{{.+}} : tensor<2x17x6x3xf32>)
// CHECK:         %[[IN2:.+]] = tensor.collapse_shape %[[REP]] {{\[\[}}0], [1], [2, 3]] : tensor<2x17x6x3xf32> into tensor<2x17x18xf32>
// CHECK:         %[[W2:.+]] = tensor.collapse_shape %[[W]] {{\[\[}}0], [1, 2]] : tensor<3x6x3xf32> into tensor<3x18xf32>
// CHECK:         %[[INIT2:.+]] = tensor.collapse_shape %[[INIT]] {{\[\[}}0], [1], [2, 3]] : tensor<2x8x6x3xf32> into tensor<2x8x18xf32>
// CHECK:         %[[CONV:.+]] = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%[[IN2]], %[[W2]] : tensor<2x17x18xf32>, tensor<3x18xf32>) outs(%[[INIT2]] : tensor<2x8x18xf32>)
// CHECK-NOT:     tensor.expand_shape
// CHECK:         linalg.generic {{.*}} ins(%[[CONV]] : tensor<2x8x18xf32>)
func.func @wcm(%x: tensor<2x17x6xf32>, %w: tensor<3x6x3xf32>, %init: tensor<2x8x6x3xf32>) -> tensor<2x8x18xf32> {
  %r = linalg.depthwise_conv_1d_nwc_wcm {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
     ins(%x, %w : tensor<2x17x6xf32>, tensor<3x6x3xf32>) outs(%init : tensor<2x8x6x3xf32>) -> tensor<2x8x6x3xf32>
  %c = tensor.collapse_shape %r [[0], [1], [2, 3]] : tensor<2x8x6x3xf32> into tensor<2x8x18xf32>
  %e = tensor.empty() : tensor<2x8x18xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(n, w, c) -> (n, w, c)>, affine_map<(n, w, c) -> (n, w, c)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%c : tensor<2x8x18xf32>) outs(%e : tensor<2x8x18xf32>) {
  ^bb0(%v: f32, %out: f32):
    %m = arith.maximumf %v, %v : f32
    %t = math.tanh %m : f32
    linalg.yield %t : f32
  } -> tensor<2x8x18xf32>
  return %o : tensor<2x8x18xf32>
}

// -----

// A 3-D one: DHWCM becomes DHWC over C * M channels.
// CHECK-LABEL: func.func @dhwcm
// CHECK-SAME:      (%[[IN:[^:]+]]: tensor<1x4x6x6x4xf32>, %[[W:[^:]+]]: tensor<3x3x3x4x2xf32>)
// CHECK:         %[[REP:.+]] = linalg.generic {{.*}} ins(%[[IN]] : tensor<1x4x6x6x4xf32>) outs(%{{.+}} : tensor<1x4x6x6x4x2xf32>)
// CHECK:         %[[IN2:.+]] = tensor.collapse_shape %[[REP]] {{\[\[}}0], [1], [2], [3], [4, 5]] : tensor<1x4x6x6x4x2xf32> into tensor<1x4x6x6x8xf32>
// CHECK:         %[[W2:.+]] = tensor.collapse_shape %[[W]] {{\[\[}}0], [1], [2], [3, 4]] : tensor<3x3x3x4x2xf32> into tensor<3x3x3x8xf32>
// CHECK:         %[[CONV:.+]] = linalg.depthwise_conv_3d_ndhwc_dhwc {{.*}} ins(%[[IN2]], %[[W2]] : tensor<1x4x6x6x8xf32>, tensor<3x3x3x8xf32>) outs(%{{.+}} : tensor<1x2x4x4x8xf32>)
// CHECK:         tensor.expand_shape %[[CONV]] {{\[\[}}0], [1], [2], [3], [4, 5]] output_shape [1, 2, 4, 4, 4, 2]
// CHECK-NOT:     linalg.depthwise_conv_3d_ndhwc_dhwcm
func.func @dhwcm(%x: tensor<1x4x6x6x4xf32>, %w: tensor<3x3x3x4x2xf32>) -> tensor<1x2x4x4x4x2xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x4x4x4x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x2x4x4x4x2xf32>) -> tensor<1x2x4x4x4x2xf32>
  %r = linalg.depthwise_conv_3d_ndhwc_dhwcm {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
     ins(%x, %w : tensor<1x4x6x6x4xf32>, tensor<3x3x3x4x2xf32>) outs(%f : tensor<1x2x4x4x4x2xf32>) -> tensor<1x2x4x4x4x2xf32>
  return %r : tensor<1x2x4x4x4x2xf32>
}
