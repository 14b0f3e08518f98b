// Tasks of one module share the work directory given by work-dir=: each
// task's measurer keeps its own reference there. They shared one file, so
// with the task scheduler (budget=) every candidate of @add_one was checked
// against @double's reference and recorded as wrong (8 of 8).
// Processes sharing a work dir shared every file name: the files of each
// process now carry its id, so two runs in one directory at the same time
// keep apart (the second run's files sit beside the first's).
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="trials=4 budget=8 search=random threads=1 min-repeat-ms=1 repeat=1 work-dir=%t/wd records=%t/rec.jsonl" -o /dev/null
// RUN: grep -c '"error":"none"' %t/rec.jsonl | grep -x 8
// RUN: ls %t/wd | FileCheck %s
// CHECK: p[[PID:[0-9]+]]-m{{[0-9]+}}-reference.bin
// CHECK: p[[PID]]-reference.bin
// RUN: ansor-opt %s --ansor-tune="trials=4 budget=8 search=random threads=1 min-repeat-ms=1 repeat=1 work-dir=%t/wd records=%t/rec2.jsonl" -o /dev/null
// RUN: ls %t/wd | grep -c 'reference.bin$' | grep -x 4

#id = affine_map<(i, j) -> (i, j)>
func.func @add_one(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %c = arith.constant 1.0 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.addf %x, %c : f32
      linalg.yield %y : f32
  } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
func.func @double(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.addf %x, %x : f32
      linalg.yield %y : f32
  } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
