// 1-D NCW convolutions and poolings (PyTorch's Conv1d and pooling layouts)
// become their NWC forms between transposes, as the NCHW ones do
// (normalize-nchw.mlir): upstream vectorizes the NWC forms with the channels
// in the vector lanes, and does not vectorize depthwise_conv_1d_ncw_cw at
// all. The values computed as written and as rewritten are the same (the
// tuner verifies its programs against the normalized func, so only this
// run checks the rewrite itself).
// RUN: ansor-opt %s --sched-normalize-payload | FileCheck %s --check-prefix=NORM
// RUN: ansor-opt %s --ansor-lower-cpu \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so -shared-libs=%mlir_lib_dir/libmlir_runner_utils.so \
// RUN:     -shared-libs=%mlir_lib_dir/libomp.so | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.written
// RUN: ansor-opt %s --sched-normalize-payload --ansor-lower-cpu \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so -shared-libs=%mlir_lib_dir/libmlir_runner_utils.so \
// RUN:     -shared-libs=%mlir_lib_dir/libomp.so | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.normalized
// RUN: FileCheck %s < %t.written
// RUN: diff %t.written %t.normalized

// NORM-LABEL: func.func @conv
// NORM:         linalg.transpose ins(%{{.+}} : tensor<2x3x9xf32>) outs(%{{.+}} : tensor<2x9x3xf32>) permutation = [0, 2, 1]
// NORM:         linalg.transpose ins(%{{.+}} : tensor<4x3x3xf32>) outs(%{{.+}} : tensor<3x3x4xf32>) permutation = [2, 1, 0]
// NORM:         linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
// NORM:         linalg.transpose ins(%{{.+}} : tensor<2x4x4xf32>) outs(%{{.+}} : tensor<2x4x4xf32>) permutation = [0, 2, 1]
// NORM-NOT:     linalg.conv_1d_ncw_fcw
// NORM-LABEL: func.func @depthwise
// NORM:         linalg.transpose ins(%{{.+}} : tensor<3x2xf32>) outs(%{{.+}} : tensor<2x3xf32>) permutation = [1, 0]
// NORM:         linalg.depthwise_conv_1d_nwc_wc {dilations = dense<2> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
// NORM-LABEL: func.func @pool_max
// NORM:         linalg.pooling_nwc_max
// NORM-LABEL: func.func @pool_sum
// NORM:         linalg.pooling_nwc_sum
// A 1-wide convolution is a matrix product; it stays.
// NORM-LABEL: func.func @conv1x1
// NORM-NOT:     linalg.transpose
// NORM:         linalg.conv_1d_ncw_fcw

// Five results printed, each with a nonzero element.
// CHECK-COUNT-5: Unranked Memref {{.*}}rank = 3{{.*}}
// CHECK-NOT:     Unranked

func.func @conv(%in: tensor<2x3x9xf32>, %w: tensor<4x3x3xf32>) -> tensor<2x4x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %c = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
      ins(%in, %w : tensor<2x3x9xf32>, tensor<4x3x3xf32>) outs(%f : tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  return %c : tensor<2x4x4xf32>
}

// A non-fill init, strides omitted.
func.func @depthwise(%in: tensor<2x3x9xf32>, %w: tensor<3x2xf32>, %init: tensor<2x3x7xf32>) -> tensor<2x3x7xf32> {
  %c = linalg.depthwise_conv_1d_ncw_cw {dilations = dense<2> : tensor<1xi64>}
      ins(%in, %w : tensor<2x3x9xf32>, tensor<3x2xf32>) outs(%init : tensor<2x3x7xf32>) -> tensor<2x3x7xf32>
  return %c : tensor<2x3x7xf32>
}

func.func @pool_max(%in: tensor<2x3x9xf32>) -> tensor<2x3x3xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %k = tensor.empty() : tensor<3xf32>
  %e = tensor.empty() : tensor<2x3x3xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  %r = linalg.pooling_ncw_max {dilations = dense<1> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>}
      ins(%in, %k : tensor<2x3x9xf32>, tensor<3xf32>) outs(%f : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  return %r : tensor<2x3x3xf32>
}

func.func @pool_sum(%in: tensor<2x3x9xf32>) -> tensor<2x3x7xf32> {
  %z = arith.constant 0.0 : f32
  %k = tensor.empty() : tensor<2xf32>
  %e = tensor.empty() : tensor<2x3x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x3x7xf32>) -> tensor<2x3x7xf32>
  %r = linalg.pooling_ncw_sum {dilations = dense<2> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%in, %k : tensor<2x3x9xf32>, tensor<2xf32>) outs(%f : tensor<2x3x7xf32>) -> tensor<2x3x7xf32>
  return %r : tensor<2x3x7xf32>
}

func.func @conv1x1(%in: tensor<2x3x9xf32>, %w: tensor<4x3x1xf32>) -> tensor<2x4x9xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x9xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x4x9xf32>) -> tensor<2x4x9xf32>
  %c = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%in, %w : tensor<2x3x9xf32>, tensor<4x3x1xf32>) outs(%f : tensor<2x4x9xf32>) -> tensor<2x4x9xf32>
  return %c : tensor<2x4x9xf32>
}

// Distinct inputs: element (i, j, k) is (5i + 3j + k) mod 11 - 5.
func.func @main() {
  %in_e = tensor.empty() : tensor<2x3x9xf32>
  %in = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%in_e : tensor<2x3x9xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %v = affine.apply affine_map<(i, j, k) -> ((i * 5 + j * 3 + k) mod 11 - 5)>(%i, %j, %k)
    %n = arith.index_cast %v : index to i32
    %x = arith.sitofp %n : i32 to f32
    linalg.yield %x : f32
  } -> tensor<2x3x9xf32>
  %w_e = tensor.empty() : tensor<4x3x3xf32>
  %w = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%w_e : tensor<4x3x3xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %v = affine.apply affine_map<(i, j, k) -> ((i * 5 + j * 3 + k) mod 11 - 5)>(%i, %j, %k)
    %n = arith.index_cast %v : index to i32
    %x = arith.sitofp %n : i32 to f32
    linalg.yield %x : f32
  } -> tensor<4x3x3xf32>
  %dw3_e = tensor.empty() : tensor<1x3x2xf32>
  %dw3 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%dw3_e : tensor<1x3x2xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %v = affine.apply affine_map<(i, j, k) -> ((i * 5 + j * 3 + k) mod 11 - 5)>(%i, %j, %k)
    %n = arith.index_cast %v : index to i32
    %x = arith.sitofp %n : i32 to f32
    linalg.yield %x : f32
  } -> tensor<1x3x2xf32>
  %init_e = tensor.empty() : tensor<2x3x7xf32>
  %init = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%init_e : tensor<2x3x7xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %v = affine.apply affine_map<(i, j, k) -> ((i * 5 + j * 3 + k) mod 11 - 5)>(%i, %j, %k)
    %n = arith.index_cast %v : index to i32
    %x = arith.sitofp %n : i32 to f32
    linalg.yield %x : f32
  } -> tensor<2x3x7xf32>
  %pw_e = tensor.empty() : tensor<4x3x1xf32>
  %pw = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%pw_e : tensor<4x3x1xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %v = affine.apply affine_map<(i, j, k) -> ((i * 5 + j * 3 + k) mod 11 - 5)>(%i, %j, %k)
    %n = arith.index_cast %v : index to i32
    %x = arith.sitofp %n : i32 to f32
    linalg.yield %x : f32
  } -> tensor<4x3x1xf32>
  %dw = tensor.collapse_shape %dw3 [[0, 1], [2]] : tensor<1x3x2xf32> into tensor<3x2xf32>
  %r0 = call @conv(%in, %w) : (tensor<2x3x9xf32>, tensor<4x3x3xf32>) -> tensor<2x4x4xf32>
  %u0 = tensor.cast %r0 : tensor<2x4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  %r1 = call @depthwise(%in, %dw, %init) : (tensor<2x3x9xf32>, tensor<3x2xf32>, tensor<2x3x7xf32>) -> tensor<2x3x7xf32>
  %u1 = tensor.cast %r1 : tensor<2x3x7xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %r2 = call @pool_max(%in) : (tensor<2x3x9xf32>) -> tensor<2x3x3xf32>
  %u2 = tensor.cast %r2 : tensor<2x3x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %r3 = call @pool_sum(%in) : (tensor<2x3x9xf32>) -> tensor<2x3x7xf32>
  %u3 = tensor.cast %r3 : tensor<2x3x7xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  %r4 = call @conv1x1(%in, %pw) : (tensor<2x3x9xf32>, tensor<4x3x1xf32>) -> tensor<2x4x9xf32>
  %u4 = tensor.cast %r4 : tensor<2x4x9xf32> to tensor<*xf32>
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
