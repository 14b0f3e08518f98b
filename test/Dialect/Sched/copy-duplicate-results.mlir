// RUN: ansor-opt %s --sched-copy-duplicate-results | FileCheck %s
// RUN: ansor-opt %s --ansor-lower-cpu | FileCheck %s --check-prefix=LOWER

// The second occurrence of a returned tensor becomes a copy of it, so that
// results-to-out-params (which crashes on a repeated result) sees distinct
// buffers; the first occurrence and other results are left alone.
// CHECK-LABEL: func.func @dup
// CHECK:         %[[C:.*]] = linalg.generic
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<8x8xf32>
// CHECK:         %[[COPY:.*]] = linalg.copy ins(%[[C]] : tensor<8x8xf32>) outs(%[[E]] : tensor<8x8xf32>)
// CHECK:         return %[[C]], %arg0, %[[COPY]]

// LOWER-LABEL: llvm.func @dup
func.func @dup(%a: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %e = tensor.empty() : tensor<8x8xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.addf %x, %x : f32
      linalg.yield %m : f32
  } -> tensor<8x8xf32>
  return %c, %a, %c : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}
