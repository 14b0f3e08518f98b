// A conv + bias + ReLU whose conv, fused into its consumer's level-1 tiles,
// brings its own fill along (upstream folds extract_slice(fill) into
// fill(extract_slice)): the explicit fusion of the fill into the innermost
// loop then finds no use. That fusion is an optimization, so it runs in a
// sequence whose failures are suppressed; the program builds and computes
// what the untuned lowering computes. Before, the schedule failed to apply
// ("could not find next producer to fuse into container").
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --sched-materialize | FileCheck %s
// RUN: ansor-opt %s --ansor-compile="output=%t/tuned.so" -o /dev/null
// RUN: sed -n '/^func.func/,/^}/p' %s > %t/ref.mlir
// RUN: ansor-opt %t/ref.mlir --ansor-compile="output=%t/ref.so" -o /dev/null
// RUN: ansor-runner --lib %t/ref.so --func c2d_bias_relu --inputs f32:1x56x56x64,f32:3x3x64x64,f32:64 --outputs f32:1x56x56x64 --repeat 1 --write-ref %t/ref.bin
// RUN: ansor-runner --lib %t/tuned.so --func c2d_bias_relu --inputs f32:1x56x56x64,f32:3x3x64x64,f32:64 --outputs f32:1x56x56x64 --repeat 1 --check-ref %t/ref.bin | FileCheck %s --check-prefix=RUN-OUT

// SCRIPT: transform.sequence {{.*}} failures(suppress)
// SCRIPT:   transform.structured.fuse_into_containing_op
// CHECK-LABEL: func.func @c2d_bias_relu
// CHECK:         scf.forall
// CHECK-NOT:     sched.schedule
// RUN-OUT: {"ok": true, {{.*}} "verified": true

func.func @c2d_bias_relu(%in: tensor<1x56x56x64xf32>, %w: tensor<3x3x64x64xf32>, %bias: tensor<64xf32>)
    -> tensor<1x56x56x64xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %in low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
      tensor.yield %zero : f32
  } : tensor<1x56x56x64xf32> to tensor<1x58x58x64xf32>
  %e = tensor.empty() : tensor<1x56x56x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x58x58x64xf32>, tensor<3x3x64x64xf32>)
      outs(%acc : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  %e2 = tensor.empty() : tensor<1x56x56x64xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>,
                       affine_map<(n, h, w, c) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %bias : tensor<1x56x56x64xf32>, tensor<64xf32>) outs(%e2 : tensor<1x56x56x64xf32>) {
    ^bb0(%x: f32, %b: f32, %o: f32):
      %a = arith.addf %x, %b : f32
      %m = arith.maximumf %a, %zero : f32
      linalg.yield %m : f32
  } -> tensor<1x56x56x64xf32>
  return %r : tensor<1x56x56x64xf32>
}

sched.schedule @c2d_bias_relu_t61 for @c2d_bias_relu target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512" nodes [#sched.node<"tensor.pad", [1, 58, 58, 64], [S, S, S, S]>, #sched.node<"linalg.fill", [1, 56, 56, 64], [S, S, S, S]>, #sched.node<"linalg.conv_2d_nhwc_hwcf", [1, 56, 56, 64, 3, 3, 64], [S, S, S, S, R, R, R]>, #sched.node<"linalg.generic", [1, 56, 56, 64], [S, S, S, S]>] rules ["MultiLevelTilingWithFusion", "AlwaysInline"] {
  sched.inline node 0
  sched.tile node 2 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 1, 1, 1] of 1>, #sched.split<[8, 1, 7, 1] of 56>, #sched.split<[4, 7, 2, 1] of 56>, #sched.split<[2, 1, 4, 8] of 64>, #sched.split<[3, 1] of 3>, #sched.split<[3, 1] of 3>, #sched.split<[1, 64] of 64>]
  sched.fuse_consumer node 3 into 2 at <1 in [0, 1]>
  sched.parallel node 2 loops <2 in [1, 2, 3, 4]>
  sched.vectorize node 2
  sched.unroll node 2 max_step <512 in [0, 16, 64, 512]>
}
