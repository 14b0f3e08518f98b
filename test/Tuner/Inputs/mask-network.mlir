// A network whose mask subgraphs pass an i1 tensor between them: it is
// stored as i8 before partitioning, so every task can be measured.
#id = affine_map<(i, j) -> (i, j)>
func.func @masked(%x: tensor<32x32xf32>, %w: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %ei = tensor.empty() : tensor<32x32xi1>
  %e = tensor.empty() : tensor<32x32xf32>
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<32x32xf32>) outs(%ei : tensor<32x32xi1>) {
  ^bb0(%v: f32, %o: i1):
    %p = arith.cmpf ogt, %v, %zero : f32
    linalg.yield %p : i1
  } -> tensor<32x32xi1>
  %a = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m, %x : tensor<32x32xi1>, tensor<32x32xf32>) outs(%e : tensor<32x32xf32>) {
  ^bb0(%p: i1, %v: f32, %o: f32):
    %s = arith.select %p, %v, %zero : f32
    linalg.yield %s : f32
  } -> tensor<32x32xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<32x32xi1>) outs(%e : tensor<32x32xf32>) {
  ^bb0(%p: i1, %o: f32):
    %s = arith.select %p, %one, %zero : f32
    linalg.yield %s : f32
  } -> tensor<32x32xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<32x32xf32>, tensor<32x32xf32>) outs(%e : tensor<32x32xf32>) {
  ^bb0(%u: f32, %v: f32, %o: f32):
    %t = arith.addf %u, %v : f32
    linalg.yield %t : f32
  } -> tensor<32x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %c = linalg.matmul ins(%x, %w : tensor<32x32xf32>, tensor<32x32xf32>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %s : tensor<32x32xf32>, tensor<32x32xf32>) outs(%e : tensor<32x32xf32>) {
  ^bb0(%u: f32, %v: f32, %o: f32):
    %t = arith.addf %u, %v : f32
    %y = arith.maximumf %t, %zero : f32
    linalg.yield %y : f32
  } -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}
