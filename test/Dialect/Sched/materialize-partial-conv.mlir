// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --sched-materialize 2>&1 | FileCheck %s

// A 3x3/2 max pooling whose W split (3 x 1 x 2 x 3 = 18 over 16 columns)
// leaves partial tiles. Decomposition to 1-D needs static windows, so masks
// cannot build the partial blocks; they are stepped over their partial
// loop one column at a time instead (tile_using_for [0, 0, 1, 0, 0, 0]),
// which leaves static 1x1x1x16 blocks, decomposed and vectorized along the
// channels. Left scalar, LLVM vectorized them across columns with gathers
// and scatters.

// SCRIPT-LABEL: transform.named_sequence @apply_partial_pool
// SCRIPT:         transform.loop.peel
// SCRIPT:         transform.structured.tile_using_for %{{.*}} tile_sizes [0, 0, 1, 0, 0, 0]
// SCRIPT-NEXT:    transform.structured.decompose
// SCRIPT-COUNT-3: transform.structured.vectorize %{{[a-z_0-9]+}} : !transform.any_op

// CHECK-NOT:     degraded
// CHECK-NOT:     left scalar
// CHECK-LABEL: func.func @maxpool
// Full blocks: 3 columns of 16 channels.
// CHECK:         arith.maximumf %{{.*}}, %{{.*}} : vector<16xf32>
// The partial blocks, one column at a time.
// CHECK:         scf.for %{{.*}} = %c0 to %{{.*}} step %c1 iter_args(%{{.*}} = %{{.*}}) -> (tensor<1x1x?x16xf32>)
// CHECK:           arith.maximumf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK-NOT:     linalg.pooling
// CHECK-NOT:     sched.schedule

func.func @maxpool(%in: tensor<1x34x34x16xf32>) -> tensor<1x16x16x16xf32> {
  %ninf = arith.constant -3.40282347E+38 : f32
  %win = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x16x16x16xf32>
  %acc = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %win : tensor<1x34x34x16xf32>, tensor<3x3xf32>) outs(%acc : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  return %r : tensor<1x16x16x16xf32>
}

sched.schedule @partial_pool for @maxpool target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512"
    nodes [#sched.node<"linalg.fill", [1, 16, 16, 16], [S, S, S, S]>,
           #sched.node<"linalg.pooling_nhwc_max", [1, 16, 16, 16, 3, 3], [S, S, S, S, R, R]>]
    rules ["MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]>
      splits [#sched.split<[1, 1, 1, 1] of 1>, #sched.split<[2, 1, 12, 1] of 16>,
              #sched.split<[3, 2, 1, 3] of 16>, #sched.split<[1, 1, 1, 16] of 16>,
              #sched.split<[3, 1] of 3>, #sched.split<[3, 1] of 3>]
  sched.parallel node 1 loops <0 in [0, 1, 2, 3, 4]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <16 in [0, 16, 64, 512]>
}
