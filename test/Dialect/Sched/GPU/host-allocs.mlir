// RUN: ansor-opt %s --split-input-file --sched-gpu-host-allocs --verify-diagnostics | FileCheck %s

// The buffer between two kernels moves to the device and is freed before
// the host function returns; the arguments and the kernels' own functions
// are left alone.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @fill(%m: memref<16xf32>) kernel {
      gpu.return
    }
    func.func @device_helper() {
      %a = memref.alloc() : memref<4xf32>
      return
    }
  }
  func.func @host(%out: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    %tmp = memref.alloc() : memref<16xf32>
    gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%tmp : memref<16xf32>)
    gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%out : memref<16xf32>)
    return
  }
}

// CHECK-LABEL: gpu.module @k
// CHECK:         func.func @device_helper
// CHECK-NEXT:      memref.alloc() : memref<4xf32>
// CHECK-LABEL: func.func @host(
// CHECK-SAME:      %[[OUT:.*]]: memref<16xf32>)
// CHECK:         %[[T:.*]] = gpu.alloc () : memref<16xf32>
// CHECK-NEXT:    gpu.launch_func @k::@fill {{.*}} args(%[[T]] : memref<16xf32>)
// CHECK-NEXT:    gpu.launch_func @k::@fill {{.*}} args(%[[OUT]] : memref<16xf32>)
// CHECK-NEXT:    gpu.dealloc %[[T]] : memref<16xf32>
// CHECK-NEXT:    return

// -----

// A host allocation in a loop would be one device allocation per
// iteration, and a host loop would touch device memory: refused.
func.func @in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{'memref.alloc' op outside the entry block of the host function of a GPU program (in a loop, a branch or a region) cannot move to the device}}
    %a = memref.alloc() : memref<4xf32>
  }
  return
}

// -----

// A buffer the host reads (here, copied on the host) cannot move to the
// device: the host code would dereference device memory.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @fill(%m: memref<16xf32>) kernel {
      gpu.return
    }
  }
  func.func @host_copy(%out: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'memref.alloc' op of a GPU program is accessed on the host; it cannot move to the device}}
    %tmp = memref.alloc() : memref<16xf32>
    gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%tmp : memref<16xf32>)
    %view = memref.subview %tmp[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
    %dst = memref.subview %out[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
    // expected-note @+1 {{accessed here}}
    memref.copy %view, %dst : memref<8xf32, strided<[1]>> to memref<8xf32, strided<[1]>>
    return
  }
}

// -----

// A partitioned network: the buffer between two tasks is passed to their
// host functions, which hand it to kernels as the entry function does. It
// moves to the device (before, the calls counted as host accesses and no
// partitioned network built for a GPU).
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @fill(%m: memref<16xf32>) kernel {
      gpu.return
    }
  }
  func.func @task(%in: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%in : memref<16xf32>)
    return
  }
  func.func @net(%out: memref<16xf32>) {
    %tmp = memref.alloc() : memref<16xf32>
    call @task(%tmp) : (memref<16xf32>) -> ()
    %view = memref.subview %tmp[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
    call @task_view(%view) : (memref<8xf32, strided<[1]>>) -> ()
    return
  }
  func.func @task_view(%in: memref<8xf32, strided<[1]>>) {
    return
  }
}

// CHECK-LABEL: func.func @net(
// CHECK:         %[[T:.*]] = gpu.alloc () : memref<16xf32>
// CHECK-NEXT:    call @task(%[[T]])
// CHECK:         gpu.dealloc %[[T]] : memref<16xf32>

// -----

// A function without a body may touch the buffer on the host: refused.
module attributes {gpu.container_module} {
  func.func private @host_print(memref<16xf32>)
  func.func @net_print() {
    // expected-error @+1 {{'memref.alloc' op of a GPU program is accessed on the host; it cannot move to the device}}
    %tmp = memref.alloc() : memref<16xf32>
    // expected-note @+1 {{accessed here}}
    call @host_print(%tmp) : (memref<16xf32>) -> ()
    return
  }
}
