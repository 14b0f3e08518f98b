// A loop that a map reads as `d floordiv c` or `d mod c` (a nearest
// upsample, a repeat) is split into loops of extent / c and c, so that
// every map is a projected permutation: such ops were left untiled (their
// one program the untuned loop nest; a 2x NHWC upsample, 0.7x). Operands
// indexed by `d` itself are expanded and results collapsed back; a body's
// index of `d` becomes outer * c + inner. A divisor that does not divide
// the extent is left alone.
// RUN: ansor-opt %s --split-input-file --sched-normalize-payload | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --split-input-file --ansor-tune="trials=4 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl" -o /dev/null 2> %t/err
// RUN: not grep "error:" %t/err
// RUN: python3 %S/../../Tuner/count-records.py %t/rec.jsonl "sched.tile" | FileCheck %s --check-prefix=REC
// REC: records 19, errors 0, matching 16

// CHECK-DAG:   #[[UP_IN:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3, d5)>
// CHECK-DAG:   #[[UP_OUT:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-LABEL: func.func @upsample(
// CHECK:         %[[OUT:.+]] = tensor.expand_shape {{.*}} into tensor<1x14x2x14x2x8xf32>
// CHECK:         %[[R:.+]] = linalg.generic {indexing_maps = [#[[UP_IN]], #[[UP_OUT]]]
// CHECK-SAME:      ins(%arg0 : tensor<1x14x14x8xf32>) outs(%[[OUT]] : tensor<1x14x2x14x2x8xf32>)
// CHECK:         tensor.collapse_shape
// CHECK:         %[[BACK:.+]] = tensor.collapse_shape {{.*}} into tensor<1x28x28x8xf32>
// CHECK:         return %[[BACK]]
func.func @upsample(%x: tensor<1x14x14x8xf32>) -> tensor<1x28x28x8xf32> {
  %e = tensor.empty() : tensor<1x28x28x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h floordiv 2, w floordiv 2, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x14x14x8xf32>) outs(%e : tensor<1x28x28x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<1x28x28x8xf32>
  return %r : tensor<1x28x28x8xf32>
}

// -----

// A repeat (x[i, j mod 8]) and a body that reads the split loop's index.
// CHECK-DAG:   #[[REP_IN:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @repeat_scaled(
// CHECK:         linalg.generic {indexing_maps = [#[[REP_IN]], #{{.+}}]
// CHECK-SAME:      outs(%{{.+}} : tensor<4x4x8xf32>)
// CHECK:           %[[HIGH:.+]] = linalg.index 1 : index
// CHECK:           %[[LOW:.+]] = linalg.index 2 : index
// CHECK:           %[[SCALED:.+]] = arith.muli %[[HIGH]], %c8
// CHECK:           arith.addi %[[SCALED]], %[[LOW]]
func.func @repeat_scaled(%x: tensor<4x8xf32>) -> tensor<4x32xf32> {
  %e = tensor.empty() : tensor<4x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j mod 8)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %m = arith.mulf %a, %jf : f32
    linalg.yield %m : f32
  } -> tensor<4x32xf32>
  return %r : tensor<4x32xf32>
}

// -----

// CHECK:       affine_map<(d0) -> (d0 floordiv 2)>
// CHECK-LABEL: func.func @not_dividing(
func.func @not_dividing(%x: tensor<8xf32>) -> tensor<15xf32> {
  %e = tensor.empty() : tensor<15xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i floordiv 2)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<15xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<15xf32>
  return %r : tensor<15xf32>
}

// -----

// A divided read that spans less than its operand (i floordiv 2 of 14
// iterations reads 7 of 8 elements) would, split, be a plain read that the
// verifier wants exact; a reduction loop read divided by the result
// (out[i floordiv 2] += x[i]) would leave an outer reduction loop that
// indexes it. Both are left alone.
// CHECK:       affine_map<(d0) -> (d0 floordiv 2)>
// CHECK-LABEL: func.func @spans_less(
// CHECK-NOT:     tensor.expand_shape
func.func @spans_less(%x: tensor<8xf32>) -> tensor<14xf32> {
  %e = tensor.empty() : tensor<14xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i floordiv 2)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<14xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<14xf32>
  return %r : tensor<14xf32>
}

// -----

// CHECK:       affine_map<(d0) -> (d0 floordiv 2)>
// CHECK-LABEL: func.func @pairwise_sum(
// CHECK-NOT:     tensor.expand_shape
func.func @pairwise_sum(%x: tensor<16xf32>) -> tensor<8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i floordiv 2)>],
      iterator_types = ["reduction"]} ins(%x : tensor<16xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// Grouped-query attention: each group of 4 heads reads one head of keys
// (`h floordiv 4`). The init's fill is built again at the split shape, so
// it stays the contraction's init: expanded, it was a node of its own
// behind the reshape, stored and reloaded (2.2x slower than the same
// contraction written with a broadcast).
// CHECK-LABEL: func.func @grouped_query(
// CHECK:         %[[F:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<2x4x8x8xf32>)
// CHECK-NOT:     linalg.fill
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%[[F]] : tensor<2x4x8x8xf32>)
// CHECK:         tensor.collapse_shape {{.*}} into tensor<8x8x8xf32>
func.func @grouped_query(%q: tensor<8x8x4xf32>, %k: tensor<2x8x4xf32>) -> tensor<8x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(h, i, j, d) -> (h, i, d)>, affine_map<(h, i, j, d) -> (h floordiv 4, j, d)>, affine_map<(h, i, j, d) -> (h, i, j)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<8x8x4xf32>, tensor<2x8x4xf32>) outs(%z : tensor<8x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<8x8x8xf32>
  return %s : tensor<8x8x8xf32>
}

// -----

// Two results initialized by one fill, and a fill read as an input: each is
// filled again at the split shape, and the fills they replace, read by
// nothing any more, are erased (once each: the shared one is an operand
// twice).
// CHECK-LABEL: func.func @shared_fill(
// CHECK-NOT:     linalg.fill {{.*}} tensor<8xf32>)
// CHECK-COUNT-3: linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<4x2xf32>)
// CHECK-NOT:     linalg.fill
// CHECK:         linalg.generic
func.func @shared_fill(%x: tensor<4xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %g = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(i) -> (i floordiv 2)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]} ins(%x, %g : tensor<4xf32>, tensor<8xf32>) outs(%f, %f : tensor<8xf32>, tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %o1: f32, %o2: f32):
    %s = arith.addf %a, %o1 : f32
    %t = arith.mulf %b, %o2 : f32
    %u = arith.addf %t, %a : f32
    linalg.yield %s, %u : f32, f32
  } -> (tensor<8xf32>, tensor<8xf32>)
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xf32>
}
