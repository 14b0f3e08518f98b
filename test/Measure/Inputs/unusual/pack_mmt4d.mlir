// A GPU compile input of Measure/gpu-ptx-unusual.test: a padded pack the
// user wrote, feeding an mmt4d.
func.func @pack_mmt4d(%a: tensor<60x62xf32>, %w: tensor<8x8x8x8xf32>) -> tensor<8x8x8x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8x8x8xf32>
  %p = linalg.pack %a padding_value(%z : f32) outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<60x62xf32> -> tensor<8x8x8x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x8x8x8xf32>) -> tensor<8x8x8x8xf32>
  %r = linalg.mmt4d ins(%p, %w : tensor<8x8x8x8xf32>, tensor<8x8x8x8xf32>) outs(%f : tensor<8x8x8x8xf32>) -> tensor<8x8x8x8xf32>
  return %r : tensor<8x8x8x8xf32>
}
