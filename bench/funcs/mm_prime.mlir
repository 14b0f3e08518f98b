// A matmul of prime sizes: every register block along M and N has a partial
// tile (docs/benchmarks.md, "Partial blocks kept in registers").
func.func @mm_prime(%a: tensor<97x113xf32>, %b: tensor<113x89xf32>) -> tensor<97x89xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<97x89xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<97x89xf32>) -> tensor<97x89xf32>
  %c = linalg.matmul ins(%a, %b : tensor<97x113xf32>, tensor<113x89xf32>)
      outs(%acc : tensor<97x89xf32>) -> tensor<97x89xf32>
  return %c : tensor<97x89xf32>
}
