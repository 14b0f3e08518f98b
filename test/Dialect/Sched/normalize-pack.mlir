// A linalg.pack or linalg.unpack the user wrote (a data-tiled program, as
// IREE's encodings write them) is lowered by upstream's lowerPack and
// lowerUnPack: a pack becomes a pad (where it pads), a reshape and a
// linalg.transpose, an unpack a transpose, a reshape and a slice. The
// transposes are nodes, scheduled as any; such funcs were refused ("op
// 'linalg.pack' is not supported in a payload func"). The mmt4d is tuned
// as its generic (materialize-mmt4d.mlir).
// RUN: ansor-opt %s --split-input-file --sched-derive-sketches="target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256'" | FileCheck %s
// RUN: ansor-opt %s --split-input-file --sched-derive-sketches="target='cuda -arch=sm_90'" | FileCheck %s --check-prefix=GPU
// Tuned programs are built and verified against the untuned lowering.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --split-input-file --ansor-tune="trials=6 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl" -o /dev/null 2> /dev/null
// RUN: python3 %S/../../Tuner/count-records.py %t/rec.jsonl "sched.tile" | FileCheck %s --check-prefix=REC
// REC: records 18, errors 0, matching 18

// CHECK-LABEL: func.func @pack_then_mmt4d
// CHECK-NOT:     linalg.pack
// CHECK:         %[[PADDED:.+]] = tensor.pad %arg0 low[0, 0] high[4, 2]
// CHECK:         %[[EXPANDED:.+]] = tensor.expand_shape %[[PADDED]] {{\[\[}}0, 1], [2, 3]] output_shape [8, 8, 8, 8]
// CHECK:         %[[PACKED:.+]] = linalg.transpose ins(%[[EXPANDED]] : tensor<8x8x8x8xf32>) {{.*}} permutation = [0, 2, 1, 3] {sched.node = 1 : i64}
// CHECK:         linalg.generic {{.*}} ins(%[[PACKED]], %arg1 {{.*}} attrs = {sched.node = 3 : i64}
// CHECK:         sched.schedule @pack_then_mmt4d_sketch0 {{.*}} nodes [#sched.node<"tensor.pad", [64, 64], [S, S]>, #sched.node<"linalg.transpose", [8, 8, 8, 8], [S, S, S, S]>, #sched.node<"linalg.fill", [8, 8, 8, 8], [S, S, S, S]>, #sched.node<"linalg.generic", [8, 8, 8, 8, 8, 8], [S, S, R, S, S, R]>]
// GPU-LABEL:   sched.schedule @pack_then_mmt4d_sketch0
// GPU:           sched.bind
func.func @pack_then_mmt4d(%a: tensor<60x62xf32>, %w: tensor<8x8x8x8xf32>) -> tensor<8x8x8x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8x8x8xf32>
  %p = linalg.pack %a padding_value(%z : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<60x62xf32> -> tensor<8x8x8x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x8x8x8xf32>) -> tensor<8x8x8x8xf32>
  %r = linalg.mmt4d ins(%p, %w : tensor<8x8x8x8xf32>, tensor<8x8x8x8xf32>) outs(%f : tensor<8x8x8x8xf32>) -> tensor<8x8x8x8xf32>
  return %r : tensor<8x8x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @unpack_then_add
// CHECK-NOT:     linalg.unpack
// CHECK:         %[[T:.+]] = linalg.transpose ins(%arg0 : tensor<8x8x8x8xf32>) {{.*}} permutation = [0, 2, 1, 3] {sched.node = 0 : i64}
// CHECK:         %[[C:.+]] = tensor.collapse_shape %[[T]] {{\[\[}}0, 1], [2, 3]] : tensor<8x8x8x8xf32> into tensor<64x64xf32>
// CHECK:         linalg.generic {{.*}} ins(%{{.+}}, %arg1 : tensor<64x64xf32>, tensor<64x64xf32>) {{.*}}sched.node = 1
// CHECK:         sched.schedule @unpack_then_add_sketch0 {{.*}} nodes [#sched.node<"linalg.transpose", [8, 8, 8, 8], [S, S, S, S]>, #sched.node<"linalg.generic", [64, 64], [S, S]>]
// GPU-LABEL:   sched.schedule @unpack_then_add_sketch0
// GPU:           sched.bind
func.func @unpack_then_add(%a: tensor<8x8x8x8xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %u = linalg.unpack %a inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<8x8x8x8xf32> -> tensor<64x64xf32>
  %e2 = tensor.empty() : tensor<64x64xf32>
  %r = linalg.add ins(%u, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// Outer dimensions permuted too: one transpose.
// CHECK-LABEL: func.func @pack_outer_permuted
// CHECK-NOT:     linalg.pack
// CHECK:         %[[E:.+]] = tensor.expand_shape %arg0 {{\[\[}}0, 1], [2, 3]] output_shape [8, 8, 4, 8]
// CHECK:         linalg.transpose ins(%[[E]] : tensor<8x8x4x8xf32>) {{.*}} permutation = [2, 0, 1, 3] {sched.node = 0 : i64}
// GPU-LABEL:   sched.schedule @pack_outer_permuted_sketch0
func.func @pack_outer_permuted(%a: tensor<64x32xf32>) -> tensor<4x8x8x8xf32> {
  %e = tensor.empty() : tensor<4x8x8x8xf32>
  %p = linalg.pack %a outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<64x32xf32> -> tensor<4x8x8x8xf32>
  return %p : tensor<4x8x8x8xf32>
}
