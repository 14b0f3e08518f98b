// Shared-memory stages, checked by running them. Without a GPU the
// materialized program runs on the host: its foralls (blocks, the copies into
// the stages, threads) keep their meaning as parallel loops there, so the
// host computes what the GPU must, stage by stage. The workgroup memory
// space is dropped for the host (sed), nothing else changes.
//
// Hand-written schedules of @mm_relu, @mm_relu_vthreads, @mm and
// @mm_one_thread:
// RUN: ansor-opt %s --sched-materialize \
// RUN:   | sed 's/, #gpu.address_space<workgroup>//g' \
// RUN:   | ansor-opt --ansor-lower-cpu \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:       -shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:       -shared-libs=%mlir_lib_dir/libomp.so \
// RUN:   | FileCheck %s
//
// Sampled staged schedules of @mm_sampled (sketch 0 stages both inputs),
// three seeds:
// RUN: for seed in 1 2 3; do \
// RUN:   ansor-opt %s --sched-derive-sketches="target='cuda -arch=sm_90' func=mm_sampled sketch=0" \
// RUN:     --sched-sample="seed=$seed" --sched-materialize \
// RUN:   | sed 's/, #gpu.address_space<workgroup>//g' \
// RUN:   | ansor-opt --ansor-lower-cpu \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:       -shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:       -shared-libs=%mlir_lib_dir/libomp.so; done \
// RUN:   | FileCheck %s --check-prefix=SAMPLED
//
// The materialized programs really stage both inputs.
// RUN: ansor-opt %s --sched-materialize | FileCheck %s --check-prefix=MAT
// MAT-COUNT-8: memref.alloc() : memref<{{.*}}, #gpu.address_space<workgroup>>
// MAT-NOT: memref.alloc() : memref<{{.*}}, #gpu.address_space<workgroup>>
// RUN: ansor-opt %s --sched-derive-sketches="target='cuda -arch=sm_90' func=mm_sampled sketch=0" \
// RUN:   --sched-sample="seed=1" --sched-materialize | FileCheck %s --check-prefix=MAT-SAMPLED
// MAT-SAMPLED-COUNT-2: memref.alloc() : memref<{{.*}}, #gpu.address_space<workgroup>>

// Elements of A and B are small integers, so every sum is exact and the
// staged programs must equal the reference element for element (one line
// per program; @mm_sampled is unscheduled in the first run).
// CHECK-COUNT-5: mismatches: 0
// CHECK-NOT: mismatches
// SAMPLED-COUNT-15: mismatches: 0
// SAMPLED-NOT: mismatches

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
    ^bb0(%x: f32, %o: f32):
      %m = arith.maximumf %x, %zero : f32
      linalg.yield %m : f32
  } -> !C
  return %r : !C
}

// The same program under other names, for the other schedules.
func.func @mm_relu_vthreads(%a: !A, %b: !B) -> !C {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : !C
  %acc = linalg.fill ins(%zero : f32) outs(%e : !C) -> !C
  %c = linalg.matmul ins(%a, %b : !A, !B) outs(%acc : !C) -> !C
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c : !C) outs(%e : !C) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.maximumf %x, %zero : f32
      linalg.yield %m : f32
  } -> !C
  return %r : !C
}

func.func @mm(%a: !A, %b: !B) -> !C {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : !C
  %acc = linalg.fill ins(%zero : f32) outs(%e : !C) -> !C
  %c = linalg.matmul ins(%a, %b : !A, !B) outs(%acc : !C) -> !C
  return %c : !C
}

func.func @mm_one_thread(%a: !A, %b: !B) -> !C {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : !C
  %acc = linalg.fill ins(%zero : f32) outs(%e : !C) -> !C
  %c = linalg.matmul ins(%a, %b : !A, !B) outs(%acc : !C) -> !C
  return %c : !C
}

func.func @mm_sampled(%a: !A, %b: !B) -> !C {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : !C
  %acc = linalg.fill ins(%zero : f32) outs(%e : !C) -> !C
  %c = linalg.matmul ins(%a, %b : !A, !B) outs(%acc : !C) -> !C
  return %c : !C
}

// Not scheduled: the reference lowering.
func.func @reference(%a: !A, %b: !B, %relu: i1) -> !C {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : !C
  %acc = linalg.fill ins(%zero : f32) outs(%e : !C) -> !C
  %c = linalg.matmul ins(%a, %b : !A, !B) outs(%acc : !C) -> !C
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c : !C) outs(%e : !C) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.maximumf %x, %zero : f32
      %v = arith.select %relu, %m, %x : f32
      linalg.yield %v : f32
  } -> !C
  return %r : !C
}

// (i * p + j * q) mod 7 - 3: values in [-3, 3], different per element.
func.func @value(%i: index, %j: index, %p: index, %q: index) -> f32 {
  %ip = arith.muli %i, %p : index
  %jq = arith.muli %j, %q : index
  %s = arith.addi %ip, %jq : index
  %c7 = arith.constant 7 : index
  %m = arith.remui %s, %c7 : index
  %c3 = arith.constant 3 : index
  %v = arith.subi %m, %c3 : index
  %vi = arith.index_cast %v : index to i32
  %f = arith.sitofp %vi : i32 to f32
  return %f : f32
}
#pattern = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
func.func @pattern_a(%p: index, %q: index) -> !A {
  %t = tensor.empty() : !A
  %r = linalg.generic #pattern outs(%t : !A) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %f = func.call @value(%i, %j, %p, %q) : (index, index, index, index) -> f32
      linalg.yield %f : f32
  } -> !A
  return %r : !A
}
func.func @pattern_b(%p: index, %q: index) -> !B {
  %t = tensor.empty() : !B
  %r = linalg.generic #pattern outs(%t : !B) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %f = func.call @value(%i, %j, %p, %q) : (index, index, index, index) -> f32
      linalg.yield %f : f32
  } -> !B
  return %r : !B
}

func.func @count_mismatches(%x: !C, %y: !C) {
  %zero = arith.constant 0 : i64
  %e = tensor.empty() : tensor<i64>
  %init = linalg.fill ins(%zero : i64) outs(%e : tensor<i64>) -> tensor<i64>
  %n = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> ()>],
      iterator_types = ["reduction", "reduction"]}
      ins(%x, %y : !C, !C) outs(%init : tensor<i64>) {
    ^bb0(%a: f32, %b: f32, %acc: i64):
      %ne = arith.cmpf une, %a, %b : f32
      %one = arith.extui %ne : i1 to i64
      %s = arith.addi %acc, %one : i64
      linalg.yield %s : i64
  } -> tensor<i64>
  %v = tensor.extract %n[] : tensor<i64>
  vector.print str "mismatches: "
  vector.print %v : i64
  return
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c2 = arith.constant 2 : index
  %a = call @pattern_a(%c3, %c5) : (index, index) -> !A
  %b = call @pattern_b(%c5, %c2) : (index, index) -> !B
  %true = arith.constant true
  %false = arith.constant false
  %ref_relu = call @reference(%a, %b, %true) : (!A, !B, i1) -> !C
  %ref = call @reference(%a, %b, %false) : (!A, !B, i1) -> !C
  %r1 = call @mm_relu(%a, %b) : (!A, !B) -> !C
  call @count_mismatches(%r1, %ref_relu) : (!C, !C) -> ()
  %r2 = call @mm_relu_vthreads(%a, %b) : (!A, !B) -> !C
  call @count_mismatches(%r2, %ref_relu) : (!C, !C) -> ()
  %r3 = call @mm(%a, %b) : (!A, !B) -> !C
  call @count_mismatches(%r3, %ref) : (!C, !C) -> ()
  %r5 = call @mm_one_thread(%a, %b) : (!A, !B) -> !C
  call @count_mismatches(%r5, %ref) : (!C, !C) -> ()
  %r4 = call @mm_sampled(%a, %b) : (!A, !B) -> !C
  call @count_mismatches(%r4, %ref) : (!C, !C) -> ()
  return
}

// Blocks of 64x64, 16x16 threads of 4x4 in 2x4 tiles, k staged 16 at a
// time (64x16 of A, 16x64 of B per step); the ReLU a kernel of its own.
sched.schedule @mm_relu_s for @mm_relu target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.fill", [128, 256], [S, S]>,
           #sched.node<"linalg.matmul", [128, 256, 64], [S, S, R]>,
           #sched.node<"linalg.generic", [128, 256], [S, S]>]
    rules ["AddCacheRead", "MultiLevelTiling"] {
  sched.tile node 1 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[2, 1, 16, 2, 2] of 128>,
              #sched.split<[4, 1, 16, 1, 4] of 256>,
              #sched.split<[4, 4, 4] of 64>]
  sched.bind node 1 block 0 vthread 1 thread 2
  sched.cache_read node 1 operand 0 scope "shared" access affine_map<(d0, d1, d2) -> (d0, d2)> of f32
  sched.cache_read node 1 operand 1 scope "shared" access affine_map<(d0, d1, d2) -> (d2, d1)> of f32
  sched.vectorize node 1
  sched.unroll node 1 max_step #sched.choice<16 in [0, 16, 64, 512, 1024]>
  sched.tile node 2 structure #sched.structure<[S, S, S]>
      splits [#sched.split<[32, 1, 4] of 128>, #sched.split<[2, 64, 2] of 256>]
  sched.bind node 2 block 0 thread 1
}

// Two virtual threads along rows and columns, k staged 8 at a time.
sched.schedule @mm_relu_vthreads_s for @mm_relu_vthreads target "cuda -arch=sm_90"
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
  sched.unroll node 1 max_step #sched.choice<0 in [0, 16, 64, 512, 1024]>
}

// No consumer; blocks along rows only, one thread column.
sched.schedule @mm_s for @mm target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.fill", [128, 256], [S, S]>,
           #sched.node<"linalg.matmul", [128, 256, 64], [S, S, R]>]
    rules ["AddCacheRead", "MultiLevelTiling"] {
  sched.tile node 1 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[4, 1, 32, 1, 1] of 128>,
              #sched.split<[1, 1, 32, 2, 4] of 256>,
              #sched.split<[2, 8, 4] of 64>]
  sched.bind node 1 block 0 vthread 1 thread 2
  sched.cache_read node 1 operand 0 scope "shared" access affine_map<(d0, d1, d2) -> (d0, d2)> of f32
  sched.cache_read node 1 operand 1 scope "shared" access affine_map<(d0, d1, d2) -> (d2, d1)> of f32
  sched.vectorize node 1
  sched.unroll node 1 max_step #sched.choice<64 in [0, 16, 64, 512, 1024]>
}

// One thread per block (two virtual threads along columns) staging a 4 x 2
// tile of A and a 2 x 2 tile of B: its copies are vectorized by the widest
// vector that divides a stage's rows (2 elements, not 4). An H100 tuning run
// proposed such programs, which failed to build before.
sched.schedule @mm_one_thread_s for @mm_one_thread target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.fill", [128, 256], [S, S]>,
           #sched.node<"linalg.matmul", [128, 256, 64], [S, S, R]>]
    rules ["AddCacheRead", "MultiLevelTiling"] {
  sched.tile node 1 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[32, 1, 1, 1, 4] of 128>,
              #sched.split<[128, 2, 1, 1, 1] of 256>,
              #sched.split<[32, 2, 1] of 64>]
  sched.bind node 1 block 0 vthread 1 thread 2
  sched.cache_read node 1 operand 0 scope "shared" access affine_map<(d0, d1, d2) -> (d0, d2)> of f32
  sched.cache_read node 1 operand 1 scope "shared" access affine_map<(d0, d1, d2) -> (d2, d1)> of f32
  sched.vectorize node 1
  sched.unroll node 1 max_step #sched.choice<0 in [0, 16, 64, 512, 1024]>
}
