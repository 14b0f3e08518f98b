func.func @bb(%a: tensor<48x64xbf16>, %b: tensor<64x32xbf16>) -> tensor<48x32xbf16> {
  %z = arith.constant 0.0 : bf16
  %e = tensor.empty() : tensor<48x32xbf16>
  %f = linalg.fill ins(%z : bf16) outs(%e : tensor<48x32xbf16>) -> tensor<48x32xbf16>
  %r = linalg.matmul ins(%a, %b : tensor<48x64xbf16>, tensor<64x32xbf16>) outs(%f : tensor<48x32xbf16>) -> tensor<48x32xbf16>
  return %r : tensor<48x32xbf16>
}
