// RUN: ansor-opt %s --pass-pipeline="builtin.module(func.func(sched-hoist-gpu-accumulators))" | FileCheck %s

// A thread's accumulator tile, read at the start of each step of the
// block's loop and written back at its end, becomes a loop-carried vector:
// its view (thread ids, offsets) leaves the loop first, the read goes
// before the loop, the write after it; the copy into the stage and the
// barriers stay.
// CHECK-LABEL: func.func @staged
// CHECK: gpu.launch
// CHECK: %[[TILE:.*]] = memref.subview %{{.*}} [4, 4] [1, 1]
// CHECK: %[[INIT:.*]] = vector.transfer_read %[[TILE]]
// CHECK: %[[ACC:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[INIT]]) -> (vector<4x4xf32>)
// CHECK: memref.copy
// CHECK: gpu.barrier
// CHECK-NOT: vector.transfer_read %[[TILE]]
// CHECK: %[[NEXT:.*]] = arith.addf %[[A]]
// CHECK-NOT: vector.transfer_write
// CHECK: gpu.barrier
// CHECK: scf.yield %[[NEXT]]
// CHECK: vector.transfer_write %[[ACC]], %[[TILE]]
// The loop's barriers ordered the write before other threads' next steps;
// after the loop it gets one of its own.
// CHECK-NEXT: gpu.barrier
func.func @staged(%c: memref<64x64xf32>, %a: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c16, %v = %c16, %w = %c1)
             workgroup(%stage : memref<4x4xf32, #gpu.address_space<workgroup>>) {
    scf.for %k = %c0 to %c64 step %c16 {
      %slice = memref.subview %a[0, %k] [4, 4] [1, 1] : memref<64x64xf32> to memref<4x4xf32, strided<[64, 1], offset: ?>>
      memref.copy %slice, %stage : memref<4x4xf32, strided<[64, 1], offset: ?>> to memref<4x4xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %tid = gpu.thread_id x
      %row = arith.muli %tid, %c4 : index
      %tile = memref.subview %c[%row, 0] [4, 4] [1, 1] : memref<64x64xf32> to memref<4x4xf32, strided<[64, 1], offset: ?>>
      %acc = vector.transfer_read %tile[%c0, %c0], %pad {in_bounds = [true, true]} : memref<4x4xf32, strided<[64, 1], offset: ?>>, vector<4x4xf32>
      %s = vector.transfer_read %stage[%c0, %c0], %pad {in_bounds = [true, true]} : memref<4x4xf32, #gpu.address_space<workgroup>>, vector<4x4xf32>
      %next = arith.addf %acc, %s : vector<4x4xf32>
      vector.transfer_write %next, %tile[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, memref<4x4xf32, strided<[64, 1], offset: ?>>
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// Another op of the loop reads a view of the same buffer: the tile may
// change under it, so it stays where it is.
// CHECK-LABEL: func.func @aliased
// CHECK: scf.for
// CHECK: vector.transfer_read
// CHECK: vector.transfer_write
// CHECK: memref.load
func.func @aliased(%c: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %tile = memref.subview %c[0, 0] [4, 4] [1, 1] : memref<64x64xf32> to memref<4x4xf32, strided<[64, 1]>>
  %other = memref.subview %c[4, 0] [4, 4] [1, 1] : memref<64x64xf32> to memref<4x4xf32, strided<[64, 1], offset: 256>>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c16, %v = %c1, %w = %c1) {
    scf.for %k = %c0 to %c64 step %c16 {
      %acc = vector.transfer_read %tile[%c0, %c0], %pad {in_bounds = [true, true]} : memref<4x4xf32, strided<[64, 1]>>, vector<4x4xf32>
      %next = arith.addf %acc, %acc : vector<4x4xf32>
      vector.transfer_write %next, %tile[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, memref<4x4xf32, strided<[64, 1]>>
      %e = memref.load %other[%c0, %c0] : memref<4x4xf32, strided<[64, 1], offset: 256>>
    }
    gpu.terminator
  }
  return
}

// A buffer reached through an op that is not a view (a transpose) may be
// the tile's own: the pair stays.
// CHECK-LABEL: func.func @transposed
// CHECK: scf.for
// CHECK: vector.transfer_read
// CHECK: vector.transfer_write
// CHECK: memref.load
func.func @transposed(%c: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %tile = memref.subview %c[0, 0] [4, 4] [1, 1] : memref<64x64xf32> to memref<4x4xf32, strided<[64, 1]>>
  %t = memref.transpose %c (i, j) -> (j, i) : memref<64x64xf32> to memref<64x64xf32, strided<[1, 64]>>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c16, %v = %c1, %w = %c1) {
    scf.for %k = %c0 to %c64 step %c16 {
      %acc = vector.transfer_read %tile[%c0, %c0], %pad {in_bounds = [true, true]} : memref<4x4xf32, strided<[64, 1]>>, vector<4x4xf32>
      %next = arith.addf %acc, %acc : vector<4x4xf32>
      vector.transfer_write %next, %tile[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, memref<4x4xf32, strided<[64, 1]>>
      %e = memref.load %t[%c0, %c1] : memref<64x64xf32, strided<[1, 64]>>
    }
    gpu.terminator
  }
  return
}
