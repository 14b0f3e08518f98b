func.func @bias_gelu(%x: tensor<128x768xbf16>, %b: tensor<768xbf16>) -> tensor<128x768xbf16> {
  %half = arith.constant 0.5 : bf16
  %one = arith.constant 1.0 : bf16
  %c = arith.constant 0.7978845608 : bf16
  %k = arith.constant 0.044715 : bf16
  %e = tensor.empty() : tensor<128x768xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<128x768xbf16>, tensor<768xbf16>) outs(%e : tensor<128x768xbf16>) {
  ^bb0(%a: bf16, %bias: bf16, %o: bf16):
    %v = arith.addf %a, %bias : bf16
    %v3 = arith.mulf %v, %v : bf16
    %v3b = arith.mulf %v3, %v : bf16
    %kv3 = arith.mulf %k, %v3b : bf16
    %in = arith.addf %v, %kv3 : bf16
    %arg = arith.mulf %c, %in : bf16
    %t = math.tanh %arg : bf16
    %t1 = arith.addf %one, %t : bf16
    %h = arith.mulf %half, %v : bf16
    %g = arith.mulf %h, %t1 : bf16
    linalg.yield %g : bf16
  } -> tensor<128x768xbf16>
  return %r : tensor<128x768xbf16>
}
