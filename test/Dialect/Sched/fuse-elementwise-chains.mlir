// Normalization fuses an elementwise generic that another reads once,
// element for element, into that reader. A convolution or matmul followed
// by its bias add and its activation as two generics then has a single
// elementwise consumer again, and gets the sketch that fuses it into the
// contraction's tiles (before, the bias add stood between, inlined, and no
// sketch fused the epilogue).
// RUN: ansor-opt %s --sched-derive-sketches="target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256'" > %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=SKETCH < %t.mlir
// The fused epilogue builds and computes what the func as written computes
// (every tuned program is verified against the untuned lowering).
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="trials=4 seed=3 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256'" -o /dev/null
// RUN: FileCheck %s --check-prefix=TUNE < %t/sum.json

// CHECK-LABEL: func.func @conv_bias_relu
// CHECK:         linalg.conv_2d_nhwc_hwcf {{.*}}sched.node = 1
// CHECK:         linalg.generic {{.*}}sched.node = 2
// CHECK:           arith.addf
// CHECK:           arith.maximumf
// CHECK-NOT:     linalg.generic
// CHECK:         return
// SKETCH:      sched.schedule @conv_bias_relu_sketch{{[0-9]+}} {{.*}} rules ["MultiLevelTilingWithFusion"]
// SKETCH-NEXT:   sched.tile node 1
// SKETCH-NEXT:   sched.fuse_consumer node 2 into 1
// TUNE:        "name": "conv_bias_relu",
// TUNE:        "verified": true
// TUNE:        "wrong_result": 0
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
#ch = affine_map<(n, h, w, c) -> (c)>
func.func @conv_bias_relu(%in: tensor<1x16x16x32xf32>, %w: tensor<3x3x32x32xf32>, %bias: tensor<32xf32>) -> tensor<1x14x14x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x14x14x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x14x14x32xf32>) -> tensor<1x14x14x32xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %w : tensor<1x16x16x32xf32>, tensor<3x3x32x32xf32>) outs(%acc : tensor<1x14x14x32xf32>) -> tensor<1x14x14x32xf32>
  %t = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %bias : tensor<1x14x14x32xf32>, tensor<32xf32>) outs(%e : tensor<1x14x14x32xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x14x14x32xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t : tensor<1x14x14x32xf32>) outs(%e : tensor<1x14x14x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.maximumf %x, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x14x14x32xf32>
  return %r : tensor<1x14x14x32xf32>
}

// A transformer MLP's matmul, bias and erf GELU.
// CHECK-LABEL: func.func @mlp
// CHECK:         linalg.matmul {sched.node = 1
// CHECK:         linalg.generic {{.*}}sched.node = 2
// CHECK:           arith.addf
// CHECK:           math.erf
// CHECK-NOT:     linalg.generic
// CHECK:         return
// SKETCH:      sched.schedule @mlp_sketch{{[0-9]+}} {{.*}} rules ["MultiLevelTilingWithFusion"]
// SKETCH-NEXT:   sched.tile node 1
// SKETCH-NEXT:   sched.fuse_consumer node 2 into 1
// TUNE:        "name": "mlp",
// TUNE:        "verified": true
// TUNE:        "wrong_result": 0
#mid = affine_map<(i, j) -> (i, j)>
#mcol = affine_map<(i, j) -> (j)>
func.func @mlp(%a: tensor<32x64xf32>, %b: tensor<64x128xf32>, %bias: tensor<128xf32>) -> tensor<32x128xf32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %rs2 = arith.constant 0.70710678 : f32
  %e = tensor.empty() : tensor<32x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<32x128xf32>) -> tensor<32x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<32x64xf32>, tensor<64x128xf32>) outs(%acc : tensor<32x128xf32>) -> tensor<32x128xf32>
  %t = linalg.generic {indexing_maps = [#mid, #mcol, #mid], iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : tensor<32x128xf32>, tensor<128xf32>) outs(%e : tensor<32x128xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<32x128xf32>
  %g = linalg.generic {indexing_maps = [#mid, #mid], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<32x128xf32>) outs(%e : tensor<32x128xf32>) {
  ^bb0(%x: f32, %o: f32):
    %u = arith.mulf %x, %rs2 : f32
    %v = math.erf %u : f32
    %w = arith.addf %v, %one : f32
    %p = arith.mulf %x, %w : f32
    %q = arith.mulf %p, %half : f32
    linalg.yield %q : f32
  } -> tensor<32x128xf32>
  return %g : tensor<32x128xf32>
}

// The same written with named ops: the broadcast of the bias, the add and
// the max are generalized and fused into one generic, the matmul's single
// elementwise consumer; the fill of zeros the max reads is read as its
// value instead, so the consumer can also be packed along with the matmul.
// CHECK-LABEL: func.func @named_epilogue
// CHECK:         linalg.matmul {{.*}}sched.node = 1
// CHECK-NOT:     linalg.broadcast
// CHECK-NOT:     linalg.add
// CHECK-NOT:     linalg.fill
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %arg2 : tensor<64x128xf32>, tensor<128xf32>) {{.*}}sched.node = 2
// CHECK:           arith.addf
// CHECK:           arith.maximumf %{{.*}}, %cst
// CHECK-NOT:     linalg.max
// CHECK:         return
// SKETCH:      sched.schedule @named_epilogue_sketch{{[0-9]+}} {{.*}} rules ["AddPacking", "MultiLevelTilingWithFusion"]
// SKETCH:      sched.schedule @named_epilogue_sketch{{[0-9]+}} {{.*}} rules ["MultiLevelTilingWithFusion"]
// SKETCH-NEXT:   sched.tile node 1
// SKETCH-NEXT:   sched.fuse_consumer node 2 into 1
// TUNE:        "name": "named_epilogue",
// TUNE:        "verified": true
// TUNE:        "wrong_result": 0
func.func @named_epilogue(%a: tensor<64x96xf32>, %b: tensor<96x128xf32>, %bias: tensor<128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x96xf32>, tensor<96x128xf32>) outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
  %bb = linalg.broadcast ins(%bias : tensor<128xf32>) outs(%e : tensor<64x128xf32>) dimensions = [0]
  %s = linalg.add ins(%c, %bb : tensor<64x128xf32>, tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %zf = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.max ins(%s, %zf : tensor<64x128xf32>, tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}

// A splat squared: the generic reads one fill twice; both inputs are read
// as its value, and the fill goes once.
// CHECK-LABEL: func.func @splat_squared
// CHECK-NOT:     linalg.fill
// CHECK:         linalg.generic {{.*}}sched.node = 0
// CHECK:           arith.mulf %{{.*}}, %{{.*}}
// CHECK:           arith.addf
// CHECK:         return
func.func @splat_squared(%x: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %c = arith.constant 3.0 : f32
  %s = tensor.splat %c : tensor<16x32xf32>
  %sq = arith.mulf %s, %s : tensor<16x32xf32>
  %r = arith.addf %x, %sq : tensor<16x32xf32>
  return %r : tensor<16x32xf32>
}

// A producer writing into a fill it never reads: fused, it leaves no fill
// behind (it would be a node of its own).
// CHECK-LABEL: func.func @fill_init
// CHECK-NOT:     linalg.fill
// CHECK:         linalg.generic {{.*}}sched.node = 0
// CHECK:           math.exp
// CHECK:           arith.mulf
// CHECK-NOT:     linalg.{{[a-z_]+}} {
// CHECK-NOT:     linalg.fill
// CHECK:         return
#fid = affine_map<(i, j) -> (i, j)>
func.func @fill_init(%x: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %ex = linalg.generic {indexing_maps = [#fid, #fid], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x32xf32>) outs(%f : tensor<16x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<16x32xf32>
  %y = linalg.generic {indexing_maps = [#fid, #fid], iterator_types = ["parallel", "parallel"]}
      ins(%ex : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.mulf %a, %a : f32
    linalg.yield %r : f32
  } -> tensor<16x32xf32>
  return %y : tensor<16x32xf32>
}

// A transposition (named or generic) stays a node: fused into its reader it
// would be inlined wherever that reader is.
// CHECK-LABEL: func.func @transposed_producer
// CHECK:         linalg.transpose {{.*}}sched.node = 0
// CHECK:         linalg.generic {{.*}}sched.node = 1
#tid = affine_map<(i, j) -> (i, j)>
func.func @transposed_producer(%x: tensor<32x16xf32>) -> tensor<16x32xf32> {
  %e = tensor.empty() : tensor<16x32xf32>
  %t = linalg.transpose ins(%x : tensor<32x16xf32>) outs(%e : tensor<16x32xf32>) permutation = [1, 0]
  %y = linalg.generic {indexing_maps = [#tid, #tid], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<16x32xf32>
  return %y : tensor<16x32xf32>
}

// What stays apart: a generic the func also returns (and another reads
// twice), one read through a broadcast (its elements read again along a
// loop), and one read transposed. The product, read once element for
// element by the broadcast sum, is fused into it.
// CHECK-LABEL: func.func @kept_apart
// CHECK:         linalg.generic {{.*}}sched.node = 0
// CHECK:           math.exp
// CHECK:         linalg.generic {{.*}}sched.node = 1
// CHECK:           math.exp
// CHECK:         linalg.generic {{.*}}sched.node = 2
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK:         linalg.generic {{.*}}sched.node = 3
// CHECK:           arith.negf
// CHECK-NOT:     linalg.generic
// CHECK:         return
#kid = affine_map<(i, j) -> (i, j)>
#ktr = affine_map<(i, j) -> (j, i)>
#krow = affine_map<(i, j) -> (i)>
func.func @kept_apart(%x: tensor<64x64xf32>, %v: tensor<64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %e = tensor.empty() : tensor<64x64xf32>
  %ev = tensor.empty() : tensor<64xf32>
  %returned = linalg.generic {indexing_maps = [#kid, #kid], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<64x64xf32>
  %twice = linalg.generic {indexing_maps = [#kid, #kid, #kid], iterator_types = ["parallel", "parallel"]}
      ins(%returned, %returned : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.mulf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<64x64xf32>
  %vexp = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%v : tensor<64xf32>) outs(%ev : tensor<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %bcast = linalg.generic {indexing_maps = [#kid, #krow, #kid], iterator_types = ["parallel", "parallel"]}
      ins(%twice, %vexp : tensor<64x64xf32>, tensor<64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<64x64xf32>
  %transposed = linalg.generic {indexing_maps = [#ktr, #kid], iterator_types = ["parallel", "parallel"]}
      ins(%bcast : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<64x64xf32>
  return %returned, %transposed : tensor<64x64xf32>, tensor<64x64xf32>
}
