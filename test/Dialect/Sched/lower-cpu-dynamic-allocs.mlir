// The CPU lowering allocates a partial tile's buffer at its bound
// (sched-bound-dynamic-allocs). Allocated with its dynamic size, all but its
// innermost stride were dynamic, and a rank-reducing subview dropping one of
// two unit dimensions (a decomposed NCHW convolution's block, 1x8x1x3 to
// 1x8x3, N and H both unit) failed to lower: expand-strided-metadata,
// matching strides, dropped N where the type had dropped H ("expected result
// type with size = 8 instead of 1"; 6 of 24 random programs of a 3x3 NCHW
// convolution with bias and ReLU, before those were converted to NHWC).
// RUN: ansor-opt %s --ansor-lower-cpu | FileCheck %s
// The buffer's 2 x 128 x 7 x 9 elements, whatever the tile's size.
// CHECK-LABEL: llvm.func @partial_tile
// CHECK:         llvm.getelementptr %{{.+}}[16128] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK-NEXT:    %[[BYTES:.+]] = llvm.ptrtoint
// CHECK-NEXT:    llvm.call @aligned_alloc(%{{.+}}, %[[BYTES]])
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
