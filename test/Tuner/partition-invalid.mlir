// RUN: ansor-opt %s --ansor-partition --split-input-file -verify-diagnostics

// A subgraph task takes static-shaped tensors and integer or float scalars
// only.
func.func @index_scalar(%a: tensor<4x16xf32>, %b: tensor<16x16xf32>, %n: index) -> tensor<4x16xf32> {
  %e = tensor.empty() : tensor<4x16xf32>
  // expected-error @below {{cannot outline this op into a subgraph task: it uses a value of type 'index' defined outside its subgraph, and tasks take static-shaped tensors and integer or float scalars only}}
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) {
    ^bb0(%x: f32, %o: f32):
      %i = arith.index_cast %n : index to i64
      %f = arith.sitofp %i : i64 to f32
      %y = arith.addf %x, %f : f32
      linalg.yield %y : f32
  } -> tensor<4x16xf32>
  %m = linalg.matmul ins(%g, %b : tensor<4x16xf32>, tensor<16x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %m2 = linalg.matmul ins(%m, %b : tensor<4x16xf32>, tensor<16x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %m2 : tensor<4x16xf32>
}
