// RUN: ansor-opt %s --sched-gpu-noalias-args | FileCheck %s
// RUN: ansor-opt %s --sched-gpu-noalias-args --convert-gpu-to-nvvm | FileCheck %s --check-prefix=NOTYET
// RUN: ansor-opt %s --sched-gpu-noalias-args --convert-gpu-to-nvvm --sched-apply-noalias-args | FileCheck %s --check-prefix=LLVM

// A kernel's buffer arguments that share their buffer with no other argument
// at any launch are found: @alone's three memrefs at every launch; @shared's
// first two are views of one buffer at the second launch (a subview of %x
// and %x itself), its third is alone. The positions are the LLVM arguments'
// of each memref's allocated and aligned pointers (a rank-1 memref passes 5
// values, the index 1, a rank-2 memref 7).
// CHECK-LABEL: gpu.func @alone
// CHECK-SAME:    sched.noalias_args = array<i64: 0, 1, 5, 6, 11, 12>
// CHECK-LABEL: gpu.func @shared
// CHECK-SAME:    sched.noalias_args = array<i64: 11, 12>
// The GPU conversion keeps the list; the apply pass marks those pointers.
// NOTYET: llvm.func @alone({{.*}}) attributes {{{.*}}sched.noalias_args
// LLVM-LABEL: llvm.func @alone
// LLVM-SAME:    (%{{.*}}: !llvm.ptr {llvm.noalias}, %{{.*}}: !llvm.ptr {llvm.noalias}, %{{.*}}: i64,
// LLVM-NOT:     sched.noalias_args
// LLVM-LABEL: llvm.func @shared
// LLVM-SAME:    (%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64,
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @alone(%a: memref<16xf32>, %b: memref<16xf32>, %n: index, %c: memref<4x4xf32>) kernel {
      gpu.return
    }
    gpu.func @shared(%a: memref<8xf32, strided<[1], offset: ?>>, %b: memref<16xf32>, %n: index, %c: memref<4x4xf32>) kernel {
      gpu.return
    }
  }
  func.func @f(%x: memref<16xf32>, %y: memref<16xf32>, %z: memref<4x4xf32>, %o: index) {
    %c1 = arith.constant 1 : index
    %w = memref.alloc() : memref<16xf32>
    %v = memref.subview %w[%o] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: ?>>
    gpu.launch_func @kernels::@alone blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%x : memref<16xf32>, %y : memref<16xf32>, %c1 : index, %z : memref<4x4xf32>)
    gpu.launch_func @kernels::@shared blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%v : memref<8xf32, strided<[1], offset: ?>>, %y : memref<16xf32>, %c1 : index, %z : memref<4x4xf32>)
    %u = memref.subview %x[%o] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: ?>>
    gpu.launch_func @kernels::@shared blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%u : memref<8xf32, strided<[1], offset: ?>>, %x : memref<16xf32>, %c1 : index, %z : memref<4x4xf32>)
    return
  }
}
