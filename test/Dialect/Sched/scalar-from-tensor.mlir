// A scalar that a linalg op's body reads from a tensor at constant indices
// (`tensor.extract` at the func's level: a clamp's bounds, a fill's value
// folded into its reader, the sum of a full reduction) is read as a 0-d
// input of that op instead: the tensor itself, or a rank-reducing slice of
// it. A reduction's result so read is an edge of the compute DAG (such a
// func was refused: "op 'tensor.extract' is not supported in a payload
// func"), and on the GPU the kernel reads the scalar from device memory
// (the host read it, and the GPU refused every such func). A read for a
// fill's value stays as it is on the CPU and is still refused on the GPU,
// also for a schedule written by hand.
// RUN: ansor-opt %s --split-input-file --sched-derive-sketches="target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256'" | FileCheck %s
// RUN: ansor-opt %s --split-input-file --sched-derive-sketches="target='cuda -arch=sm_90'" | FileCheck %s --check-prefix=GPU
// RUN: not ansor-opt %S/Inputs/scalar-from-tensor-gpu.mlir --sched-derive-sketches="target='cuda -arch=sm_90'" 2>&1 | FileCheck %s --check-prefix=GPU-FILL
// RUN: not ansor-opt %S/Inputs/scalar-from-tensor-gpu.mlir --sched-materialize 2>&1 | FileCheck %s --check-prefix=GPU-FILL
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --split-input-file --ansor-tune="trials=4 seed=1 threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o /dev/null 2> /dev/null
// RUN: python3 %S/../../Tuner/count-records.py %t/rec.jsonl "sched.tile" | FileCheck %s --check-prefix=REC
// RUN: ansor-opt %S/Inputs/scalar-from-tensor-gpu.mlir --split-input-file --ansor-tune="trials=4 seed=1 threads=1 min-repeat-ms=1 repeat=1 records=%t/fill.jsonl" -o /dev/null 2> /dev/null
// RUN: python3 %S/../../Tuner/count-records.py %t/fill.jsonl "sched.tile" | FileCheck %s --check-prefix=REC-FILL
// GPU-FILL: error: a scalar read from a tensor outside linalg op bodies is not supported on the GPU yet
// REC: records 20, errors 0, matching 20
// REC-FILL: records 4, errors 0, matching 4

// CHECK-LABEL: func.func @fill_from_tensor
// CHECK-NOT:     tensor.extract
// CHECK:         linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<64x64xf32>, tensor<f32>)
// CHECK:         sched.schedule @fill_from_tensor_sketch0
// CHECK:           sched.vectorize
// GPU-LABEL:   sched.schedule @fill_from_tensor_sketch0
// GPU:           sched.bind
func.func @fill_from_tensor(%a: tensor<64x64xf32>, %s: tensor<f32>) -> tensor<64x64xf32> {
  %v = tensor.extract %s[] : tensor<f32>
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.add ins(%a, %f : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// CHECK-DAG:   #[[SCALAR:.+]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @clamp_by
// CHECK-NOT:     tensor.extract
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #[[SCALAR]], #[[SCALAR]], #{{.+}}]
// CHECK-SAME:      ins(%arg0, %arg1, %arg2 : tensor<128x96xf32>, tensor<f32>, tensor<f32>)
// CHECK:         ^bb0(%[[X:.+]]: f32, %[[LO:.+]]: f32, %[[HI:.+]]: f32, %{{.+}}: f32):
// CHECK:           %[[M:.+]] = arith.maximumf %[[X]], %[[LO]]
// CHECK:           arith.minimumf %[[M]], %[[HI]]
// CHECK:         sched.schedule @clamp_by_sketch0
// CHECK:           sched.vectorize
// GPU-LABEL:   sched.schedule @clamp_by_sketch0
// GPU:           sched.bind
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

// -----

// Bounds at indices 0 and 1 of one tensor: a slice each.
// CHECK-LABEL: func.func @clamp_by_index
// CHECK-NOT:     tensor.extract %
// CHECK-DAG:     %[[LO:.+]] = tensor.extract_slice %arg1[0] [1] [1] : tensor<2xf32> to tensor<f32>
// CHECK-DAG:     %[[HI:.+]] = tensor.extract_slice %arg1[1] [1] [1] : tensor<2xf32> to tensor<f32>
// CHECK:         linalg.generic {{.*}} ins(%arg0, %[[LO]], %[[HI]] : tensor<128x96xf32>, tensor<f32>, tensor<f32>)
// CHECK:         sched.schedule @clamp_by_index_sketch0
// GPU-LABEL:   sched.schedule @clamp_by_index_sketch0
func.func @clamp_by_index(%a: tensor<128x96xf32>, %bounds: tensor<2xf32>) -> tensor<128x96xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = tensor.extract %bounds[%c0] : tensor<2xf32>
  %h = tensor.extract %bounds[%c1] : tensor<2xf32>
  %e = tensor.empty() : tensor<128x96xf32>
  %r = linalg.map ins(%a : tensor<128x96xf32>) outs(%e : tensor<128x96xf32>)
    (%x: f32, %o: f32) {
      %m = arith.maximumf %x, %l : f32
      %n = arith.minimumf %m, %h : f32
      linalg.yield %n : f32
    }
  return %r : tensor<128x96xf32>
}

// -----

// Each element divided by the sum of all: the reduction is a node, and
// the division reads its result.
// CHECK-LABEL: func.func @divide_by_sum
// CHECK:         %[[SUM:.+]] = linalg.reduce {{.*}}{sched.node = 1 : i64}
// CHECK-NOT:     tensor.extract
// CHECK:         linalg.generic {{.*}} ins(%arg0, %[[SUM]] : tensor<256x64xf32>, tensor<f32>)
// CHECK-SAME:      sched.node = 2
// CHECK:         sched.schedule @divide_by_sum_sketch0 {{.*}} nodes [#sched.node<"linalg.fill", [], []>, #sched.node<"linalg.reduce", [256, 64], [R, R]>, #sched.node<"linalg.generic", [256, 64], [S, S]>]
// GPU-LABEL:   sched.schedule @divide_by_sum_sketch0
func.func @divide_by_sum(%a: tensor<256x64xf32>) -> tensor<256x64xf32> {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %s = linalg.reduce ins(%a : tensor<256x64xf32>) outs(%f0 : tensor<f32>) dimensions = [0, 1]
    (%x: f32, %y: f32) {
      %t = arith.addf %x, %y : f32
      linalg.yield %t : f32
    }
  %v = tensor.extract %s[] : tensor<f32>
  %e = tensor.empty() : tensor<256x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<256x64xf32>) outs(%e : tensor<256x64xf32>) {
    ^bb0(%x: f32, %o: f32):
      %d = arith.divf %x, %v : f32
      linalg.yield %d : f32
  } -> tensor<256x64xf32>
  return %r : tensor<256x64xf32>
}

// -----

// The column maximum's fifth element subtracted: a slice of the node's
// result.
// CHECK-LABEL: func.func @minus_column_max
// CHECK:         %[[MAX:.+]] = linalg.reduce
// CHECK:         %[[AT5:.+]] = tensor.extract_slice %[[MAX]][5] [1] [1] : tensor<128xf32> to tensor<f32>
// CHECK:         linalg.generic {{.*}} ins(%arg0, %[[AT5]] : tensor<64x128xf32>, tensor<f32>)
// CHECK:         sched.schedule @minus_column_max_sketch0 {{.*}} nodes [#sched.node<"linalg.fill", [128], [S]>, #sched.node<"linalg.reduce", [64, 128], [R, S]>, #sched.node<"linalg.generic", [64, 128], [S, S]>]
// GPU-LABEL:   sched.schedule @minus_column_max_sketch0
func.func @minus_column_max(%a: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %ninf = arith.constant -3.0e38 : f32
  %c5 = arith.constant 5 : index
  %e0 = tensor.empty() : tensor<128xf32>
  %f0 = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<128xf32>) -> tensor<128xf32>
  %m = linalg.reduce ins(%a : tensor<64x128xf32>) outs(%f0 : tensor<128xf32>) dimensions = [0]
    (%x: f32, %y: f32) {
      %t = arith.maximumf %x, %y : f32
      linalg.yield %t : f32
    }
  %v = tensor.extract %m[%c5] : tensor<128xf32>
  %e = tensor.empty() : tensor<64x128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
    ^bb0(%x: f32, %o: f32):
      %d = arith.subf %x, %v : f32
      linalg.yield %d : f32
  } -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}
