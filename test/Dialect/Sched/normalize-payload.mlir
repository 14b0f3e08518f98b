// Payload funcs are normalized before sketches are derived (and before
// tuning, measuring or applying records). An aggregated linalg op
// (linalg.softmax) is decomposed by upstream's AggregatedOpInterface into
// the linalg ops it stands for: the max and sum reductions (each from its
// fill), the exponential and the division, all scheduled as any other
// nodes. A tensor.concat becomes insert_slices into an empty tensor, copies
// no schedule touches. tensor.splat becomes a linalg.fill and tensor.generate
// a linalg.generic (a fill an elementwise op reads is then read as its
// value). Elementwise arith and math ops on whole tensors become
// linalg.generic ops, each writing into an empty tensor (upstream's
// conversion writes into an operand). A generic read once, element for
// element, by another is fused into it (as inlining would compute it); an
// i1 tensor still passed between generics is then stored as i8
// (test/Tuner/boolean-tensors.mlir).
// RUN: ansor-opt %s --sched-derive-sketches="target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256'" | FileCheck %s
// It is tuned, verified against the untuned lowering (of the same
// decomposition) and applied from its records like any func.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="trials=3 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=TUNE < %t/sum.json
// RUN: ansor-opt %s --ansor-apply-best="records=%t/rec.jsonl" | FileCheck %s --check-prefix=APPLY

// CHECK-LABEL: func.func @softmax
// CHECK-NOT:   linalg.softmax
// CHECK:       linalg.fill {sched.node = 0
// CHECK:       linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}}sched.node = 1
// CHECK:         arith.maxnumf
// CHECK:       linalg.generic {{.*}}sched.node = 2
// CHECK:         arith.subf
// CHECK:         math.exp
// CHECK:       linalg.fill {sched.node = 3
// CHECK:       linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}}sched.node = 4
// CHECK:         arith.addf
// CHECK:       linalg.generic {{.*}}sched.node = 5
// CHECK:         arith.divf

// TUNE:      "wrong_result": 0
// TUNE:      "name": "softmax",
// TUNE:      "trials": 3,
// TUNE:      "verified": true
// TUNE:      "wrong_result": 0
// TUNE:      "name": "clamp_exp",
// TUNE:      "trials": 3,
// TUNE:      "verified": true
// TUNE:      "wrong_result": 0
// TUNE:      "name": "splat_generate",
// TUNE:      "trials": 3,
// TUNE:      "verified": true

// CHECK-LABEL: func.func @concat
// CHECK-NOT:   tensor.concat
// CHECK:       %[[EXP:.*]] = linalg.exp {sched.node = 0
// CHECK:       %[[EMPTY:.*]] = tensor.empty() : tensor<32x64xf32>
// CHECK:       %[[LOW:.*]] = tensor.insert_slice %[[EXP]] into %[[EMPTY]][0, 0] [16, 64] [1, 1]
// CHECK:       %[[ALL:.*]] = tensor.insert_slice %{{.*}} into %[[LOW]][16, 0] [16, 64] [1, 1]
// CHECK:       linalg.matmul {sched.node = 2 : i64} ins(%[[ALL]],
// CHECK-LABEL: func.func @clamp_exp
// CHECK-NOT:   arith.{{.*}} : tensor
// CHECK:       %[[E0:.*]] = tensor.empty() : tensor<32x64xf32>
// CHECK:       %[[SUM:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%[[E0]] : tensor<32x64xf32>) {{.*}}sched.node = 0
// CHECK:         arith.addf
// The sum is read twice and stays a node. The compare, the select and the
// exp, each read once element for element, are fused into one generic: no
// i1 tensor is left to widen.
// CHECK-NOT:   tensor<32x64xi1>
// CHECK:       linalg.generic {{.*}} ins(%[[SUM]], %arg1, %[[SUM]], %arg1 : {{.*}}sched.node = 1
// CHECK:         arith.cmpf ogt
// CHECK-NOT:     arith.extui
// CHECK-NOT:     arith.trunci
// CHECK:         arith.select
// CHECK:         math.exp
// CHECK-NOT:   linalg.generic
// CHECK-NOT:   arith.{{.*}} : tensor
// CHECK:       return

// CHECK-LABEL: func.func @splat_generate
// CHECK-NOT:   tensor.splat
// CHECK-NOT:   tensor.generate
// CHECK-NOT:   linalg.fill
// The splat (a fill, read as its value), the generated tensor, the addition
// and the multiplication: one generic.
// CHECK:       %[[TWO:.*]] = arith.constant 2.0
// CHECK:       linalg.generic {{.*}}sched.node = 0
// CHECK:         linalg.index 0
// CHECK:         arith.sitofp
// CHECK:         arith.addf %{{.*}}, %[[TWO]]
// CHECK:         arith.mulf
// CHECK-NOT:   linalg.generic
// CHECK:       return
// CHECK:       sched.schedule @softmax_sketch0 for @softmax
// CHECK-SAME:    nodes [#sched.node<"linalg.fill", [16], [S]>, #sched.node<"linalg.generic", [16, 128], [S, R]>, #sched.node<"linalg.generic", [16, 128], [S, S]>, #sched.node<"linalg.fill", [16], [S]>, #sched.node<"linalg.generic", [16, 128], [S, R]>, #sched.node<"linalg.generic", [16, 128], [S, S]>]
// CHECK:         sched.inline node 2

// APPLY-LABEL: func.func @softmax
// APPLY-NOT:   linalg.softmax
// APPLY:       return

// APPLY-LABEL: func.func @clamp_exp
// APPLY-NOT:   arith.addf {{.*}} : tensor
// APPLY:       return

func.func @softmax(%x: tensor<16x128xf32>) -> tensor<16x128xf32> {
  %e = tensor.empty() : tensor<16x128xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<16x128xf32>)
      outs(%e : tensor<16x128xf32>) -> tensor<16x128xf32>
  return %r : tensor<16x128xf32>
}

func.func @concat(%a: tensor<16x64xf32>, %b: tensor<16x64xf32>, %w: tensor<64x32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<16x64xf32>
  %x = linalg.exp ins(%a : tensor<16x64xf32>) outs(%ea : tensor<16x64xf32>) -> tensor<16x64xf32>
  %c = tensor.concat dim(0) %x, %b : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<32x64xf32>
  %e = tensor.empty() : tensor<32x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %r = linalg.matmul ins(%c, %w : tensor<32x64xf32>, tensor<64x32xf32>) outs(%acc : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

func.func @clamp_exp(%a: tensor<32x64xf32>, %b: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %s = arith.addf %a, %b : tensor<32x64xf32>
  %gt = arith.cmpf ogt, %s, %b : tensor<32x64xf32>
  %m = arith.select %gt, %s, %b : tensor<32x64xi1>, tensor<32x64xf32>
  %e = math.exp %m : tensor<32x64xf32>
  return %e : tensor<32x64xf32>
}

func.func @splat_generate(%x: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %k = arith.constant 2.0 : f32
  %s = tensor.splat %k : tensor<32x64xf32>
  %g = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    tensor.yield %f : f32
  } : tensor<32x64xf32>
  %a = arith.addf %x, %s : tensor<32x64xf32>
  %r = arith.mulf %a, %g : tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}
