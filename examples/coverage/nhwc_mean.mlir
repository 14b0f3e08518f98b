// A global average pool's sum in NHWC: the reduction (h, w) runs across
// contiguous rows of channels.
func.func @gmean(%a: tensor<1x14x14x256xf32>) -> tensor<1x256xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x256xf32>) -> tensor<1x256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n,c,h,w)->(n,h,w,c)>, affine_map<(n,c,h,w)->(n,c)>], iterator_types = ["parallel","parallel","reduction","reduction"]} ins(%a : tensor<1x14x14x256xf32>) outs(%f : tensor<1x256xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<1x256xf32>
  return %r : tensor<1x256xf32>
}
