// A max pooling whose input is padded with -inf, lowered by the CPU
// pipeline and run: the pad's fill and the copy of its interior are written
// a row at a time (sched-vectorize-rows). Every input is negative, so a pad
// filled with anything but -inf, or an interior copied to the wrong place,
// changes the result.
// RUN: ansor-opt %s --ansor-lower-cpu \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:     -shared-libs=%mlir_lib_dir/libomp.so \
// RUN: | FileCheck %s
// RUN: ansor-opt %s --sched-expand-whole-inserts --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:     --sched-expand-strided-copies --sched-vectorize-rows \
// RUN: | FileCheck %s --check-prefix=ROWS

// ROWS-LABEL: func.func @pool
// ROWS: vector.transfer_write %{{.*}} : vector<2xf32>, memref<1x6x6x2xf32>
// ROWS: vector.transfer_read %{{.*}} : memref<1x4x4x2xf32{{.*}}>, vector<2xf32>
// ROWS: vector.transfer_write
// ROWS: linalg.pooling_nhwc_max

// Output (oh, ow, c) is the largest input of rows 2oh-1..2oh+1 and columns
// 2ow-1..2ow+1 that exists: input (h, w, c) is -(8h + 2w + c) - 1.
// CHECK: ( -1, -2, -3, -4, -9, -10, -11, -12 )
func.func @pool(%x: tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %ninf : f32
  } : tensor<1x4x4x2xf32> to tensor<1x6x6x2xf32>
  %win = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%p, %win : tensor<1x6x6x2xf32>, tensor<3x3xf32>) outs(%f : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %r : tensor<1x2x2x2xf32>
}

func.func @main() {
  %x = arith.constant dense<[[[[-1.0, -2.0], [-3.0, -4.0], [-5.0, -6.0], [-7.0, -8.0]],
                              [[-9.0, -10.0], [-11.0, -12.0], [-13.0, -14.0], [-15.0, -16.0]],
                              [[-17.0, -18.0], [-19.0, -20.0], [-21.0, -22.0], [-23.0, -24.0]],
                              [[-25.0, -26.0], [-27.0, -28.0], [-29.0, -30.0], [-31.0, -32.0]]]]> : tensor<1x4x4x2xf32>
  %r = call @pool(%x) : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  %flat = tensor.collapse_shape %r [[0, 1, 2, 3]] : tensor<1x2x2x2xf32> into tensor<8xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %flat[%c0], %pad {in_bounds = [true]} : tensor<8xf32>, vector<8xf32>
  vector.print %v : vector<8xf32>
  return
}
