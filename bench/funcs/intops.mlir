func.func @io(%a: tensor<50x67xi32>, %b: tensor<50x67xi32>) -> tensor<50x67xi32> {
  %e = tensor.empty() : tensor<50x67xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<50x67xi32>, tensor<50x67xi32>) outs(%e : tensor<50x67xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %c3 = arith.constant 3 : i32
    %sh = arith.shli %x, %c3 : i32
    %sr = arith.shrsi %sh, %c3 : i32
    %an = arith.andi %sr, %y : i32
    %or = arith.ori %an, %c3 : i32
    %fd = arith.floordivsi %or, %c3 : i32
    %rm = arith.remsi %x, %c3 : i32
    %s = arith.addi %fd, %rm : i32
    linalg.yield %s : i32
  } -> tensor<50x67xi32>
  return %r : tensor<50x67xi32>
}
