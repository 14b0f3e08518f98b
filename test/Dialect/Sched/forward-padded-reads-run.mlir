// Pads fused into vectorized tiles are read in place from their sources
// (sched-forward-padded-reads), and a fused consumer's tile of one register
// block stays in registers (sched-forward-vector-transfers): the programs
// allocate no temporary buffer, and compute what the untuned lowering
// computes on random inputs. The pads are asymmetric (two rows before, one
// column after), of a value other than zero (0.5, -inf for the max pooling),
// and the pooling is strided.
// RUN: ansor-opt %s --sched-normalize-payload --sched-materialize --sched-forward-padded-reads | FileCheck %s
// RUN: ansor-opt %s --sched-normalize-payload --sched-materialize --ansor-lower-cpu --mlir-print-ir-after=sched-forward-vector-transfers -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=BUFFERS
// RUN: ansor-opt %s --ansor-measure="threads=2 min-repeat-ms=1 repeat=1 summary=%t.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURE < %t.json

// CHECK-LABEL: func.func @conv_bias_relu
// CHECK-NOT: tensor.pad
// CHECK: arith.select %{{.*}} : tensor<8xf32>
// CHECK-LABEL: func.func @conv
// CHECK-NOT: tensor.pad
// CHECK: arith.constant dense<5.000000e-01> : tensor<8xf32>
// CHECK: arith.select %{{.*}} : tensor<4xf32>
// CHECK-LABEL: func.func @pool
// CHECK-NOT: tensor.pad
// CHECK: arith.constant dense<0xFF800000> : tensor<16xf32>
// CHECK: arith.select %{{.*}} : tensor<8xf32>

// BUFFERS-LABEL: IR Dump After SchedForwardVectorTransfers
// BUFFERS-NOT: memref.alloc
// BUFFERS: IR Dump After

// MEASURE: "wrong_result": 0
// MEASURE: "name": "conv_bias_relu",
// MEASURE: "verified": true
// MEASURE: "wrong_result": 0
// MEASURE: "name": "conv",
// MEASURE: "verified": true
// MEASURE: "wrong_result": 0
// MEASURE: "name": "pool",
// MEASURE: "verified": true

func.func @conv_bias_relu(%in: tensor<1x8x8x16xf32>, %w: tensor<3x3x16x32xf32>, %bias: tensor<32xf32>)
    -> tensor<1x8x8x32xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %in low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
      tensor.yield %zero : f32
  } : tensor<1x8x8x16xf32> to tensor<1x10x10x16xf32>
  %e = tensor.empty() : tensor<1x8x8x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x10x10x16xf32>, tensor<3x3x16x32xf32>)
      outs(%acc : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>,
                       affine_map<(n, h, w, c) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %bias : tensor<1x8x8x32xf32>, tensor<32xf32>) outs(%e : tensor<1x8x8x32xf32>) {
    ^bb0(%x: f32, %b: f32, %o: f32):
      %a = arith.addf %x, %b : f32
      %m = arith.maximumf %a, %zero : f32
      linalg.yield %m : f32
  } -> tensor<1x8x8x32xf32>
  return %r : tensor<1x8x8x32xf32>
}

func.func @conv(%in: tensor<1x6x6x8xf32>, %w: tensor<3x3x8x16xf32>) -> tensor<1x6x5x16xf32> {
  %half = arith.constant 0.5 : f32
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %in low[0, 2, 0, 0] high[0, 0, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %half : f32
  } : tensor<1x6x6x8xf32> to tensor<1x8x7x8xf32>
  %e = tensor.empty() : tensor<1x6x5x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x5x16xf32>) -> tensor<1x6x5x16xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x8x7x8xf32>, tensor<3x3x8x16xf32>) outs(%f : tensor<1x6x5x16xf32>) -> tensor<1x6x5x16xf32>
  return %c : tensor<1x6x5x16xf32>
}

func.func @pool(%x: tensor<1x5x5x16xf32>) -> tensor<1x3x3x16xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %ninf : f32
  } : tensor<1x5x5x16xf32> to tensor<1x7x7x16xf32>
  %win = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x3x3x16xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x3x3x16xf32>) -> tensor<1x3x3x16xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%p, %win : tensor<1x7x7x16xf32>, tensor<3x3xf32>) outs(%f : tensor<1x3x3x16xf32>) -> tensor<1x3x3x16xf32>
  return %r : tensor<1x3x3x16xf32>
}

sched.schedule @conv_s for @conv target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"tensor.pad", [1, 8, 7, 8], [S, S, S, S]>, #sched.node<"linalg.fill", [1, 6, 5, 16], [S, S, S, S]>, #sched.node<"linalg.conv_2d_nhwc_hwcf", [1, 6, 5, 16, 3, 3, 8], [S, S, S, S, R, R, R]>] rules ["MultiLevelTiling", "AlwaysInline"] {
  sched.inline node 0
  sched.tile node 2 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 1, 1, 1] of 1>, #sched.split<[3, 2, 1, 1] of 6>, #sched.split<[1, 1, 1, 5] of 5>, #sched.split<[2, 1, 1, 8] of 16>, #sched.split<[3, 1] of 3>, #sched.split<[1, 3] of 3>, #sched.split<[2, 4] of 8>]
  sched.parallel node 2 loops <2 in [0, 1, 2, 3, 4]>
  sched.vectorize node 2
  sched.unroll node 2 max_step <16 in [0, 16, 64, 512]>
}

sched.schedule @pool_s for @pool target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"tensor.pad", [1, 7, 7, 16], [S, S, S, S]>, #sched.node<"linalg.fill", [1, 3, 3, 16], [S, S, S, S]>, #sched.node<"linalg.pooling_nhwc_max", [1, 3, 3, 16, 3, 3], [S, S, S, S, R, R]>] rules ["MultiLevelTiling", "AlwaysInline"] {
  sched.inline node 0
  sched.tile node 2 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 1, 1, 1] of 1>, #sched.split<[3, 1, 1, 1] of 3>, #sched.split<[1, 1, 1, 3] of 3>, #sched.split<[2, 1, 1, 8] of 16>, #sched.split<[3, 1] of 3>, #sched.split<[1, 3] of 3>]
  sched.parallel node 2 loops <2 in [0, 1, 2, 3, 4]>
  sched.vectorize node 2
  sched.unroll node 2 max_step <16 in [0, 16, 64, 512]>
}

sched.schedule @conv_bias_relu_s for @conv_bias_relu target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"tensor.pad", [1, 10, 10, 16], [S, S, S, S]>, #sched.node<"linalg.fill", [1, 8, 8, 32], [S, S, S, S]>, #sched.node<"linalg.conv_2d_nhwc_hwcf", [1, 8, 8, 32, 3, 3, 16], [S, S, S, S, R, R, R]>, #sched.node<"linalg.generic", [1, 8, 8, 32], [S, S, S, S]>] rules ["MultiLevelTilingWithFusion", "AlwaysInline"] {
  sched.inline node 0
  sched.tile node 2 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 1, 1, 1] of 1>, #sched.split<[8, 1, 1, 1] of 8>, #sched.split<[1, 2, 1, 4] of 8>, #sched.split<[4, 1, 1, 8] of 32>, #sched.split<[3, 1] of 3>, #sched.split<[1, 3] of 3>, #sched.split<[2, 8] of 16>]
  sched.fuse_consumer node 3 into 2 at <1 in [0, 1]>
  sched.parallel node 2 loops <2 in [1, 2, 3, 4]>
  sched.vectorize node 2
  sched.unroll node 2 max_step <16 in [0, 16, 64, 512]>
}
