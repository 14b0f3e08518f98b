// RUN: ansor-opt %s --sched-expand-strided-copies | FileCheck %s
// RUN: ansor-opt %s --ansor-lower-cpu | FileCheck %s --check-prefix=LOWER

// The CPU lowering runs the pass: only the two contiguous copies stay
// library calls (memcpy), and nothing calls the element-wise memrefCopy.
// LOWER-NOT: memrefCopy
// LOWER-COUNT-2: llvm.intr.memcpy
// LOWER-NOT: memrefCopy

// The interior of a padded tile: the target is a strided view, so the copy
// becomes a linalg.copy (vectorizable loops), not a call of memrefCopy.
// CHECK-LABEL: func.func @into_padded
// CHECK: %[[VIEW:.*]] = memref.subview
// CHECK-NOT: memref.copy
// CHECK: linalg.copy ins(%{{.*}} : memref<16x56x64xf32>) outs(%[[VIEW]] : memref<16x56x64xf32, strided<[3712, 64, 1], offset: 64>>)
func.func @into_padded(%src: memref<16x56x64xf32>, %dst: memref<16x58x64xf32>) {
  %view = memref.subview %dst[0, 1, 0] [16, 56, 64] [1, 1, 1]
      : memref<16x58x64xf32> to memref<16x56x64xf32, strided<[3712, 64, 1], offset: 64>>
  memref.copy %src, %view : memref<16x56x64xf32> to memref<16x56x64xf32, strided<[3712, 64, 1], offset: 64>>
  return
}

// A strided source with a dynamic size.
// CHECK-LABEL: func.func @from_strided_dynamic
// CHECK: linalg.copy ins(%{{.*}} : memref<?x8xf32, strided<[16, 1]>>) outs(%{{.*}} : memref<?x8xf32>)
func.func @from_strided_dynamic(%src: memref<?x8xf32, strided<[16, 1]>>, %dst: memref<?x8xf32>) {
  memref.copy %src, %dst : memref<?x8xf32, strided<[16, 1]>> to memref<?x8xf32>
  return
}

// An empty strided view: upstream calls memrefCopy for it too.
// CHECK-LABEL: func.func @empty_strided
// CHECK: linalg.copy
func.func @empty_strided(%src: memref<0x8xf32, strided<[8, 1], offset: 4>>, %dst: memref<0x8xf32>) {
  memref.copy %src, %dst : memref<0x8xf32, strided<[8, 1], offset: 4>> to memref<0x8xf32>
  return
}

// Contiguous buffers, static or dynamic: one memcpy each, left alone.
// CHECK-LABEL: func.func @contiguous
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<4x8xf32> to memref<4x8xf32>
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<?x8xf32> to memref<?x8xf32>
// CHECK-NOT: linalg.copy
func.func @contiguous(%src: memref<4x8xf32>, %dst: memref<4x8xf32>,
                      %dsrc: memref<?x8xf32>, %ddst: memref<?x8xf32>) {
  memref.copy %src, %dst : memref<4x8xf32> to memref<4x8xf32>
  memref.copy %dsrc, %ddst : memref<?x8xf32> to memref<?x8xf32>
  return
}
