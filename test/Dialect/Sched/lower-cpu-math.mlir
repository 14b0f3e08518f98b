// RUN: ansor-opt %s --ansor-lower-cpu | FileCheck %s

// Math ops with no LLVM intrinsic (erf, cbrt, ...) become libm calls,
// vectors element by element; fpowi with a vector exponent (the vectorizer
// broadcasts a scalar one), which llvm.intr.powi cannot take, goes through
// powf; ipowi gets an outlined software implementation. Without these, the
// untuned lowering of a GELU (erf) did not compile, and a vectorized fpowi
// failed every candidate.

// CHECK-LABEL: llvm.func @math_functions
// CHECK-NOT:     math.
// CHECK-COUNT-8: llvm.call @erff(%{{.*}}) : (f32) -> f32
// CHECK-NOT:     llvm.call @erff
// CHECK:         llvm.intr.atan2(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK:         llvm.call @cbrtf(%{{.*}}) : (f32) -> f32
// CHECK:         llvm.sitofp %{{.*}} : vector<8xi32> to vector<8xf32>
// CHECK:         llvm.intr.pow(%{{.*}}, %{{.*}}) : (vector<8xf32>, vector<8xf32>) -> vector<8xf32>
// CHECK:         llvm.call @__mlir_math_ipowi_i32(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
// CHECK:         llvm.intr.exp(%{{.*}}) : (vector<8xf32>) -> vector<8xf32>
// CHECK-NOT:     math.
func.func @math_functions(%x: vector<8xf32>, %y: f32, %n: vector<8xi32>,
                          %i: i32) -> (vector<8xf32>, f32, vector<8xf32>, i32,
                                       vector<8xf32>) {
  %erf = math.erf %x : vector<8xf32>
  %atan = math.atan2 %y, %y : f32
  %cbrt = math.cbrt %atan : f32
  %pow = math.fpowi %x, %n : vector<8xf32>, vector<8xi32>
  %ipow = math.ipowi %i, %i : i32
  %exp = math.exp %x : vector<8xf32>
  return %erf, %cbrt, %pow, %ipow, %exp
      : vector<8xf32>, f32, vector<8xf32>, i32, vector<8xf32>
}
