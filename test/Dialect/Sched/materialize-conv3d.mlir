// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --sched-materialize 2>&1 | FileCheck %s
// The exported script gives the same IR through the Transform interpreter.
// RUN: ansor-opt %s --sched-export-transform | ansor-opt --transform-interpreter 2>&1 | FileCheck %s
// RUN: ansor-opt %s --ansor-measure="threads=1 min-repeat-ms=1 repeat=1 summary=%t.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURE < %t.json

// 3-D convolutions and poolings vectorize as 2-D ones do: their blocks hold
// one output depth and one depth tap (the sketch's unit inner tiles), are
// downscaled to 2-D ops (`transform.sched.downscale_3d_convolution`), which
// upstream decomposes to the 1-D ones its vectorizer builds. The pooling's
// W split (3 x 2 x 1 x 3 = 18 over 16 columns) leaves partial tiles, stepped
// one column at a time and vectorized along the channels as the full ones.
// Both programs are built, run and verified against the untuned lowering.

// SCRIPT-LABEL: transform.named_sequence @apply_s_dw
// SCRIPT:         %[[D2:.*]] = transform.sched.downscale_3d_convolution %{{.*}} : (!transform.any_op) -> !transform.any_op
// SCRIPT-NEXT:    %[[D1:.*]] = transform.structured.decompose %[[D2]]
// SCRIPT:         transform.structured.vectorize %[[D1]] : !transform.any_op
// SCRIPT-LABEL: transform.named_sequence @apply_s_pool
// SCRIPT:         transform.loop.peel
// SCRIPT:         transform.structured.tile_using_for %{{.*}} tile_sizes [0, 0, 0, 1, 0, 0, 0, 0]
// SCRIPT-NEXT:    transform.sched.downscale_3d_convolution
// SCRIPT-NEXT:    transform.structured.decompose
// SCRIPT-COUNT-2: transform.structured.vectorize %{{[a-z_0-9]+}} : !transform.any_op

// CHECK-NOT:     degraded
// CHECK-NOT:     left scalar
// CHECK-LABEL: func.func @dw
// CHECK:         vector.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<4x16xf32>
// CHECK-NOT:     linalg.depthwise_conv
// CHECK-LABEL: func.func @pool
// CHECK:         arith.maximumf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK:         scf.for %{{.*}} = %c0 to %{{.*}} step %c1 iter_args
// CHECK:           arith.maximumf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK-NOT:     linalg.pooling
// CHECK-NOT:     sched.schedule

// MEASURE:      "wrong_result": 0
// MEASURE:      "name": "dw",
// MEASURE:      "verified": true
// MEASURE:      "wrong_result": 0
// MEASURE:      "name": "pool",
// MEASURE:      "verified": true

func.func @dw(%x: tensor<1x6x18x18x16xf32>, %w: tensor<3x3x3x16xf32>) -> tensor<1x4x16x16x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x16x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x16x16x16xf32>) -> tensor<1x4x16x16x16xf32>
  %r = linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
    ins(%x, %w : tensor<1x6x18x18x16xf32>, tensor<3x3x3x16xf32>) outs(%f : tensor<1x4x16x16x16xf32>) -> tensor<1x4x16x16x16xf32>
  return %r : tensor<1x4x16x16x16xf32>
}

sched.schedule @s_dw for @dw target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512"
    nodes [#sched.node<"linalg.fill", [1, 4, 16, 16, 16], [S, S, S, S, S]>,
           #sched.node<"linalg.depthwise_conv_3d_ndhwc_dhwc", [1, 4, 16, 16, 3, 3, 3, 16], [S, S, S, S, R, R, R, S]>]
    rules ["MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]>
      splits [#sched.split<[1, 1, 1, 1] of 1>, #sched.split<[2, 1, 2, 1] of 4>,
              #sched.split<[2, 2, 4, 1] of 16>, #sched.split<[1, 2, 2, 4] of 16>,
              #sched.split<[3, 1] of 3>, #sched.split<[3, 1] of 3>,
              #sched.split<[1, 3] of 3>, #sched.split<[1, 1, 1, 16] of 16>]
  sched.parallel node 1 loops <1 in [1, 2, 3, 4, 5]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <16 in [0, 16, 64, 512]>
}

func.func @pool(%x: tensor<1x9x34x34x16xf32>) -> tensor<1x4x16x16x16xf32> {
  %ninf = arith.constant -3.40282347E+38 : f32
  %win = tensor.empty() : tensor<3x3x3xf32>
  %e = tensor.empty() : tensor<1x4x16x16x16xf32>
  %acc = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x4x16x16x16xf32>) -> tensor<1x4x16x16x16xf32>
  %r = linalg.pooling_ndhwc_max {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>}
      ins(%x, %win : tensor<1x9x34x34x16xf32>, tensor<3x3x3xf32>) outs(%acc : tensor<1x4x16x16x16xf32>) -> tensor<1x4x16x16x16xf32>
  return %r : tensor<1x4x16x16x16xf32>
}

sched.schedule @s_pool for @pool target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512"
    nodes [#sched.node<"linalg.fill", [1, 4, 16, 16, 16], [S, S, S, S, S]>,
           #sched.node<"linalg.pooling_ndhwc_max", [1, 4, 16, 16, 16, 3, 3, 3], [S, S, S, S, S, R, R, R]>]
    rules ["MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]>
      splits [#sched.split<[1, 1, 1, 1] of 1>, #sched.split<[2, 2, 1, 1] of 4>,
              #sched.split<[2, 1, 8, 1] of 16>, #sched.split<[3, 2, 1, 3] of 16>,
              #sched.split<[1, 1, 1, 16] of 16>,
              #sched.split<[3, 1] of 3>, #sched.split<[3, 1] of 3>, #sched.split<[1, 3] of 3>]
  sched.parallel node 1 loops <1 in [0, 1, 2, 3, 4]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <16 in [0, 16, 64, 512]>
}
