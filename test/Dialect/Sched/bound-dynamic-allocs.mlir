// RUN: ansor-opt %s --split-input-file --sched-bound-dynamic-allocs | FileCheck %s

// A partial tile's buffer is allocated at its bound; the subviews of it are
// rebuilt with static strides, so the unit dimension a rank-reducing one
// drops is the one its shape says (dynamic, expand-strided-metadata took
// another, and the lowering failed).
// CHECK-LABEL: func.func @partial_tile
// CHECK:         %[[SIZE:.+]] = affine.min
// CHECK:         %[[ALLOC:.+]] = memref.alloc() {alignment = 64 : i64} : memref<2x128x7x9xf32>
// CHECK:         %[[USED:.+]] = memref.subview %[[ALLOC]][0, 0, 0, 0] [2, 128, 7, %[[SIZE]]] [1, 1, 1, 1] : memref<2x128x7x9xf32> to memref<2x128x7x?xf32, strided<[8064, 63, 9, 1]>>
// CHECK:         %[[ROW:.+]] = memref.subview %[[USED]][0, 0, %{{.+}}, 0] [1, 128, 1, 6] [1, 1, 1, 1] : memref<2x128x7x?xf32, strided<[8064, 63, 9, 1]>> to memref<1x128x1x6xf32, strided<[8064, 63, 9, 1], offset: ?>>
// CHECK:         %[[BLOCK:.+]] = memref.subview %[[ROW]][0, %{{.+}}, 0, 0] [1, 8, 1, 3] [1, 1, 1, 1] : memref<1x128x1x6xf32, strided<[8064, 63, 9, 1], offset: ?>> to memref<1x8x3xf32, strided<[8064, 63, 1], offset: ?>>
// CHECK:         vector.transfer_read %[[BLOCK]]
// CHECK:         memref.copy %[[USED]], %{{.+}} : memref<2x128x7x?xf32, strided<[8064, 63, 9, 1]>> to memref<2x128x7x?xf32, strided<[12544, 98, 14, 1], offset: ?>>
func.func @partial_tile(%i: index, %h: index, %f: index, %out: memref<2x128x7x14xf32>) -> vector<3xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %d = affine.min affine_map<(i) -> (9, -i + 14)>(%i)
  %a = memref.alloc(%d) {alignment = 64 : i64} : memref<2x128x7x?xf32>
  %row = memref.subview %a[0, 0, %h, 0] [1, 128, 1, 6] [1, 1, 1, 1] : memref<2x128x7x?xf32> to memref<1x128x1x6xf32, strided<[?, ?, ?, 1], offset: ?>>
  %block = memref.subview %row[0, %f, 0, 0] [1, 8, 1, 3] [1, 1, 1, 1] : memref<1x128x1x6xf32, strided<[?, ?, ?, 1], offset: ?>> to memref<1x8x3xf32, strided<[?, ?, 1], offset: ?>>
  %v = vector.transfer_read %block[%c0, %c0, %c0], %pad {in_bounds = [true]} : memref<1x8x3xf32, strided<[?, ?, 1], offset: ?>>, vector<3xf32>
  %dest = memref.subview %out[0, 0, 0, %i] [2, 128, 7, %d] [1, 1, 1, 1] : memref<2x128x7x14xf32> to memref<2x128x7x?xf32, strided<[12544, 98, 14, 1], offset: ?>>
  memref.copy %a, %dest : memref<2x128x7x?xf32> to memref<2x128x7x?xf32, strided<[12544, 98, 14, 1], offset: ?>>
  return %v : vector<3xf32>
}

// -----

// No constant bound, or a use that needs the identity layout: left alone.
// CHECK-LABEL: func.func @left_alone
// CHECK:         memref.alloc(%{{.+}}) : memref<?x4xf32>
// CHECK:         memref.alloc(%{{.+}}) : memref<?x4xf32>
// CHECK:         memref.expand_shape
func.func @left_alone(%n: index, %i: index) -> (memref<?x4xf32>, memref<?x2x2xf32>) {
  %a = memref.alloc(%n) : memref<?x4xf32>
  %d = affine.min affine_map<(i) -> (8, -i + 12)>(%i)
  %b = memref.alloc(%d) : memref<?x4xf32>
  %e = memref.expand_shape %b [[0], [1, 2]] output_shape [%d, 2, 2] : memref<?x4xf32> into memref<?x2x2xf32>
  return %a, %e : memref<?x4xf32>, memref<?x2x2xf32>
}
