// Reduced from a miscompile of NCHW convolutions. MLIR 22's extract_slice
// constant-argument folder recomputes a rank-reduced result type by dropping
// the *first* unit dims: a merged slice of the decomposed 1-D convolution
// that drops H (dim 2) but keeps N (dim 0), with an offset that unrolling
// made constant, became tensor<2x1x2xf32> and was read as if it were
// tensor<1x2x2xf32> (wrong output elements). The materializer folds constant
// offsets before it merges slice chains, which avoids the bad fold. Only 1x1
// NCHW convolutions are still decomposed in NCHW (normalization converts the
// others to NHWC, normalize-nchw.mlir), so the guard uses one; the reduced
// transform script of upstream-slice-fold-transform.mlir keeps the original
// 3x2 case.
// RUN: ansor-opt %s --sched-materialize | FileCheck %s
// RUN: ansor-opt %s --sched-export-transform | mlir-opt --transform-interpreter --test-transform-dialect-erase-schedule | FileCheck %s

// The input's rows of the decomposed convolution keep N and C (1x2x1); the
// bad fold would make them 2x1x1.
// CHECK-LABEL: func.func @conv2d_nchw
// CHECK-NOT:     tensor<2x1x1xf32>
// CHECK:         tensor<1x2x1xf32>
// CHECK-NOT:     tensor<2x1x1xf32>
// CHECK:         return

func.func @conv2d_nchw(%in: tensor<1x2x2x3xf32>, %w: tensor<1x2x1x1xf32>) -> tensor<1x1x2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x2x3xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x2x3xf32>) -> tensor<1x1x2x3xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %w : tensor<1x2x2x3xf32>, tensor<1x2x1x1xf32>) outs(%acc : tensor<1x1x2x3xf32>) -> tensor<1x1x2x3xf32>
  return %c : tensor<1x1x2x3xf32>
}

sched.schedule @s for @conv2d_nchw target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [1, 1, 2, 3], [S, S, S, S]>,
           #sched.node<"linalg.conv_2d_nchw_fchw", [1, 1, 2, 3, 2, 1, 1], [S, S, S, S, R, R, R]>]
    rules ["MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]>
      splits [#sched.split<[1, 1, 1, 1] of 1>, #sched.split<[1, 1, 1, 1] of 1>,
              #sched.split<[1, 1, 2, 1] of 2>, #sched.split<[1, 1, 3, 1] of 3>,
              #sched.split<[1, 2] of 2>, #sched.split<[1, 1] of 1>, #sched.split<[1, 1] of 1>]
  sched.parallel node 1 loops <2 in [1, 2, 3, 4]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <512 in [0, 16, 64, 512]>
}
