// Packing, measured: schedules that pack B whole (level 0) and per outer
// tile (level 1), and ones that fuse the bias and ReLU (or a term of the
// row index) into the packed matmul's tiles, are built, run and verified
// against the untuned lowering; so are packs of a transposed B (B[N][K], a
// dense layer's weight as importers write it; the packing transposes it
// into the same panels) whole and per tile, and of a batched B[b][N][K] whose
// packed dimension is in the middle, with a fused bias and ReLU;
// tuning a matmul draws packed programs (the AddPacking sketch) and every
// one of them verifies (a matmul alone, and one with its bias and ReLU,
// whose packed programs fuse them too).
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed -n '1,/^\/\/ -----/p' %s > %t/measure.mlir
// RUN: sed -n '/^\/\/ -----/,$p' %s > %t/tune.mlir
// RUN: ansor-opt %t/measure.mlir --ansor-measure="build-timeout=120 threads=1 min-repeat-ms=1 repeat=1 summary=%t/measure.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURE < %t/measure.json
// RUN: ansor-opt %t/tune.mlir --ansor-tune="build-timeout=120 trials=10 seed=2 threads=1 records=%t/rec.jsonl min-repeat-ms=1 repeat=1" -o /dev/null 2> /dev/null
// RUN: python3 %S/count-records.py %t/rec.jsonl "sched.pack" | FileCheck %s --check-prefix=REC
// RUN: python3 %S/count-records.py %t/rec.jsonl 'AddPacking", "MultiLevelTilingWithFusion' | FileCheck %s --check-prefix=FUSED
// RUN: python3 %S/count-records.py %t/rec.jsonl "sched.pack" "@matmul_transposed " | FileCheck %s --check-prefix=TRANSPOSED

// MEASURE:      "wrong_result": 0
// MEASURE:      "name": "packed_whole",
// MEASURE:      "verified": true
// MEASURE:      "wrong_result": 0
// MEASURE:      "name": "packed_tile",
// MEASURE:      "verified": true
// MEASURE:      "wrong_result": 0
// MEASURE:      "name": "packed_fused",
// MEASURE:      "verified": true
// MEASURE:      "wrong_result": 0
// MEASURE:      "name": "packed_fused_row_index",
// MEASURE:      "verified": true
// MEASURE:      "wrong_result": 0
// MEASURE:      "name": "packed_fused_const",
// MEASURE:      "verified": true
// MEASURE:      "wrong_result": 0
// MEASURE:      "name": "packed_transposed_whole",
// MEASURE:      "verified": true
// MEASURE:      "wrong_result": 0
// MEASURE:      "name": "packed_transposed_tile",
// MEASURE:      "verified": true
// MEASURE:      "wrong_result": 0
// MEASURE:      "name": "packed_transposed_batch",
// MEASURE:      "verified": true

// REC:          records 30, errors 0, matching {{[1-9][0-9]*}}
// FUSED:        records 30, errors 0, matching {{[1-9][0-9]*}}
// TRANSPOSED:   records 30, errors 0, matching {{[1-9][0-9]*}}

func.func @packed_whole(%a: tensor<64x96xf32>, %b: tensor<96x128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x96xf32>, tensor<96x128xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}
sched.schedule @packed_whole_s for @packed_whole target "llvm -mtriple=x86_64-pc-linux-gnu -num-cores=1 -vector-bits=256" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 96], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[4, 2, 1, 8] of 64>, #sched.split<[2, 4, 1, 16] of 128>, #sched.split<[24, 4] of 96>]
  sched.pack node 1 operand 1 loop 1 at <0 in [0, 1]>
  sched.parallel node 1 loops <2 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <16 in [0, 16, 64, 512]>
}

func.func @packed_tile(%a: tensor<64x96xf32>, %b: tensor<96x128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x96xf32>, tensor<96x128xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}
sched.schedule @packed_tile_s for @packed_tile target "llvm -mtriple=x86_64-pc-linux-gnu -num-cores=1 -vector-bits=256" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 96], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 4, 1, 8] of 64>, #sched.split<[4, 2, 1, 16] of 128>, #sched.split<[12, 8] of 96>]
  sched.pack node 1 operand 1 loop 1 at <1 in [0, 1]>
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}

func.func @packed_fused(%a: tensor<64x96xf32>, %b: tensor<96x128xf32>, %bias: tensor<128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x96xf32>, tensor<96x128xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : tensor<64x128xf32>, tensor<128xf32>) outs(%e : tensor<64x128xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}
sched.schedule @packed_fused_s for @packed_fused target "llvm -mtriple=x86_64-pc-linux-gnu -num-cores=1 -vector-bits=256" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 96], [S, S, R]>, #sched.node<"linalg.generic", [64, 128], [S, S]>] rules ["AddPacking", "MultiLevelTilingWithFusion"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[4, 2, 1, 8] of 64>, #sched.split<[2, 4, 1, 16] of 128>, #sched.split<[24, 4] of 96>]
  sched.fuse_consumer node 2 into 1 at <1 in [0, 1]>
  sched.pack node 1 operand 1 loop 1 at <1 in [0, 1]>
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <16 in [0, 16, 64, 512]>
}

// The fused consumer reads its row index (a position term): packing splits
// the column loop only, so that index stays right (one that reads the
// column index is not packed: derive-sketches.mlir).
func.func @packed_fused_row_index(%a: tensor<64x96xf32>, %b: tensor<96x128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x96xf32>, tensor<96x128xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %s = arith.addf %x, %fi : f32
    linalg.yield %s : f32
  } -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}
sched.schedule @packed_fused_row_index_s for @packed_fused_row_index target "llvm -mtriple=x86_64-pc-linux-gnu -num-cores=1 -vector-bits=256" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 96], [S, S, R]>, #sched.node<"linalg.generic", [64, 128], [S, S]>] rules ["AddPacking", "MultiLevelTilingWithFusion"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[4, 2, 1, 8] of 64>, #sched.split<[2, 4, 1, 16] of 128>, #sched.split<[24, 4] of 96>]
  sched.fuse_consumer node 2 into 1 at <1 in [0, 1]>
  sched.pack node 1 operand 1 loop 1 at <0 in [0, 1]>
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <16 in [0, 16, 64, 512]>
}

// The consumer reads a splat constant and writes into a fill of its own:
// canonicalization would fold the packs of both, so they are lowered first.
func.func @packed_fused_const(%a: tensor<64x96xf32>, %b: tensor<96x128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant dense<0.5> : tensor<128xf32>
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x96xf32>, tensor<96x128xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%c, %half : tensor<64x128xf32>, tensor<128xf32>) outs(%init : tensor<64x128xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}
sched.schedule @packed_fused_const_s for @packed_fused_const target "llvm -mtriple=x86_64-pc-linux-gnu -num-cores=1 -vector-bits=256" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 96], [S, S, R]>, #sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.generic", [64, 128], [S, S]>] rules ["AddPacking", "MultiLevelTilingWithFusion"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 16, 1, 2] of 64>, #sched.split<[1, 2, 2, 32] of 128>, #sched.split<[24, 4] of 96>]
  sched.fuse_consumer node 3 into 1 at <1 in [0, 1]>
  sched.pack node 1 operand 1 loop 1 at <0 in [0, 1]>
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <64 in [0, 16, 64, 512]>
}

#nt = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>]
func.func @packed_transposed_whole(%a: tensor<64x96xf32>, %b: tensor<128x96xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul indexing_maps = #nt ins(%a, %b : tensor<64x96xf32>, tensor<128x96xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}
sched.schedule @packed_transposed_whole_s for @packed_transposed_whole target "llvm -mtriple=x86_64-pc-linux-gnu -num-cores=1 -vector-bits=256" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 96], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[4, 2, 1, 8] of 64>, #sched.split<[2, 4, 1, 16] of 128>, #sched.split<[24, 4] of 96>]
  sched.pack node 1 operand 1 loop 1 at <0 in [0, 1]>
  sched.parallel node 1 loops <2 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <16 in [0, 16, 64, 512]>
}

func.func @packed_transposed_tile(%a: tensor<64x96xf32>, %b: tensor<128x96xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul indexing_maps = #nt ins(%a, %b : tensor<64x96xf32>, tensor<128x96xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}
sched.schedule @packed_transposed_tile_s for @packed_transposed_tile target "llvm -mtriple=x86_64-pc-linux-gnu -num-cores=1 -vector-bits=256" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 96], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 4, 1, 8] of 64>, #sched.split<[4, 2, 1, 16] of 128>, #sched.split<[12, 8] of 96>]
  sched.pack node 1 operand 1 loop 1 at <1 in [0, 1]>
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}

#bnt_a = affine_map<(b, i, j, k) -> (b, i, k)>
#bnt_b = affine_map<(b, i, j, k) -> (b, j, k)>
#bnt_c = affine_map<(b, i, j, k) -> (b, i, j)>
#bias = affine_map<(b, i, j) -> (j)>
#id3 = affine_map<(b, i, j) -> (b, i, j)>
func.func @packed_transposed_batch(%a: tensor<2x32x48xf32>, %b: tensor<2x64x48xf32>, %bias: tensor<64xf32>) -> tensor<2x32x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x32x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<2x32x64xf32>) -> tensor<2x32x64xf32>
  %c = linalg.generic {indexing_maps = [#bnt_a, #bnt_b, #bnt_c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<2x32x48xf32>, tensor<2x64x48xf32>) outs(%acc : tensor<2x32x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x32x64xf32>
  %r = linalg.generic {indexing_maps = [#id3, #bias, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%c, %bias : tensor<2x32x64xf32>, tensor<64xf32>) outs(%e : tensor<2x32x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x32x64xf32>
  return %r : tensor<2x32x64xf32>
}
sched.schedule @packed_transposed_batch_s for @packed_transposed_batch target "llvm -mtriple=x86_64-pc-linux-gnu -num-cores=1 -vector-bits=256" nodes [#sched.node<"linalg.fill", [2, 32, 64], [S, S, S]>, #sched.node<"linalg.generic", [2, 32, 64, 48], [S, S, S, R]>, #sched.node<"linalg.generic", [2, 32, 64], [S, S, S]>] rules ["AddPacking", "MultiLevelTilingWithFusion"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 1, 1, 1] of 2>, #sched.split<[2, 2, 1, 8] of 32>, #sched.split<[1, 2, 2, 16] of 64>, #sched.split<[12, 4] of 48>]
  sched.fuse_consumer node 2 into 1 at <1 in [0, 1]>
  sched.pack node 1 operand 1 loop 2 at <0 in [0, 1]>
  sched.parallel node 1 loops <2 in [1, 2, 3]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <16 in [0, 16, 64, 512]>
}

// -----
func.func @matmul_transposed(%a: tensor<64x96xf32>, %b: tensor<128x96xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>]
      ins(%a, %b : tensor<64x96xf32>, tensor<128x96xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}

func.func @matmul(%a: tensor<64x96xf32>, %b: tensor<96x128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x96xf32>, tensor<96x128xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}

func.func @matmul_bias_relu(%a: tensor<64x96xf32>, %b: tensor<96x128xf32>, %bias: tensor<128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x96xf32>, tensor<96x128xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : tensor<64x128xf32>, tensor<128xf32>) outs(%e : tensor<64x128xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}
