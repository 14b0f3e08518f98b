// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --sched-materialize | FileCheck %s

// An elementwise generic with two results. The cleanup before vectorization
// (unit-dimension folding, and canonicalization of peeled blocks) replaces
// such an op with one slice or cast per result, which no handle can follow
// ("tracking listener failed to find replacement op": half the sampled
// programs of this func failed to build). Each vectorization target is found
// again through a mark on its body's terminator, which the rewrites move or
// clone with the body.

// SCRIPT-LABEL: transform.named_sequence @apply_s_peeled
// SCRIPT:         transform.loop.peel
// SCRIPT:         %[[Y0:.*]] = transform.structured.match ops{["linalg.yield"]} in
// SCRIPT-NEXT:    transform.annotate %[[Y0]] "sched.vectorize_0"
// SCRIPT:         transform.apply_patterns.canonicalization
// SCRIPT:         %[[M0:.*]] = transform.structured.match attributes {sched.vectorize_0} in
// SCRIPT-NEXT:    %[[T0:.*]] = transform.get_parent_op %[[M0]] :
// SCRIPT:         transform.structured.vectorize %[[T0]] vector_sizes [2, 14]
// SCRIPT-LABEL: transform.named_sequence @apply_s_unit_rows
// SCRIPT:         transform.annotate %{{.*}} "sched.vectorize_0"
// SCRIPT:         transform.apply_patterns.linalg.fold_unit_extent_dims_via_slices
// SCRIPT:         transform.get_parent_op

// CHECK-LABEL: func.func @peeled
// CHECK:         scf.forall
// CHECK:           arith.addf %{{.*}}, %{{.*}} : vector<2x14xf32>
// CHECK:           arith.mulf %{{.*}}, %{{.*}} : vector<2x14xf32>
// CHECK-NOT:     sched.vectorize_
// CHECK-LABEL: func.func @unit_rows
// CHECK:         scf.forall
// CHECK:           arith.addf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK:           arith.mulf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK-NOT:     linalg.generic
// CHECK-NOT:     sched.vectorize_

#id = affine_map<(i, j) -> (i, j)>

func.func @peeled(%a: tensor<64x96xf32>, %b: tensor<64x96xf32>)
    -> (tensor<64x96xf32>, tensor<64x96xf32>) {
  %e = tensor.empty() : tensor<64x96xf32>
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id, #id],
                         iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<64x96xf32>, tensor<64x96xf32>)
      outs(%e, %e : tensor<64x96xf32>, tensor<64x96xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32, %p: f32):
      %s = arith.addf %x, %y : f32
      %m = arith.mulf %x, %y : f32
      linalg.yield %s, %m : f32, f32
  } -> (tensor<64x96xf32>, tensor<64x96xf32>)
  return %r#0, %r#1 : tensor<64x96xf32>, tensor<64x96xf32>
}

func.func @unit_rows(%a: tensor<64x96xf32>, %b: tensor<64x96xf32>)
    -> (tensor<64x96xf32>, tensor<64x96xf32>) {
  %e = tensor.empty() : tensor<64x96xf32>
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id, #id],
                         iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<64x96xf32>, tensor<64x96xf32>)
      outs(%e, %e : tensor<64x96xf32>, tensor<64x96xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32, %p: f32):
      %s = arith.addf %x, %y : f32
      %m = arith.mulf %x, %y : f32
      linalg.yield %s, %m : f32, f32
  } -> (tensor<64x96xf32>, tensor<64x96xf32>)
  return %r#0, %r#1 : tensor<64x96xf32>, tensor<64x96xf32>
}

sched.schedule @s_peeled for @peeled target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=skylake-avx512 -num-cores=2 -vector-bits=512"
    nodes [#sched.node<"linalg.generic", [64, 96], [S, S]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S]>
      splits [#sched.split<[32, 2] of 64>, #sched.split<[7, 14] of 96>]
  sched.parallel node 0 loops #sched.choice<2 in [0, 1, 2]>
  sched.vectorize node 0
}

sched.schedule @s_unit_rows for @unit_rows target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=skylake-avx512 -num-cores=2 -vector-bits=512"
    nodes [#sched.node<"linalg.generic", [64, 96], [S, S]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S]>
      splits [#sched.split<[64, 1] of 64>, #sched.split<[3, 32] of 96>]
  sched.parallel node 0 loops #sched.choice<1 in [0, 1, 2]>
  sched.vectorize node 0
}
