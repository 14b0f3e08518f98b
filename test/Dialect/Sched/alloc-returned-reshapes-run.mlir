// Funcs that end in a reshape write their result in place into the caller's
// buffer (sched-alloc-returned-reshapes, alloc-returned-reshapes.mlir): no
// copy of the output is left, and the values are the written ones.
// RUN: ansor-opt %s --ansor-lower-cpu | FileCheck %s --check-prefix=LOWER
// RUN: ansor-opt %s --ansor-lower-cpu \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:     -shared-libs=%mlir_lib_dir/libomp.so | FileCheck %s

// LOWER-NOT: memcpy

// CHECK: ( 1, 2, 3, 6, 4, 5, 6, 15 )
// CHECK: ( 0, 2, 3, 0 )

func.func @heads(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x2x2xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  %m = linalg.matmul ins(%x, %w : tensor<2x3xf32>, tensor<3x4xf32>) outs(%f : tensor<2x4xf32>) -> tensor<2x4xf32>
  %h = tensor.expand_shape %m [[0], [1, 2]] output_shape [2, 2, 2] : tensor<2x4xf32> into tensor<2x2x2xf32>
  return %h : tensor<2x2x2xf32>
}

func.func @flatten(%x: tensor<2x2xf32>) -> tensor<4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %z : f32
    linalg.yield %m : f32
  } -> tensor<2x2xf32>
  %c = tensor.collapse_shape %r [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  return %c : tensor<4xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %zf = arith.constant 0.0 : f32
  %x = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %w = arith.constant dense<[[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 1.0], [0.0, 0.0, 1.0, 1.0]]> : tensor<3x4xf32>
  %h = func.call @heads(%x, %w) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x2x2xf32>
  %hf = tensor.collapse_shape %h [[0, 1, 2]] : tensor<2x2x2xf32> into tensor<8xf32>
  %hv = vector.transfer_read %hf[%c0], %zf : tensor<8xf32>, vector<8xf32>
  vector.print %hv : vector<8xf32>
  %y = arith.constant dense<[[-1.0, 2.0], [3.0, -4.0]]> : tensor<2x2xf32>
  %r = func.call @flatten(%y) : (tensor<2x2xf32>) -> tensor<4xf32>
  %rv = vector.transfer_read %r[%c0], %zf : tensor<4xf32>, vector<4xf32>
  vector.print %rv : vector<4xf32>
  return
}
