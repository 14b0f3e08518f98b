// Upstream-only reduction of the NCHW miscompile (see upstream-slice-fold.mlir):
// the pattern order the materializer emits keeps every slice correct.
// Workaround variant of repro_transform.mlir: same payload and script, but
// merge_consecutive_insert_extract_slice runs in its own apply_patterns group after
// canonicalization instead of together with it. Output is correct
// (run_repro.sh: [[6521, 7632, 8743], [17631, 18742, 19853]]).
// RUN: mlir-opt %s --transform-interpreter --test-transform-dialect-erase-schedule | FileCheck %s
// CHECK-LABEL: func.func @conv
// CHECK-COUNT-3: tensor.extract_slice %arg0{{.*}} [1, 2, 1, 2] [1, 1, 1, 1] : tensor<1x2x2x4xf32> to tensor<1x2x2xf32>
// CHECK-NOT: tensor<2x1x2xf32>
// Miscompile: tensor.merge_consecutive_insert_extract_slice + canonicalization
// on the rank-reducing slices that `transform.structured.decompose` makes for an
// NCHW conv (drops H = dim 2 while keeping N = dim 0, i.e. a non-leading unit dim).
//   /usr/lib/llvm-22/bin/mlir-opt repro_transform.mlir --transform-interpreter \
//       --test-transform-dialect-erase-schedule
// Expected: every input slice is tensor<1x2x2x4xf32> -> sizes [1, 2, 1, 2] : tensor<1x2x2xf32>.
// Actual (MLIR 22.1.8): for the unrolled iterations ow = 1, 2 the input slice becomes
//   tensor.extract_slice %arg0[0, 0, %oh, 1] [1, 2, 1, 2] ... to tensor<2x1x2xf32>
// read by vector.transfer_read ... : tensor<2x1x2xf32>, vector<1x2x2xf32> {in_bounds = [true, true, true]}
// (reads past dim 1 of the slice): output elements 1 and 2 are wrong.
module attributes {transform.with_named_sequence} {
  func.func @conv(%in: tensor<1x2x2x4xf32>, %w: tensor<1x2x1x2xf32>) -> tensor<1x1x2x3xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1x1x2x3xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x2x3xf32>) -> tensor<1x1x2x3xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%in, %w : tensor<1x2x2x4xf32>, tensor<1x2x1x2xf32>) outs(%acc : tensor<1x1x2x3xf32>) -> tensor<1x1x2x3xf32>
    return %c : tensor<1x1x2x3xf32>
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} attributes {sym_name = "conv"} in %root : (!transform.any_op) -> !transform.any_op
    %conv = transform.structured.match ops{["linalg.conv_2d_nchw_fchw"]} in %func : (!transform.any_op) -> !transform.any_op
    // OH and OW tiles of 1, then conv_2d -> conv_1d_ncw_fcw (drops the unit H dim).
    %tiled, %loops:2 = transform.structured.tile_using_for %conv tile_sizes [0, 0, 1, 1, 0, 0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %conv1d = transform.structured.decompose %tiled : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %conv1d : !transform.any_op
    // Unrolling the OW loop turns the OW offsets into constants 1, 2.
    transform.loop.unroll %loops#1 {factor = 3 : i64} : !transform.any_op
    // Workaround: canonicalize first (folds the unrolled constant offsets into static
    // offsets while the slices are still full-rank), then merge slice chains in a
    // group of their own; merged offsets then come out as attributes, and no later
    // canonicalization has constant operands to fold on the rank-reducing slices.
    transform.apply_patterns to %func {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_patterns to %func {
      transform.apply_patterns.tensor.merge_consecutive_insert_extract_slice
    } : !transform.any_op
    transform.apply_patterns to %func {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.yield
  }
}
