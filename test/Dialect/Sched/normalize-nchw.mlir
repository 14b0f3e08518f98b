// NCHW convolutions and poolings (PyTorch's layout) become their NHWC forms
// between transposes: decomposed to 1-D, upstream vectorized the NCHW forms
// with the channels in the vector lanes and transposed every block in and
// out (a 3x3, 32 -> 48 channel convolution with bias and ReLU: 74 GFLOP/s
// against 201 after, 64 trials each).
// RUN: ansor-opt %s --split-input-file --sched-normalize-payload | FileCheck %s
// Tuned and verified against the untuned lowering of the NCHW func.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --split-input-file --ansor-tune="trials=4 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl" -o /dev/null 2> /dev/null
// RUN: python3 %S/../../Tuner/count-records.py %t/rec.jsonl "sched.tile" | FileCheck %s --check-prefix=REC
// REC: records 36, errors 0, matching 36

// CHECK-LABEL: func.func @conv
// CHECK-SAME:      (%[[IN:[^:]+]]: tensor<1x4x10x10xf32>, %[[W:[^:]+]]: tensor<8x4x3x3xf32>,
// CHECK:         %[[NHWC:.+]] = linalg.transpose ins(%[[IN]] : tensor<1x4x10x10xf32>) outs(%{{.+}} : tensor<1x10x10x4xf32>) permutation = [0, 2, 3, 1]
// CHECK:         %[[HWCF:.+]] = linalg.transpose ins(%[[W]] : tensor<8x4x3x3xf32>) outs(%{{.+}} : tensor<3x3x4x8xf32>) permutation = [2, 3, 1, 0]
// CHECK:         %[[FILL:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<1x4x4x8xf32>)
// CHECK:         %[[CONV:.+]] = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, {{.*}}strides = dense<2> : tensor<2xi64>} ins(%[[NHWC]], %[[HWCF]] : {{.+}}) outs(%[[FILL]] : tensor<1x4x4x8xf32>)
// CHECK:         %[[NCHW:.+]] = linalg.transpose ins(%[[CONV]] : tensor<1x4x4x8xf32>) outs(%{{.+}} : tensor<1x8x4x4xf32>) permutation = [0, 3, 1, 2]
// CHECK:         linalg.generic {{.*}} ins(%[[NCHW]], %{{.+}} : tensor<1x8x4x4xf32>, tensor<8xf32>)
// CHECK-NOT:     linalg.conv_2d_nchw_fchw
func.func @conv(%in: tensor<1x4x10x10xf32>, %w: tensor<8x4x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x4x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %w : tensor<1x4x10x10xf32>, tensor<8x4x3x3xf32>) outs(%f : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %b : tensor<1x8x4x4xf32>, tensor<8xf32>) outs(%e : tensor<1x8x4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<1x8x4x4xf32>
  return %r : tensor<1x8x4x4xf32>
}

// -----

// An init that is not a fill is transposed too.
// CHECK-LABEL: func.func @depthwise_init
// CHECK-SAME:      (%[[IN:[^:]+]]: tensor<2x6x9x9xf32>, %[[W:[^:]+]]: tensor<6x3x3xf32>, %[[INIT:[^:]+]]: tensor<2x6x7x7xf32>)
// CHECK-DAG:     linalg.transpose ins(%[[W]] : tensor<6x3x3xf32>) outs(%{{.+}} : tensor<3x3x6xf32>) permutation = [1, 2, 0]
// CHECK-DAG:     %[[I:.+]] = linalg.transpose ins(%[[INIT]] : tensor<2x6x7x7xf32>) outs(%{{.+}} : tensor<2x7x7x6xf32>) permutation = [0, 2, 3, 1]
// CHECK:         %[[DW:.+]] = linalg.depthwise_conv_2d_nhwc_hwc {{.*}} outs(%[[I]] : tensor<2x7x7x6xf32>)
// CHECK:         linalg.transpose ins(%[[DW]] : tensor<2x7x7x6xf32>) outs(%{{.+}} : tensor<2x6x7x7xf32>) permutation = [0, 3, 1, 2]
func.func @depthwise_init(%in: tensor<2x6x9x9xf32>, %w: tensor<6x3x3xf32>, %init: tensor<2x6x7x7xf32>) -> tensor<2x6x7x7xf32> {
  %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %w : tensor<2x6x9x9xf32>, tensor<6x3x3xf32>) outs(%init : tensor<2x6x7x7xf32>) -> tensor<2x6x7x7xf32>
  return %c : tensor<2x6x7x7xf32>
}

// -----

// CHECK-LABEL: func.func @pool_max
// CHECK:         linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%{{.+}}, %{{.+}} : tensor<1x17x17x16xf32>, tensor<3x3xf32>) outs(%{{.+}} : tensor<1x8x8x16xf32>)
// CHECK-NOT:     linalg.pooling_nchw_max
func.func @pool_max(%a: tensor<1x16x17x17xf32>) -> tensor<1x16x8x8xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %k = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x16x8x8xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%a, %k : tensor<1x16x17x17xf32>, tensor<3x3xf32>) outs(%f : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %r : tensor<1x16x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @pool_sum
// CHECK:         linalg.pooling_nhwc_sum {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%{{.+}}, %{{.+}} : tensor<1x12x12x8xi32>, tensor<2x2xi32>) outs(%{{.+}} : tensor<1x10x10x8xi32>)
func.func @pool_sum(%a: tensor<1x8x12x12xi32>) -> tensor<1x8x10x10xi32> {
  %z = arith.constant 0 : i32
  %k = tensor.empty() : tensor<2x2xi32>
  %e = tensor.empty() : tensor<1x8x10x10xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<1x8x10x10xi32>) -> tensor<1x8x10x10xi32>
  %r = linalg.pooling_nchw_sum {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%a, %k : tensor<1x8x12x12xi32>, tensor<2x2xi32>) outs(%f : tensor<1x8x10x10xi32>) -> tensor<1x8x10x10xi32>
  return %r : tensor<1x8x10x10xi32>
}

// -----

// A 1x1 convolution, a matrix product upstream vectorizes well in NCHW,
// stays (157 GFLOP/s NCHW, 56 converted).
// CHECK-LABEL: func.func @conv1x1
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.conv_2d_nchw_fchw
func.func @conv1x1(%in: tensor<2x8x6x6xf32>, %w: tensor<16x8x1x1xf32>) -> tensor<2x16x6x6xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16x6x6xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x16x6x6xf32>) -> tensor<2x16x6x6xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %w : tensor<2x8x6x6xf32>, tensor<16x8x1x1xf32>) outs(%f : tensor<2x16x6x6xf32>) -> tensor<2x16x6x6xf32>
  return %c : tensor<2x16x6x6xf32>
}

// -----

// Chained, the transposes between the converted ops cancel: the bias and
// ReLU compute in NHWC (the bias read along the new innermost loop), and
// only the func's input, the filter and the final result are transposed.
// CHECK-LABEL: func.func @chain
// CHECK-COUNT-2: linalg.transpose
// CHECK:         %[[CONV:.+]] = linalg.conv_2d_nhwc_hwcf
// CHECK-NOT:     linalg.transpose
// CHECK:         %[[ACT:.+]] = linalg.generic {indexing_maps = [#{{.+}}, #[[BIAS:.+]], #{{.+}}], {{.*}}} ins(%[[CONV]], %{{.+}} : tensor<1x8x8x8xf32>, tensor<8xf32>) outs(%{{.+}} : tensor<1x8x8x8xf32>)
// CHECK-NOT:     linalg.transpose
// CHECK:         %[[POOL:.+]] = linalg.pooling_nhwc_max {{.*}} ins(%[[ACT]], %{{.+}} : tensor<1x8x8x8xf32>, tensor<2x2xf32>)
// CHECK:         linalg.transpose ins(%[[POOL]] : tensor<1x4x4x8xf32>) outs(%{{.+}} : tensor<1x8x4x4xf32>) permutation = [0, 3, 1, 2]
// CHECK-NOT:     linalg.transpose
func.func @chain(%in: tensor<1x4x10x10xf32>, %w: tensor<8x4x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %z = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %w : tensor<1x4x10x10xf32>, tensor<8x4x3x3xf32>) outs(%f : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %b : tensor<1x8x8x8xf32>, tensor<8xf32>) outs(%e : tensor<1x8x8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x8xf32>
  %k = tensor.empty() : tensor<2x2xf32>
  %pe = tensor.empty() : tensor<1x8x4x4xf32>
  %pf = linalg.fill ins(%ninf : f32) outs(%pe : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %p = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%r, %k : tensor<1x8x8x8xf32>, tensor<2x2xf32>) outs(%pf : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %p : tensor<1x8x4x4xf32>
}

// -----

// A pooling read by a convolution: the pooling's transpose back to NCHW and
// the convolution's to NHWC compose to the identity and both go.
// CHECK-LABEL: func.func @pool_conv
// CHECK:         %[[POOL:.+]] = linalg.pooling_nhwc_max
// CHECK-NOT:     linalg.transpose ins(%[[POOL]]
// CHECK:         linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[POOL]], %{{.+}} : tensor<1x4x4x4xf32>, tensor<2x2x4x8xf32>)
func.func @pool_conv(%in: tensor<1x4x8x8xf32>, %w: tensor<8x4x2x2xf32>) -> tensor<1x8x3x3xf32> {
  %z = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %k = tensor.empty() : tensor<2x2xf32>
  %pe = tensor.empty() : tensor<1x4x4x4xf32>
  %pf = linalg.fill ins(%ninf : f32) outs(%pe : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %p = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %k : tensor<1x4x8x8xf32>, tensor<2x2xf32>) outs(%pf : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %e = tensor.empty() : tensor<1x8x3x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x3x3xf32>) -> tensor<1x8x3x3xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x4x4x4xf32>, tensor<8x4x2x2xf32>) outs(%f : tensor<1x8x3x3xf32>) -> tensor<1x8x3x3xf32>
  return %c : tensor<1x8x3x3xf32>
}

// -----

// A 3-D one too: an NCDHW convolution becomes the NDHWC one (then
// downscaled to 2-D blocks as that one is).
// CHECK-LABEL: func.func @conv3d
// CHECK-SAME:      (%[[IN:[^:]+]]: tensor<1x4x6x6x6xf32>, %[[W:[^:]+]]: tensor<8x4x3x3x3xf32>)
// CHECK:         %[[NDHWC:.+]] = linalg.transpose ins(%[[IN]] : tensor<1x4x6x6x6xf32>) outs(%{{.+}} : tensor<1x6x6x6x4xf32>) permutation = [0, 2, 3, 4, 1]
// CHECK:         %[[DHWCF:.+]] = linalg.transpose ins(%[[W]] : tensor<8x4x3x3x3xf32>) outs(%{{.+}} : tensor<3x3x3x4x8xf32>) permutation = [2, 3, 4, 1, 0]
// CHECK:         %[[CONV:.+]] = linalg.conv_3d_ndhwc_dhwcf {{.*}} ins(%[[NDHWC]], %[[DHWCF]] : {{.+}}) outs(%{{.+}} : tensor<1x4x4x4x8xf32>)
// CHECK:         linalg.transpose ins(%[[CONV]] : tensor<1x4x4x4x8xf32>) outs(%{{.+}} : tensor<1x8x4x4x4xf32>) permutation = [0, 4, 1, 2, 3]
// CHECK-NOT:     linalg.conv_3d_ncdhw_fcdhw
func.func @conv3d(%in: tensor<1x4x6x6x6xf32>, %w: tensor<8x4x3x3x3xf32>) -> tensor<1x8x4x4x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x4x4x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x4x4x4xf32>) -> tensor<1x8x4x4x4xf32>
  %c = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%in, %w : tensor<1x4x6x6x6xf32>, tensor<8x4x3x3x3xf32>) outs(%f : tensor<1x8x4x4x4xf32>) -> tensor<1x8x4x4x4xf32>
  return %c : tensor<1x8x4x4x4xf32>
}

// -----

// The NCDHW depthwise one stays: converted, its best program ran 0.8x the
// best scalar one, which LLVM vectorizes along its rows.
// CHECK-LABEL: func.func @depthwise3d
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.depthwise_conv_3d_ncdhw_cdhw
// CHECK-NOT:     linalg.transpose
func.func @depthwise3d(%in: tensor<1x8x6x9x9xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x4x4x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x4x4x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x4x4x4xf32>) -> tensor<1x8x4x4x4xf32>
  %c = linalg.depthwise_conv_3d_ncdhw_cdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<[1, 2, 2]> : tensor<3xi64>}
      ins(%in, %w : tensor<1x8x6x9x9xf32>, tensor<8x3x3x3xf32>) outs(%f : tensor<1x8x4x4x4xf32>) -> tensor<1x8x4x4x4xf32>
  return %c : tensor<1x8x4x4x4xf32>
}
