// RUN: ansor-opt %s --split-input-file --pass-pipeline='builtin.module(llvm.func(sched-bf16-as-i16))' | FileCheck %s

// bf16 values that are only loaded, carried through a loop, selected and
// stored hold their bits as i16: LLVM would promote the loop-carried vector
// to f32 and round it back element by element. Constants keep their bits
// (0x3F80 is 1.0); the bitcasts to and from i16 disappear.
// CHECK-LABEL: llvm.func @carried
// CHECK-NOT:     bf16
// CHECK:         llvm.mlir.constant(dense<16256> : vector<8xi16>) : vector<8xi16>
// CHECK:         llvm.load %{{.*}} : !llvm.ptr -> vector<8xi16>
// CHECK:         llvm.br ^bb1(%{{.*}} : vector<8xi16>)
// CHECK:       ^bb1(%[[ACC:.*]]: vector<8xi16>):
// CHECK:         llvm.add %[[ACC]], %{{.*}} : vector<8xi16>
// CHECK:         llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, vector<8xi16>
// CHECK:         llvm.getelementptr %{{.*}}[1] : (!llvm.ptr) -> !llvm.ptr, i16
// CHECK:         llvm.store %{{.*}}, %{{.*}} : vector<8xi16>, !llvm.ptr
llvm.func @carried(%p: !llvm.ptr, %c: i1) {
  %one = llvm.mlir.constant(dense<1.0> : vector<8xbf16>) : vector<8xbf16>
  %v = llvm.load %p : !llvm.ptr -> vector<8xbf16>
  llvm.br ^loop(%v : vector<8xbf16>)
^loop(%acc: vector<8xbf16>):
  %bits = llvm.bitcast %acc : vector<8xbf16> to vector<8xi16>
  %sum = llvm.add %bits, %bits : vector<8xi16>
  %next = llvm.bitcast %sum : vector<8xi16> to vector<8xbf16>
  llvm.cond_br %c, ^loop(%next : vector<8xbf16>), ^exit
^exit:
  %s = llvm.select %c, %next, %one : i1, vector<8xbf16>
  %q = llvm.getelementptr %p[1] : (!llvm.ptr) -> !llvm.ptr, bf16
  llvm.store %s, %q : vector<8xbf16>, !llvm.ptr
  llvm.return
}

// -----

// A function that computes on bf16 is left as it is.
// CHECK-LABEL: llvm.func @computes
// CHECK:         llvm.load %{{.*}} : !llvm.ptr -> vector<8xbf16>
// CHECK:         llvm.fpext %{{.*}} : vector<8xbf16> to vector<8xf32>
llvm.func @computes(%p: !llvm.ptr) -> vector<8xf32> {
  %v = llvm.load %p : !llvm.ptr -> vector<8xbf16>
  %w = llvm.fpext %v : vector<8xbf16> to vector<8xf32>
  llvm.return %w : vector<8xf32>
}

// -----

// So is one with a bf16 argument: the calling convention passes it in a
// vector register, an i16 in a general one.
// CHECK-LABEL: llvm.func @argument
// CHECK-SAME:    (%{{.*}}: bf16, %{{.*}}: !llvm.ptr)
// CHECK:         llvm.store %{{.*}}, %{{.*}} : bf16, !llvm.ptr
llvm.func @argument(%x: bf16, %p: !llvm.ptr) {
  llvm.store %x, %p : bf16, !llvm.ptr
  llvm.return
}

// -----

// So is one that computes the size of a struct holding bf16, which has no
// i16 counterpart here.
// CHECK-LABEL: llvm.func @record
// CHECK:         llvm.getelementptr %{{.*}}[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(bf16, bf16)>
// CHECK:         llvm.load %{{.*}} : !llvm.ptr -> vector<8xbf16>
llvm.func @record(%p: !llvm.ptr) -> !llvm.ptr {
  %q = llvm.getelementptr %p[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(bf16, bf16)>
  %v = llvm.load %p : !llvm.ptr -> vector<8xbf16>
  llvm.store %v, %q : vector<8xbf16>, !llvm.ptr
  llvm.return %q : !llvm.ptr
}
