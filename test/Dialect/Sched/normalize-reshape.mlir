// A static tensor.reshape (what TOSA's and StableHLO's reshapes lower to;
// its shape operand only restates its result type) becomes a collapse to
// one dimension and an expansion to the result, which the DAG passes
// through; it was refused ("op 'tensor.reshape' is not supported").
// RUN: ansor-opt %s --split-input-file --sched-normalize-payload | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --split-input-file --ansor-tune="trials=4 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl" -o /dev/null 2> %t/err
// RUN: not grep "error:" %t/err
// RUN: python3 %S/../../Tuner/count-records.py %t/rec.jsonl "sched." | FileCheck %s --check-prefix=REC
// REC: records 8, errors 0, matching 8

// CHECK-LABEL: func.func @flatten
// CHECK-NOT:     tensor.reshape
// CHECK:         %[[FLAT:.+]] = tensor.collapse_shape %{{.+}} {{\[\[}}0, 1]] : tensor<4x6xf32> into tensor<24xf32>
// CHECK:         linalg.exp ins(%[[FLAT]] : tensor<24xf32>)
func.func @flatten(%x: tensor<4x6xf32>) -> tensor<24xf32> {
  %s = arith.constant dense<[24]> : tensor<1xindex>
  %r = tensor.reshape %x(%s) : (tensor<4x6xf32>, tensor<1xindex>) -> tensor<24xf32>
  %e = tensor.empty() : tensor<24xf32>
  %y = linalg.exp ins(%r : tensor<24xf32>) outs(%e : tensor<24xf32>) -> tensor<24xf32>
  return %y : tensor<24xf32>
}

// -----

// 4x6 to 3x8 is no single collapse or expansion: both.
// CHECK-LABEL: func.func @regroup
// CHECK:         %[[FLAT:.+]] = tensor.collapse_shape %{{.+}} {{\[\[}}0, 1]] : tensor<4x6xf32> into tensor<24xf32>
// CHECK:         %[[R:.+]] = tensor.expand_shape %[[FLAT]] {{\[\[}}0, 1]] output_shape [3, 8] : tensor<24xf32> into tensor<3x8xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[R]] : tensor<3x8xf32>)
func.func @regroup(%x: tensor<4x6xf32>) -> tensor<3x8xf32> {
  %s = arith.constant dense<[3, 8]> : tensor<2xindex>
  %r = tensor.reshape %x(%s) : (tensor<4x6xf32>, tensor<2xindex>) -> tensor<3x8xf32>
  %e = tensor.empty() : tensor<3x8xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<3x8xf32>) outs(%e : tensor<3x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = math.tanh %a : f32
    linalg.yield %t : f32
  } -> tensor<3x8xf32>
  return %y : tensor<3x8xf32>
}
