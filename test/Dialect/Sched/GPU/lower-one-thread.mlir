// RUN: ansor-opt %s --split-input-file --ansor-lower-gpu | FileCheck %s

// A reduction to a scalar has no parallel loop to give blocks or threads:
// one thread of one block runs it (it was refused, so the func could not
// even be measured untuned), then the copy of its 0-d result the same way.
// CHECK: %[[ONE:[0-9]+]] = llvm.mlir.constant(1 : index) : i64
// CHECK: gpu.launch_func <{{.*}}> @full_sum_kernel::@full_sum_kernel blocks in (%[[ONE]], %[[ONE]], %[[ONE]]) threads in (%[[ONE]], %[[ONE]], %[[ONE]])
// CHECK: gpu.binary @full_sum_kernel
// CHECK-SAME: add.rn.f32
func.func @full_sum(%x: tensor<1024xf32>, %acc: tensor<f32>) -> tensor<f32> {
  %s = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%x : tensor<1024xf32>) outs(%acc : tensor<f32>) {
    ^bb0(%v: f32, %a: f32):
      %r = arith.addf %v, %a : f32
      linalg.yield %r : f32
  } -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// An index that divides or takes a remainder of a loop (`j mod 3`) tiles
// wrongly (the tile's slice starts at its first iteration's value, and the
// tiled op takes the remainder again from there): one thread runs it.
// CHECK: %[[ONE:[0-9]+]] = llvm.mlir.constant(1 : index) : i64
// CHECK: gpu.launch_func <{{.*}}> @tile_rows_kernel::@tile_rows_kernel blocks in (%[[ONE]], %[[ONE]], %[[ONE]]) threads in (%[[ONE]], %[[ONE]], %[[ONE]])
// CHECK-NOT: gpu.launch_func
func.func @tile_rows(%x: tensor<8x3xf32>) -> tensor<8x384xf32> {
  %e = tensor.empty() : tensor<8x384xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j mod 3)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x3xf32>) outs(%e : tensor<8x384xf32>) {
    ^bb0(%a: f32, %o: f32):
      %y = arith.addf %a, %a : f32
      linalg.yield %y : f32
  } -> tensor<8x384xf32>
  return %r : tensor<8x384xf32>
}

// -----

// So does an index with a negative coefficient (a convolution written with
// its window flipped, `w - k + 2`, which KeepLoopNest leaves untiled): the
// slice would start at `w + 2`, the first iteration's value, and the tiled
// op was refused ("inferred input/output operand #0 has shape's dimension
// #0 to be greater than or equal to 3, but found 1"). Tiling `c` alone
// would still slice dimension 0 wrongly, so no loop is tiled.
// CHECK: %[[ONE:[0-9]+]] = llvm.mlir.constant(1 : index) : i64
// CHECK: gpu.launch_func <{{.*}}> @flip_kernel::@flip_kernel blocks in (%[[ONE]], %[[ONE]], %[[ONE]]) threads in (%[[ONE]], %[[ONE]], %[[ONE]])
// CHECK: gpu.binary @flip_kernel
// CHECK-SAME: .maxntid 1, 1, 1
func.func @flip(%i: tensor<66x16xf32>, %w: tensor<3x16xf32>, %acc: tensor<64x16xf32>) -> tensor<64x16xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(w, c, k) -> (w - k + 2, c)>, affine_map<(w, c, k) -> (k, c)>, affine_map<(w, c, k) -> (w, c)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%i, %w : tensor<66x16xf32>, tensor<3x16xf32>) outs(%acc : tensor<64x16xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %o, %m : f32
      linalg.yield %s : f32
  } -> tensor<64x16xf32>
  return %r : tensor<64x16xf32>
}
