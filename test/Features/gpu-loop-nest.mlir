// The loop nests the cost model sees for GPU schedules: a staged matmul's
// copies at the block's reduction steps, then its virtual threads, threads
// and each thread's levels; a cross-thread reduction's partials and their
// combination; the kernel's blocks, threads, virtual threads and shared
// bytes on every statement, the blocks a multiprocessor holds, and the byte
// distance between two consecutive threads' global reads and writes
// (log2(1 + x), as every count feature).
// RUN: ansor-model features %s | FileCheck %s
// The producer of a matmul's init (a broadcast bias), which the GPU script
// leaves whole as a kernel of its own, is a statement of its own (it was
// taken as inlined and found nowhere).
// RUN: ansor-opt %S/../Measure/Inputs/unusual/linear_bias_init.mlir --sched-derive-sketches="target='cuda -arch=sm_90' sketch=0" --sched-sample="seed=1" -o %t.mlir
// RUN: ansor-model features %t.mlir | FileCheck %s --check-prefix=INIT
// INIT: schedule @linear_bias_init_sketch0_0: 4 statements
// INIT: statement 3: node 0 domain [128, 512]

!A = tensor<128x64xf32>
!B = tensor<64x256xf32>
!C = tensor<128x256xf32>
func.func @mm_relu(%a: !A, %b: !B) -> !C {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : !C
  %acc = linalg.fill ins(%zero : f32) outs(%e : !C) -> !C
  %c = linalg.matmul ins(%a, %b : !A, !B) outs(%acc : !C) -> !C
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c : !C) outs(%e : !C) {
    ^bb0(%v: f32, %o: f32):
      %m = arith.maximumf %v, %zero : f32
      linalg.yield %m : f32
  } -> !C
  return %r : !C
}

// Blocks 2 x 4, virtual threads 2 x 2, threads 8 x 8; stages of 64 x 8 and
// 8 x 64 floats (2 KiB each).
// CHECK-LABEL: schedule @mm_relu_s: 5 statements
// CHECK:       statement 0: node 1 stage 0 domain [128, 64, 64, 8]
// CHECK-NEXT:    loop 2 delta [64, 0, 0, 0]
// CHECK-NEXT:    loop 4 delta [0, 0, 0, 0]
// CHECK-NEXT:    loop 8 reduction delta [0, 8, 0, 0]
// CHECK-NEXT:    loop 64 delta [0, 0, 1, 0]
// CHECK-NEXT:    loop 8 delta [0, 0, 0, 1]
// CHECK-NEXT:    read arg0 [128, 64]
// CHECK-NEXT:    write shared 0 [64, 8] temporary
// CHECK:         gpu_blocks = 3.17
// CHECK-NEXT:    gpu_threads = 6.02
// CHECK-NEXT:    gpu_vthreads = 2.32
// CHECK-NEXT:    gpu_shared_bytes = 12.00
// 64 threads and 4 KiB of shared memory: 32 blocks per multiprocessor (its
// most); the copy's threads read consecutive 16-byte vectors.
// CHECK-NEXT:    gpu_blocks_per_sm = 5.04
// CHECK-NEXT:    gpu_read_thread_stride = 4.09
// CHECK-NOT:     gpu_write_thread_stride
// CHECK:       statement 1: node 1 stage 1 domain [64, 256, 8, 64]
// CHECK:       statement 2: node 1 init domain [128, 256, 64]
// CHECK-NEXT:    loop 2 delta [64, 0, 0]
// CHECK-NEXT:    loop 4 delta [0, 64, 0]
// CHECK-NEXT:    loop 2 delta [32, 0, 0]
// CHECK-NEXT:    loop 2 delta [0, 32, 0]
// CHECK-NEXT:    loop 8 delta [4, 0, 0]
// CHECK-NEXT:    loop 8 delta [0, 4, 0]
// CHECK-NEXT:    loop 2 delta [2, 0, 0]
// CHECK-NEXT:    loop 2 unrolled delta [1, 0, 0]
// CHECK-NEXT:    loop 4 unrolled delta [0, 1, 0]
// CHECK-NEXT:    write linalg.fill [128, 256]
// A staged node's init has a thread forall of its own: each thread fills a
// contiguous 8 x 8 part of the block's 64 x 64 tile, 32 bytes from the next.
// CHECK:         gpu_write_thread_stride = 5.04
// CHECK:       statement 3: node 1 domain [128, 256, 64]
// CHECK-NEXT:    loop 2 delta [64, 0, 0]
// CHECK-NEXT:    loop 4 delta [0, 64, 0]
// CHECK-NEXT:    loop 8 reduction delta [0, 0, 8]
// CHECK-NEXT:    loop 2 delta [32, 0, 0]
// CHECK-NEXT:    loop 2 delta [0, 32, 0]
// CHECK-NEXT:    loop 8 delta [4, 0, 0]
// CHECK-NEXT:    loop 8 delta [0, 4, 0]
// CHECK-NEXT:    loop 2 reduction delta [0, 0, 4]
// CHECK-NEXT:    loop 2 delta [2, 0, 0]
// CHECK-NEXT:    loop 4 reduction delta [0, 0, 1]
// CHECK-NEXT:    loop 2 unrolled delta [1, 0, 0]
// CHECK-NEXT:    loop 4 unrolled delta [0, 1, 0]
// CHECK-NEXT:    read shared 0 [64, 8] temporary
// CHECK-NEXT:    read shared 1 [8, 64] temporary
// CHECK-NEXT:    read-write linalg.fill [128, 256]
// CHECK:         float_mad = 21.00
// CHECK:         gpu_shared_bytes = 12.00
// threadIdx.x is the thread level's column loop: consecutive threads' 4 x 4
// tiles are 4 columns (16 bytes) apart in C (the stages are shared memory).
// CHECK-NEXT:    gpu_blocks_per_sm = 5.04
// CHECK-NEXT:    gpu_read_thread_stride = 4.09
// CHECK-NEXT:    gpu_write_thread_stride = 4.09
// The ReLU, which a staged node does not fuse, runs with the default
// mapping: a block per row and per 128 columns, one thread per element.
// CHECK:       statement 4: node 2 domain [128, 256]
// CHECK-NEXT:    loop 128 delta [1, 0]
// CHECK-NEXT:    loop 2 delta [0, 128]
// CHECK-NEXT:    loop 128 delta [0, 1]
// CHECK-NEXT:    read linalg.fill [128, 256]
// CHECK-NEXT:    write linalg.generic [128, 256]
// CHECK:         gpu_blocks = 8.01
// CHECK-NEXT:    gpu_threads = 7.01
// CHECK-NEXT:    gpu_vthreads = 1.00
// 128 threads: 16 blocks per multiprocessor; consecutive threads, consecutive
// floats.
// CHECK-NEXT:    gpu_blocks_per_sm = 4.09
// CHECK-NEXT:    gpu_read_thread_stride = 2.32
// CHECK-NEXT:    gpu_write_thread_stride = 2.32
// CHECK-LABEL: schedule @row_sum_s: 3 statements
sched.schedule @mm_relu_s for @mm_relu target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.fill", [128, 256], [S, S]>,
           #sched.node<"linalg.matmul", [128, 256, 64], [S, S, R]>,
           #sched.node<"linalg.generic", [128, 256], [S, S]>]
    rules ["AddCacheRead", "MultiLevelTiling"] {
  sched.tile node 1 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[2, 2, 8, 2, 2] of 128>,
              #sched.split<[4, 2, 8, 1, 4] of 256>,
              #sched.split<[8, 2, 4] of 64>]
  sched.bind node 1 block 0 vthread 1 thread 2
  sched.cache_read node 1 operand 0 scope "shared" access affine_map<(d0, d1, d2) -> (d0, d2)> of f32
  sched.cache_read node 1 operand 1 scope "shared" access affine_map<(d0, d1, d2) -> (d2, d1)> of f32
  sched.vectorize node 1
}

func.func @row_sum(%x: tensor<64x4096xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %s = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x4096xf32>) outs(%acc : tensor<64xf32>) {
    ^bb0(%v: f32, %a: f32):
      %r = arith.addf %v, %a : f32
      linalg.yield %r : f32
  } -> tensor<64xf32>
  return %s : tensor<64xf32>
}

// A block per row, 256 threads reducing 16 elements each into 1 KiB of
// partials, which one thread combines.
// CHECK:       statement 0: node 1 init domain [64, 4096]
// CHECK-NEXT:    loop 64 delta [1, 0]
// CHECK-NEXT:    write linalg.fill [64]
// CHECK:       statement 1: node 1 partial domain [64, 4096]
// CHECK-NEXT:    loop 64 delta [1, 0]
// CHECK-NEXT:    loop 256 reduction delta [0, 16]
// CHECK-NEXT:    loop 16 reduction delta [0, 1]
// CHECK-NEXT:    read arg0 [64, 4096]
// CHECK-NEXT:    read-write partials [256] temporary
// CHECK:         float_addsub = 18.00
// CHECK:         gpu_blocks = 6.02
// CHECK-NEXT:    gpu_threads = 8.01
// CHECK-NEXT:    gpu_vthreads = 1.00
// CHECK-NEXT:    gpu_shared_bytes = 10.00
// 256 threads: 8 blocks per multiprocessor; consecutive threads read parts
// 16 floats (64 bytes) apart, uncoalesced.
// CHECK-NEXT:    gpu_blocks_per_sm = 3.17
// CHECK-NEXT:    gpu_read_thread_stride = 6.02
// CHECK-NOT:     gpu_write_thread_stride
// CHECK:       statement 2: node 1 combine domain [64, 4096]
// CHECK-NEXT:    loop 64 delta [1, 0]
// CHECK-NEXT:    loop 256 reduction delta [0, 16]
// CHECK-NEXT:    read partials [256] temporary
// CHECK-NEXT:    read-write linalg.fill [64]
sched.schedule @row_sum_s for @row_sum target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.fill", [64], [S]>,
           #sched.node<"linalg.generic", [64, 4096], [S, R]>]
    rules ["CrossThreadReduction"] {
  sched.rfactor node 1 loop 1 split #sched.split<[256, 16] of 4096>
}
