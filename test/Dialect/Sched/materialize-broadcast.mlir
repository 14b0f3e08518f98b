// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --sched-materialize | FileCheck %s

// An input read through a constant index ((i, j) -> (i, 0), a column
// broadcast along the rows) is vectorized like any projected permutation:
// the vectorizer reads it as a broadcast. Before, the block stayed scalar
// ("its convolution windows are not reduced to one point"): a 512x1024
// broadcast subtraction's best of 16 programs was 1.5x slower.

// SCRIPT-LABEL: transform.named_sequence @apply_s
// SCRIPT-NOT:     sched.degraded
// SCRIPT:         transform.structured.vectorize

// CHECK-LABEL: func.func @sub_row_max
// CHECK:         scf.forall
// CHECK:           vector.transfer_read %{{.*}} : tensor<4xf32>, vector<4xf32>
// CHECK:           vector.from_elements {{.*}} : vector<4x16xf32>
// CHECK:           arith.subf %{{.*}}, %{{.*}} : vector<4x16xf32>
// CHECK-NOT:     linalg.generic

func.func @sub_row_max(%m: tensor<64x1xf32>, %x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %e = tensor.empty() : tensor<64x128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, 0)>,
                                        affine_map<(i, j) -> (i, j)>,
                                        affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m, %x : tensor<64x1xf32>, tensor<64x128xf32>)
      outs(%e : tensor<64x128xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.subf %b, %a : f32
      linalg.yield %s : f32
  } -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}

sched.schedule @s for @sub_row_max target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=skylake-avx512 -num-cores=2 -vector-bits=512"
    nodes [#sched.node<"linalg.generic", [64, 128], [S, S]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S]>
      splits [#sched.split<[16, 4] of 64>, #sched.split<[8, 16] of 128>]
  sched.parallel node 0 loops #sched.choice<1 in [0, 1, 2]>
  sched.vectorize node 0
}
