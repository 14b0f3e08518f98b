// A small CNN in one func, as torch-mlir writes it (NCHW, pads, keepdim
// pooling, a transposed linear weight): three 3x3 convolutions (16 channels,
// 2x32x32) with a bias or folded batch norm, ReLU and a residual add, global
// average pooling, a 16 -> 10 linear layer and a softmax. docs/benchmarks.md,
// "A small CNN: one task or partitioned".
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#c4 = affine_map<(d0, d1, d2, d3) -> (d1)>
#k4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#b2 = affine_map<(d0, d1) -> (d1)>
#r2 = affine_map<(d0, d1) -> (d0, 0)>
func.func @net(%x: tensor<2x3x32x32xf32>, %w0: tensor<16x3x3x3xf32>, %b0: tensor<16xf32>,
               %w1: tensor<16x16x3x3xf32>, %s1: tensor<16xf32>, %t1: tensor<16xf32>,
               %w2: tensor<16x16x3x3xf32>, %s2: tensor<16xf32>, %t2: tensor<16xf32>,
               %fw: tensor<10x16xf32>, %fb: tensor<10xf32>) -> tensor<2x10xf32> {
  %z = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %n = arith.constant 1.024000e+03 : f32
  %p0 = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %z : f32
  } : tensor<2x3x32x32xf32> to tensor<2x3x34x34xf32>
  %e0 = tensor.empty() : tensor<2x16x32x32xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<2x16x32x32xf32>) -> tensor<2x16x32x32xf32>
  %c0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p0, %w0 : tensor<2x3x34x34xf32>, tensor<16x3x3x3xf32>) outs(%f0 : tensor<2x16x32x32xf32>) -> tensor<2x16x32x32xf32>
  %a0 = linalg.generic {indexing_maps = [#id4, #c4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c0, %b0 : tensor<2x16x32x32xf32>, tensor<16xf32>) outs(%e0 : tensor<2x16x32x32xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %q = arith.addf %v, %bb : f32
    %r = arith.maximumf %q, %z : f32
    linalg.yield %r : f32
  } -> tensor<2x16x32x32xf32>
  %p1 = tensor.pad %a0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %z : f32
  } : tensor<2x16x32x32xf32> to tensor<2x16x34x34xf32>
  %e1 = tensor.empty() : tensor<2x16x32x32xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<2x16x32x32xf32>) -> tensor<2x16x32x32xf32>
  %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p1, %w1 : tensor<2x16x34x34xf32>, tensor<16x16x3x3xf32>) outs(%f1 : tensor<2x16x32x32xf32>) -> tensor<2x16x32x32xf32>
  %a1 = linalg.generic {indexing_maps = [#id4, #c4, #c4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c1, %s1, %t1 : tensor<2x16x32x32xf32>, tensor<16xf32>, tensor<16xf32>) outs(%e1 : tensor<2x16x32x32xf32>) {
  ^bb0(%v: f32, %sc: f32, %sh: f32, %o: f32):
    %q = arith.mulf %v, %sc : f32
    %q2 = arith.addf %q, %sh : f32
    %r = arith.maximumf %q2, %z : f32
    linalg.yield %r : f32
  } -> tensor<2x16x32x32xf32>
  %p2 = tensor.pad %a1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %z : f32
  } : tensor<2x16x32x32xf32> to tensor<2x16x34x34xf32>
  %e2 = tensor.empty() : tensor<2x16x32x32xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<2x16x32x32xf32>) -> tensor<2x16x32x32xf32>
  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p2, %w2 : tensor<2x16x34x34xf32>, tensor<16x16x3x3xf32>) outs(%f2 : tensor<2x16x32x32xf32>) -> tensor<2x16x32x32xf32>
  %a2 = linalg.generic {indexing_maps = [#id4, #c4, #c4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c2, %s2, %t2, %a0 : tensor<2x16x32x32xf32>, tensor<16xf32>, tensor<16xf32>, tensor<2x16x32x32xf32>) outs(%e2 : tensor<2x16x32x32xf32>) {
  ^bb0(%v: f32, %sc: f32, %sh: f32, %res: f32, %o: f32):
    %q = arith.mulf %v, %sc : f32
    %q2 = arith.addf %q, %sh : f32
    %q3 = arith.addf %q2, %res : f32
    %r = arith.maximumf %q3, %z : f32
    linalg.yield %r : f32
  } -> tensor<2x16x32x32xf32>
  %ge = tensor.empty() : tensor<2x16x1x1xf32>
  %gf = linalg.fill ins(%z : f32) outs(%ge : tensor<2x16x1x1xf32>) -> tensor<2x16x1x1xf32>
  %gs = linalg.generic {indexing_maps = [#id4, #k4], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%a2 : tensor<2x16x32x32xf32>) outs(%gf : tensor<2x16x1x1xf32>) {
  ^bb0(%v: f32, %o: f32):
    %q = arith.addf %v, %o : f32
    linalg.yield %q : f32
  } -> tensor<2x16x1x1xf32>
  %gm = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%gs : tensor<2x16x1x1xf32>) outs(%ge : tensor<2x16x1x1xf32>) {
  ^bb0(%v: f32, %o: f32):
    %q = arith.divf %v, %n : f32
    linalg.yield %q : f32
  } -> tensor<2x16x1x1xf32>
  %fl = tensor.collapse_shape %gm [[0], [1, 2, 3]] : tensor<2x16x1x1xf32> into tensor<2x16xf32>
  %te = tensor.empty() : tensor<16x10xf32>
  %fwt = linalg.transpose ins(%fw : tensor<10x16xf32>) outs(%te : tensor<16x10xf32>) permutation = [1, 0]
  %le = tensor.empty() : tensor<2x10xf32>
  %lf = linalg.fill ins(%z : f32) outs(%le : tensor<2x10xf32>) -> tensor<2x10xf32>
  %lm = linalg.matmul ins(%fl, %fwt : tensor<2x16xf32>, tensor<16x10xf32>) outs(%lf : tensor<2x10xf32>) -> tensor<2x10xf32>
  %lb = linalg.generic {indexing_maps = [#id2, #b2, #id2], iterator_types = ["parallel", "parallel"]} ins(%lm, %fb : tensor<2x10xf32>, tensor<10xf32>) outs(%le : tensor<2x10xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %q = arith.addf %v, %bb : f32
    linalg.yield %q : f32
  } -> tensor<2x10xf32>
  %me = tensor.empty() : tensor<2x1xf32>
  %mf = linalg.fill ins(%ninf : f32) outs(%me : tensor<2x1xf32>) -> tensor<2x1xf32>
  %mx = linalg.generic {indexing_maps = [#id2, #r2], iterator_types = ["parallel", "reduction"]} ins(%lb : tensor<2x10xf32>) outs(%mf : tensor<2x1xf32>) {
  ^bb0(%v: f32, %o: f32):
    %q = arith.maximumf %v, %o : f32
    linalg.yield %q : f32
  } -> tensor<2x1xf32>
  %ex = linalg.generic {indexing_maps = [#id2, #r2, #id2], iterator_types = ["parallel", "parallel"]} ins(%lb, %mx : tensor<2x10xf32>, tensor<2x1xf32>) outs(%le : tensor<2x10xf32>) {
  ^bb0(%v: f32, %m: f32, %o: f32):
    %q = arith.subf %v, %m : f32
    %r = math.exp %q : f32
    linalg.yield %r : f32
  } -> tensor<2x10xf32>
  %sf = linalg.fill ins(%z : f32) outs(%me : tensor<2x1xf32>) -> tensor<2x1xf32>
  %sm = linalg.generic {indexing_maps = [#id2, #r2], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<2x10xf32>) outs(%sf : tensor<2x1xf32>) {
  ^bb0(%v: f32, %o: f32):
    %q = arith.addf %v, %o : f32
    linalg.yield %q : f32
  } -> tensor<2x1xf32>
  %out = linalg.generic {indexing_maps = [#id2, #r2, #id2], iterator_types = ["parallel", "parallel"]} ins(%ex, %sm : tensor<2x10xf32>, tensor<2x1xf32>) outs(%le : tensor<2x10xf32>) {
  ^bb0(%v: f32, %m: f32, %o: f32):
    %q = arith.divf %v, %m : f32
    linalg.yield %q : f32
  } -> tensor<2x10xf32>
  return %out : tensor<2x10xf32>
}
