// RUN: ansor-opt %s --split-input-file --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --split-input-file --sched-materialize | FileCheck %s
// RUN: ansor-opt %s --split-input-file --sched-materialize \
// RUN:   | ansor-opt --split-input-file --ansor-lower-cpu | FileCheck %s --check-prefix=LOWER

// A weight known at compile time, packed whole: the pack is lowered to a
// transpose of the (reshaped) constant instead of being tiled into copy
// loops, and the lowering computes that transpose once, into a constant in
// the panel layout [N/8][K][8]. B[k][n] = 16 k + n, so panel 0 holds
// B[k][0..7] for k = 0..3, then panel 1 B[k][8..15]. No panel buffer is
// allocated and nothing is copied per call.

// SCRIPT-LABEL: transform.named_sequence @apply_const_whole
// SCRIPT:         %{{.*}}, %[[PACK:.*]], %{{.*}} = transform.structured.pack_transpose %{{.*}} outer_perm = [1, 0]
// SCRIPT-NEXT:    %[[CAST:.*]] = transform.cast %[[PACK]] : !transform.any_op to !transform.op<"linalg.pack">
// SCRIPT-NEXT:    transform.structured.lower_pack %[[CAST]]
// SCRIPT-NOT:     %[[PACK]]
// SCRIPT:         transform.yield

// CHECK-LABEL: func.func @const_whole
// CHECK:         %[[W:.*]] = arith.constant dense<{{.*}}> : tensor<4x2x8xf32>
// CHECK:         %[[P:.*]] = linalg.transpose ins(%[[W]] : tensor<4x2x8xf32>) outs(%{{.*}} : tensor<2x4x8xf32>) permutation = [1, 0, 2]
// CHECK-NOT:     -> (tensor<2x4x8xf32>)
// CHECK:         scf.forall (%{{.*}}) in (2) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<8x2x8xf32>)
// CHECK:         tensor.extract_slice %[[P]]
// CHECK:         vector.fma

// LOWER:         llvm.mlir.global private constant @{{.*}}(dense<{{\[\[\[}}0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00], [1.600000e+01, 1.700000e+01, {{.*}}]], {{\[\[}}8.000000e+00, 9.000000e+00, {{.*}}> : tensor<2x4x8xf32>)
// LOWER-LABEL:   llvm.func @const_whole
// LOWER-NOT:     llvm.call @aligned_alloc
// LOWER-NOT:     llvm.intr.memcpy
// LOWER:         llvm.return
func.func @const_whole(%a: tensor<8x4xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %b = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0], [32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0], [48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0]]> : tensor<4x16xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %c = linalg.matmul ins(%a, %b : tensor<8x4xf32>, tensor<4x16xf32>)
      outs(%acc : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}
sched.schedule @const_whole_s for @const_whole target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [8, 16], [S, S]>, #sched.node<"linalg.matmul", [8, 16, 4], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 1, 1, 4] of 8>, #sched.split<[1, 2, 1, 8] of 16>, #sched.split<[2, 2] of 4>]
  sched.pack node 1 operand 1 loop 1 at <0 in [0]>
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}

// -----

// The same weight stored transposed, B[N][K] (a dense layer's, as importers
// write it): its pack transposes it into the same panels, at compile time.

// CHECK-LABEL: func.func @const_transposed
// CHECK:         %[[W:.*]] = arith.constant dense<{{.*}}> : tensor<2x8x4xf32>
// CHECK:         linalg.transpose ins(%[[W]] : tensor<2x8x4xf32>) outs(%{{.*}} : tensor<2x4x8xf32>) permutation = [0, 2, 1]

// LOWER:         llvm.mlir.global private constant @{{.*}}(dense<{{\[\[\[}}0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00], [1.600000e+01, 1.700000e+01, {{.*}}]], {{\[\[}}8.000000e+00, 9.000000e+00, {{.*}}> : tensor<2x4x8xf32>)
// LOWER-LABEL:   llvm.func @const_transposed
// LOWER-NOT:     llvm.call @aligned_alloc
// LOWER:         llvm.return
func.func @const_transposed(%a: tensor<8x4xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %b = arith.constant dense<[[0.0, 16.0, 32.0, 48.0], [1.0, 17.0, 33.0, 49.0], [2.0, 18.0, 34.0, 50.0], [3.0, 19.0, 35.0, 51.0], [4.0, 20.0, 36.0, 52.0], [5.0, 21.0, 37.0, 53.0], [6.0, 22.0, 38.0, 54.0], [7.0, 23.0, 39.0, 55.0], [8.0, 24.0, 40.0, 56.0], [9.0, 25.0, 41.0, 57.0], [10.0, 26.0, 42.0, 58.0], [11.0, 27.0, 43.0, 59.0], [12.0, 28.0, 44.0, 60.0], [13.0, 29.0, 45.0, 61.0], [14.0, 30.0, 46.0, 62.0], [15.0, 31.0, 47.0, 63.0]]> : tensor<16x4xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %c = linalg.matmul indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>]
      ins(%a, %b : tensor<8x4xf32>, tensor<16x4xf32>)
      outs(%acc : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}
sched.schedule @const_transposed_s for @const_transposed target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [8, 16], [S, S]>, #sched.node<"linalg.matmul", [8, 16, 4], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 1, 1, 4] of 8>, #sched.split<[1, 2, 1, 8] of 16>, #sched.split<[2, 2] of 4>]
  sched.pack node 1 operand 1 loop 1 at <0 in [0]>
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}
