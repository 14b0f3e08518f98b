// Funcs on 16-bit floats and small integers are measured and verified like
// fp32 ones: the runner fills f16/bf16/i8 inputs, and compares 16-bit float
// outputs within their own rounding (an f16 matmul accumulating in f16
// verifies), while a wrong element is still caught.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="trials=3 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/rec.jsonl summary=%t/sum.json" -o /dev/null
// RUN: FileCheck %s < %t/sum.json
// RUN: ansor-opt %s --ansor-tune="trials=2 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 batch-size=2 records=%t/wrong.jsonl summary=%t/wrong.json test-inject-faults=0:wrong" -o /dev/null
// RUN: FileCheck %s --check-prefix=WRONG < %t/wrong.jsonl
// i1 arguments and results are a byte per element, as MLIR's C interface
// passes them, where LLVM packs a vector of i1 into bits: vectorized
// programs load and store them as bytes (sched-byte-i1-vectors). Without
// that, 20 of 24 such programs of each func were wrong.
// RUN: ansor-opt %S/Inputs/i1-buffers.mlir --ansor-tune="trials=12 seed=1 search=random threads=1 min-repeat-ms=1 repeat=1 records=%t/i1.jsonl summary=%t/i1.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=I1 < %t/i1.json
// I1:      "errors": {
// I1-NEXT:   "compile": 0,
// I1-NEXT:   "runtime": 0,
// I1-NEXT:   "timeout": 0,
// I1-NEXT:   "wrong_result": 0
// I1:      "name": "cmp",
// I1:      "trials": 12,
// I1:      "verified": true
// I1:      "errors": {
// I1-NEXT:   "compile": 0,
// I1-NEXT:   "runtime": 0,
// I1-NEXT:   "timeout": 0,
// I1-NEXT:   "wrong_result": 0
// I1:      "name": "masked",
// I1:      "trials": 12,
// I1:      "verified": true
// The GPU pipeline does not keep them so: refused there by name.
// RUN: not ansor-opt %S/Inputs/i1-result.mlir --ansor-tune="target='cuda -arch=sm_90' records=%t/i1gpu.jsonl" -o /dev/null 2>&1 | FileCheck %s --check-prefix=I1GPU
// I1GPU: i1-result.mlir:1:1: error: cannot measure @cmp: i1 arguments and results are not supported on GPU targets

// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "f16_matmul",
// CHECK:      "trials": 3,
// CHECK:      "verified": true
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "bf16_scale",
// CHECK:      "trials": 3,
// CHECK:      "verified": true
// CHECK:      "errors": {
// CHECK-NEXT:   "compile": 0,
// CHECK-NEXT:   "runtime": 0,
// CHECK-NEXT:   "timeout": 0,
// CHECK-NEXT:   "wrong_result": 0
// CHECK:      "name": "i8_matmul",
// CHECK:      "trials": 3,
// CHECK:      "verified": true

// Each func's first candidate is made wrong by one unit in element 0: far
// beyond f16, bf16 or integer rounding.
// WRONG-COUNT-3: "error":"wrong_result","message":"output 0 element 0 is

func.func @f16_matmul(%a: tensor<32x256xf16>, %b: tensor<256x64xf16>) -> tensor<32x64xf16> {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<32x64xf16>
  %acc = linalg.fill ins(%zero : f16) outs(%e : tensor<32x64xf16>) -> tensor<32x64xf16>
  %c = linalg.matmul ins(%a, %b : tensor<32x256xf16>, tensor<256x64xf16>)
      outs(%acc : tensor<32x64xf16>) -> tensor<32x64xf16>
  return %c : tensor<32x64xf16>
}

func.func @bf16_scale(%a: tensor<64x128xbf16>, %b: tensor<64x128xbf16>) -> tensor<64x128xbf16> {
  %e = tensor.empty() : tensor<64x128xbf16>
  %c = linalg.mul ins(%a, %b : tensor<64x128xbf16>, tensor<64x128xbf16>)
      outs(%e : tensor<64x128xbf16>) -> tensor<64x128xbf16>
  return %c : tensor<64x128xbf16>
}

func.func @i8_matmul(%a: tensor<32x64xi8>, %b: tensor<64x32xi8>) -> tensor<32x32xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<32x32xi32>
  %acc = linalg.fill ins(%zero : i32) outs(%e : tensor<32x32xi32>) -> tensor<32x32xi32>
  %c = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>,
                       affine_map<(i, j, k) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<32x64xi8>, tensor<64x32xi8>) outs(%acc : tensor<32x32xi32>) {
    ^bb0(%x: i8, %y: i8, %o: i32):
      %xe = arith.extsi %x : i8 to i32
      %ye = arith.extsi %y : i8 to i32
      %m = arith.muli %xe, %ye : i32
      %s = arith.addi %o, %m : i32
      linalg.yield %s : i32
  } -> tensor<32x32xi32>
  return %c : tensor<32x32xi32>
}
