func.func @gqa_broadcast(%q: tensor<4x4x64x32xf32>, %k: tensor<4x64x32xf32>) -> tensor<16x64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %eb = tensor.empty() : tensor<4x4x32x64xf32>
  %kt = tensor.empty() : tensor<4x32x64xf32>
  %t = linalg.transpose ins(%k : tensor<4x64x32xf32>) outs(%kt : tensor<4x32x64xf32>) permutation = [0, 2, 1]
  %b = linalg.broadcast ins(%t : tensor<4x32x64xf32>) outs(%eb : tensor<4x4x32x64xf32>) dimensions = [1]
  %bc = tensor.collapse_shape %b [[0, 1], [2], [3]] : tensor<4x4x32x64xf32> into tensor<16x32x64xf32>
  %qc = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<4x4x64x32xf32> into tensor<16x64x32xf32>
  %e = tensor.empty() : tensor<16x64x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64x64xf32>) -> tensor<16x64x64xf32>
  %s = linalg.batch_matmul ins(%qc, %bc : tensor<16x64x32xf32>, tensor<16x32x64xf32>) outs(%z : tensor<16x64x64xf32>) -> tensor<16x64x64xf32>
  return %s : tensor<16x64x64xf32>
}
