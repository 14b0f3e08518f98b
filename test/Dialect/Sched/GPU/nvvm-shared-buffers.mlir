// RUN: ansor-opt %s --pass-pipeline="builtin.module(gpu.module(gpu.func(sched-nvvm-shared-buffers)))" | FileCheck %s

// A kernel's workgroup buffer moves to NVVM's shared address space (3),
// in its attribution and in every type that refers to it, and is aligned
// for 16-byte accesses; a private buffer and other kernels are untouched.
// CHECK-LABEL: gpu.func @staged
// CHECK-SAME: workgroup(%[[W:.*]] : memref<16x64xf32, 3> {llvm.align = 16 : i64})
// CHECK-SAME: private(%{{.*}} : memref<4xf32, 5>)
// CHECK: memref.subview %[[W]]{{.*}} : memref<16x64xf32, 3> to memref<4xf32, strided<[1], offset: ?>, 3>
// CHECK-NOT: #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @plain
// CHECK-NOT: llvm.align
gpu.module @kernels {
  gpu.func @staged(%i: index) workgroup(%w : memref<16x64xf32, #gpu.address_space<workgroup>>)
      private(%p : memref<4xf32, 5>) kernel {
    %v = memref.subview %w[%i, 0] [1, 4] [1, 1] : memref<16x64xf32, #gpu.address_space<workgroup>>
        to memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    %x = memref.load %v[%c0] : memref<4xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    memref.store %x, %p[%c0] : memref<4xf32, 5>
    gpu.return
  }
  gpu.func @plain(%m: memref<4xf32>) kernel {
    gpu.return
  }
}
