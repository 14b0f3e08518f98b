// RUN: ansor-opt %s --split-input-file --ansor-lower-gpu | FileCheck %s

// What no schedule placed on the GPU (here the untuned lowering, which
// speedups on a GPU divide by) gets one thread per element, a block's
// threads along a loop they divide: the last block's thread loop would
// otherwise have a dynamic size, which the mapping to threads refused
// ("requires statically sized, normalized forall op": the untuned lowering
// of 10 of 98 funcs did not build, a 50x200 GELU, a 1x1000 bias, a softmax
// over 129 columns). 200 columns: blocks of 100.
// CHECK-LABEL: llvm.func @rows(
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : index) : i64
// CHECK-DAG: %[[C50:.*]] = llvm.mlir.constant(50 : index) : i64
// CHECK-DAG: %[[C100:.*]] = llvm.mlir.constant(100 : index) : i64
// CHECK: gpu.launch_func <{{.*}}> @rows_kernel::@rows_kernel blocks in (%[[C2]], %[[C50]], %[[C1]]) threads in (%[[C100]], %[[C1]], %[[C1]])
func.func @rows(%x: tensor<50x200xf32>) -> tensor<50x200xf32> {
  %e = tensor.empty() : tensor<50x200xf32>
  %r = linalg.exp ins(%x : tensor<50x200xf32>) outs(%e : tensor<50x200xf32>) -> tensor<50x200xf32>
  return %r : tensor<50x200xf32>
}

// -----

// A prime innermost extent (257) would give one thread per block: the
// threads split the middle loop (300, in blocks of 100) instead.
// CHECK-LABEL: llvm.func @outer(
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-DAG: %[[C3:.*]] = llvm.mlir.constant(3 : index) : i64
// CHECK-DAG: %[[C6:.*]] = llvm.mlir.constant(6 : index) : i64
// CHECK-DAG: %[[C100:.*]] = llvm.mlir.constant(100 : index) : i64
// CHECK-DAG: %[[C257:.*]] = llvm.mlir.constant(257 : index) : i64
// CHECK: gpu.launch_func <{{.*}}> @outer_kernel::@outer_kernel blocks in (%[[C257]], %[[C3]], %[[C6]]) threads in (%[[C100]], %[[C1]], %[[C1]])
func.func @outer(%a: tensor<6x300x1xf32>, %b: tensor<6x1x257xf32>) -> tensor<6x300x257xf32> {
  %e = tensor.empty() : tensor<6x300x257xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, 0)>, affine_map<(b, i, j) -> (b, 0, j)>, affine_map<(b, i, j) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%a, %b : tensor<6x300x1xf32>, tensor<6x1x257xf32>) outs(%e : tensor<6x300x257xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<6x300x257xf32>
  return %r : tensor<6x300x257xf32>
}

// -----

// Two columns: the threads split the rows (blocks of 125, a divisor of
// 100000), and 800 blocks along y stay within the grid's 65535.
// CHECK-LABEL: llvm.func @tall(
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : index) : i64
// CHECK-DAG: %[[C125:.*]] = llvm.mlir.constant(125 : index) : i64
// CHECK-DAG: %[[C800:.*]] = llvm.mlir.constant(800 : index) : i64
// CHECK: gpu.launch_func <{{.*}}> @tall_kernel::@tall_kernel blocks in (%[[C2]], %[[C800]], %[[C1]]) threads in (%[[C125]], %[[C1]], %[[C1]])
func.func @tall(%x: tensor<100000x2xf32>) -> tensor<100000x2xf32> {
  %e = tensor.empty() : tensor<100000x2xf32>
  %r = linalg.exp ins(%x : tensor<100000x2xf32>) outs(%e : tensor<100000x2xf32>) -> tensor<100000x2xf32>
  return %r : tensor<100000x2xf32>
}

// -----

// 70000 rows in one block each would pass grid y's 65535: the loop with the
// most blocks takes x (2^31 - 1) instead (it was left to each thread to
// run, one block in all).
// CHECK-LABEL: llvm.func @taller(
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-DAG: %[[C64:.*]] = llvm.mlir.constant(64 : index) : i64
// CHECK-DAG: %[[C70000:.*]] = llvm.mlir.constant(70000 : index) : i64
// CHECK: gpu.launch_func <{{.*}}> @taller_kernel::@taller_kernel blocks in (%[[C70000]], %[[C1]], %[[C1]]) threads in (%[[C64]], %[[C1]], %[[C1]])
func.func @taller(%x: tensor<70000x64xf32>) -> tensor<70000x64xf32> {
  %e = tensor.empty() : tensor<70000x64xf32>
  %r = linalg.exp ins(%x : tensor<70000x64xf32>) outs(%e : tensor<70000x64xf32>) -> tensor<70000x64xf32>
  return %r : tensor<70000x64xf32>
}
