// RUN: ansor-opt %s --ansor-partition --split-input-file -verify-diagnostics

// A subgraph task takes static-shaped tensors only.
func.func @scalar(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %s: f32) -> tensor<4x16xf32> {
  %e = tensor.empty() : tensor<4x16xf32>
  // expected-error @below {{cannot outline this op into a subgraph task: it uses a value of type 'f32' defined outside its subgraph, and tasks take static-shaped tensors only}}
  %f = linalg.fill ins(%s : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  %m2 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%m : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %m2 : tensor<4x16xf32>
}
