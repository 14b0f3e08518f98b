// RUN: ansor-opt %s --sched-hoist-partial-accumulators --split-input-file | FileCheck %s

// A partial block of two rows of %n columns (masked), as the script leaves
// it: the k loop carries the block in a tensor of dynamic size, read and
// written through a slice covering all of it. The slice folds (its size is
// the iter_arg's, by value bounds), the mask goes above the loop, and the
// rows' slices and masked transfers after it: the loop carries two vectors.

// CHECK-LABEL: func.func @rows
// CHECK:         %[[MASK:.*]] = vector.create_mask %{{.*}} : vector<32xi1>
// CHECK:         %[[R0:.*]] = vector.transfer_read %{{.*}}, %[[MASK]]
// CHECK:         %[[R1:.*]] = vector.transfer_read %{{.*}}, %[[MASK]]
// CHECK:         %[[LOOP:.*]]:2 = scf.for %{{.*}} iter_args(%{{.*}} = %[[R0]], %{{.*}} = %[[R1]]) -> (vector<32xf32>, vector<32xf32>)
// CHECK-NOT:       vector.transfer_write
// CHECK-NOT:       tensor.insert_slice
// CHECK:           vector.fma
// CHECK:           vector.fma
// CHECK:           scf.yield
// CHECK:         vector.transfer_write %[[LOOP]]#{{.*}}, %[[MASK]]
// CHECK:         vector.transfer_write %[[LOOP]]#{{.*}}, %[[MASK]]
func.func @rows(%out: tensor<2x32xf32>, %a: tensor<2x8xf32>, %b: tensor<8x32xf32>,
                %n: index) -> tensor<2x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f32
  %tile = tensor.extract_slice %out[0, 0] [2, %n] [1, 1] : tensor<2x32xf32> to tensor<2x?xf32>
  %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %tile) -> (tensor<2x?xf32>) {
    %whole = tensor.extract_slice %acc[0, 0] [2, %n] [1, 1] : tensor<2x?xf32> to tensor<2x?xf32>
    %mask = vector.create_mask %n : vector<32xi1>
    %brow = tensor.extract_slice %b[%k, 0] [1, %n] [1, 1] : tensor<8x32xf32> to tensor<1x?xf32>
    %bv = vector.transfer_read %brow[%c0, %c0], %pad, %mask {in_bounds = [true]} : tensor<1x?xf32>, vector<32xf32>
    %row0 = tensor.extract_slice %acc[0, 0] [1, %n] [1, 1] : tensor<2x?xf32> to tensor<1x?xf32>
    %v0 = vector.transfer_read %row0[%c0, %c0], %pad, %mask {in_bounds = [true]} : tensor<1x?xf32>, vector<32xf32>
    %a0 = tensor.extract %a[%c0, %k] : tensor<2x8xf32>
    %a0v = vector.broadcast %a0 : f32 to vector<32xf32>
    %f0 = vector.fma %bv, %a0v, %v0 : vector<32xf32>
    %w0 = vector.transfer_write %f0, %row0[%c0, %c0], %mask {in_bounds = [true]} : vector<32xf32>, tensor<1x?xf32>
    %i0 = tensor.insert_slice %w0 into %whole[0, 0] [1, %n] [1, 1] : tensor<1x?xf32> into tensor<2x?xf32>
    %row1 = tensor.extract_slice %i0[1, 0] [1, %n] [1, 1] : tensor<2x?xf32> to tensor<1x?xf32>
    %v1 = vector.transfer_read %row1[%c0, %c0], %pad, %mask {in_bounds = [true]} : tensor<1x?xf32>, vector<32xf32>
    %a1 = tensor.extract %a[%c1, %k] : tensor<2x8xf32>
    %a1v = vector.broadcast %a1 : f32 to vector<32xf32>
    %f1 = vector.fma %bv, %a1v, %v1 : vector<32xf32>
    %w1 = vector.transfer_write %f1, %row1[%c0, %c0], %mask {in_bounds = [true]} : vector<32xf32>, tensor<1x?xf32>
    %i1 = tensor.insert_slice %w1 into %i0[1, 0] [1, %n] [1, 1] : tensor<1x?xf32> into tensor<2x?xf32>
    %all = tensor.insert_slice %i1 into %acc[0, 0] [2, %n] [1, 1] : tensor<2x?xf32> into tensor<2x?xf32>
    scf.yield %all : tensor<2x?xf32>
  }
  %res = tensor.insert_slice %r into %out[0, 0] [2, %n] [1, 1] : tensor<2x?xf32> into tensor<2x32xf32>
  return %res : tensor<2x32xf32>
}

// -----

// One row: the whole slice of a 1-D row has folded already, the transfers
// read and write the iter_arg, under a mask built inside the loop.

// CHECK-LABEL: func.func @one_row
// CHECK:         %[[MASK:.*]] = vector.create_mask
// CHECK:         %[[R:.*]] = vector.transfer_read %arg0[%{{.*}}], %{{.*}}, %[[MASK]]
// CHECK:         %[[LOOP:.*]] = scf.for %{{.*}} iter_args(%{{.*}} = %[[R]]) -> (vector<32xf32>)
// CHECK:         vector.transfer_write %[[LOOP]], %arg0[%{{.*}}], %[[MASK]]
func.func @one_row(%row: tensor<?xf32>, %b: tensor<8x32xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %row) -> (tensor<?xf32>) {
    %mask = vector.create_mask %n : vector<32xi1>
    %bv = vector.transfer_read %b[%k, %c0], %pad, %mask {in_bounds = [true]} : tensor<8x32xf32>, vector<32xf32>
    %v = vector.transfer_read %acc[%c0], %pad, %mask {in_bounds = [true]} : tensor<?xf32>, vector<32xf32>
    %s = arith.addf %v, %bv : vector<32xf32>
    %w = vector.transfer_write %s, %acc[%c0], %mask {in_bounds = [true]} : vector<32xf32>, tensor<?xf32>
    scf.yield %w : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// A slice whose size is not provably the tensor's (%m may differ from the
// iter_arg's %n) stays, and so does the block in memory.

// CHECK-LABEL: func.func @not_whole
// CHECK:         scf.for %{{.*}} -> (tensor<2x?xf32>)
// CHECK:           tensor.extract_slice %{{.*}}[0, 0] [2, %arg2]
// CHECK:           vector.transfer_write
func.func @not_whole(%out: tensor<2x32xf32>, %n: index, %m: index) -> tensor<2x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f32
  %one = arith.constant dense<1.0> : vector<32xf32>
  %tile = tensor.extract_slice %out[0, 0] [2, %n] [1, 1] : tensor<2x32xf32> to tensor<2x?xf32>
  %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %tile) -> (tensor<2x?xf32>) {
    %part = tensor.extract_slice %acc[0, 0] [2, %m] [1, 1] : tensor<2x?xf32> to tensor<2x?xf32>
    %row0 = tensor.extract_slice %part[0, 0] [1, %m] [1, 1] : tensor<2x?xf32> to tensor<1x?xf32>
    %v0 = vector.transfer_read %row0[%c0, %c0], %pad {in_bounds = [false]} : tensor<1x?xf32>, vector<32xf32>
    %s0 = arith.addf %v0, %one : vector<32xf32>
    %w0 = vector.transfer_write %s0, %row0[%c0, %c0] {in_bounds = [false]} : vector<32xf32>, tensor<1x?xf32>
    %i0 = tensor.insert_slice %w0 into %part[0, 0] [1, %m] [1, 1] : tensor<1x?xf32> into tensor<2x?xf32>
    %all = tensor.insert_slice %i0 into %acc[0, 0] [2, %m] [1, 1] : tensor<2x?xf32> into tensor<2x?xf32>
    scf.yield %all : tensor<2x?xf32>
  }
  %res = tensor.insert_slice %r into %out[0, 0] [2, %n] [1, 1] : tensor<2x?xf32> into tensor<2x32xf32>
  return %res : tensor<2x32xf32>
}

// -----

// A read and a write of one row under different masks stay in the loop:
// carried across it, the lanes outside the read's mask would hold an earlier
// step's sums instead of the padding.

// CHECK-LABEL: func.func @other_masks
// CHECK:         scf.for %{{.*}} -> (tensor<?xf32>)
// CHECK:           vector.transfer_read %{{.*}}, %{{.*}}, %{{.*}} {in_bounds = [true]}
// CHECK:           vector.transfer_write
func.func @other_masks(%row: tensor<?xf32>, %n: index, %m: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f32
  %one = arith.constant dense<1.0> : vector<32xf32>
  %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %row) -> (tensor<?xf32>) {
    %rmask = vector.create_mask %n : vector<32xi1>
    %wmask = vector.create_mask %m : vector<32xi1>
    %v = vector.transfer_read %acc[%c0], %pad, %rmask {in_bounds = [true]} : tensor<?xf32>, vector<32xf32>
    %s = arith.addf %v, %one : vector<32xf32>
    %w = vector.transfer_write %s, %acc[%c0], %wmask {in_bounds = [true]} : vector<32xf32>, tensor<?xf32>
    scf.yield %w : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// A loop that may not run keeps its reads: moved out, they would run where
// they did not (and could read out of bounds).

// CHECK-LABEL: func.func @may_not_run
// CHECK:         scf.for %{{.*}} -> (tensor<?xf32>)
// CHECK:           vector.create_mask
// CHECK:           vector.transfer_read
// CHECK:           vector.transfer_write
func.func @may_not_run(%row: tensor<?xf32>, %n: index, %trips: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0.0 : f32
  %one = arith.constant dense<1.0> : vector<32xf32>
  %r = scf.for %k = %c0 to %trips step %c1 iter_args(%acc = %row) -> (tensor<?xf32>) {
    %mask = vector.create_mask %n : vector<32xi1>
    %v = vector.transfer_read %acc[%c0], %pad, %mask {in_bounds = [true]} : tensor<?xf32>, vector<32xf32>
    %s = arith.addf %v, %one : vector<32xf32>
    %w = vector.transfer_write %s, %acc[%c0], %mask {in_bounds = [true]} : vector<32xf32>, tensor<?xf32>
    scf.yield %w : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// A block masked in two dimensions stays in memory: carried across the
// loop, such a block (2 x 16 outputs of a transposed input) ran 1.4x slower.

// CHECK-LABEL: func.func @two_dims
// CHECK:         scf.for %{{.*}} -> (tensor<?x?xf32>)
// CHECK:           vector.transfer_write
func.func @two_dims(%tile: tensor<?x?xf32>, %m: index, %n: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f32
  %one = arith.constant dense<1.0> : vector<2x16xf32>
  %mask = vector.create_mask %m, %n : vector<2x16xi1>
  %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %tile) -> (tensor<?x?xf32>) {
    %v = vector.transfer_read %acc[%c0, %c0], %pad, %mask {in_bounds = [true, true]} : tensor<?x?xf32>, vector<2x16xf32>
    %s = arith.addf %v, %one : vector<2x16xf32>
    %w = vector.transfer_write %s, %acc[%c0, %c0], %mask {in_bounds = [true, true]} : vector<2x16xf32>, tensor<?x?xf32>
    scf.yield %w : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}
