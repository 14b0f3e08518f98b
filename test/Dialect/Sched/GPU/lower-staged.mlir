// RUN: ansor-opt %s --sched-materialize | FileCheck %s --check-prefix=MAT
// RUN: ansor-opt %s --sched-materialize --ansor-lower-gpu | FileCheck %s --check-prefix=PTX

// A matmul with both inputs staged in shared memory: blocks of 64x64 (2x4
// of them), 16x16 threads of 4x4 elements each, k staged 16 at a time.

// Inside each block: the init on the threads, then a loop over k whose
// body copies the 64x16 tile of A and the 16x64 tile of B into workgroup
// buffers, 256 threads each in 16-byte vectors, then computes from them.
// MAT: scf.forall ({{.*}}) in (2, 4)
// MAT: scf.forall ({{.*}}) in (16, 16)
// MAT: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// MAT: scf.for %{{.*}} = %c0 to %c64 step %c16
// MAT: memref.alloc() : memref<64x16xf32, #gpu.address_space<workgroup>>
// MAT: scf.forall ({{.*}}) in (64, 4)
// MAT: vector.transfer_read {{.*}} vector<4xf32>
// MAT: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// MAT: memref.alloc() : memref<16x64xf32, #gpu.address_space<workgroup>>
// MAT: scf.forall ({{.*}}) in (16, 16)
// MAT: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// MAT: scf.forall ({{.*}}) in (16, 16)
// MAT: vector.fma
// MAT: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// MAT: } {mapping = [#gpu.block<y>, #gpu.block<x>]}

// The PTX has two 4 KiB shared buffers aligned for 16-byte accesses, filled with
// vector stores; a barrier after the init, after each copy and after each
// step's compute (the next step overwrites the stages). The accumulators
// stay in registers across the steps (sched-hoist-gpu-accumulators): the
// loop stores nothing to global memory, the results are stored after it.
// PTX: gpu.binary @mm_kernel
// PTX-SAME: .shared .align 16 .b8 __wg_mm_kernel_0[4096];
// PTX-SAME: .shared .align 16 .b8 __wg_mm_kernel_1[4096];
// PTX-SAME: bar.sync
// PTX-SAME: $L__BB0_1:
// PTX-NOT: st.global
// PTX-SAME: st.shared.v4.b32
// PTX-SAME: bar.sync
// PTX-SAME: st.shared.v4.b32
// PTX-SAME: bar.sync
// PTX-SAME: ld.shared
// PTX-SAME: fma.rn.f32
// PTX-SAME: bar.sync
// PTX-NOT: st.global
// PTX-SAME: bra {{.*}}$L__BB0_1;
// PTX-SAME: st.global
func.func @mm(%a: tensor<128x64xf32>, %b: tensor<64x256xf32>) -> tensor<128x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<128x256xf32>) -> tensor<128x256xf32>
  %c = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x256xf32>)
      outs(%acc : tensor<128x256xf32>) -> tensor<128x256xf32>
  return %c : tensor<128x256xf32>
}

sched.schedule @mm_s for @mm target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.fill", [128, 256], [S, S]>,
           #sched.node<"linalg.matmul", [128, 256, 64], [S, S, R]>]
    rules ["AddCacheRead", "MultiLevelTiling"] {
  sched.tile node 1 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[2, 1, 16, 1, 4] of 128>,
              #sched.split<[4, 1, 16, 1, 4] of 256>,
              #sched.split<[4, 4, 4] of 64>]
  sched.bind node 1 block 0 vthread 1 thread 2
  sched.cache_read node 1 operand 0 scope "shared" access affine_map<(d0, d1, d2) -> (d0, d2)> of f32
  sched.cache_read node 1 operand 1 scope "shared" access affine_map<(d0, d1, d2) -> (d2, d1)> of f32
  sched.vectorize node 1
  sched.unroll node 1 max_step #sched.choice<0 in [0, 16, 64, 512, 1024]>
}
