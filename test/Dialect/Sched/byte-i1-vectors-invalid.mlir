// RUN: ansor-opt %s --pass-pipeline='builtin.module(llvm.func(sched-byte-i1-vectors))' --split-input-file --verify-diagnostics

// Vectors of i1 kept in memory in ways the pass does not widen are
// refused, not left as packed bits that byte-wise code would misread.

llvm.func @expand(%p: !llvm.ptr, %m: vector<8xi1>, %v: vector<8xi1>) -> vector<8xi1> {
  // expected-error @+1 {{keeps a vector of i1 in memory, which sched-byte-i1-vectors does not widen to bytes}}
  %0 = "llvm.intr.masked.expandload"(%p, %m, %v) : (!llvm.ptr, vector<8xi1>, vector<8xi1>) -> vector<8xi1>
  llvm.return %0 : vector<8xi1>
}

// -----

llvm.func @spill(%v: vector<8xi1>) {
  %c1 = llvm.mlir.constant(1 : i64) : i64
  // expected-error @+1 {{keeps a vector of i1 in memory, which sched-byte-i1-vectors does not widen to bytes}}
  %a = llvm.alloca %c1 x vector<8xi1> : (i64) -> !llvm.ptr
  llvm.store %v, %a : vector<8xi1>, !llvm.ptr
  llvm.return
}

// -----

llvm.func @array(%p: !llvm.ptr) -> !llvm.array<2 x vector<8xi1>> {
  // expected-error @+1 {{keeps a vector of i1 in memory, which sched-byte-i1-vectors does not widen to bytes}}
  %0 = llvm.load %p : !llvm.ptr -> !llvm.array<2 x vector<8xi1>>
  llvm.return %0 : !llvm.array<2 x vector<8xi1>>
}
