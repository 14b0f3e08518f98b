#q = affine_map<(b, i, j, d) -> (b, i, d)>
#k = affine_map<(b, i, j, d) -> (b, j, d)>
#s = affine_map<(b, i, j, d) -> (b, i, j)>
#id3 = affine_map<(b, i, j) -> (b, i, j)>
#row = affine_map<(b, i, j) -> (b, i)>
#p = affine_map<(b, i, d, j) -> (b, i, j)>
#v = affine_map<(b, i, d, j) -> (b, j, d)>
#o = affine_map<(b, i, d, j) -> (b, i, d)>
func.func @attention(%Q: tensor<4x128x64xf32>, %K: tensor<4x128x64xf32>, %V: tensor<4x128x64xf32>) -> tensor<4x128x64xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -3.0e38 : f32
  %scale = arith.constant 0.125 : f32
  %es = tensor.empty() : tensor<4x128x128xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<4x128x128xf32>) -> tensor<4x128x128xf32>
  %S = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%Q, %K : tensor<4x128x64xf32>, tensor<4x128x64xf32>) outs(%fs : tensor<4x128x128xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<4x128x128xf32>
  %er = tensor.empty() : tensor<4x128xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%er : tensor<4x128xf32>) -> tensor<4x128xf32>
  %M = linalg.generic {indexing_maps = [#id3, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%S : tensor<4x128x128xf32>) outs(%fm : tensor<4x128xf32>) {
  ^bb0(%a: f32, %c: f32):
    %r = arith.maximumf %a, %c : f32
    linalg.yield %r : f32
  } -> tensor<4x128xf32>
  %E = linalg.generic {indexing_maps = [#id3, #row, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%S, %M : tensor<4x128x128xf32>, tensor<4x128xf32>) outs(%es : tensor<4x128x128xf32>) {
  ^bb0(%a: f32, %m: f32, %c: f32):
    %d = arith.subf %a, %m : f32
    %ds = arith.mulf %d, %scale : f32
    %e = math.exp %ds : f32
    linalg.yield %e : f32
  } -> tensor<4x128x128xf32>
  %fz = linalg.fill ins(%zero : f32) outs(%er : tensor<4x128xf32>) -> tensor<4x128xf32>
  %Z = linalg.generic {indexing_maps = [#id3, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%E : tensor<4x128x128xf32>) outs(%fz : tensor<4x128xf32>) {
  ^bb0(%a: f32, %c: f32):
    %r = arith.addf %a, %c : f32
    linalg.yield %r : f32
  } -> tensor<4x128xf32>
  %P = linalg.generic {indexing_maps = [#id3, #row, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%E, %Z : tensor<4x128x128xf32>, tensor<4x128xf32>) outs(%es : tensor<4x128x128xf32>) {
  ^bb0(%a: f32, %z: f32, %c: f32):
    %r = arith.divf %a, %z : f32
    linalg.yield %r : f32
  } -> tensor<4x128x128xf32>
  %eo = tensor.empty() : tensor<4x128x64xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<4x128x64xf32>) -> tensor<4x128x64xf32>
  %O = linalg.generic {indexing_maps = [#p, #v, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%P, %V : tensor<4x128x128xf32>, tensor<4x128x64xf32>) outs(%fo : tensor<4x128x64xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<4x128x64xf32>
  return %O : tensor<4x128x64xf32>
}
