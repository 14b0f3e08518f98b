// Weights as torch-mlir writes them: `dense_resource` constants whose blob
// sits in the file's `dialect_resources` section. The measured module was
// once printed op by op, without that section, so every candidate and the
// untuned lowering failed to compile ("resource does not exist") and the
// func could not be tuned.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="trials=2 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o %t/tuned.mlir
// RUN: FileCheck %s < %t/sum.json
// RUN: FileCheck %s --check-prefix=TUNED < %t/tuned.mlir
// The records' payload keeps the blob, so a model can be trained offline.
// RUN: FileCheck %s --check-prefix=RECORDS < %t/rec.jsonl
// The tuned module, blob included, measured again as it is.
// RUN: ansor-opt %t/tuned.mlir --ansor-measure="threads=1 min-repeat-ms=1 repeat=1 summary=%t/measure.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURE < %t/measure.json
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "linear_relu",
// CHECK:      "trials": 2,
// CHECK:      "verified": true,
// TUNED: arith.constant dense_resource<torch_tensor_8_16_torch.float32> : tensor<8x16xf32>
// TUNED: dialect_resources
// TUNED-NEXT: builtin
// TUNED-NEXT: torch_tensor_8_16_torch.float32: "0x04000000
// RECORDS: dialect_resources
// RECORDS-SAME: torch_tensor_8_16_torch.float32
// MEASURE:      "compile": 0,
// MEASURE:      "verified": true

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1, d0)>
#map2 = affine_map<(d0, d1) -> (0, d1)>
func.func @linear_relu(%x: tensor<32x16xf32>, %bias: tensor<1x8xf32>) -> tensor<32x8xf32> {
  %w = arith.constant dense_resource<torch_tensor_8_16_torch.float32> : tensor<8x16xf32>
  %zero = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<16x8xf32>
  %wt = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<8x16xf32>) outs(%0 : tensor<16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<16x8xf32>
  %1 = tensor.empty() : tensor<32x8xf32>
  %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<32x8xf32>) -> tensor<32x8xf32>
  %3 = linalg.matmul ins(%x, %wt : tensor<32x16xf32>, tensor<16x8xf32>) outs(%2 : tensor<32x8xf32>) -> tensor<32x8xf32>
  %4 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %bias : tensor<32x8xf32>, tensor<1x8xf32>) outs(%1 : tensor<32x8xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %5 = arith.addf %in, %b : f32
    %6 = arith.maximumf %5, %zero : f32
    linalg.yield %6 : f32
  } -> tensor<32x8xf32>
  return %4 : tensor<32x8xf32>
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_16_torch.float32: "0x04000000000080bf0000203e000030bf0000f03e0000c0be0000483f000080bd000068bf0000803e000018bf0000103f000090be0000603f0000003d000050bf0000b03e000000bf0000283f000040be0000783f0000003e000038bf0000e03e0000d0be0000403f0000c0bd000070bf0000603e000020bf0000083f0000a0be0000583f00000000000058bf0000a03e000008bf0000203f000060be0000703f0000c03d000040bf0000d03e0000e0be0000383f000000be000078bf0000403e000028bf0000003f0000b0be0000503f000000bd000060bf0000903e000010bf0000183f000080be0000683f0000803d000048bf0000c03e0000f0be0000303f000020be000080bf0000203e000030bf0000f03e0000c0be0000483f000080bd000068bf0000803e000018bf0000103f000090be0000603f0000003d000050bf0000b03e000000bf0000283f000040be0000783f0000003e000038bf0000e03e0000d0be0000403f0000c0bd000070bf0000603e000020bf0000083f0000a0be0000583f00000000000058bf0000a03e000008bf0000203f000060be0000703f0000c03d000040bf0000d03e0000e0be0000383f000000be000078bf0000403e000028bf0000003f0000b0be0000503f000000bd000060bf0000903e000010bf0000183f000080be0000683f0000803d000048bf0000c03e0000f0be0000303f000020be"
    }
  }
#-}
