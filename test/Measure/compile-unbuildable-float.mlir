// An 8-bit float has no LLVM type: its conversions were left as unrealized
// casts and translation failed with "LLVM Translation failed for operation:
// builtin.unrealized_conversion_cast", naming neither the type nor the op.
// The compile now refuses it first, on the CPU and on a GPU.
// RUN: not ansor-opt %s --ansor-compile="output=%t.so" -o /dev/null 2>&1 | FileCheck %s
// RUN: not ansor-opt %s --ansor-compile="target='cuda -arch=sm_90' output=%t.ptx" -o /dev/null 2>&1 | FileCheck %s

// CHECK: :[[@LINE+6]]:8: error: 'linalg.generic' op uses element type 'f8E4M3FN', which the lowering cannot build (floats narrower than 16 bits and tf32 have no LLVM type)
// CHECK-NOT: unrealized_conversion_cast
func.func @f8mm(%a: tensor<8x16xf8E4M3FN>, %w: tensor<16x4xf8E4M3FN>) -> tensor<8x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %w : tensor<8x16xf8E4M3FN>, tensor<16x4xf8E4M3FN>) outs(%f : tensor<8x4xf32>) {
  ^bb0(%x: f8E4M3FN, %y: f8E4M3FN, %o: f32):
    %xe = arith.extf %x : f8E4M3FN to f32
    %ye = arith.extf %y : f8E4M3FN to f32
    %m = arith.mulf %xe, %ye : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}
