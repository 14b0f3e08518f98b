// bf16 arithmetic on a CPU without AVX-512 BF16 (sched-emulate-bf16 and
// sched-bf16-as-i16 in --ansor-lower-cpu): each operation computes in f32 and
// rounds to bf16, to nearest with ties to even, as the payload asks, and the
// lowered program holds no bf16 value that LLVM would round by a call per
// element (`__truncsfbf2`), vectorized and loop-carried ones included.
// RUN: ansor-opt %s --sched-materialize --ansor-lower-cpu | FileCheck %s --check-prefix=LLVM
// RUN: ansor-opt %s --sched-materialize --ansor-lower-cpu \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so -shared-libs=%mlir_lib_dir/libmlir_runner_utils.so \
// RUN:     -shared-libs=%mlir_lib_dir/libomp.so | FileCheck %s

// LLVM-LABEL: llvm.func @mm(
// LLVM-NOT:     bf16
// LLVM:         llvm.intr.fmuladd({{.*}}) : (vector<8xf32>, vector<8xf32>, vector<8xf32>) -> vector<8xf32>
// LLVM-NOT:     bf16
// LLVM-LABEL: llvm.func @main(

// Every sum rounded: 16 x 1.0234375 is 16.375, the sum of 16 such terms
// rounded to bf16 after each addition is 16.25 (in f32 it would be 16.375).
// CHECK: Unranked Memref {{.*}} rank = 2 offset = 0 sizes = [8, 8]
// CHECK-COUNT-8: [16.25, 16.25, 16.25, 16.25, 16.25, 16.25, 16.25, 16.25]
// Ties to even: 1 + 2^-8 is 1; 1.0078125 + 2^-8 is 1.015625; 1 + 3 * 2^-9
// rounds up to 1.0078125; 0/0 is a NaN, 1/0 infinity.
// CHECK: Unranked Memref {{.*}} rank = 1 offset = 0 sizes = [5]
// CHECK-NEXT: [1, 1.01562, 1.00781, nan, inf]

func.func @mm(%a: tensor<8x16xbf16>, %b: tensor<16x8xbf16>) -> tensor<8x8xbf16> {
  %z = arith.constant 0.0 : bf16
  %e = tensor.empty() : tensor<8x8xbf16>
  %f = linalg.fill ins(%z : bf16) outs(%e : tensor<8x8xbf16>) -> tensor<8x8xbf16>
  %r = linalg.matmul ins(%a, %b : tensor<8x16xbf16>, tensor<16x8xbf16>) outs(%f : tensor<8x8xbf16>) -> tensor<8x8xbf16>
  return %r : tensor<8x8xbf16>
}

// 8-wide register blocks: the accumulators are carried through the
// reduction loop as vectors.
sched.schedule @mm_t0 for @mm target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256" nodes [#sched.node<"linalg.fill", [8, 8], [S, S]>, #sched.node<"linalg.matmul", [8, 8, 16], [S, S, R]>] rules ["MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 1, 2, 4] of 8>, #sched.split<[1, 1, 1, 8] of 8>, #sched.split<[2, 8] of 16>]
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <16 in [0, 16, 64, 512]>
}

func.func @sum_div(%x: tensor<5xbf16>, %y: tensor<5xbf16>, %w: tensor<5xbf16>) -> tensor<5xbf16> {
  %e = tensor.empty() : tensor<5xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x, %y, %w : tensor<5xbf16>, tensor<5xbf16>, tensor<5xbf16>) outs(%e : tensor<5xbf16>) {
  ^bb0(%a: bf16, %b: bf16, %c: bf16, %o: bf16):
    %s = arith.addf %a, %b : bf16
    %d = arith.divf %s, %c : bf16
    linalg.yield %d : bf16
  } -> tensor<5xbf16>
  return %r : tensor<5xbf16>
}

func.func @main() {
  %one = arith.constant 1.0 : bf16
  %b = arith.constant 1.0234375 : bf16
  %ea = tensor.empty() : tensor<8x16xbf16>
  %a = linalg.fill ins(%one : bf16) outs(%ea : tensor<8x16xbf16>) -> tensor<8x16xbf16>
  %eb = tensor.empty() : tensor<16x8xbf16>
  %bb = linalg.fill ins(%b : bf16) outs(%eb : tensor<16x8xbf16>) -> tensor<16x8xbf16>
  %c = call @mm(%a, %bb) : (tensor<8x16xbf16>, tensor<16x8xbf16>) -> tensor<8x8xbf16>
  %ec = tensor.empty() : tensor<8x8xf32>
  %cf = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<8x8xbf16>) outs(%ec : tensor<8x8xf32>) {
  ^bb0(%v: bf16, %o: f32):
    %v32 = arith.extf %v : bf16 to f32
    linalg.yield %v32 : f32
  } -> tensor<8x8xf32>
  %cu = tensor.cast %cf : tensor<8x8xf32> to tensor<*xf32>
  call @printMemrefF32(%cu) : (tensor<*xf32>) -> ()

  %x = arith.constant dense<[1.0, 1.0078125, 1.0, 0.0, 1.0]> : tensor<5xbf16>
  %y = arith.constant dense<[0.00390625, 0.00390625, 0.005859375, 0.0, 0.0]> : tensor<5xbf16>
  %w = arith.constant dense<[1.0, 1.0, 1.0, 0.0, 0.0]> : tensor<5xbf16>
  %r = call @sum_div(%x, %y, %w) : (tensor<5xbf16>, tensor<5xbf16>, tensor<5xbf16>) -> tensor<5xbf16>
  %er = tensor.empty() : tensor<5xf32>
  %rf = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%r : tensor<5xbf16>) outs(%er : tensor<5xf32>) {
  ^bb0(%v: bf16, %o: f32):
    %v32 = arith.extf %v : bf16 to f32
    linalg.yield %v32 : f32
  } -> tensor<5xf32>
  %ru = tensor.cast %rf : tensor<5xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(tensor<*xf32>)
