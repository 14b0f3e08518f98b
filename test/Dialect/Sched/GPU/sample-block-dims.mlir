// Sampled tilings keep each block dimension within its limit, not only the
// block's total: a block's z holds at most 64 threads. A matmul whose
// result is reshaped into 128x3x32 and biased (an elementwise node with
// three loops) drew 128 x 3 x 2 threads for seed 1 in both sketches, which
// mapping to the GPU refused ("Trying to launch a GPU kernel with grid_dims
// = (1, 1, 1) block_dims = (2, 3, 128). It is larger than the limits.").
// Every sketch with four seeds now compiles to PTX.
// RUN: for k in 0 1; do for s in 1 2 3 4; do \
// RUN:   ansor-opt %s --sched-derive-sketches="target='cuda -arch=sm_90' sketch=$k" \
// RUN:     --sched-sample="seed=$s" --ansor-compile="output=%t.$k.$s.ptx" -o /dev/null \
// RUN:   && grep -c "^.visible .entry" %t.$k.$s.ptx; done; done | FileCheck %s
// CHECK-COUNT-8: {{^[1-9]}}
// CHECK-NOT: {{.}}

func.func @mmrb(%a: tensor<128x64xf32>, %b: tensor<64x96xf32>, %bias: tensor<3x32xf32>) -> tensor<128x3x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x96xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<128x96xf32>) -> tensor<128x96xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x96xf32>) outs(%f : tensor<128x96xf32>) -> tensor<128x96xf32>
  %x = tensor.expand_shape %m [[0], [1, 2]] output_shape [128, 3, 32] : tensor<128x96xf32> into tensor<128x3x32xf32>
  %e2 = tensor.empty() : tensor<128x3x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %bias : tensor<128x3x32xf32>, tensor<3x32xf32>) outs(%e2 : tensor<128x3x32xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<128x3x32xf32>
  return %r : tensor<128x3x32xf32>
}
