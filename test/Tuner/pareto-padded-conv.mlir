// objective=pareto(latency,workspace) on a padded convolution with its bias
// and ReLU: a program whose fused consumer's tile is one register block
// allocates nothing (its pad read in place, its accumulators in registers),
// and --ansor-apply-best max-workspace=0 applies it; the loop nest's count
// of its workspace (0 bytes) is what its lowering allocates. Two records
// are added to a short tuning run's: a cache write (faster, 9216 bytes) and
// that program.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=4 seed=0 threads=1 min-repeat-ms=1 repeat=1 objective=pareto(latency,workspace) records=%t/rec.jsonl summary=%t/sum.json" -o /dev/null 2> /dev/null
// RUN: python3 %s.py %t/rec.jsonl %t/two.jsonl
// RUN: ansor-opt %s --ansor-apply-best="records=%t/two.jsonl max-workspace=0" -o %t/none.mlir
// RUN: FileCheck %s --check-prefix=NONE < %t/none.mlir
// RUN: ansor-opt %t/none.mlir --ansor-lower-cpu | FileCheck %s --check-prefix=NONE-LLVM
// RUN: ansor-opt %s --ansor-apply-best="records=%t/two.jsonl" | ansor-opt --ansor-lower-cpu \
// RUN: | FileCheck %s --check-prefix=CACHE-LLVM

// NONE: scf.forall (%{{.*}}) in (8)
// NONE-NOT: tensor.empty() : tensor<1x8x8x32xf32>
// NONE-LLVM-LABEL: llvm.func @conv
// NONE-LLVM-NOT: @aligned_alloc
// NONE-LLVM: llvm.return
// CACHE-LLVM-LABEL: llvm.func @conv
// CACHE-LLVM: llvm.call @aligned_alloc

func.func @conv(%in: tensor<1x8x8x16xf32>, %w: tensor<3x3x16x32xf32>, %bias: tensor<32xf32>)
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
