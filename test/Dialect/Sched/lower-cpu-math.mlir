// RUN: ansor-opt %s --ansor-lower-cpu | FileCheck %s
// RUN: ansor-opt %s --pass-pipeline="builtin.module(func.func(sched-approximate-math))" | FileCheck %s --check-prefix=APPROX

// f32 math functions that LLVM would lower to one libm call per element
// (exp, erf, tanh, ...) become upstream's polynomial approximations, plain
// vector arithmetic: a vectorized softmax spent its time in scalar expf
// calls. f64 ones without an LLVM intrinsic (erf, cbrt, ...) become libm
// calls, vectors element by element (without them, the untuned lowering of
// an f64 GELU did not compile). fpowi with a vector exponent (the vectorizer
// broadcasts a scalar one), which llvm.intr.powi cannot take, goes through
// powf; ipowi gets an outlined software implementation.

// APPROX-LABEL: func.func @math_functions
// APPROX-NOT:     math.erf
// APPROX-NOT:     math.exp
// APPROX-NOT:     math.tanh
// APPROX:         math.fma %{{.*}} : vector<8xf32>
// APPROX:         math.erf %{{.*}} : vector<4xf64>
// APPROX:         math.sqrt %{{.*}} : vector<8xf32>

// CHECK-LABEL: llvm.func @math_functions
// CHECK-NOT:     math.
// CHECK-NOT:     @erff
// CHECK-NOT:     @expf
// CHECK-NOT:     @tanhf
// CHECK-COUNT-4: llvm.call @erf(%{{.*}}) : (f64) -> f64
// CHECK-NOT:     llvm.call @erf
// CHECK:         llvm.call @cbrt(%{{.*}}) : (f64) -> f64
// CHECK:         llvm.sitofp %{{.*}} : vector<8xi32> to vector<8xf32>
// CHECK:         llvm.intr.pow(%{{.*}}, %{{.*}}) : (vector<8xf32>, vector<8xf32>) -> vector<8xf32>
// CHECK:         llvm.call @__mlir_math_ipowi_i32(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
// CHECK:         llvm.intr.sqrt(%{{.*}}) : (vector<8xf32>) -> vector<8xf32>
// CHECK-NOT:     math.
func.func @math_functions(%x: vector<8xf32>, %d: vector<4xf64>, %y: f64,
                          %n: vector<8xi32>, %i: i32)
    -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<4xf64>, f64,
        vector<8xf32>, i32, vector<8xf32>) {
  %erf = math.erf %x : vector<8xf32>
  %exp = math.exp %x : vector<8xf32>
  %tanh = math.tanh %x : vector<8xf32>
  %erf64 = math.erf %d : vector<4xf64>
  %cbrt = math.cbrt %y : f64
  %pow = math.fpowi %x, %n : vector<8xf32>, vector<8xi32>
  %ipow = math.ipowi %i, %i : i32
  %sqrt = math.sqrt %x : vector<8xf32>
  return %erf, %exp, %tanh, %erf64, %cbrt, %pow, %ipow, %sqrt
      : vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<4xf64>, f64,
        vector<8xf32>, i32, vector<8xf32>
}

// Functions of bf16 and f16 are computed in f32, each result rounded back:
// the casts carry no fast-math flags, which would let a fold cancel the
// truncation between the two square roots. Lowered, the bf16 roundings are
// integer ops, none an fptrunc that LLVM would make a call per element.
// APPROX-LABEL: func.func @narrow_functions
// APPROX:         %[[E:.*]] = arith.extf %{{.*}} : vector<8xbf16> to vector<8xf32>
// APPROX-NEXT:    %[[S:.*]] = math.sqrt %[[E]] : vector<8xf32>
// APPROX-NEXT:    %[[T:.*]] = arith.truncf %[[S]] : vector<8xf32> to vector<8xbf16>
// APPROX-NEXT:    %[[E2:.*]] = arith.extf %[[T]] : vector<8xbf16> to vector<8xf32>
// APPROX-NEXT:    math.sqrt %[[E2]] : vector<8xf32>
// APPROX:         arith.extf %{{.*}} : vector<8xf16> to vector<8xf32>
// APPROX-NOT:     math.exp
// APPROX:         return
// CHECK-LABEL: llvm.func @narrow_functions
// CHECK-NOT:     llvm.fptrunc {{.*}} to vector<8xbf16>
// CHECK:         llvm.intr.sqrt(%{{.*}}) : (vector<8xf32>) -> vector<8xf32>
// CHECK-NOT:     llvm.fptrunc {{.*}} to vector<8xbf16>
// CHECK:         llvm.intr.sqrt(%{{.*}}) : (vector<8xf32>) -> vector<8xf32>
// CHECK-NOT:     llvm.fptrunc {{.*}} to vector<8xbf16>
// CHECK:         llvm.return
func.func @narrow_functions(%x: vector<8xbf16>, %h: vector<8xf16>) -> (vector<8xbf16>, vector<8xf16>) {
  %s = math.sqrt %x : vector<8xbf16>
  %s2 = math.sqrt %s : vector<8xbf16>
  %e = math.exp %h : vector<8xf16>
  return %s2, %e : vector<8xbf16>, vector<8xf16>
}
