// RUN: ansor-opt %s --sched-forward-vector-transfers --split-input-file | FileCheck %s

// A tile of accumulators written to a temporary as a vector and read back
// through another view of it: the read is the vector, and the temporary is
// gone with its write.
// CHECK-LABEL: func.func @tile
// CHECK-SAME: (%[[V:.*]]: vector<4x16xf32>, %[[OUT:.*]]: memref<4x16xf32>)
// CHECK-NOT: memref.alloc
// CHECK: %[[X:.*]] = arith.addf %[[V]], %[[V]] : vector<4x16xf32>
// CHECK: vector.transfer_write %[[X]], %[[OUT]]
// CHECK-NOT: vector.transfer_write
func.func @tile(%v: vector<4x16xf32>, %out: memref<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<1x1x4x16xf32>
  %w = memref.subview %a[0, 0, 0, 0] [1, 1, 4, 16] [1, 1, 1, 1]
      : memref<1x1x4x16xf32> to memref<1x4x16xf32, strided<[64, 16, 1]>>
  vector.transfer_write %v, %w[%c0, %c0, %c0] {in_bounds = [true, true]}
      : vector<4x16xf32>, memref<1x4x16xf32, strided<[64, 16, 1]>>
  %r = memref.subview %a[0, 0, 0, 0] [1, 1, 4, 16] [1, 1, 1, 1]
      : memref<1x1x4x16xf32> to memref<4x16xf32, strided<[16, 1]>>
  %x = vector.transfer_read %r[%c0, %c0], %f {in_bounds = [true, true]}
      : memref<4x16xf32, strided<[16, 1]>>, vector<4x16xf32>
  %y = arith.addf %x, %x : vector<4x16xf32>
  vector.transfer_write %y, %out[%c0, %c0] {in_bounds = [true, true]}
      : vector<4x16xf32>, memref<4x16xf32>
  return
}

// -----

// A buffer written once and read in a loop (a packed panel) keeps its
// accesses, views and address arithmetic as they were.
// CHECK-LABEL: func.func @panel
// CHECK: %[[A:.*]] = memref.alloc() : memref<4x16xf32>
// CHECK: vector.transfer_write %{{.*}}, %[[A]]
// CHECK: scf.for
// CHECK: %[[S:.*]] = memref.subview %[[A]]
// CHECK: vector.transfer_read %[[S]]
func.func @panel(%v: vector<4x16xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<4x16xf32>
  vector.transfer_write %v, %a[%c0, %c0] {in_bounds = [true, true]}
      : vector<4x16xf32>, memref<4x16xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %s = memref.subview %a[%i, 0] [1, 8] [1, 1]
        : memref<4x16xf32> to memref<8xf32, strided<[1], offset: ?>>
    %x = vector.transfer_read %s[%c0], %f {in_bounds = [true]}
        : memref<8xf32, strided<[1], offset: ?>>, vector<8xf32>
    vector.transfer_write %x, %out[%c0] {in_bounds = [true]}
        : vector<8xf32>, memref<8xf32>
  }
  return
}

// -----

// Bufferized, a select between a row of a source and a row of a constant
// (sched-forward-padded-reads) casts both to a fully dynamic layout, through
// which reads are element by element; the select keeps the unit stride both
// share.
memref.global "private" constant @pad : memref<16xf32> = dense<0.0>
// CHECK-LABEL: func.func @row
// CHECK: %[[S:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : memref<8xf32, strided<[1], offset: ?>>
// CHECK: vector.transfer_read %[[S]]
func.func @row(%src: memref<4x16xf32>, %i: index, %c: i1) -> vector<8xf32> {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  %g = memref.get_global @pad : memref<16xf32>
  %a = memref.subview %src[%i, 8] [1, 8] [1, 1]
      : memref<4x16xf32> to memref<8xf32, strided<[1], offset: ?>>
  %b = memref.subview %g[8] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 8>>
  %ca = memref.cast %a : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[?], offset: ?>>
  %cb = memref.cast %b : memref<8xf32, strided<[1], offset: 8>> to memref<8xf32, strided<[?], offset: ?>>
  %s = arith.select %c, %ca, %cb : memref<8xf32, strided<[?], offset: ?>>
  %r = vector.transfer_read %s[%c0], %f {in_bounds = [true]}
      : memref<8xf32, strided<[?], offset: ?>>, vector<8xf32>
  return %r : vector<8xf32>
}
