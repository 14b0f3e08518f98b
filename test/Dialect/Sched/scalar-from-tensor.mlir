// A scalar read from a 0-d tensor the func takes (a fill value, bounds a
// generic captures, as frontends write clamps) is left as it is, like a
// constant: the func is scheduled (it was refused: "op 'tensor.extract' is
// not supported in a payload func"). On the GPU it would be a host load of
// device memory, and is refused there with a clear error, also for a
// schedule written by hand.
// RUN: ansor-opt %s --split-input-file --sched-derive-sketches="target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256'" | FileCheck %s
// RUN: not ansor-opt %s --split-input-file --sched-derive-sketches="target='cuda -arch=sm_90'" 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: not ansor-opt %S/Inputs/scalar-from-tensor-gpu.mlir --sched-materialize 2>&1 | FileCheck %s --check-prefix=GPU-SCHEDULE
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --split-input-file --ansor-tune="trials=4 seed=1 threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o /dev/null 2> /dev/null
// RUN: python3 %S/../../Tuner/count-records.py %t/rec.jsonl "sched.tile" | FileCheck %s --check-prefix=REC
// CHECK-LABEL: sched.schedule @fill_from_tensor_sketch0
// CHECK:         sched.vectorize
// CHECK-LABEL: sched.schedule @clamp_by_sketch0
// CHECK:         sched.vectorize
// GPU: error: a scalar read from a tensor outside linalg ops is not supported on the GPU yet
// GPU: error: a scalar read from a tensor outside linalg ops is not supported on the GPU yet
// GPU-SCHEDULE: error: a scalar read from a tensor outside linalg ops is not supported on the GPU yet
// REC: errors 0

func.func @fill_from_tensor(%a: tensor<64x64xf32>, %s: tensor<f32>) -> tensor<64x64xf32> {
  %v = tensor.extract %s[] : tensor<f32>
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.add ins(%a, %f : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

func.func @clamp_by(%a: tensor<128x96xf32>, %lo: tensor<f32>, %hi: tensor<f32>) -> tensor<128x96xf32> {
  %l = tensor.extract %lo[] : tensor<f32>
  %h = tensor.extract %hi[] : tensor<f32>
  %e = tensor.empty() : tensor<128x96xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<128x96xf32>) outs(%e : tensor<128x96xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.maximumf %x, %l : f32
      %n = arith.minimumf %m, %h : f32
      linalg.yield %n : f32
  } -> tensor<128x96xf32>
  return %r : tensor<128x96xf32>
}
