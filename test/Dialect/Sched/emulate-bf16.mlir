// RUN: ansor-opt %s --split-input-file --sched-emulate-bf16 | FileCheck %s

// bf16 arithmetic computes in f32; its result is rounded back with integer
// ops (round to nearest even, NaNs kept quiet), and bf16 values are widened
// by a shift: no extf or truncf of bf16 is left for LLVM.
// CHECK-LABEL: func.func @fma
// CHECK-NOT:     arith.extf
// CHECK:         arith.shli {{.*}} : vector<8xi32>
// CHECK:         vector.fma {{.*}} : vector<8xf32>
// CHECK:         arith.shrui {{.*}} : vector<8xi32>
// CHECK:         arith.trunci {{.*}} : vector<8xi32> to vector<8xi16>
// CHECK:         arith.bitcast {{.*}} : vector<8xi16> to vector<8xbf16>
// CHECK-NOT:     arith.truncf
// CHECK:         return
func.func @fma(%a: vector<8xbf16>, %b: vector<8xbf16>, %c: vector<8xbf16>) -> vector<8xbf16> {
  %r = vector.fma %a, %b, %c : vector<8xbf16>
  return %r : vector<8xbf16>
}

// -----

// Every operation rounds: an add followed by a multiply rounds twice.
// CHECK-LABEL: func.func @scalar
// CHECK:         arith.addf {{.*}} : f32
// CHECK:         arith.trunci {{.*}} : i32 to i16
// CHECK:         arith.mulf {{.*}} : f32
// CHECK:         arith.trunci {{.*}} : i32 to i16
// CHECK:         arith.cmpf ogt, {{.*}} : f32
func.func @scalar(%a: bf16, %b: bf16) -> (bf16, i1) {
  %s = arith.addf %a, %b : bf16
  %m = arith.mulf %s, %a : bf16
  %c = arith.cmpf ogt, %m, %b : bf16
  return %m, %c : bf16, i1
}

// -----

// A masked op stays as it is: the mask holds exactly one op.
// CHECK-LABEL: func.func @masked
// CHECK:         vector.mask %{{.*}} { vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<4x8xbf16> to vector<4xbf16> }
func.func @masked(%v: vector<4x8xbf16>, %acc: vector<4xbf16>, %m: vector<4x8xi1>) -> vector<4xbf16> {
  %r = vector.mask %m { vector.multi_reduction <add>, %v, %acc [1] : vector<4x8xbf16> to vector<4xbf16> } : vector<4x8xi1> -> vector<4xbf16>
  return %r : vector<4xbf16>
}

// -----

// Other types are left alone.
// CHECK-LABEL: func.func @others
// CHECK-NEXT:    arith.addf %{{.*}}, %{{.*}} : vector<8xf16>
// CHECK-NEXT:    arith.addf %{{.*}}, %{{.*}} : vector<8xf32>
func.func @others(%a: vector<8xf16>, %b: vector<8xf32>) -> (vector<8xf16>, vector<8xf32>) {
  %x = arith.addf %a, %a : vector<8xf16>
  %y = arith.addf %b, %b : vector<8xf32>
  return %x, %y : vector<8xf16>, vector<8xf32>
}

// -----

// A truncation from f64 stays whole: through f32 it would round twice.
// CHECK-LABEL: func.func @from_f64
// CHECK-NEXT:    arith.truncf %{{.*}} : f64 to bf16
// CHECK-NEXT:    return
func.func @from_f64(%x: f64) -> bf16 {
  %t = arith.truncf %x : f64 to bf16
  return %t : bf16
}
