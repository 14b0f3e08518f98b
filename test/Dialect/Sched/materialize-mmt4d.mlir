// A linalg.mmt4d is tuned as its linalg.generic: upstream's vectorizer
// built the named op's masked partial blocks wrong (MLIR 22; with its
// inner N tile of 16 split into blocks of 2 with a partial last tile, 1 of
// 24 sampled programs gave wrong results), and the same schedule on the
// generic computes the reference's result.
// RUN: ansor-opt %s --sched-normalize-payload | FileCheck %s --check-prefix=NORM
// RUN: ansor-opt %s --ansor-measure="summary=%t.json repeat=1 min-repeat-ms=1" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURE < %t.json
// NORM-LABEL: func.func @mmt4d
// NORM-NOT:     linalg.mmt4d
// NORM:         linalg.generic {indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}], iterator_types = ["parallel", "parallel", "reduction", "parallel", "parallel", "reduction"]}
// MEASURE: "wrong_result": 0
// MEASURE: "name": "mmt4d",
// MEASURE: "verified": true
func.func @mmt4d(%a: tensor<16x256x16x1xf32>, %b: tensor<16x256x16x1xf32>) -> tensor<16x16x16x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x16x16x16xf32>) -> tensor<16x16x16x16xf32>
  %r = linalg.mmt4d ins(%a, %b : tensor<16x256x16x1xf32>, tensor<16x256x16x1xf32>) outs(%f : tensor<16x16x16x16xf32>) -> tensor<16x16x16x16xf32>
  return %r : tensor<16x16x16x16xf32>
}
sched.schedule @partial_n0 for @mmt4d target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [16, 16, 16, 16], [S, S, S, S]>, #sched.node<"linalg.generic", [16, 16, 256, 16, 16, 1], [S, S, R, S, S, R]>] rules ["MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 1, 13, 1] of 16>, #sched.split<[4, 4, 1, 1] of 16>, #sched.split<[16, 16] of 256>, #sched.split<[1, 16, 1, 1] of 16>, #sched.split<[3, 1, 3, 2] of 16>, #sched.split<[1, 1] of 1>]
  sched.parallel node 1 loops <2 in [1, 2, 3, 4]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <64 in [0, 16, 64, 512]>
}
