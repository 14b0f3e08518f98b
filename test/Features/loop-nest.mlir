// The loop nests the cost model sees are those materialization builds:
// the init and the fused consumer inside the parallel outer tile, the
// register block vectorized along the output's contiguous dimension, the
// loops around it unrolled where the cap allows, a pack before the node.
// RUN: ansor-model features %s | FileCheck %s
// RUN: ansor-model features %examples/schedules/gmm_1024.mlir | FileCheck %s --check-prefix=PACK
// A file without schedules at the top level (a payload, or modules
// concatenated by --split-input-file) is an error, not an empty listing.
// RUN: not ansor-model features %examples/coverage/row_sum.mlir 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: row_sum.mlir: no sched.schedule at the top level of the module

// CHECK-LABEL: schedule @fused: 3 statements
// CHECK:       statement 0: node 1 init domain [64, 32]
// CHECK-NEXT:    loop 2 parallel delta [32, 0]
// CHECK-NEXT:    loop 8 delta [4, 0]
// CHECK-NEXT:    loop 2 delta [0, 16]
// CHECK-NEXT:    loop 4 unrolled delta [1, 0]
// CHECK-NEXT:    loop 16 vectorized delta [0, 1]
// CHECK-NEXT:    write linalg.fill [64, 32]
// CHECK:       statement 1: node 1 domain [64, 32, 16]
// CHECK-NEXT:    loop 2 parallel delta [32, 0, 0]
// CHECK-NEXT:    loop 2 delta [16, 0, 0]
// CHECK-NEXT:    loop 2 delta [0, 16, 0]
// CHECK-NEXT:    loop 4 reduction delta [0, 0, 4]
// CHECK-NEXT:    loop 4 unrolled delta [4, 0, 0]
// CHECK-NEXT:    loop 4 unrolled reduction delta [0, 0, 1]
// CHECK-NEXT:    loop 4 unrolled delta [1, 0, 0]
// CHECK-NEXT:    loop 16 vectorized delta [0, 1, 0]
// CHECK-NEXT:    read arg0 [64, 16]
// CHECK-NEXT:    read arg1 [16, 32]
// CHECK-NEXT:    read-write linalg.fill [64, 32]
// CHECK:         float_mad = 15
// CHECK:       statement 2: node 2 fused domain [64, 32]
// CHECK-NEXT:    loop 2 parallel delta [32, 0]
// CHECK-NEXT:    loop 8 delta [4, 0]
// CHECK-NEXT:    loop 2 delta [0, 16]
// CHECK-NEXT:    loop 4 unrolled delta [1, 0]
// CHECK-NEXT:    loop 16 vectorized delta [0, 1]
// CHECK-NEXT:    read linalg.fill [64, 32]
// CHECK-NEXT:    write linalg.generic [64, 32]
// CHECK:         float_cmp = 11

// An rfactor: partial sums in a parallel loop, each split into lanes (16
// partials carried across steps of 16), then their combination.
// CHECK-LABEL: schedule @sum: 4 statements
// CHECK:       statement 0: node 1 partial init domain [4]
// CHECK-NEXT:    loop 4 delta [1]
// CHECK-NEXT:    write node 1 partials [4] temporary
// CHECK:       statement 1: node 1 partial domain [4096, 4]
// CHECK-NEXT:    loop 4 parallel reduction delta [1024, 1]
// CHECK-NEXT:    loop 64 reduction delta [16, 0]
// CHECK-NEXT:    loop 16 vectorized reduction delta [1, 0]
// CHECK-NEXT:    read arg0 [4096]
// CHECK-NEXT:    read-write node 1 partials [4] temporary
// CHECK:       statement 2: node 0 domain []
// CHECK-NEXT:    write linalg.fill []
// CHECK:       statement 3: node 1 combine domain [4]
// CHECK-NEXT:    loop 4 reduction delta [1]
// CHECK-NEXT:    read node 1 partials [4] temporary
// CHECK-NEXT:    read-write linalg.fill []

// PACK-LABEL: schedule @gmm_1024_reference: 3 statements
// PACK:       statement 0: node 1 pack domain [32, 1024, 32]
// PACK-NEXT:    loop 32 parallel delta [1, 0, 0]
// PACK-NEXT:    loop 32 delta [0, 32, 0]
// PACK-NEXT:    loop 32 unrolled delta [0, 1, 0]
// PACK-NEXT:    loop 32 vectorized delta [0, 0, 1]
// PACK-NEXT:    read arg1 [1024, 1024]
// PACK-NEXT:    write node 1 packed [32, 1024, 32] temporary
// PACK:         alloc_size = 22
// PACK:       statement 2: node 1 domain [1024, 32, 1024, 32]
// PACK:         read node 1 packed [32, 1024, 32] temporary

func.func @matmul_relu(%a: tensor<64x16xf32>, %b: tensor<16x32xf32>) -> tensor<64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x16xf32>, tensor<16x32xf32>)
      outs(%acc : tensor<64x32xf32>) -> tensor<64x32xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.maximumf %x, %zero : f32
      linalg.yield %m : f32
  } -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}

sched.schedule @fused for @matmul_relu target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [64, 32], [S, S]>,
           #sched.node<"linalg.matmul", [64, 32, 16], [S, S, R]>,
           #sched.node<"linalg.generic", [64, 32], [S, S]>]
    rules ["MultiLevelTilingWithFusion"] {
  sched.tile node 1 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[2, 2, 4, 4] of 64>, #sched.split<[1, 2, 1, 16] of 32>,
              #sched.split<[4, 4] of 16>]
  sched.fuse_consumer node 2 into 1 at #sched.choice<0 in [0, 1]>
  sched.parallel node 1 loops #sched.choice<1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step #sched.choice<16 in [0, 16, 64, 512]>
}

func.func @full_sum(%x: tensor<4096xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> ()>],
                       iterator_types = ["reduction"]}
      ins(%x : tensor<4096xf32>) outs(%acc : tensor<f32>) {
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
  } -> tensor<f32>
  return %s : tensor<f32>
}

sched.schedule @sum for @full_sum target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [], []>,
           #sched.node<"linalg.generic", [4096], [R]>]
    rules ["AddRfactor"] {
  sched.rfactor node 1 loop 0 split <[4, 1024] of 4096>
  sched.vectorize node 1
}

// A transposed B[N][K] packed: the pack's domain is the same panels
// [N/16][K][16]; it reads B 96 elements apart along its vectorized loop
// (stride 96: log2(1 + 96) = 6.60), and the micro-kernel reads the panels
// contiguously.
// CHECK-LABEL: schedule @packed_transposed_s: 3 statements
// CHECK:       statement 0: node 1 pack domain [8, 96, 16]
// CHECK-NEXT:    loop 8 parallel delta [1, 0, 0]
// CHECK:         loop 16 vectorized delta [0, 0, 1]
// CHECK-NEXT:    read arg1 [128, 96]
// CHECK-NEXT:    write node 1 packed [8, 96, 16] temporary
// CHECK:         B0.stride = 6.60
// CHECK:       statement 2: node 1 domain [64, 8, 96, 16]
// CHECK:         read node 1 packed [8, 96, 16] temporary
// CHECK:         B1.acc_type.read = 1.00
// CHECK:         B1.stride = 1.00
func.func @packed_transposed(%a: tensor<64x96xf32>, %b: tensor<128x96xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>]
      ins(%a, %b : tensor<64x96xf32>, tensor<128x96xf32>)
      outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}
sched.schedule @packed_transposed_s for @packed_transposed target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 96], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[4, 2, 1, 8] of 64>, #sched.split<[2, 4, 1, 16] of 128>, #sched.split<[24, 4] of 96>]
  sched.pack node 1 operand 1 loop 1 at <0 in [0, 1]>
  sched.parallel node 1 loops <2 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}

// The same tensor read as A and, packed, as B (`x @ x^T`): only B's read
// goes to the panels; A's stays a read of the argument.
// CHECK-LABEL: schedule @gram_packed_s: 3 statements
// CHECK:       statement 0: node 1 pack domain [4, 96, 16]
// CHECK:       statement 2: node 1 domain [64, 4, 96, 16]
// CHECK-NOT:   statement
// CHECK:         read arg0 [64, 96]
// CHECK-NEXT:    read node 1 packed [4, 96, 16] temporary

// A batched B[b][N][K] packed along its middle dimension: panels outermost,
// then the batch and K ([N/16][b][K][16]); the pack reads B 48 elements
// apart along its vectorized loop (log2(1 + 48) = 5.61).
// CHECK-LABEL: schedule @batch_packed_s: 3 statements
// CHECK:       statement 0: node 1 pack domain [4, 2, 48, 16]
// CHECK-NEXT:    loop 4 parallel delta [1, 0, 0, 0]
// CHECK-NEXT:    loop 2 delta [0, 1, 0, 0]
// CHECK-NEXT:    loop 48 unrolled delta [0, 0, 1, 0]
// CHECK-NEXT:    loop 16 vectorized delta [0, 0, 0, 1]
// CHECK-NEXT:    read arg1 [2, 64, 48]
// CHECK:         B0.stride = 5.61
func.func @gram_packed(%x: tensor<64x96xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %c = linalg.matmul indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>]
      ins(%x, %x : tensor<64x96xf32>, tensor<64x96xf32>)
      outs(%acc : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}
sched.schedule @gram_packed_s for @gram_packed target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [64, 64], [S, S]>, #sched.node<"linalg.matmul", [64, 64, 96], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[4, 2, 1, 8] of 64>, #sched.split<[2, 2, 1, 16] of 64>, #sched.split<[24, 4] of 96>]
  sched.pack node 1 operand 1 loop 1 at <0 in [0, 1]>
  sched.parallel node 1 loops <2 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}

#bnt_a = affine_map<(b, i, j, k) -> (b, i, k)>
#bnt_b = affine_map<(b, i, j, k) -> (b, j, k)>
#bnt_c = affine_map<(b, i, j, k) -> (b, i, j)>
func.func @batch_packed(%a: tensor<2x32x48xf32>, %b: tensor<2x64x48xf32>) -> tensor<2x32x64xf32> {
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
  return %c : tensor<2x32x64xf32>
}
sched.schedule @batch_packed_s for @batch_packed target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [2, 32, 64], [S, S, S]>, #sched.node<"linalg.generic", [2, 32, 64, 48], [S, S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 1, 1, 1] of 2>, #sched.split<[2, 2, 1, 8] of 32>, #sched.split<[1, 2, 2, 16] of 64>, #sched.split<[12, 4] of 48>]
  sched.pack node 1 operand 1 loop 2 at <0 in [0, 1]>
  sched.parallel node 1 loops <2 in [1, 2, 3]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}

// A constant B packed whole is packed at compile time: no pack statement,
// the micro-kernel reads a constant in the panel layout, and the program
// allocates nothing (the constant is not workspace either).
// CHECK-LABEL: schedule @const_packed_s: 2 statements
// CHECK:       statement 1: node 1 domain [8, 2, 4, 8]
// CHECK-NOT:   statement
// CHECK:         read arg0 [8, 4]
// CHECK-NEXT:    read node 1 packed [2, 4, 8]{{$}}
// CHECK:       workspace 0 bytes
func.func @const_packed(%a: tensor<8x4xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %b = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0], [32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0], [48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0]]> : tensor<4x16xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %c = linalg.matmul ins(%a, %b : tensor<8x4xf32>, tensor<4x16xf32>)
      outs(%acc : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}
sched.schedule @const_packed_s for @const_packed target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [8, 16], [S, S]>, #sched.node<"linalg.matmul", [8, 16, 4], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 1, 1, 4] of 8>, #sched.split<[1, 2, 1, 8] of 16>, #sched.split<[2, 2] of 4>]
  sched.pack node 1 operand 1 loop 1 at <0 in [0]>
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}

// Packed per outer tile instead, the same constant is copied at run time:
// the pack statement reads it, and only the panels count as workspace (the
// constant is a global the program reads, not a buffer it allocates).
// CHECK-LABEL: schedule @const_tile_packed_s: 3 statements
// CHECK:       statement 0: node 1 pack domain [2, 4, 8]
// CHECK:         read arith.constant [4, 16]{{$}}
// CHECK-NEXT:    write node 1 packed [2, 4, 8] temporary
// CHECK:       workspace 256 bytes
func.func @const_tile_packed(%a: tensor<8x4xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %b = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0], [32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0], [48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0]]> : tensor<4x16xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %c = linalg.matmul ins(%a, %b : tensor<8x4xf32>, tensor<4x16xf32>)
      outs(%acc : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}
sched.schedule @const_tile_packed_s for @const_tile_packed target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [8, 16], [S, S]>, #sched.node<"linalg.matmul", [8, 16, 4], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 1, 1, 4] of 8>, #sched.split<[1, 2, 1, 8] of 16>, #sched.split<[2, 2] of 4>]
  sched.pack node 1 operand 1 loop 1 at <1 in [0, 1]>
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}
