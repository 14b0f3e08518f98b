// RUN: ansor-opt %s --sched-export-transform | FileCheck %s

// The exported script is plain upstream Transform IR: upstream mlir-opt
// applies it to the tagged payload and gets exactly what sched-materialize
// produces.
// RUN: ansor-opt %s --sched-materialize > %t.ours
// RUN: ansor-opt %s --sched-export-transform \
// RUN:   | mlir-opt --transform-interpreter --test-transform-dialect-erase-schedule \
// RUN:   | sed -e 's/ attributes {transform.with_named_sequence}//' -e 's/ {sched.node = [0-9]* : i64}//' > %t.upstream
// RUN: diff %t.ours %t.upstream

// CHECK-LABEL: module attributes {transform.with_named_sequence}
// CHECK:       linalg.fill {sched.node = 0 : i64}
// CHECK:       linalg.matmul {sched.node = 1 : i64}
// CHECK-NOT:   sched.schedule
// CHECK-LABEL: transform.named_sequence @apply_fused(
// CHECK:         %[[FUNC:.+]] = transform.structured.match ops{["func.func"]} attributes {sym_name = "matmul_relu"}
// CHECK:         %[[RELU:.+]] = transform.structured.match attributes {sched.node = 2 : i64} in %[[FUNC]]
// CHECK:         %[[MM:.+]] = transform.get_producer_of_operand %[[RELU]][0]
// CHECK:         %[[FILL:.+]] = transform.get_producer_of_operand %[[MM]][2]
// CHECK:         %{{.+}}, %[[FORALL:.+]] = transform.structured.tile_using_forall %[[RELU]] tile_sizes [32, 0]
// CHECK:         transform.structured.fuse_into_containing_op %[[MM]] into %[[FORALL]]
// CHECK:         transform.structured.fuse_into_containing_op %[[FILL]] into %[[FORALL]]
// CHECK:         transform.structured.tile_using_for %{{.+}} tile_sizes [0, 0, 4]
// CHECK:         %{{.+}}, %[[S2:.+]] = transform.structured.tile_using_for %{{.+}} tile_sizes [4, 0, 0]
// CHECK:         transform.structured.vectorize
// CHECK:         transform.loop.unroll %[[S2]] {factor = 4 : i64}
// CHECK:         transform.loop.hoist_loop_invariant_subsets
// CHECK:         transform.apply_patterns.vector.lower_contraction
// CHECK-LABEL: transform.named_sequence @__transform_main(
// CHECK:         transform.include @apply_fused failures(propagate)

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
