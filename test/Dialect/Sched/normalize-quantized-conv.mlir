// Quantized convolutions (the `_q` ops TOSA lowers quantized models to)
// become the ops without zero points, reading their input and filter minus
// the zero points (a generic each, none for a constant 0 zero point): upstream
// decomposes and vectorizes only those, and every quantized program stayed
// scalar (docs/benchmarks.md).
// RUN: ansor-opt %s --split-input-file --sched-normalize-payload | FileCheck %s
// Tuned and verified against the untuned lowering of the quantized funcs
// (zero points drawn as any other scalar argument).
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --split-input-file --ansor-tune="trials=4 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl" -o /dev/null 2> /dev/null
// RUN: python3 %S/../../Tuner/count-records.py %t/rec.jsonl "sched.vectorize" | FileCheck %s --check-prefix=REC
// REC: records 20, errors 0, matching {{[1-9][0-9]*}},

// CHECK-LABEL: func.func @hwcf_q
// CHECK-SAME:      (%[[IN:[^:]+]]: tensor<1x10x10x8xi8>, %[[W:[^:]+]]: tensor<3x3x8x16xi8>, %[[IZP:[^:]+]]: i32, %[[KZP:[^:]+]]: i32)
// CHECK:         %[[X:.+]] = linalg.generic {{.*}} ins(%[[IN]], %[[IZP]] : tensor<1x10x10x8xi8>, i32) outs(%{{.+}} : tensor<1x10x10x8xi32>)
// CHECK-NEXT:    ^bb0(%[[A:.+]]: i8, %[[Z:.+]]: i32, %{{.+}}: i32):
// CHECK-NEXT:      %[[E:.+]] = arith.extsi %[[A]] : i8 to i32
// CHECK-NEXT:      %[[D:.+]] = arith.subi %[[E]], %[[Z]] : i32
// CHECK-NEXT:      linalg.yield %[[D]] : i32
// CHECK:         %[[F:.+]] = linalg.generic {{.*}} ins(%[[W]], %[[KZP]] : tensor<3x3x8x16xi8>, i32) outs(%{{.+}} : tensor<3x3x8x16xi32>)
// CHECK:         linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%[[X]], %[[F]] : tensor<1x10x10x8xi32>, tensor<3x3x8x16xi32>) outs(%{{.+}} : tensor<1x4x6x16xi32>)
// CHECK-NOT:     _q
func.func @hwcf_q(%x: tensor<1x10x10x8xi8>, %w: tensor<3x3x8x16xi8>, %izp: i32, %kzp: i32) -> tensor<1x4x6x16xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x4x6x16xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<1x4x6x16xi32>) -> tensor<1x4x6x16xi32>
  %r = linalg.conv_2d_nhwc_hwcf_q {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
      ins(%x, %w, %izp, %kzp : tensor<1x10x10x8xi8>, tensor<3x3x8x16xi8>, i32, i32) outs(%f : tensor<1x4x6x16xi32>) -> tensor<1x4x6x16xi32>
  return %r : tensor<1x4x6x16xi32>
}

// -----

// TOSA's layout with a constant 0 filter zero point: only the input is
// offset; the filter is read as it is, transposed to HWCF as any FHWC
// convolution's (convertFilterLayouts).
// CHECK-LABEL: func.func @fhwc_q
// CHECK-SAME:      (%[[IN:[^:]+]]: tensor<1x6x6x4xi8>, %[[W:[^:]+]]: tensor<8x3x3x4xi8>, %[[IZP:[^:]+]]: i32)
// CHECK:         %[[X:.+]] = linalg.generic {{.*}} ins(%[[IN]], %[[IZP]] : tensor<1x6x6x4xi8>, i32)
// CHECK:         %[[F:.+]] = linalg.transpose ins(%[[W]] : tensor<8x3x3x4xi8>) outs(%{{.+}} : tensor<3x3x4x8xi8>) permutation = [1, 2, 3, 0]
// CHECK:         linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[X]], %[[F]] : tensor<1x6x6x4xi32>, tensor<3x3x4x8xi8>) outs(%{{.+}} : tensor<1x4x4x8xi32>)
// CHECK-NOT:     _q
func.func @fhwc_q(%x: tensor<1x6x6x4xi8>, %w: tensor<8x3x3x4xi8>, %izp: i32) -> tensor<1x4x4x8xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x4x4x8xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<1x4x4x8xi32>) -> tensor<1x4x4x8xi32>
  %r = linalg.conv_2d_nhwc_fhwc_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w, %izp, %z : tensor<1x6x6x4xi8>, tensor<8x3x3x4xi8>, i32, i32) outs(%f : tensor<1x4x4x8xi32>) -> tensor<1x4x4x8xi32>
  return %r : tensor<1x4x4x8xi32>
}

// -----

// CHECK-LABEL: func.func @depthwise_q
// CHECK:         linalg.depthwise_conv_2d_nhwc_hwc {{.*}} ins(%{{.+}}, %{{.+}} : tensor<1x8x8x16xi32>, tensor<3x3x16xi32>) outs(%{{.+}} : tensor<1x6x6x16xi32>)
// CHECK-NOT:     _q
func.func @depthwise_q(%x: tensor<1x8x8x16xi8>, %w: tensor<3x3x16xi8>, %izp: i32, %kzp: i32) -> tensor<1x6x6x16xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x6x6x16xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<1x6x6x16xi32>) -> tensor<1x6x6x16xi32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w, %izp, %kzp : tensor<1x8x8x16xi8>, tensor<3x3x16xi8>, i32, i32) outs(%f : tensor<1x6x6x16xi32>) -> tensor<1x6x6x16xi32>
  return %r : tensor<1x6x6x16xi32>
}

// -----

// An HWCM one becomes HWCM, then HWC over C * M channels.
// CHECK-LABEL: func.func @hwcm_q
// CHECK:         linalg.depthwise_conv_2d_nhwc_hwc {{.*}} ins(%{{.+}}, %{{.+}} : tensor<1x8x8x16xi32>, tensor<3x3x16xi32>) outs(%{{.+}} : tensor<1x6x6x16xi32>)
// CHECK-NOT:     _q
// CHECK-NOT:     linalg.depthwise_conv_2d_nhwc_hwcm
func.func @hwcm_q(%x: tensor<1x8x8x8xi8>, %w: tensor<3x3x8x2xi8>, %izp: i32, %kzp: i32) -> tensor<1x6x6x8x2xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x6x6x8x2xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<1x6x6x8x2xi32>) -> tensor<1x6x6x8x2xi32>
  %r = linalg.depthwise_conv_2d_nhwc_hwcm_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w, %izp, %kzp : tensor<1x8x8x8xi8>, tensor<3x3x8x2xi8>, i32, i32) outs(%f : tensor<1x6x6x8x2xi32>) -> tensor<1x6x6x8x2xi32>
  return %r : tensor<1x6x6x8x2xi32>
}

// -----

// CHECK-LABEL: func.func @ndhwc_q
// CHECK:         linalg.conv_3d_ndhwc_dhwcf {{.*}} ins(%{{.+}}, %{{.+}} : tensor<1x4x6x6x4xi32>, tensor<3x3x3x4x8xi32>) outs(%{{.+}} : tensor<1x2x4x4x8xi32>)
// CHECK-NOT:     _q
func.func @ndhwc_q(%x: tensor<1x4x6x6x4xi8>, %w: tensor<3x3x3x4x8xi8>, %izp: i32, %kzp: i32) -> tensor<1x2x4x4x8xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x2x4x4x8xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<1x2x4x4x8xi32>) -> tensor<1x2x4x4x8xi32>
  %r = linalg.conv_3d_ndhwc_dhwcf_q {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %w, %izp, %kzp : tensor<1x4x6x6x4xi8>, tensor<3x3x3x4x8xi8>, i32, i32) outs(%f : tensor<1x2x4x4x8xi32>) -> tensor<1x2x4x4x8xi32>
  return %r : tensor<1x2x4x4x8xi32>
}
