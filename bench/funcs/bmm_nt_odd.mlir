// A batch matmul of a transposed B (B[b][j][k]) as a generic, 3 x 50 x 70 x 40:
// partial tiles along the 70 columns.
func.func @bmm_nt_odd(%a: tensor<3x50x40xf32>, %b: tensor<3x70x40xf32>) -> tensor<3x50x70xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x50x70xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x50x70xf32>) -> tensor<3x50x70xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, i, j, k) -> (b, i, k)>, affine_map<(b, i, j, k) -> (b, j, k)>, affine_map<(b, i, j, k) -> (b, i, j)>],
    iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
    ins(%a, %b : tensor<3x50x40xf32>, tensor<3x70x40xf32>) outs(%f : tensor<3x50x70xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<3x50x70xf32>
  return %r : tensor<3x50x70xf32>
}
