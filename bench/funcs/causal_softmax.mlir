// A causal mask before a softmax (8x128x128), and the same softmax without
// the mask, each with one hand-written schedule (the same tiles): measured
// with --ansor-measure, see docs/benchmarks.md "A causal mask in i64 lanes".
func.func @cs(%s: tensor<8x128x128xf32>) -> tensor<8x128x128xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<8x128x128xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(b,i,j)->(b,i,j)>, affine_map<(b,i,j)->(b,i,j)>], iterator_types = ["parallel","parallel","parallel"]} ins(%s : tensor<8x128x128xf32>) outs(%e : tensor<8x128x128xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %c = arith.cmpi ugt, %j, %i : index
    %y = arith.select %c, %ninf, %x : f32
    linalg.yield %y : f32
  } -> tensor<8x128x128xf32>
  %e2 = tensor.empty() : tensor<8x128x128xf32>
  %p = linalg.softmax dimension(2) ins(%m : tensor<8x128x128xf32>) outs(%e2 : tensor<8x128x128xf32>) -> tensor<8x128x128xf32>
  return %p : tensor<8x128x128xf32>
}

func.func @ps(%s: tensor<8x128x128xf32>) -> tensor<8x128x128xf32> {
  %e2 = tensor.empty() : tensor<8x128x128xf32>
  %p = linalg.softmax dimension(2) ins(%s : tensor<8x128x128xf32>) outs(%e2 : tensor<8x128x128xf32>) -> tensor<8x128x128xf32>
  return %p : tensor<8x128x128xf32>
}

sched.schedule @cs_h for @cs target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.generic", [8, 128, 128], [S, S, S]>, #sched.node<"linalg.fill", [8, 128], [S, S]>, #sched.node<"linalg.generic", [8, 128, 128], [S, S, R]>, #sched.node<"linalg.generic", [8, 128, 128], [S, S, S]>, #sched.node<"linalg.fill", [8, 128], [S, S]>, #sched.node<"linalg.generic", [8, 128, 128], [S, S, R]>, #sched.node<"linalg.generic", [8, 128, 128], [S, S, S]>] rules ["AlwaysInline"] {
  sched.inline node 0
  sched.tile node 2 structure <[S, S, R]> splits [#sched.split<[8, 1] of 8>, #sched.split<[128, 1] of 128>, #sched.split<[128] of 128>]
  sched.parallel node 2 loops <1 in [1, 2]>
  sched.vectorize node 2
  sched.tile node 3 structure <[S, S]> splits [#sched.split<[8, 1] of 8>, #sched.split<[128, 1] of 128>, #sched.split<[1, 128] of 128>]
  sched.parallel node 3 loops <1 in [1, 2, 3]>
  sched.vectorize node 3
  sched.tile node 5 structure <[S, S, R]> splits [#sched.split<[8, 1] of 8>, #sched.split<[128, 1] of 128>, #sched.split<[128] of 128>]
  sched.parallel node 5 loops <1 in [1, 2]>
  sched.vectorize node 5
  sched.tile node 6 structure <[S, S]> splits [#sched.split<[8, 1] of 8>, #sched.split<[128, 1] of 128>, #sched.split<[1, 128] of 128>]
  sched.parallel node 6 loops <1 in [1, 2, 3]>
  sched.vectorize node 6
}

sched.schedule @ps_h for @ps target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [8, 128], [S, S]>, #sched.node<"linalg.generic", [8, 128, 128], [S, S, R]>, #sched.node<"linalg.generic", [8, 128, 128], [S, S, S]>, #sched.node<"linalg.fill", [8, 128], [S, S]>, #sched.node<"linalg.generic", [8, 128, 128], [S, S, R]>, #sched.node<"linalg.generic", [8, 128, 128], [S, S, S]>] rules [] {
  sched.tile node 1 structure <[S, S, R]> splits [#sched.split<[8, 1] of 8>, #sched.split<[128, 1] of 128>, #sched.split<[128] of 128>]
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.tile node 2 structure <[S, S]> splits [#sched.split<[8, 1] of 8>, #sched.split<[128, 1] of 128>, #sched.split<[1, 128] of 128>]
  sched.parallel node 2 loops <1 in [1, 2, 3]>
  sched.vectorize node 2
  sched.tile node 4 structure <[S, S, R]> splits [#sched.split<[8, 1] of 8>, #sched.split<[128, 1] of 128>, #sched.split<[128] of 128>]
  sched.parallel node 4 loops <1 in [1, 2]>
  sched.vectorize node 4
  sched.tile node 5 structure <[S, S]> splits [#sched.split<[8, 1] of 8>, #sched.split<[128, 1] of 128>, #sched.split<[1, 128] of 128>]
  sched.parallel node 5 loops <1 in [1, 2, 3]>
  sched.vectorize node 5
}
