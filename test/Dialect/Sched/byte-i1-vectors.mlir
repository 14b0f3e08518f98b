// RUN: ansor-opt %s --pass-pipeline='builtin.module(llvm.func(sched-byte-i1-vectors))' | FileCheck %s

// Every vector of i1 that goes to or comes from memory is a vector of bytes
// there: truncated after loads, zero-extended before stores, pass-through
// values zero-extended; a plain access without an alignment gets 1, an
// explicit one stays. Masks, scalar i1 and other element types are left
// alone.

// CHECK-LABEL: llvm.func @accesses
// CHECK-SAME:    (%[[P:.*]]: !llvm.ptr, %[[M:.*]]: vector<8xi1>, %[[V:.*]]: vector<8xi1>, %[[PS:.*]]: vector<8x!llvm.ptr>)
// CHECK:         %[[L:.*]] = llvm.load %[[P]] {alignment = 1 : i64} : !llvm.ptr -> vector<8xi8>
// CHECK:         %[[LB:.*]] = llvm.trunc %[[L]] : vector<8xi8> to vector<8xi1>
// CHECK:         %[[PT:.*]] = llvm.zext %[[V]] : vector<8xi1> to vector<8xi8>
// CHECK:         %[[ML:.*]] = llvm.intr.masked.load %[[P]], %[[M]], %[[PT]] {alignment = 1 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xi8>) -> vector<8xi8>
// CHECK:         %[[MLB:.*]] = llvm.trunc %[[ML]] : vector<8xi8> to vector<8xi1>
// CHECK:         %[[MS:.*]] = llvm.zext %[[MLB]] : vector<8xi1> to vector<8xi8>
// CHECK:         llvm.intr.masked.store %[[MS]], %[[P]], %[[M]] {alignment = 1 : i32} : vector<8xi8>, vector<8xi1> into !llvm.ptr
// CHECK:         %[[S:.*]] = llvm.zext %[[LB]] : vector<8xi1> to vector<8xi8>
// CHECK:         llvm.store %[[S]], %[[P]] {alignment = 1 : i64} : vector<8xi8>, !llvm.ptr
// CHECK:         %[[GT:.*]] = llvm.zext %[[V]] : vector<8xi1> to vector<8xi8>
// CHECK:         %[[G:.*]] = llvm.intr.masked.gather %[[PS]], %[[M]], %[[GT]] {alignment = 1 : i32} : (vector<8x!llvm.ptr>, vector<8xi1>, vector<8xi8>) -> vector<8xi8>
// CHECK:         %[[GB:.*]] = llvm.trunc %[[G]] : vector<8xi8> to vector<8xi1>
// CHECK:         %[[SC:.*]] = llvm.zext %[[GB]] : vector<8xi1> to vector<8xi8>
// CHECK:         llvm.intr.masked.scatter %[[SC]], %[[PS]], %[[M]] {alignment = 1 : i32} : vector<8xi8>, vector<8xi1> into vector<8x!llvm.ptr>
// CHECK:         llvm.load %[[P]] : !llvm.ptr -> i1
// CHECK:         llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> vector<8xf32>
// CHECK:         %[[AND:.*]] = llvm.and %[[LB]], %[[GB]] : vector<8xi1>
// CHECK:         llvm.return %[[AND]] : vector<8xi1>
llvm.func @accesses(%p: !llvm.ptr, %m: vector<8xi1>, %v: vector<8xi1>, %ps: vector<8x!llvm.ptr>) -> vector<8xi1> {
  %0 = llvm.load %p {alignment = 1 : i64} : !llvm.ptr -> vector<8xi1>
  %1 = llvm.intr.masked.load %p, %m, %v {alignment = 1 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xi1>) -> vector<8xi1>
  llvm.intr.masked.store %1, %p, %m {alignment = 1 : i32} : vector<8xi1>, vector<8xi1> into !llvm.ptr
  llvm.store %0, %p : vector<8xi1>, !llvm.ptr
  %2 = llvm.intr.masked.gather %ps, %m, %v {alignment = 1 : i32} : (vector<8x!llvm.ptr>, vector<8xi1>, vector<8xi1>) -> vector<8xi1>
  llvm.intr.masked.scatter %2, %ps, %m {alignment = 1 : i32} : vector<8xi1>, vector<8xi1> into vector<8x!llvm.ptr>
  %3 = llvm.load %p : !llvm.ptr -> i1
  %4 = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> vector<8xf32>
  %5 = llvm.and %0, %2 : vector<8xi1>
  llvm.return %5 : vector<8xi1>
}

// A masked load without a pass-through value is handled the same way, an
// explicit alignment of 4 stays, and an i8 vector is not touched.
// CHECK-LABEL: llvm.func @no_pass_through
// CHECK:         %[[ML:.*]] = llvm.intr.masked.load %{{.*}}, %{{.*}} {alignment = 2 : i32} : (!llvm.ptr, vector<16xi1>) -> vector<16xi8>
// CHECK:         llvm.trunc %[[ML]] : vector<16xi8> to vector<16xi1>
// CHECK:         %[[A:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<16xi8>
// CHECK:         llvm.trunc %[[A]] : vector<16xi8> to vector<16xi1>
// CHECK:         llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<16xi8>
// CHECK-NOT:     llvm.trunc
llvm.func @no_pass_through(%p: !llvm.ptr, %m: vector<16xi1>) -> vector<16xi1> {
  %0 = llvm.intr.masked.load %p, %m {alignment = 2 : i32} : (!llvm.ptr, vector<16xi1>) -> vector<16xi1>
  %1 = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> vector<16xi1>
  %2 = llvm.load %p {alignment = 16 : i64} : !llvm.ptr -> vector<16xi8>
  %3 = llvm.and %0, %1 : vector<16xi1>
  llvm.return %3 : vector<16xi1>
}
