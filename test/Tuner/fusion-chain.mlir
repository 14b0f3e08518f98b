// An attention: the exp of the softmax is read by the row sum and by the
// normalization, which is inlined into P x V together with the exp. The
// script fused the normalization through P x V's loops, then the exp; but
// fusing the normalization into an inner loop had already brought a tile of
// the exp along, and fusing the exp there found no use: the program failed
// to build (1 of 16 sampled CPU programs, 2 of 6 GPU ones). A producer that
// feeds another inlined producer is now fused in a sequence whose failures
// are suppressed. @attention_and_copy also returns V transposed by a
// generic copy, so its vectorization targets are marked and found again
// after the unit-dim cleanup (marks go op by op: a suppressed sequence that
// failed leaves an empty handle, on which a match fails).
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-measure="build-timeout=120 threads=1 min-repeat-ms=1 repeat=1 summary=%t/sum.json" -o /dev/null
// RUN: FileCheck %s < %t/sum.json
// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT

// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "attention",
// CHECK:      "verified": true
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "attention_and_copy",
// CHECK:      "verified": true

// The normalization (%13) is fused through the loops of P x V as before;
// the exp (%14), which feeds it, in a suppressed sequence.
// SCRIPT:      %[[P:[0-9]+]] = transform.get_producer_of_operand %[[MM:[0-9]+]][0]
// SCRIPT-NEXT: %[[E:[0-9]+]] = transform.get_producer_of_operand %[[P]][0]
// SCRIPT:      transform.structured.fuse_into_containing_op %[[P]] into
// SCRIPT-NOT:  failures(suppress)
// SCRIPT:      transform.sequence %{{.*}} failures(suppress) {
// SCRIPT-NEXT:   ^bb0
// SCRIPT-NEXT:   transform.structured.fuse_into_containing_op %[[E]] into

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

sched.schedule @s for @attention target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [4, 128, 128], [S, S, S]>, #sched.node<"linalg.generic", [4, 128, 128, 64], [S, S, S, R]>, #sched.node<"linalg.fill", [4, 128], [S, S]>, #sched.node<"linalg.generic", [4, 128, 128], [S, S, R]>, #sched.node<"linalg.generic", [4, 128, 128], [S, S, S]>, #sched.node<"linalg.fill", [4, 128], [S, S]>, #sched.node<"linalg.generic", [4, 128, 128], [S, S, R]>, #sched.node<"linalg.generic", [4, 128, 128], [S, S, S]>, #sched.node<"linalg.fill", [4, 128, 64], [S, S, S]>, #sched.node<"linalg.generic", [4, 128, 64, 128], [S, S, S, R]>] rules ["AddPacking", "MultiLevelTiling", "AlwaysInline", "AlwaysInline", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 1, 2, 1] of 4>, #sched.split<[1, 4, 4, 8] of 128>, #sched.split<[1, 4, 2, 16] of 128>, #sched.split<[2, 32] of 64>]
  sched.parallel node 1 loops <2 in [1, 2, 3]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <64 in [0, 16, 64, 512]>
  sched.tile node 3 structure <[S, S, R]> splits [#sched.split<[4, 1] of 4>, #sched.split<[16, 8] of 128>, #sched.split<[128] of 128>]
  sched.parallel node 3 loops <0 in [0, 1, 2]>
  sched.vectorize node 3
  sched.inline node 4
  sched.tile node 6 structure <[S, S, R]> splits [#sched.split<[1, 4] of 4>, #sched.split<[64, 2] of 128>, #sched.split<[128] of 128>]
  sched.parallel node 6 loops <2 in [0, 1, 2]>
  sched.vectorize node 6
  sched.inline node 7
  sched.tile node 9 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 2, 1, 1] of 4>, #sched.split<[4, 4, 2, 4] of 128>, #sched.split<[2, 1, 1, 32] of 64>, #sched.split<[4, 32] of 128>]
  sched.pack node 9 operand 1 loop 2 at <1 in [0, 1]>
  sched.parallel node 9 loops <1 in [1, 2, 3]>
  sched.vectorize node 9
  sched.unroll node 9 max_step <0 in [0, 16, 64, 512]>
}

#q2 = affine_map<(b, i, j, d) -> (b, i, d)>
#k2 = affine_map<(b, i, j, d) -> (b, j, d)>
#s2 = affine_map<(b, i, j, d) -> (b, i, j)>
#id32 = affine_map<(b, i, j) -> (b, i, j)>
#row2 = affine_map<(b, i, j) -> (b, i)>
#p2 = affine_map<(b, i, d, j) -> (b, i, j)>
#v2 = affine_map<(b, i, d, j) -> (b, j, d)>
#o2 = affine_map<(b, i, d, j) -> (b, i, d)>
func.func @attention_and_copy(%Q: tensor<4x128x64xf32>, %K: tensor<4x128x64xf32>, %V: tensor<4x128x64xf32>) -> (tensor<4x128x64xf32>, tensor<4x64x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -3.0e38 : f32
  %scale = arith.constant 0.125 : f32
  %es = tensor.empty() : tensor<4x128x128xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<4x128x128xf32>) -> tensor<4x128x128xf32>
  %S = linalg.generic {indexing_maps = [#q2, #k2, #s2], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%Q, %K : tensor<4x128x64xf32>, tensor<4x128x64xf32>) outs(%fs : tensor<4x128x128xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<4x128x128xf32>
  %er = tensor.empty() : tensor<4x128xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%er : tensor<4x128xf32>) -> tensor<4x128xf32>
  %M = linalg.generic {indexing_maps = [#id32, #row2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%S : tensor<4x128x128xf32>) outs(%fm : tensor<4x128xf32>) {
  ^bb0(%a: f32, %c: f32):
    %r = arith.maximumf %a, %c : f32
    linalg.yield %r : f32
  } -> tensor<4x128xf32>
  %E = linalg.generic {indexing_maps = [#id32, #row2, #id32], iterator_types = ["parallel", "parallel", "parallel"]} ins(%S, %M : tensor<4x128x128xf32>, tensor<4x128xf32>) outs(%es : tensor<4x128x128xf32>) {
  ^bb0(%a: f32, %m: f32, %c: f32):
    %d = arith.subf %a, %m : f32
    %ds = arith.mulf %d, %scale : f32
    %e = math.exp %ds : f32
    linalg.yield %e : f32
  } -> tensor<4x128x128xf32>
  %fz = linalg.fill ins(%zero : f32) outs(%er : tensor<4x128xf32>) -> tensor<4x128xf32>
  %Z = linalg.generic {indexing_maps = [#id32, #row2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%E : tensor<4x128x128xf32>) outs(%fz : tensor<4x128xf32>) {
  ^bb0(%a: f32, %c: f32):
    %r = arith.addf %a, %c : f32
    linalg.yield %r : f32
  } -> tensor<4x128xf32>
  %P = linalg.generic {indexing_maps = [#id32, #row2, #id32], iterator_types = ["parallel", "parallel", "parallel"]} ins(%E, %Z : tensor<4x128x128xf32>, tensor<4x128xf32>) outs(%es : tensor<4x128x128xf32>) {
  ^bb0(%a: f32, %z: f32, %c: f32):
    %r = arith.divf %a, %z : f32
    linalg.yield %r : f32
  } -> tensor<4x128x128xf32>
  %eo = tensor.empty() : tensor<4x128x64xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<4x128x64xf32>) -> tensor<4x128x64xf32>
  %O = linalg.generic {indexing_maps = [#p2, #v2, #o2], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%P, %V : tensor<4x128x128xf32>, tensor<4x128x64xf32>) outs(%fo : tensor<4x128x64xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<4x128x64xf32>
  %et = tensor.empty() : tensor<4x64x128xf32>
  %Vt = linalg.generic {indexing_maps = [affine_map<(b, d, j) -> (b, j, d)>, affine_map<(b, d, j) -> (b, d, j)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%V : tensor<4x128x64xf32>) outs(%et : tensor<4x64x128xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x64x128xf32>
  return %O, %Vt : tensor<4x128x64xf32>, tensor<4x64x128xf32>
}

sched.schedule @s2 for @attention_and_copy target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [4, 128, 128], [S, S, S]>, #sched.node<"linalg.generic", [4, 128, 128, 64], [S, S, S, R]>, #sched.node<"linalg.fill", [4, 128], [S, S]>, #sched.node<"linalg.generic", [4, 128, 128], [S, S, R]>, #sched.node<"linalg.generic", [4, 128, 128], [S, S, S]>, #sched.node<"linalg.fill", [4, 128], [S, S]>, #sched.node<"linalg.generic", [4, 128, 128], [S, S, R]>, #sched.node<"linalg.generic", [4, 128, 128], [S, S, S]>, #sched.node<"linalg.fill", [4, 128, 64], [S, S, S]>, #sched.node<"linalg.generic", [4, 128, 64, 128], [S, S, S, R]>, #sched.node<"linalg.generic", [4, 64, 128], [S, S, S]>] rules ["AddPacking", "MultiLevelTiling", "AlwaysInline", "AlwaysInline", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 1, 2, 1] of 4>, #sched.split<[1, 4, 4, 8] of 128>, #sched.split<[1, 4, 2, 16] of 128>, #sched.split<[2, 32] of 64>]
  sched.parallel node 1 loops <2 in [1, 2, 3]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <64 in [0, 16, 64, 512]>
  sched.tile node 3 structure <[S, S, R]> splits [#sched.split<[4, 1] of 4>, #sched.split<[16, 8] of 128>, #sched.split<[128] of 128>]
  sched.parallel node 3 loops <0 in [0, 1, 2]>
  sched.vectorize node 3
  sched.inline node 4
  sched.tile node 6 structure <[S, S, R]> splits [#sched.split<[1, 4] of 4>, #sched.split<[64, 2] of 128>, #sched.split<[128] of 128>]
  sched.parallel node 6 loops <2 in [0, 1, 2]>
  sched.vectorize node 6
  sched.inline node 7
  sched.tile node 9 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 2, 1, 1] of 4>, #sched.split<[4, 4, 2, 4] of 128>, #sched.split<[2, 1, 1, 32] of 64>, #sched.split<[4, 32] of 128>]
  sched.pack node 9 operand 1 loop 2 at <1 in [0, 1]>
  sched.parallel node 9 loops <1 in [1, 2, 3]>
  sched.vectorize node 9
  sched.unroll node 9 max_step <0 in [0, 16, 64, 512]>
  sched.tile node 10 structure <[S, S]> splits [#sched.split<[4, 1] of 4>, #sched.split<[8, 8] of 64>, #sched.split<[8, 16] of 128>]
  sched.parallel node 10 loops <1 in [0, 1, 2, 3]>
  sched.vectorize node 10
}
