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
// LOWER-COUNT-1: llvm.call @aligned_alloc
// LOWER-NOT: llvm.call @aligned_alloc
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

// -----

// An op left scalar on a partial tile, with its unit row dropped: its result
// goes into a slice of the tile, put back whole. The two inserts become one,
// and the lowering allocates nothing; before, every tile's slice was copied
// into a buffer of its own (aligned_alloc, two copies, free per tile).
// CHECK-LABEL: func.func @scalar_partial_tile
// CHECK-SAME: (%[[T:[^:]*]]: tensor<50x67xi32>, %[[A:[^:]*]]: tensor<50x67xi32>
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %[[T]])
// CHECK: %[[N:.*]] = affine.min
// CHECK: %[[OUT:.*]] = tensor.extract_slice %[[ACC]][%[[I]], %[[J:.*]]] [1, %[[N]]] [1, 1] : tensor<50x67xi32> to tensor<?xi32>
// CHECK: %[[R:.*]] = linalg.generic {{.*}} outs(%[[OUT]] : tensor<?xi32>)
// CHECK-NOT: tensor.insert_slice
// CHECK: %[[B:.*]] = tensor.insert_slice %[[R]] into %[[ACC]][%[[I]], %[[J]]] [1, %[[N]]] [1, 1] : tensor<?xi32> into tensor<50x67xi32>
// CHECK: scf.yield %[[B]]
// LOWER-LABEL: llvm.func @scalar_partial_tile
// LOWER-NOT: llvm.call @aligned_alloc
// LOWER: llvm.return
func.func @scalar_partial_tile(%t: tensor<50x67xi32>, %a: tensor<50x67xi32>, %j: index) -> tensor<50x67xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c50 = arith.constant 50 : index
  %r = scf.for %i = %c0 to %c50 step %c1 iter_args(%acc = %t) -> (tensor<50x67xi32>) {
    %n = affine.min affine_map<(d0) -> (-d0 + 67, 16)>(%j)
    %s = tensor.extract_slice %acc[%i, %j] [1, %n] [1, 1] : tensor<50x67xi32> to tensor<1x?xi32>
    %in = tensor.extract_slice %a[%i, %j] [1, %n] [1, 1] : tensor<50x67xi32> to tensor<?xi32>
    %out = tensor.extract_slice %acc[%i, %j] [1, %n] [1, 1] : tensor<50x67xi32> to tensor<?xi32>
    %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%in : tensor<?xi32>) outs(%out : tensor<?xi32>) {
    ^bb0(%x: i32, %o: i32):
      %y = arith.muli %x, %x : i32
      linalg.yield %y : i32
    } -> tensor<?xi32>
    %in1 = tensor.insert_slice %g into %s[0, 0] [1, %n] [1, 1] : tensor<?xi32> into tensor<1x?xi32>
    %in2 = tensor.insert_slice %in1 into %acc[%i, %j] [1, %n] [1, 1] : tensor<1x?xi32> into tensor<50x67xi32>
    scf.yield %in2 : tensor<50x67xi32>
  }
  return %r : tensor<50x67xi32>
}

// -----

// An inner insert that covers only part of its destination stays.
// CHECK-LABEL: func.func @partial_inner
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0] [1, 8] [1, 1] : tensor<8xi32> into tensor<1x16xi32>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0] [1, 16] [1, 1] : tensor<1x16xi32> into tensor<4x16xi32>
func.func @partial_inner(%t: tensor<4x16xi32>, %v: tensor<8xi32>) -> tensor<4x16xi32> {
  %s = tensor.extract_slice %t[0, 0] [1, 16] [1, 1] : tensor<4x16xi32> to tensor<1x16xi32>
  %a = tensor.insert_slice %v into %s[0, 0] [1, 8] [1, 1] : tensor<8xi32> into tensor<1x16xi32>
  %b = tensor.insert_slice %a into %t[0, 0] [1, 16] [1, 1] : tensor<1x16xi32> into tensor<4x16xi32>
  return %b : tensor<4x16xi32>
}

// -----

// Sizes equal in value but not as written (a constant against a literal):
// merged, the insert of a dynamically shaped source at a static size would
// not verify. Both inserts stay.
// CHECK-LABEL: func.func @constant_size
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0] [1, %{{.*}}] [1, 1] : tensor<?xi32> into tensor<1x4xi32>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[1, 0] [1, 4] [1, 1] : tensor<1x4xi32> into tensor<4x16xi32>
func.func @constant_size(%t: tensor<4x16xi32>, %v: tensor<?xi32>) -> tensor<4x16xi32> {
  %c4 = arith.constant 4 : index
  %s = tensor.extract_slice %t[1, 0] [1, 4] [1, 1] : tensor<4x16xi32> to tensor<1x4xi32>
  %a = tensor.insert_slice %v into %s[0, 0] [1, %c4] [1, 1] : tensor<?xi32> into tensor<1x4xi32>
  %b = tensor.insert_slice %a into %t[1, 0] [1, 4] [1, 1] : tensor<1x4xi32> into tensor<4x16xi32>
  return %b : tensor<4x16xi32>
}
