// RUN: ansor-opt %s --split-input-file --sched-expand-whole-inserts | FileCheck %s
// RUN: ansor-opt %s --split-input-file --ansor-lower-cpu | FileCheck %s --check-prefix=LOWER

// A padded tile with its unit batch dimension dropped (what
// fold_unit_extent_dims_via_slices leaves): the insert into a whole empty
// tensor becomes a reshape. The lowering allocates the padded tile once (the
// pad's buffer) and copies only the interior into it; before, a second
// buffer of the tile's shape was allocated and the whole tile copied again.
// CHECK-LABEL: func.func @padded_tile
// CHECK-SAME: (%[[IN:.*]]: tensor<?x28x64xf32>, %[[H:.*]]: index)
// CHECK: %[[PAD:.*]] = tensor.pad %[[IN]]
// CHECK: %[[D:.*]] = tensor.dim %[[PAD]], %c0
// CHECK-NOT: tensor.insert_slice
// CHECK: %[[R:.*]] = tensor.expand_shape %[[PAD]] {{\[}}[0, 1], [2], [3]] output_shape [1, %[[D]], 30, 64] : tensor<?x30x64xf32> into tensor<1x?x30x64xf32>
// CHECK: return %[[R]]
// LOWER-LABEL: llvm.func @padded_tile
// LOWER-COUNT-1: llvm.call @malloc
// LOWER-NOT: llvm.call @malloc
// LOWER: llvm.return
func.func @padded_tile(%in: tensor<?x28x64xf32>, %h: index) -> tensor<1x?x30x64xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %p = tensor.pad %in low[1, 1, 0] high[%h, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<?x28x64xf32> to tensor<?x30x64xf32>
  %d = tensor.dim %p, %c0 : tensor<?x30x64xf32>
  %e = tensor.empty(%d) : tensor<1x?x30x64xf32>
  %r = tensor.insert_slice %p into %e[0, 0, 0, 0] [1, %d, 30, 64] [1, 1, 1, 1]
      : tensor<?x30x64xf32> into tensor<1x?x30x64xf32>
  return %r : tensor<1x?x30x64xf32>
}

// -----

// Unit dimensions inside and at the end join the next kept dimension, or
// the last one.
// CHECK-LABEL: func.func @inner_and_trailing_units
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2], [3, 4]] output_shape [4, 1, 8, 16, 1] : tensor<4x8x16xf32> into tensor<4x1x8x16x1xf32>
func.func @inner_and_trailing_units(%t: tensor<4x8x16xf32>) -> tensor<4x1x8x16x1xf32> {
  %e = tensor.empty() : tensor<4x1x8x16x1xf32>
  %r = tensor.insert_slice %t into %e[0, 0, 0, 0, 0] [4, 1, 8, 16, 1] [1, 1, 1, 1, 1]
      : tensor<4x8x16xf32> into tensor<4x1x8x16x1xf32>
  return %r : tensor<4x1x8x16x1xf32>
}

// -----

// A 0-d source expands with no groups.
// CHECK-LABEL: func.func @scalar
// CHECK: tensor.expand_shape %{{.*}} [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
func.func @scalar(%t: tensor<f32>) -> tensor<1x1xf32> {
  %e = tensor.empty() : tensor<1x1xf32>
  %r = tensor.insert_slice %t into %e[0, 0] [1, 1] [1, 1] : tensor<f32> into tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}

// -----

// Inserts that are not reshapes stay: one that covers part of its
// destination, one at an offset, and one into a tensor that holds values.
// CHECK-LABEL: func.func @not_whole
// CHECK-NOT: tensor.expand_shape
// CHECK-COUNT-3: tensor.insert_slice
// CHECK-NOT: tensor.expand_shape
func.func @not_whole(%t: tensor<8x16xf32>, %full: tensor<1x8x16xf32>)
    -> (tensor<1x9x16xf32>, tensor<2x8x16xf32>, tensor<1x8x16xf32>) {
  %e = tensor.empty() : tensor<1x9x16xf32>
  %part = tensor.insert_slice %t into %e[0, 0, 0] [1, 8, 16] [1, 1, 1]
      : tensor<8x16xf32> into tensor<1x9x16xf32>
  %e2 = tensor.empty() : tensor<2x8x16xf32>
  %offset = tensor.insert_slice %t into %e2[1, 0, 0] [1, 8, 16] [1, 1, 1]
      : tensor<8x16xf32> into tensor<2x8x16xf32>
  %held = tensor.insert_slice %t into %full[0, 0, 0] [1, 8, 16] [1, 1, 1]
      : tensor<8x16xf32> into tensor<1x8x16xf32>
  return %part, %offset, %held
      : tensor<1x9x16xf32>, tensor<2x8x16xf32>, tensor<1x8x16xf32>
}
