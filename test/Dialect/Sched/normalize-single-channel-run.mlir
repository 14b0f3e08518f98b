// Single-channel convolutions computed as written and as normalization
// rewrites them (linalg.conv_2d between reshapes,
// normalize-single-channel.mlir) give the same values: the tuner verifies
// its programs against the normalized func, so only this run checks the
// rewrite itself (every layout, a non-square filter, a non-fill init, a
// consumer of the expanded result).
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

// NORM-COUNT-5: linalg.conv_2d ins
// NORM-NOT:     linalg.conv_2d_n
// NORM-NOT:     linalg.depthwise

// Five results printed, none all zeros.
// CHECK-COUNT-5: ( {{.*[1-9].*}} )

func.func @nhwc(%in: tensor<1x7x9x1xf32>, %w: tensor<2x3x1x1xf32>, %b: tensor<1xf32>) -> tensor<1x6x7x1xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6x7x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x6x7x1xf32>) -> tensor<1x6x7x1xf32>
  %c = linalg.conv_2d_nhwc_hwcf ins(%in, %w : tensor<1x7x9x1xf32>, tensor<2x3x1x1xf32>)
      outs(%f : tensor<1x6x7x1xf32>) -> tensor<1x6x7x1xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %b : tensor<1x6x7x1xf32>, tensor<1xf32>) outs(%e : tensor<1x6x7x1xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<1x6x7x1xf32>
  return %r : tensor<1x6x7x1xf32>
}

func.func @nchw(%in: tensor<1x1x7x9xf32>, %w: tensor<1x1x2x3xf32>, %init: tensor<1x1x6x7xf32>) -> tensor<1x1x6x7xf32> {
  %c = linalg.conv_2d_nchw_fchw ins(%in, %w : tensor<1x1x7x9xf32>, tensor<1x1x2x3xf32>)
      outs(%init : tensor<1x1x6x7xf32>) -> tensor<1x1x6x7xf32>
  return %c : tensor<1x1x6x7xf32>
}

func.func @depthwise(%in: tensor<1x7x9x1xf32>, %w: tensor<2x3x1xf32>) -> tensor<1x6x7x1xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6x7x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x6x7x1xf32>) -> tensor<1x6x7x1xf32>
  %c = linalg.depthwise_conv_2d_nhwc_hwc ins(%in, %w : tensor<1x7x9x1xf32>, tensor<2x3x1xf32>)
      outs(%f : tensor<1x6x7x1xf32>) -> tensor<1x6x7x1xf32>
  return %c : tensor<1x6x7x1xf32>
}

func.func @depthwise_nchw(%in: tensor<1x1x7x9xf32>, %w: tensor<1x2x3xf32>) -> tensor<1x1x6x7xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x6x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x1x6x7xf32>) -> tensor<1x1x6x7xf32>
  %c = linalg.depthwise_conv_2d_nchw_chw ins(%in, %w : tensor<1x1x7x9xf32>, tensor<1x2x3xf32>)
      outs(%f : tensor<1x1x6x7xf32>) -> tensor<1x1x6x7xf32>
  return %c : tensor<1x1x6x7xf32>
}

func.func @fhwc(%in: tensor<1x7x9x1xf32>, %w: tensor<1x2x3x1xf32>) -> tensor<1x6x7x1xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6x7x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x6x7x1xf32>) -> tensor<1x6x7x1xf32>
  %c = linalg.conv_2d_nhwc_fhwc ins(%in, %w : tensor<1x7x9x1xf32>, tensor<1x2x3x1xf32>)
      outs(%f : tensor<1x6x7x1xf32>) -> tensor<1x6x7x1xf32>
  return %c : tensor<1x6x7x1xf32>
}

// Distinct values: element (i, j) of a 2-D tensor is (5i + 3j + s) mod 11 - 5.
func.func @main() {
  %c0 = arith.constant 0 : index
  %zf = arith.constant 0.0 : f32
  %ie = tensor.empty() : tensor<7x9xf32>
  %is = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%ie : tensor<7x9xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %v = affine.apply affine_map<(i, j) -> ((i * 5 + j * 3 + 0) mod 11 - 5)>(%i, %j)
    %n = arith.index_cast %v : index to i32
    %x = arith.sitofp %n : i32 to f32
    linalg.yield %x : f32
  } -> tensor<7x9xf32>
  %we = tensor.empty() : tensor<2x3xf32>
  %ws = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%we : tensor<2x3xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %v = affine.apply affine_map<(i, j) -> ((i * 5 + j * 3 + 1) mod 11 - 5)>(%i, %j)
    %n = arith.index_cast %v : index to i32
    %x = arith.sitofp %n : i32 to f32
    linalg.yield %x : f32
  } -> tensor<2x3xf32>
  %oe = tensor.empty() : tensor<6x7xf32>
  %os = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%oe : tensor<6x7xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %v = affine.apply affine_map<(i, j) -> ((i * 5 + j * 3 + 2) mod 11 - 5)>(%i, %j)
    %n = arith.index_cast %v : index to i32
    %x = arith.sitofp %n : i32 to f32
    linalg.yield %x : f32
  } -> tensor<6x7xf32>

  %nhwc_in = tensor.expand_shape %is [[0, 1], [2, 3]] output_shape [1, 7, 9, 1] : tensor<7x9xf32> into tensor<1x7x9x1xf32>
  %nchw_in = tensor.expand_shape %is [[0, 1, 2], [3]] output_shape [1, 1, 7, 9] : tensor<7x9xf32> into tensor<1x1x7x9xf32>
  %hwcf = tensor.expand_shape %ws [[0], [1, 2, 3]] output_shape [2, 3, 1, 1] : tensor<2x3xf32> into tensor<2x3x1x1xf32>
  %fchw = tensor.expand_shape %ws [[0, 1, 2], [3]] output_shape [1, 1, 2, 3] : tensor<2x3xf32> into tensor<1x1x2x3xf32>
  %hwc = tensor.expand_shape %ws [[0], [1, 2]] output_shape [2, 3, 1] : tensor<2x3xf32> into tensor<2x3x1xf32>
  %chw = tensor.expand_shape %ws [[0, 1], [2]] output_shape [1, 2, 3] : tensor<2x3xf32> into tensor<1x2x3xf32>
  %fhwc = tensor.expand_shape %ws [[0, 1], [2, 3]] output_shape [1, 2, 3, 1] : tensor<2x3xf32> into tensor<1x2x3x1xf32>
  %init = tensor.expand_shape %os [[0, 1, 2], [3]] output_shape [1, 1, 6, 7] : tensor<6x7xf32> into tensor<1x1x6x7xf32>
  %bias = arith.constant dense<3.0> : tensor<1xf32>

  %r0 = func.call @nhwc(%nhwc_in, %hwcf, %bias) : (tensor<1x7x9x1xf32>, tensor<2x3x1x1xf32>, tensor<1xf32>) -> tensor<1x6x7x1xf32>
  %f0 = tensor.collapse_shape %r0 [[0, 1, 2, 3]] : tensor<1x6x7x1xf32> into tensor<42xf32>
  %v0 = vector.transfer_read %f0[%c0], %zf : tensor<42xf32>, vector<42xf32>
  vector.print %v0 : vector<42xf32>
  %r1 = func.call @nchw(%nchw_in, %fchw, %init) : (tensor<1x1x7x9xf32>, tensor<1x1x2x3xf32>, tensor<1x1x6x7xf32>) -> tensor<1x1x6x7xf32>
  %f1 = tensor.collapse_shape %r1 [[0, 1, 2, 3]] : tensor<1x1x6x7xf32> into tensor<42xf32>
  %v1 = vector.transfer_read %f1[%c0], %zf : tensor<42xf32>, vector<42xf32>
  vector.print %v1 : vector<42xf32>
  %r2 = func.call @depthwise(%nhwc_in, %hwc) : (tensor<1x7x9x1xf32>, tensor<2x3x1xf32>) -> tensor<1x6x7x1xf32>
  %f2 = tensor.collapse_shape %r2 [[0, 1, 2, 3]] : tensor<1x6x7x1xf32> into tensor<42xf32>
  %v2 = vector.transfer_read %f2[%c0], %zf : tensor<42xf32>, vector<42xf32>
  vector.print %v2 : vector<42xf32>
  %r3 = func.call @fhwc(%nhwc_in, %fhwc) : (tensor<1x7x9x1xf32>, tensor<1x2x3x1xf32>) -> tensor<1x6x7x1xf32>
  %f3 = tensor.collapse_shape %r3 [[0, 1, 2, 3]] : tensor<1x6x7x1xf32> into tensor<42xf32>
  %v3 = vector.transfer_read %f3[%c0], %zf : tensor<42xf32>, vector<42xf32>
  vector.print %v3 : vector<42xf32>
  %r4 = func.call @depthwise_nchw(%nchw_in, %chw) : (tensor<1x1x7x9xf32>, tensor<1x2x3xf32>) -> tensor<1x1x6x7xf32>
  %f4 = tensor.collapse_shape %r4 [[0, 1, 2, 3]] : tensor<1x1x6x7xf32> into tensor<42xf32>
  %v4 = vector.transfer_read %f4[%c0], %zf : tensor<42xf32>, vector<42xf32>
  vector.print %v4 : vector<42xf32>
  return
}
