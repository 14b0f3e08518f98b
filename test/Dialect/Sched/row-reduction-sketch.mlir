// AddRowReduction: a contraction that reads an input once, along its rows,
// with its innermost loop the reduction (a matrix-vector product with the
// matrix in torch's [out][in] layout: a linear layer on a batch of one)
// also gets a sketch that leaves it as Skip does. Its register block holds
// the whole reduction, which the materializer splits into lanes of partial
// sums read along the matrix's rows. Multi-level tiled, the block vectorized
// along the output and read the matrix across its rows (a 1x768 by
// 3072x768 product: 1.73x slower at best of 32 random programs,
// docs/benchmarks.md). Not derived where the matrix is read along its
// columns or re-read for several rows.
// RUN: ansor-opt %s --split-input-file --sched-derive-sketches="target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256'" | FileCheck %s
// RUN: ansor-opt %s --split-input-file --sched-derive-sketches="target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256' sketch=0" --sched-sample="seed=3" --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --split-input-file --ansor-tune="trials=6 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl" -o /dev/null 2> /dev/null
// RUN: python3 %S/../../Tuner/count-records.py %t/rec.jsonl "AddRowReduction" | FileCheck %s --check-prefix=REC
// REC: records 54, errors 0, matching {{[1-9][0-9]*}}
// RUN: python3 %S/../../Tuner/count-records.py %t/rec.jsonl "sched.pack" "@torch_linear_batch32 " | FileCheck %s --check-prefix=PACKED
// PACKED: records 54, errors 0, matching {{[1-9][0-9]*}}

// CHECK-LABEL: sched.schedule @matvec_out_in_sketch0
// CHECK-SAME:    rules ["AddRowReduction"]
// CHECK:         sched.tile node 1 structure <[S, S, R]> {{.*}}#sched.split<[256] of 256>]
// CHECK:       sched.schedule @matvec_out_in_sketch1 {{.*}}"MultiLevelTiling"]
// CHECK:       sched.schedule @matvec_out_in_sketch2 {{.*}}"MultiLevelTiling"]
// CHECK-NOT:   sched.schedule @matvec_out_in_sketch3
// SCRIPT-LABEL: @apply_matvec_out_in_sketch0
// SCRIPT:         transform.structured.tile_reduction_using_for %{{.+}} by tile_sizes = [0, 0, 16]
func.func @matvec_out_in(%x: tensor<1x256xf32>, %w: tensor<512x256xf32>) -> tensor<1x512xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x512xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x512xf32>) -> tensor<1x512xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
     ins(%x, %w : tensor<1x256xf32>, tensor<512x256xf32>) outs(%f : tensor<1x512xf32>) -> tensor<1x512xf32>
  return %r : tensor<1x512xf32>
}

// -----

// A batch of them (one query row per head against its keys).
// CHECK-LABEL: sched.schedule @batched_matvec_sketch0
// CHECK-SAME:    rules ["AddRowReduction"]
// SCRIPT-LABEL: @apply_batched_matvec_sketch0
// SCRIPT:         transform.structured.tile_reduction_using_for %{{.+}} by tile_sizes = [0, 0, 0, 16]
func.func @batched_matvec(%q: tensor<8x1x64xf32>, %k: tensor<8x128x64xf32>) -> tensor<8x1x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x1x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x1x128xf32>) -> tensor<8x1x128xf32>
  %s = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
     ins(%q, %k : tensor<8x1x64xf32>, tensor<8x128x64xf32>) outs(%f : tensor<8x1x128xf32>) -> tensor<8x1x128xf32>
  return %s : tensor<8x1x128xf32>
}

// -----

// The matrix in [in][out]: read along its columns; no such sketch.
// CHECK-LABEL: sched.schedule @matvec_in_out_sketch0
// CHECK-NOT:     AddRowReduction
// CHECK:       sched.schedule @matvec_in_out_sketch1
// CHECK-NOT:     AddRowReduction
// CHECK:       }
func.func @matvec_in_out(%x: tensor<1x256xf32>, %w: tensor<256x512xf32>) -> tensor<1x512xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x512xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x512xf32>) -> tensor<1x512xf32>
  %r = linalg.matmul ins(%x, %w : tensor<1x256xf32>, tensor<256x512xf32>) outs(%f : tensor<1x512xf32>) -> tensor<1x512xf32>
  return %r : tensor<1x512xf32>
}

// -----

// 32 rows re-read the matrix: multi-level tiling reuses it; no such sketch.
// CHECK-LABEL: sched.schedule @matmul_out_in_sketch0
// CHECK-NOT:     AddRowReduction
// CHECK:       sched.schedule @matmul_out_in_sketch1
// CHECK-NOT:     AddRowReduction
// CHECK:       }
func.func @matmul_out_in(%x: tensor<32x256xf32>, %w: tensor<512x256xf32>) -> tensor<32x512xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x512xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x512xf32>) -> tensor<32x512xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
     ins(%x, %w : tensor<32x256xf32>, tensor<512x256xf32>) outs(%f : tensor<32x512xf32>) -> tensor<32x512xf32>
  return %r : tensor<32x512xf32>
}

// -----

// torch's linear layer on a batch of one: matmul(x, transpose(W)) + bias.
// Normalization fuses the transposition into the matmul, which then reads
// W along its rows (it was inlined into the matmul's tiles, a transposed
// copy of W per call; 2.25x slower for 1x768 by 3072x768,
// docs/benchmarks.md).
// CHECK-DAG:   #[[ROWS:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @torch_linear_batch1
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #[[ROWS]], #{{.+}}], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<1x256xf32>, tensor<512x256xf32>)
// CHECK:       sched.schedule @torch_linear_batch1_sketch0
// CHECK-SAME:    rules ["AddRowReduction"]
// SCRIPT-LABEL: @apply_torch_linear_batch1_sketch0
// SCRIPT:         transform.structured.tile_reduction_using_for %{{.+}} by tile_sizes = [0, 0, 16]
func.func @torch_linear_batch1(%x: tensor<1x256xf32>, %w: tensor<512x256xf32>, %b: tensor<512xf32>) -> tensor<1x512xf32> {
  %z = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<256x512xf32>
  %wt = linalg.transpose ins(%w : tensor<512x256xf32>) outs(%et : tensor<256x512xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<1x512xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x512xf32>) -> tensor<1x512xf32>
  %r = linalg.matmul ins(%x, %wt : tensor<1x256xf32>, tensor<256x512xf32>) outs(%f : tensor<1x512xf32>) -> tensor<1x512xf32>
  %e2 = tensor.empty() : tensor<1x512xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%r, %b : tensor<1x512xf32>, tensor<512xf32>) outs(%e2 : tensor<1x512xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %s = arith.addf %v, %bb : f32
    linalg.yield %s : f32
  } -> tensor<1x512xf32>
  return %y : tensor<1x512xf32>
}

// -----

// On a batch of 32 the transposition is fused too, for packing: W becomes
// the input packing lays out, into the panels it would take from W^T.
// Inlined, the transposition was copied into each tile and W was never
// packed: 151 GFLOP/s against 279 (48 random trials, 2 threads, Zen 5).
// CHECK-LABEL: func.func @torch_linear_batch32
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<32x256xf32>, tensor<512x256xf32>)
// CHECK:       sched.schedule @torch_linear_batch32_sketch0
// CHECK-SAME:    rules ["AddPacking", "MultiLevelTiling"]
// CHECK:         sched.pack node 1 operand 1 loop 1
// CHECK-NOT:   AddRowReduction
func.func @torch_linear_batch32(%x: tensor<32x256xf32>, %w: tensor<512x256xf32>) -> tensor<32x512xf32> {
  %z = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<256x512xf32>
  %wt = linalg.transpose ins(%w : tensor<512x256xf32>) outs(%et : tensor<256x512xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<32x512xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x512xf32>) -> tensor<32x512xf32>
  %r = linalg.matmul ins(%x, %wt : tensor<32x256xf32>, tensor<256x512xf32>) outs(%f : tensor<32x512xf32>) -> tensor<32x512xf32>
  return %r : tensor<32x512xf32>
}

// -----

// A contraction whose combiner the vectorizer does not take (`acc - x * w`)
// is not multi-level tiled, so not packed: its transposition is not fused.
// CHECK-LABEL: func.func @subtractive_linear_batch32
// CHECK:         linalg.transpose
// CHECK:         linalg.generic
func.func @subtractive_linear_batch32(%x: tensor<32x256xf32>, %w: tensor<512x256xf32>) -> tensor<32x512xf32> {
  %z = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<256x512xf32>
  %wt = linalg.transpose ins(%w : tensor<512x256xf32>) outs(%et : tensor<256x512xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<32x512xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x512xf32>) -> tensor<32x512xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %wt : tensor<32x256xf32>, tensor<256x512xf32>) outs(%f : tensor<32x512xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.subf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<32x512xf32>
  return %r : tensor<32x512xf32>
}

// -----

// A splat weight is never packed (any layout of it is the splat), so its
// transposition is not fused for packing.
// CHECK-LABEL: func.func @splat_linear_batch32
// CHECK:         linalg.transpose
// CHECK:         linalg.matmul
func.func @splat_linear_batch32(%x: tensor<32x256xf32>) -> tensor<32x512xf32> {
  %z = arith.constant 0.0 : f32
  %w = arith.constant dense<0.5> : tensor<512x256xf32>
  %et = tensor.empty() : tensor<256x512xf32>
  %wt = linalg.transpose ins(%w : tensor<512x256xf32>) outs(%et : tensor<256x512xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<32x512xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x512xf32>) -> tensor<32x512xf32>
  %r = linalg.matmul ins(%x, %wt : tensor<32x256xf32>, tensor<256x512xf32>) outs(%f : tensor<32x512xf32>) -> tensor<32x512xf32>
  return %r : tensor<32x512xf32>
}

// -----

// Both inputs transposed: both are fused, one after the other (normalizing
// the result again changes nothing, as materialization does: a second
// transposition left for it made every program's schedule mismatch its
// payload).
// CHECK-LABEL: func.func @dot_rows_transposed
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<64x128xf32>, tensor<64x128xf32>)
// CHECK:       sched.schedule @dot_rows_transposed_sketch0
func.func @dot_rows_transposed(%a: tensor<64x128xf32>, %b: tensor<64x128xf32>) -> tensor<64xf32> {
  %z = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<128x64xf32>
  %at = linalg.transpose ins(%a : tensor<64x128xf32>) outs(%ea : tensor<128x64xf32>) permutation = [1, 0]
  %eb = tensor.empty() : tensor<128x64xf32>
  %bt = linalg.transpose ins(%b : tensor<64x128xf32>) outs(%eb : tensor<128x64xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, k) -> (k, i)>, affine_map<(i, k) -> (k, i)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]}
    ins(%at, %bt : tensor<128x64xf32>, tensor<128x64xf32>) outs(%f : tensor<64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
