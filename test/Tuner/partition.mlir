// RUN: ansor-opt %s --ansor-partition --split-input-file | FileCheck %s

// A residual block: two identical conv+bias+ReLU subgraphs share one task
// func (weight 2); the third conv takes the residual add and the ReLU,
// which normalization fuses with its bias add into one generic.
// CHECK-LABEL: func.func @conv_2d_nhwc_hwcf_0(
// CHECK-SAME:      %{{.*}}: tensor<1x8x8x16xf32>, %{{.*}}: tensor<3x3x16x16xf32>, %{{.*}}: tensor<16xf32>) -> tensor<1x8x8x16xf32>
// CHECK:         arith.constant 0.0
// CHECK:         linalg.fill
// CHECK:         tensor.pad
// CHECK:         linalg.conv_2d_nhwc_hwcf
// CHECK:         linalg.generic
// CHECK-NOT:     linalg.{{[a-z_]+}} ins
// CHECK:         return
// CHECK-LABEL: func.func @conv_2d_nhwc_hwcf_1(
// CHECK-SAME:      %{{.*}}: tensor<1x8x8x16xf32>, %{{.*}}: tensor<3x3x16x16xf32>, %{{.*}}: tensor<16xf32>, %{{.*}}: tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
// CHECK:         tensor.pad
// CHECK:         linalg.conv_2d_nhwc_hwcf
// CHECK:         linalg.generic
// CHECK:         arith.addf
// CHECK:         arith.addf
// CHECK:         arith.maximumf
// CHECK-NOT:     linalg.generic
// CHECK:         return
// CHECK-LABEL: func.func @block(
// CHECK-NEXT:    %[[R1:.*]] = call @conv_2d_nhwc_hwcf_0(%arg0, %arg1, %arg2)
// CHECK-NEXT:    %[[R2:.*]] = call @conv_2d_nhwc_hwcf_0(%[[R1]], %arg3, %arg4)
// CHECK-NEXT:    %[[R3:.*]] = call @conv_2d_nhwc_hwcf_1(%[[R2]], %arg5, %arg6, %[[R1]])
// CHECK-NEXT:    return %[[R3]]
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

// -----

// Elementwise ops no compute-heavy op absorbs form chains of their own: the
// transpose feeds the matmul and the returned value, so it stays apart.
// CHECK-LABEL: func.func @matmul_0(
// CHECK:         linalg.matmul
// CHECK:         return
// CHECK-LABEL: func.func @transpose_0(
// CHECK:         linalg.transpose
// CHECK:         return
// CHECK-LABEL: func.func @mm(
// CHECK:         %[[T:.*]] = call @transpose_0(%arg0)
// CHECK:         %[[M:.*]] = call @matmul_0(%[[T]], %arg1)
// CHECK:         return %[[M]], %[[T]]
func.func @mm(%a: tensor<8x4xf32>, %b: tensor<8x16xf32>) -> (tensor<4x16xf32>, tensor<4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<4x8xf32>
  %t = linalg.transpose ins(%a : tensor<8x4xf32>) outs(%et : tensor<4x8xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<4x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %m = linalg.matmul ins(%t, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %m, %t : tensor<4x16xf32>, tensor<4x8xf32>
}

// -----

// One subgraph is a task already: left as it is.
// CHECK-LABEL: func.func @single(
// CHECK-NOT:     call
// CHECK:         linalg.matmul
// CHECK:         linalg.generic
func.func @single(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %x, %zero : f32
    linalg.yield %y : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// -----

// A scalar argument the subgraph reads becomes an argument of its task.
// CHECK-LABEL: func.func @matmul_0(
// CHECK-SAME:      %{{.*}}: tensor<64x64xf32>, %{{.*}}: tensor<64x64xf32>, %{{.*}}: f32) -> tensor<64x64xf32>
// CHECK-LABEL: func.func @scaled_net(
// CHECK-SAME:      %[[X:.*]]: tensor<64x64xf32>, %[[W:.*]]: tensor<64x64xf32>, %[[ALPHA:.*]]: f32)
// CHECK:         call @matmul_0(%[[X]], %[[W]], %[[ALPHA]])
// CHECK:         call @matmul_1(
func.func @scaled_net(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>, %alpha: f32) -> tensor<64x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = linalg.matmul ins(%x, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs(%acc : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
    ^bb0(%a: f32, %o: f32):
      %s = arith.mulf %a, %alpha : f32
      linalg.yield %s : f32
  } -> tensor<64x64xf32>
  %acc2 = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m2 = linalg.matmul ins(%r, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs(%acc2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %m2 : tensor<64x64xf32>
}
