// RUN: ansor-opt %s --sched-materialize | FileCheck %s --check-prefix=MAT
// RUN: ansor-opt %s --sched-materialize --ansor-lower-gpu | FileCheck %s --check-prefix=PTX

// A complete GPU schedule: 128x256 as 2x4 blocks of 64x64, two virtual
// threads along rows, 8x16 threads of 4x4 elements each in 2x4 tiles (the innermost tile
// vectorized), k in steps of 16 and 4.

// MAT: scf.forall (%{{.*}}, %{{.*}}) in (2, 4)
// MAT: scf.for %{{.*}} = %c0 to %c64 step %c32
// MAT: scf.forall (%{{.*}}, %{{.*}}) in (8, 16)
// The accumulators of the 2x4 tile stay in registers across the k loop.
// MAT: vector.transfer_read {{.*}} vector<2x4xf32>
// MAT: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (vector<2x4xf32>)
// MAT: vector.fma
// MAT: arith.maximumf {{.*}} : vector<2x4xf32>
// MAT: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// MAT: } {mapping = [#gpu.block<y>, #gpu.block<x>]}

// One kernel, launched on a 4x2 grid of 16x8 blocks on the function's
// stream (gpu-async-region), which is synchronized before the return;
// compiled to PTX.
// PTX: llvm.func @mm_relu(
// PTX-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : index) : i64
// PTX-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : index) : i64
// PTX-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : index) : i64
// PTX-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : index) : i64
// PTX-DAG: %[[C16:.*]] = llvm.mlir.constant(16 : index) : i64
// PTX: %[[S:.*]] = llvm.call @mgpuStreamCreate()
// PTX: gpu.launch_func <%[[S]] : !llvm.ptr> @mm_relu_kernel::@mm_relu_kernel blocks in (%[[C4]], %[[C2]], %[[C1]]) threads in (%[[C16]], %[[C8]], %[[C1]])
// PTX-NEXT: llvm.call @mgpuStreamSynchronize(%[[S]])
// PTX: gpu.binary @mm_relu_kernel
// PTX-SAME: #nvvm.target<chip = "sm_90", features = "+ptx80">
// PTX-SAME: .visible .entry mm_relu_kernel(
// PTX-SAME: fma.rn.f32
func.func @mm_relu(%a: tensor<128x64xf32>, %b: tensor<64x256xf32>) -> tensor<128x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<128x256xf32>) -> tensor<128x256xf32>
  %c = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x256xf32>)
      outs(%acc : tensor<128x256xf32>) -> tensor<128x256xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<128x256xf32>) outs(%e : tensor<128x256xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.maximumf %x, %zero : f32
      linalg.yield %m : f32
  } -> tensor<128x256xf32>
  return %r : tensor<128x256xf32>
}

sched.schedule @mm_relu_s for @mm_relu target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.fill", [128, 256], [S, S]>,
           #sched.node<"linalg.matmul", [128, 256, 64], [S, S, R]>,
           #sched.node<"linalg.generic", [128, 256], [S, S]>]
    rules ["MultiLevelTilingWithFusion"] {
  sched.tile node 1 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[2, 2, 8, 2, 2] of 128>,
              #sched.split<[4, 1, 16, 1, 4] of 256>,
              #sched.split<[4, 4, 4] of 64>]
  sched.bind node 1 block 0 vthread 1 thread 2
  sched.fuse_consumer node 2 into 1 at #sched.choice<2 in [2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step #sched.choice<0 in [0, 16, 64, 512, 1024]>
}
