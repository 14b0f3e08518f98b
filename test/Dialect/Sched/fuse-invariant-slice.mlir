// An elementwise producer inlined into a node whose consumer is fused into
// its loops (a ReLU6 before a pointwise convolution whose bias is a fused
// consumer) is fused into each of the consumer's loops in turn. Where the
// convolution reads a slice of it that no inner loop varies (all its input
// channels, in every tile of output channels), the first fusion already puts
// it in the innermost loop, and fusing it into the next loop found no slice
// to fuse: "could not find next producer to fuse into container", 1 of 16
// sampled programs did not build. Such a fusion now runs in a sequence whose
// failures are suppressed; the program builds, and verifies against the
// untuned lowering (x86-64-v3 runs on every x86-64 machine).
// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --sched-materialize | FileCheck %s
// RUN: ansor-opt %s --ansor-measure="summary=%t.json repeat=1 min-repeat-ms=1" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURE < %t.json

// SCRIPT-LABEL: transform.named_sequence @apply_dws_t13
// SCRIPT:         %[[BIAS:.+]] = transform.structured.match attributes {sched.node = 5 : i64}
// SCRIPT:         %[[CONV:.+]] = transform.get_producer_of_operand %[[BIAS]][0]
// SCRIPT:         %[[RELU6:.+]] = transform.get_producer_of_operand %[[CONV]][0]
// SCRIPT:         transform.sequence %{{.+}} failures(suppress) {
// SCRIPT:           fuse_into_containing_op %[[RELU6]] into

// The ReLU6 is computed inside the pointwise convolution's loops (scalar:
// the vectorization of a producer whose fusion stopped early is dropped).
// CHECK-LABEL: func.func @dws
// CHECK:         scf.forall
// CHECK:         scf.forall
// CHECK:         arith.minimumf
// CHECK:         vector.fma

// MEASURE:      "verified": true

func.func @dws(%x: tensor<1x30x30x32xf32>, %dw: tensor<3x3x32xf32>, %pw: tensor<1x1x32x64xf32>, %b: tensor<64xf32>) -> tensor<1x28x28x64xf32> {
  %z = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %e = tensor.empty() : tensor<1x28x28x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x28x28x32xf32>) -> tensor<1x28x28x32xf32>
  %d = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %dw : tensor<1x30x30x32xf32>, tensor<3x3x32xf32>) outs(%f : tensor<1x28x28x32xf32>) -> tensor<1x28x28x32xf32>
  %r6 = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%d : tensor<1x28x28x32xf32>) outs(%e : tensor<1x28x28x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %z : f32
    %n = arith.minimumf %m, %six : f32
    linalg.yield %n : f32
  } -> tensor<1x28x28x32xf32>
  %e2 = tensor.empty() : tensor<1x28x28x64xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<1x28x28x64xf32>) -> tensor<1x28x28x64xf32>
  %p = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%r6, %pw : tensor<1x28x28x32xf32>, tensor<1x1x32x64xf32>) outs(%f2 : tensor<1x28x28x64xf32>) -> tensor<1x28x28x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%p, %b : tensor<1x28x28x64xf32>, tensor<64xf32>) outs(%e2 : tensor<1x28x28x64xf32>) {
  ^bb0(%a: f32, %c: f32, %o2: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<1x28x28x64xf32>
  return %o : tensor<1x28x28x64xf32>
}

sched.schedule @dws_t13 for @dws target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [1, 28, 28, 32], [S, S, S, S]>, #sched.node<"linalg.depthwise_conv_2d_nhwc_hwc", [1, 28, 28, 32, 3, 3], [S, S, S, S, R, R]>, #sched.node<"linalg.generic", [1, 28, 28, 32], [S, S, S, S]>, #sched.node<"linalg.fill", [1, 28, 28, 64], [S, S, S, S]>, #sched.node<"linalg.conv_2d_nhwc_hwcf", [1, 28, 28, 64, 1, 1, 32], [S, S, S, S, R, R, R]>, #sched.node<"linalg.generic", [1, 28, 28, 64], [S, S, S, S]>] rules ["MultiLevelTilingWithFusion", "AlwaysInline", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 1, 1, 1] of 1>, #sched.split<[2, 2, 7, 1] of 28>, #sched.split<[3, 1, 1, 10] of 28>, #sched.split<[4, 1, 1, 8] of 32>, #sched.split<[3, 1] of 3>, #sched.split<[3, 1] of 3>]
  sched.parallel node 1 loops <3 in [1, 2, 3, 4]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <512 in [0, 16, 64, 512]>
  sched.inline node 2
  sched.tile node 4 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 1, 1, 1] of 1>, #sched.split<[14, 1, 2, 1] of 28>, #sched.split<[7, 1, 1, 4] of 28>, #sched.split<[2, 2, 2, 8] of 64>, #sched.split<[1, 1] of 1>, #sched.split<[1, 1] of 1>, #sched.split<[2, 16] of 32>]
  sched.fuse_consumer node 5 into 4 at <1 in [0, 1]>
  sched.parallel node 4 loops <2 in [1, 2, 3, 4]>
  sched.vectorize node 4
  sched.unroll node 4 max_step <16 in [0, 16, 64, 512]>
}
