// RUN: ansor-opt %s --ansor-partition | ansor-opt --ansor-lower-gpu | FileCheck %s

// A partitioned network builds for a GPU: the buffers between its tasks,
// passed to the tasks' host functions (the first block's output twice: to
// the second block and to the residual add), are device allocations freed
// after the last kernel. Before, a call counted as a host access and the
// network's lowering failed ("'memref.alloc' op of a GPU program is
// accessed on the host"), so no partitioned network was measured end to end
// on a GPU.
// CHECK-LABEL: llvm.func @block(
// CHECK:         %[[R1:.+]] = llvm.call @mgpuMemAlloc(
// CHECK:         llvm.call @conv_2d_nhwc_hwcf_0(
// CHECK:         %[[R2:.+]] = llvm.call @mgpuMemAlloc(
// CHECK:         llvm.call @conv_2d_nhwc_hwcf_0(%[[R1]], %[[R1]],
// CHECK:         %[[R3:.+]] = llvm.call @mgpuMemAlloc(
// CHECK:         llvm.call @conv_2d_nhwc_hwcf_1(%[[R2]], %[[R2]], {{.*}}, %[[R1]], %[[R1]],
// CHECK:         gpu.launch_func
// CHECK-DAG:     llvm.call @mgpuMemFree(%[[R1]],
// CHECK-DAG:     llvm.call @mgpuMemFree(%[[R2]],
// CHECK-DAG:     llvm.call @mgpuMemFree(%[[R3]],
// CHECK:         llvm.return

// The residual block of partition.mlir.
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
#ch = affine_map<(n, h, w, c) -> (c)>
func.func @block(%x: tensor<1x8x8x16xf32>, %w1: tensor<3x3x16x16xf32>, %b1: tensor<16xf32>,
                 %w2: tensor<3x3x16x16xf32>, %b2: tensor<16xf32>,
                 %w3: tensor<3x3x16x16xf32>, %b3: tensor<16xf32>) -> tensor<1x8x8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %p1 = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x16xf32> to tensor<1x10x10x16xf32>
  %c1 = linalg.conv_2d_nhwc_hwcf ins(%p1, %w1 : tensor<1x10x10x16xf32>, tensor<3x3x16x16xf32>)
      outs(%acc : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %r1 = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c1, %b1 : tensor<1x8x8x16xf32>, tensor<16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x16xf32>
  %p2 = tensor.pad %r1 low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x16xf32> to tensor<1x10x10x16xf32>
  %c2 = linalg.conv_2d_nhwc_hwcf ins(%p2, %w2 : tensor<1x10x10x16xf32>, tensor<3x3x16x16xf32>)
      outs(%acc : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %r2 = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c2, %b2 : tensor<1x8x8x16xf32>, tensor<16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x16xf32>
  %p3 = tensor.pad %r2 low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x16xf32> to tensor<1x10x10x16xf32>
  %c3 = linalg.conv_2d_nhwc_hwcf ins(%p3, %w3 : tensor<1x10x10x16xf32>, tensor<3x3x16x16xf32>)
      outs(%acc : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %y3 = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c3, %b3 : tensor<1x8x8x16xf32>, tensor<16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x8x8x16xf32>
  %res = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%y3, %r1 : tensor<1x8x8x16xf32>, tensor<1x8x8x16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x16xf32>
  return %res : tensor<1x8x8x16xf32>
}

