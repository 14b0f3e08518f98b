// Reference schedule for the C2D workload (examples/workloads/c2d_bias_relu.mlir)
// on an AVX-512 machine. It started as the best of 128 trials of
// `search=mutation` (seed 7) on a 2-core AMD Zen 5; a sweep by hand of its
// splits then set the level-2 spatial tile to 1 (every split a divisor, the
// register block within the AVX-512 limit: a program the sampler draws).
// Output rows are split 4 x 14 x 1 x 1, columns 1 x 8 x 1 x 7, channels
// 1 x 2 x 1 x 32: the register block is 7 columns x 32 channels (14
// accumulators of 16 lanes), a 1-D convolution over the filter width (height
// tile 1). With nothing between the two reduction levels, the block's
// accumulators stay in registers across the whole reduction (3 x 3 x 64).
// Bias + ReLU are computed in the level-1 tiles; the pad is inlined (one
// padded 16-row slab per outer tile). No packing: the weights' 64 output
// channels are already contiguous panels of the 32-wide block.
// bench/reference.sh measures it against oneDNN's fused convolution in one run.
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
sched.schedule @c2d_bias_relu_reference for @c2d_bias_relu target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512" nodes [#sched.node<"tensor.pad", [1, 58, 58, 64], [S, S, S, S]>, #sched.node<"linalg.fill", [1, 56, 56, 64], [S, S, S, S]>, #sched.node<"linalg.conv_2d_nhwc_hwcf", [1, 56, 56, 64, 3, 3, 64], [S, S, S, S, R, R, R]>, #sched.node<"linalg.generic", [1, 56, 56, 64], [S, S, S, S]>] rules ["MultiLevelTilingWithFusion", "AlwaysInline"] {
  sched.inline node 0
  sched.tile node 2 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 1, 1, 1] of 1>, #sched.split<[4, 14, 1, 1] of 56>, #sched.split<[1, 8, 1, 7] of 56>, #sched.split<[1, 2, 1, 32] of 64>, #sched.split<[3, 1] of 3>, #sched.split<[1, 3] of 3>, #sched.split<[32, 2] of 64>]
  sched.fuse_consumer node 3 into 2 at <1 in [0, 1]>
  sched.parallel node 2 loops <4 in [1, 2, 3, 4]>
  sched.vectorize node 2
  sched.unroll node 2 max_step <64 in [0, 16, 64, 512]>
}
