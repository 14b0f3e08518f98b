// RUN: ansor-opt %s --sched-forward-padded-reads --split-input-file | FileCheck %s
// RUN: ansor-opt %s --sched-forward-padded-reads=constant-rows=false --split-input-file \
// RUN:   | FileCheck %s --check-prefix=VECTORS

// Without constant rows, the rows of the padding are selected as vectors.
// VECTORS-LABEL: func.func @window
// VECTORS-NOT: tensor.pad
// VECTORS-NOT: dense<5.000000e-01> : tensor
// VECTORS: %[[PADROW:.*]] = vector.broadcast %{{.*}} : f32 to vector<8xf32>
// VECTORS-COUNT-6: arith.select %{{.*}}, %{{.*}}, %[[PADROW]] : vector<8xf32>

// A pad tiled as upstream tiles it (a window of a slice of its source,
// guarded by an scf.if for empty slices, inserted into a unit dimension and
// cast to the tile's static type), read by vectors of 6 rows of 8 channels:
// each row is read from the source at clamped indices, or from a constant
// row of the pad value where it lies in the padding, and the window is gone.
// CHECK-LABEL: func.func @window
// CHECK-SAME: (%[[IN:.*]]: tensor<1x8x8x16xf32>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[EMPTY:.*]]: i1
// CHECK-NOT: tensor.pad
// CHECK-NOT: scf.if
// CHECK: %[[ROWS:.*]] = arith.constant dense<5.000000e-01> : tensor<16xf32>
// CHECK: %[[NOT:.*]] = arith.xori %[[EMPTY]], %true
// CHECK: %[[SRC:.*]] = tensor.extract_slice %[[IN]][0, %{{.*}}, %{{.*}}, 8] [1, 1, 1, 8] [1, 1, 1, 1] : tensor<1x8x8x16xf32> to tensor<8xf32>
// CHECK: %[[PAD:.*]] = tensor.extract_slice %[[ROWS]][8] [8] [1] : tensor<16xf32> to tensor<8xf32>
// CHECK: %[[ROW:.*]] = arith.select %{{.*}}, %[[SRC]], %[[PAD]] : tensor<8xf32>
// CHECK: vector.transfer_read %[[ROW]][%{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<8xf32>, vector<8xf32>
// CHECK: vector.insert %{{.*}}, %{{.*}} [0] : vector<8xf32> into vector<6x8xf32>
// CHECK-COUNT-5: arith.select %{{.*}} : tensor<8xf32>
// CHECK: vector.insert %{{.*}}, %{{.*}} [5] : vector<8xf32> into vector<6x8xf32>
// CHECK-NOT: arith.select
// CHECK: return
func.func @window(%in: tensor<1x8x8x16xf32>, %h: index, %nh: index, %lh: index,
                  %hh: index, %empty: i1, %i: index, %j: index) -> vector<6x8xf32> {
  %half = arith.constant 0.5 : f32
  %c0 = arith.constant 0 : index
  %w = scf.if %empty -> (tensor<1x3x10x16xf32>) {
    %z = tensor.generate {
    ^bb0(%a: index, %b: index, %c: index, %d: index):
      tensor.yield %half : f32
    } : tensor<1x3x10x16xf32>
    scf.yield %z : tensor<1x3x10x16xf32>
  } else {
    %s = tensor.extract_slice %in[0, %h, 0, 0] [1, %nh, 8, 16] [1, 1, 1, 1]
        : tensor<1x8x8x16xf32> to tensor<?x8x16xf32>
    %p = tensor.pad %s low[%lh, 1, 0] high[%hh, 1, 0] {
    ^bb0(%a: index, %b: index, %c: index):
      tensor.yield %half : f32
    } : tensor<?x8x16xf32> to tensor<?x10x16xf32>
    %d = tensor.dim %p, %c0 : tensor<?x10x16xf32>
    %e = tensor.empty(%d) : tensor<1x?x10x16xf32>
    %ins = tensor.insert_slice %p into %e[0, 0, 0, 0] [1, %d, 10, 16] [1, 1, 1, 1]
        : tensor<?x10x16xf32> into tensor<1x?x10x16xf32>
    %cast = tensor.cast %ins : tensor<1x?x10x16xf32> to tensor<1x3x10x16xf32>
    scf.yield %cast : tensor<1x3x10x16xf32>
  }
  %t = tensor.extract_slice %w[0, %i, %j, 8] [1, 1, 6, 8] [1, 1, 1, 1]
      : tensor<1x3x10x16xf32> to tensor<1x6x8xf32>
  %v = vector.transfer_read %t[%c0, %c0, %c0], %half {in_bounds = [true, true]}
      : tensor<1x6x8xf32>, vector<6x8xf32>
  return %v : vector<6x8xf32>
}

// -----

// A window of a dynamic extent (the guarded pad not cast to a static type):
// its rows are read in place all the same.
// CHECK-LABEL: func.func @dynamic_window
// CHECK-NOT: tensor.pad
// CHECK-COUNT-4: arith.select %{{.*}} : tensor<32xf16>
// CHECK-NOT: arith.select
func.func @dynamic_window(%in: tensor<1x10x10x32xf16>, %h: index, %nh: index,
                          %lh: index, %hh: index, %empty: i1, %i: index,
                          %j: index) -> vector<4x32xf16> {
  %z = arith.constant 0.0 : f16
  %c0 = arith.constant 0 : index
  %w = scf.if %empty -> (tensor<1x?x12x32xf16>) {
    %d = affine.apply affine_map<()[s0, s1, s2] -> (s0 + s1 + s2)>()[%lh, %nh, %hh]
    %g = tensor.generate %d {
    ^bb0(%a: index, %b: index, %c: index, %e: index):
      tensor.yield %z : f16
    } : tensor<1x?x12x32xf16>
    scf.yield %g : tensor<1x?x12x32xf16>
  } else {
    %s = tensor.extract_slice %in[0, %h, 0, 0] [1, %nh, 10, 32] [1, 1, 1, 1]
        : tensor<1x10x10x32xf16> to tensor<?x10x32xf16>
    %p = tensor.pad %s low[%lh, 1, 0] high[%hh, 1, 0] {
    ^bb0(%a: index, %b: index, %c: index):
      tensor.yield %z : f16
    } : tensor<?x10x32xf16> to tensor<?x12x32xf16>
    %d = tensor.dim %p, %c0 : tensor<?x12x32xf16>
    %e = tensor.empty(%d) : tensor<1x?x12x32xf16>
    %ins = tensor.insert_slice %p into %e[0, 0, 0, 0] [1, %d, 12, 32] [1, 1, 1, 1]
        : tensor<?x12x32xf16> into tensor<1x?x12x32xf16>
    scf.yield %ins : tensor<1x?x12x32xf16>
  }
  %t = tensor.extract_slice %w[0, %i, %j, 0] [1, 1, 4, 32] [1, 1, 1, 1]
      : tensor<1x?x12x32xf16> to tensor<4x32xf16>
  %v = vector.transfer_read %t[%c0, %c0], %z {in_bounds = [true, true]}
      : tensor<4x32xf16>, vector<4x32xf16>
  return %v : vector<4x32xf16>
}

// -----

// A pad value that is a constant of the pad's own region is created again
// at the read, and a read that broadcasts a row along a dimension reads it
// once per broadcast row.
// CHECK-LABEL: func.func @inner_constant_broadcast
// CHECK-NOT: tensor.pad
// CHECK: arith.constant dense<2.500000e+00> : tensor<4xf32>
// CHECK-COUNT-6: arith.select %{{.*}} : tensor<4xf32>
// CHECK-NOT: arith.select
func.func @inner_constant_broadcast(%x: tensor<6x4xf32>, %i: index) -> vector<2x3x4xf32> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[2, 0] high[2, 0] {
  ^bb0(%a: index, %b: index):
    %v = arith.constant 2.5 : f32
    tensor.yield %v : f32
  } : tensor<6x4xf32> to tensor<10x4xf32>
  %r = vector.transfer_read %p[%i, %c0], %z
      {in_bounds = [true, true, true],
       permutation_map = affine_map<(d0, d1) -> (0, d0, d1)>}
      : tensor<10x4xf32>, vector<2x3x4xf32>
  return %r : vector<2x3x4xf32>
}

// -----

// A pad value that is no constant: each row is selected against a vector
// of it.
// CHECK-LABEL: func.func @value
// CHECK-NOT: tensor.pad
// CHECK: %[[PADROW:.*]] = vector.broadcast %{{.*}} : f32 to vector<4xf32>
// CHECK: %[[R:.*]] = vector.transfer_read %{{.*}} : tensor<6x4xf32>, vector<4xf32>
// CHECK: arith.select %{{.*}}, %[[R]], %[[PADROW]] : vector<4xf32>
// CHECK-COUNT-2: arith.select %{{.*}} : vector<4xf32>
// CHECK-NOT: arith.select
func.func @value(%x: tensor<6x4xf32>, %v: f32, %i: index) -> vector<3x4xf32> {
  %c0 = arith.constant 0 : index
  %p = tensor.pad %x low[2, 0] high[2, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %v : f32
  } : tensor<6x4xf32> to tensor<10x4xf32>
  %r = vector.transfer_read %p[%i, %c0], %v {in_bounds = [true, true]}
      : tensor<10x4xf32>, vector<3x4xf32>
  return %r : vector<3x4xf32>
}

// -----

// Windows that stay: padding along the vectors' rows, a scalar read among
// the vector ones, and a read that may go out of bounds.
// CHECK-LABEL: func.func @lanes_padded
// CHECK: tensor.pad
// CHECK-LABEL: func.func @scalar_read
// CHECK: tensor.pad
// CHECK-LABEL: func.func @out_of_bounds
// CHECK: tensor.pad
func.func @lanes_padded(%x: tensor<4x6xf32>) -> vector<2x8xf32> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %z : f32
  } : tensor<4x6xf32> to tensor<4x8xf32>
  %r = vector.transfer_read %p[%c0, %c0], %z {in_bounds = [true, true]}
      : tensor<4x8xf32>, vector<2x8xf32>
  return %r : vector<2x8xf32>
}

func.func @scalar_read(%x: tensor<4x8xf32>) -> (vector<2x8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %z : f32
  } : tensor<4x8xf32> to tensor<6x8xf32>
  %r = vector.transfer_read %p[%c0, %c0], %z {in_bounds = [true, true]}
      : tensor<6x8xf32>, vector<2x8xf32>
  %s = tensor.extract %p[%c0, %c0] : tensor<6x8xf32>
  return %r, %s : vector<2x8xf32>, f32
}

func.func @out_of_bounds(%x: tensor<4x8xf32>, %i: index) -> vector<2x8xf32> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %z : f32
  } : tensor<4x8xf32> to tensor<6x8xf32>
  %r = vector.transfer_read %p[%i, %c0], %z {in_bounds = [false, true]}
      : tensor<6x8xf32>, vector<2x8xf32>
  return %r : vector<2x8xf32>
}
