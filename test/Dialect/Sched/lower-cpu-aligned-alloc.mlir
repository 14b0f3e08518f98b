// Temporary buffers are allocated by aligned_alloc, not by malloc and a
// pointer aligned through integers: that pointer hid where the buffer came
// from, so LLVM assumed it could alias the output and stored and reloaded
// an argmax's running max on every element (2.7 ns each, 4.5x slower than
// with the max in a register; docs/benchmarks.md).
// RUN: ansor-opt %s --ansor-lower-cpu | FileCheck %s
// RUN: ansor-opt %s --ansor-lower-cpu | mlir-translate --mlir-to-llvmir \
// RUN: | opt -O3 -S | FileCheck %s --check-prefix=OPT
// CHECK-LABEL: llvm.func @argmax
// CHECK:         llvm.call @aligned_alloc
// CHECK-NOT:     @malloc
// The running max is a value carried by the inner loop.
// OPT-LABEL: define void @argmax
// OPT:         phi float
// OPT:         fcmp ogt float

#m = affine_map<(i, j) -> (i, j)>
#r = affine_map<(i, j) -> (i)>
func.func @argmax(%x: tensor<64x100xf32>) -> tensor<64xi64> {
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0 : i64
  %e1 = tensor.empty() : tensor<64xf32>
  %e2 = tensor.empty() : tensor<64xi64>
  %f1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<64xf32>) -> tensor<64xf32>
  %f2 = linalg.fill ins(%z : i64) outs(%e2 : tensor<64xi64>) -> tensor<64xi64>
  %r:2 = linalg.generic {indexing_maps = [#m, #r, #r], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x100xf32>) outs(%f1, %f2 : tensor<64xf32>, tensor<64xi64>) {
  ^bb0(%v: f32, %mx: f32, %ix: i64):
    %j = linalg.index 1 : index
    %j64 = arith.index_cast %j : index to i64
    %gt = arith.cmpf ogt, %v, %mx : f32
    %nm = arith.select %gt, %v, %mx : f32
    %ni = arith.select %gt, %j64, %ix : i64
    linalg.yield %nm, %ni : f32, i64
  } -> (tensor<64xf32>, tensor<64xi64>)
  return %r#1 : tensor<64xi64>
}
