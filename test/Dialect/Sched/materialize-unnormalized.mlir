// A schedule applied to its payload as the author wrote it (arith on whole
// tensors, tensor.splat): materialization and export normalize the
// scheduled func first, as sketch derivation did, so the schedule's nodes
// match (before, both refused tensor.splat). The multiplication, read
// once and element for element by the addition, is fused into it, and the
// splat's fill is read as its value: one node.
// RUN: ansor-opt %s --sched-materialize | FileCheck %s
// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --ansor-compile="output=%t.so" -o /dev/null

func.func @scale_add(%a: tensor<64x128xf32>, %b: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %c = arith.constant 0.5 : f32
  %s = tensor.splat %c : tensor<64x128xf32>
  %m = arith.mulf %a, %s : tensor<64x128xf32>
  %r = arith.addf %m, %b : tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}

sched.schedule @s for @scale_add target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=skylake-avx512 -num-cores=2 -vector-bits=512"
    nodes [#sched.node<"linalg.generic", [64, 128], [S, S]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S]>
      splits [#sched.split<[16, 4] of 64>, #sched.split<[8, 16] of 128>]
  sched.vectorize node 0
}

// CHECK-LABEL: func.func @scale_add
// CHECK-NOT: tensor.splat
// CHECK: scf.for
// CHECK: vector.transfer_read
// CHECK: arith.mulf {{.*}} : vector<4x16xf32>
// CHECK: arith.addf {{.*}} : vector<4x16xf32>
// CHECK-NOT: sched.schedule
// SCRIPT: transform.named_sequence @apply_s
// SCRIPT: transform.structured.tile_using_for
