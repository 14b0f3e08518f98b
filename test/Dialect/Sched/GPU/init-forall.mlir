// RUN: ansor-opt %s --sched-materialize | FileCheck %s

// A matmul with two virtual threads per dimension and no consumer: the
// vthread loop carries the block's accumulators, so the init cannot be fused
// into each thread through it. It gets a thread forall of its own, before
// the loop (the barrier after it orders it before any accumulation); left
// at the block level, every thread would fill the whole tile, racing with
// the others' accumulation.
// CHECK: scf.forall ({{.*}}) in (2, 4)
// CHECK-NEXT: affine.apply
// CHECK-NEXT: affine.apply
// CHECK-NEXT: tensor.extract_slice
// CHECK-NEXT: scf.forall ({{.*}}) in (8, 8)
// CHECK: vector.transfer_write %cst
// CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK-NEXT: scf.for
// CHECK-NOT: linalg.fill
// CHECK: scf.forall ({{.*}}) in (8, 8)
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
    rules ["MultiLevelTiling"] {
  sched.tile node 1 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[2, 2, 8, 2, 2] of 128>,
              #sched.split<[4, 2, 8, 1, 4] of 256>,
              #sched.split<[8, 2, 4] of 64>]
  sched.bind node 1 block 0 vthread 1 thread 2
  sched.vectorize node 1
  sched.unroll node 1 max_step #sched.choice<0 in [0, 16, 64, 512, 1024]>
}
