// A func that calls nothing is a network of itself: tuned as one task, one
// schedule over all of its ops. When it holds several subgraphs (here a
// matmul and a row sum of its result) tuning says so and names
// --ansor-partition; a whole network tuned that way builds slowly and gets
// no task scheduling. A func that is one subgraph gets no remark, and
// neither does the partitioned network.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="trials=1 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/a.jsonl" -o /dev/null 2> %t/log
// RUN: FileCheck %s < %t/log
// RUN: ansor-opt %s --ansor-partition -o %t/part.mlir
// RUN: ansor-opt %t/part.mlir --ansor-tune="trials=1 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/b.jsonl" -o /dev/null 2> %t/log2
// RUN: not grep "subgraphs" %t/log2

// CHECK-NOT: @one holds
// CHECK: remark: @two holds 2 subgraphs (a matmul, convolution, pooling or reduction each, with its elementwise ops) and is tuned as one task: --ansor-partition outlines each into a task of its own
// CHECK-NOT: @one holds

func.func @one(%a: tensor<32x48xf32>, %b: tensor<48x64xf32>) -> tensor<32x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<32x48xf32>, tensor<48x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<32x64xf32>) outs(%e : tensor<32x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %x, %z : f32
    linalg.yield %y : f32
  } -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

func.func @two(%a: tensor<32x48xf32>, %b: tensor<48x64xf32>) -> tensor<32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<32x48xf32>, tensor<48x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  %e2 = tensor.empty() : tensor<32xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<32xf32>) -> tensor<32xf32>
  %s = linalg.reduce ins(%m : tensor<32x64xf32>) outs(%f2 : tensor<32xf32>) dimensions = [1]
    (%x: f32, %acc: f32) { %y = arith.addf %x, %acc : f32
      linalg.yield %y : f32 }
  return %s : tensor<32xf32>
}
