// A parallel loop count of 0 (offered for small nodes) materializes the node
// with no parallel loop: serial scf.for tiles, no scf.forall, and no OpenMP
// fork once lowered.
// RUN: ansor-opt %s --sched-materialize | FileCheck %s
// RUN: ansor-opt %s --ansor-compile="output=%t.so" -o /dev/null
// RUN: nm -u %t.so | FileCheck %s --check-prefix=SYMS --allow-empty
// The same schedule with one parallel loop forks.
// RUN: sed -e 's/choice<0 in/choice<1 in/' %s > %t.par.mlir
// RUN: ansor-opt %t.par.mlir --ansor-compile="output=%t.par.so" -o /dev/null
// RUN: nm -u %t.par.so | FileCheck %s --check-prefix=PAR

// CHECK-LABEL: func.func @relu
// CHECK-NOT:   scf.forall
// CHECK:       scf.for
// CHECK:         vector.transfer_read
// CHECK:         arith.maximumf {{.*}} : vector<8x16xf32>
// CHECK-NOT:   scf.forall
// SYMS-NOT: __kmpc_fork_call
// PAR: __kmpc_fork_call

func.func @relu(%x: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%v: f32, %o: f32):
      %m = arith.maximumf %v, %zero : f32
      linalg.yield %m : f32
  } -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}

sched.schedule @s for @relu target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=skylake-avx512 -num-cores=2 -vector-bits=512"
    nodes [#sched.node<"linalg.generic", [64, 32], [S, S]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S]>
      splits [#sched.split<[8, 8] of 64>, #sched.split<[2, 16] of 32>]
  sched.parallel node 0 loops #sched.choice<0 in [0, 1, 2]>
  sched.vectorize node 0
}
