// NCHW convolutions and poolings computed as written and as normalization
// rewrites them (NHWC between transposes, normalize-nchw.mlir) give the same
// values: the tuner verifies its programs against the normalized func, so
// only this run checks the rewrite itself (transposes, filter layouts,
// strides and dilations, the defaults of omitted ones, a non-fill init).
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

// NORM-LABEL: func.func @conv
// NORM:         linalg.conv_2d_nhwc_hwcf
// NORM-LABEL: func.func @depthwise
// NORM:         linalg.depthwise_conv_2d_nhwc_hwc
// NORM-LABEL: func.func @pool_max
// NORM:         linalg.pooling_nhwc_max
// NORM-LABEL: func.func @pool_sum
// NORM:         linalg.pooling_nhwc_sum
// NORM-LABEL: func.func @chain
// NORM-COUNT-3: linalg.transpose
// NORM-NOT:     linalg.transpose
// NORM:         return

// Five results printed, none all zeros.
// CHECK-COUNT-5: ( {{.*[1-9].*}} )

// Strides and dilations omitted: their defaults, 1.
func.func @conv(%in: tensor<1x3x6x7xf32>, %w: tensor<4x3x3x2xf32>) -> tensor<1x4x4x6xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x6xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x4x6xf32>) -> tensor<1x4x4x6xf32>
  %c = linalg.conv_2d_nchw_fchw ins(%in, %w : tensor<1x3x6x7xf32>, tensor<4x3x3x2xf32>)
      outs(%f : tensor<1x4x4x6xf32>) -> tensor<1x4x4x6xf32>
  return %c : tensor<1x4x4x6xf32>
}

func.func @depthwise(%in: tensor<1x3x6x7xf32>, %w: tensor<3x2x2xf32>, %init: tensor<1x3x2x3xf32>) -> tensor<1x3x2x3xf32> {
  %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<[2, 2]> : tensor<2xi64>}
      ins(%in, %w : tensor<1x3x6x7xf32>, tensor<3x2x2xf32>) outs(%init : tensor<1x3x2x3xf32>) -> tensor<1x3x2x3xf32>
  return %c : tensor<1x3x2x3xf32>
}

func.func @pool_max(%in: tensor<1x3x6x7xf32>) -> tensor<1x3x2x2xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %k = tensor.empty() : tensor<3x2xf32>
  %e = tensor.empty() : tensor<1x3x2x2xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>}
      ins(%in, %k : tensor<1x3x6x7xf32>, tensor<3x2xf32>) outs(%f : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  return %r : tensor<1x3x2x2xf32>
}

func.func @pool_sum(%in: tensor<1x3x6x7xi32>) -> tensor<1x3x4x5xi32> {
  %z = arith.constant 0 : i32
  %k = tensor.empty() : tensor<2x2xi32>
  %e = tensor.empty() : tensor<1x3x4x5xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<1x3x4x5xi32>) -> tensor<1x3x4x5xi32>
  %r = linalg.pooling_nchw_sum {dilations = dense<[2, 2]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %k : tensor<1x3x6x7xi32>, tensor<2x2xi32>) outs(%f : tensor<1x3x4x5xi32>) -> tensor<1x3x4x5xi32>
  return %r : tensor<1x3x4x5xi32>
}

// A chain whose transposes cancel (normalize-nchw.mlir, @chain).
func.func @chain(%in: tensor<1x3x6x7xf32>, %w: tensor<4x3x3x2xf32>, %b: tensor<4xf32>) -> tensor<1x4x2x3xf32> {
  %z = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<1x4x4x6xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x4x6xf32>) -> tensor<1x4x4x6xf32>
  %c = linalg.conv_2d_nchw_fchw ins(%in, %w : tensor<1x3x6x7xf32>, tensor<4x3x3x2xf32>)
      outs(%f : tensor<1x4x4x6xf32>) -> tensor<1x4x4x6xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %b : tensor<1x4x4x6xf32>, tensor<4xf32>) outs(%e : tensor<1x4x4x6xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x6xf32>
  %k = tensor.empty() : tensor<2x2xf32>
  %pe = tensor.empty() : tensor<1x4x2x3xf32>
  %pf = linalg.fill ins(%ninf : f32) outs(%pe : tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
  %p = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%r, %k : tensor<1x4x4x6xf32>, tensor<2x2xf32>) outs(%pf : tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
  return %p : tensor<1x4x2x3xf32>
}

// Distinct inputs: element (i, j, k, l) of a 4-D input is
// (7i + 5j + 3k + l) mod 11 - 5 (a 3-D one: 5i + 3j + k).
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %zf = arith.constant 0.0 : f32
  %zi = arith.constant 0 : i32
  %in_e = tensor.empty() : tensor<1x3x6x7xf32>
  %in = linalg.generic {indexing_maps = [affine_map<(i, j, k, l) -> (i, j, k, l)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%in_e : tensor<1x3x6x7xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %l = linalg.index 3 : index
    %v = affine.apply affine_map<(i, j, k, l) -> ((i * 7 + j * 5 + k * 3 + l * 1) mod 11 - 5)>(%i, %j, %k, %l)
    %n = arith.index_cast %v : index to i32
    %x = arith.sitofp %n : i32 to f32
    linalg.yield %x : f32
  } -> tensor<1x3x6x7xf32>
  %w_e = tensor.empty() : tensor<4x3x3x2xf32>
  %w = linalg.generic {indexing_maps = [affine_map<(i, j, k, l) -> (i, j, k, l)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%w_e : tensor<4x3x3x2xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %l = linalg.index 3 : index
    %v = affine.apply affine_map<(i, j, k, l) -> ((i * 7 + j * 5 + k * 3 + l * 1) mod 11 - 5)>(%i, %j, %k, %l)
    %n = arith.index_cast %v : index to i32
    %x = arith.sitofp %n : i32 to f32
    linalg.yield %x : f32
  } -> tensor<4x3x3x2xf32>
  %dw_e = tensor.empty() : tensor<3x2x2xf32>
  %dw = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%dw_e : tensor<3x2x2xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %v = affine.apply affine_map<(i, j, k) -> ((i * 5 + j * 3 + k * 1) mod 11 - 5)>(%i, %j, %k)
    %n = arith.index_cast %v : index to i32
    %x = arith.sitofp %n : i32 to f32
    linalg.yield %x : f32
  } -> tensor<3x2x2xf32>
  %init_e = tensor.empty() : tensor<1x3x2x3xf32>
  %init = linalg.generic {indexing_maps = [affine_map<(i, j, k, l) -> (i, j, k, l)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%init_e : tensor<1x3x2x3xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %l = linalg.index 3 : index
    %v = affine.apply affine_map<(i, j, k, l) -> ((i * 7 + j * 5 + k * 3 + l * 1) mod 11 - 5)>(%i, %j, %k, %l)
    %n = arith.index_cast %v : index to i32
    %x = arith.sitofp %n : i32 to f32
    linalg.yield %x : f32
  } -> tensor<1x3x2x3xf32>
  %ei = tensor.empty() : tensor<1x3x6x7xi32>
  %ini = linalg.generic {indexing_maps = [affine_map<(i, j, k, l) -> (i, j, k, l)>, affine_map<(i, j, k, l) -> (i, j, k, l)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%in : tensor<1x3x6x7xf32>) outs(%ei : tensor<1x3x6x7xi32>) {
  ^bb0(%x: f32, %o: i32):
    %y = arith.fptosi %x : f32 to i32
    linalg.yield %y : i32
  } -> tensor<1x3x6x7xi32>

  %r0 = func.call @conv(%in, %w) : (tensor<1x3x6x7xf32>, tensor<4x3x3x2xf32>) -> tensor<1x4x4x6xf32>
  %f0 = tensor.collapse_shape %r0 [[0, 1, 2, 3]] : tensor<1x4x4x6xf32> into tensor<96xf32>
  %v0 = vector.transfer_read %f0[%c0], %zf : tensor<96xf32>, vector<96xf32>
  vector.print %v0 : vector<96xf32>
  %r1 = func.call @depthwise(%in, %dw, %init) : (tensor<1x3x6x7xf32>, tensor<3x2x2xf32>, tensor<1x3x2x3xf32>) -> tensor<1x3x2x3xf32>
  %f1 = tensor.collapse_shape %r1 [[0, 1, 2, 3]] : tensor<1x3x2x3xf32> into tensor<18xf32>
  %v1 = vector.transfer_read %f1[%c0], %zf : tensor<18xf32>, vector<18xf32>
  vector.print %v1 : vector<18xf32>
  %r2 = func.call @pool_max(%in) : (tensor<1x3x6x7xf32>) -> tensor<1x3x2x2xf32>
  %f2 = tensor.collapse_shape %r2 [[0, 1, 2, 3]] : tensor<1x3x2x2xf32> into tensor<12xf32>
  %v2 = vector.transfer_read %f2[%c0], %zf : tensor<12xf32>, vector<12xf32>
  vector.print %v2 : vector<12xf32>
  %r3 = func.call @pool_sum(%ini) : (tensor<1x3x6x7xi32>) -> tensor<1x3x4x5xi32>
  %f3 = tensor.collapse_shape %r3 [[0, 1, 2, 3]] : tensor<1x3x4x5xi32> into tensor<60xi32>
  %v3 = vector.transfer_read %f3[%c0], %zi : tensor<60xi32>, vector<60xi32>
  vector.print %v3 : vector<60xi32>
  %be = tensor.empty() : tensor<4xf32>
  %bias = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%be : tensor<4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %n = arith.index_cast %i : index to i32
    %x = arith.sitofp %n : i32 to f32
    %h = arith.constant 1.5 : f32
    %y = arith.subf %x, %h : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  %r4 = func.call @chain(%in, %w, %bias) : (tensor<1x3x6x7xf32>, tensor<4x3x3x2xf32>, tensor<4xf32>) -> tensor<1x4x2x3xf32>
  %f4 = tensor.collapse_shape %r4 [[0, 1, 2, 3]] : tensor<1x4x2x3xf32> into tensor<24xf32>
  %v4 = vector.transfer_read %f4[%c0], %zf : tensor<24xf32>, vector<24xf32>
  vector.print %v4 : vector<24xf32>
  return
}
