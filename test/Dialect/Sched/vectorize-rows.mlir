// RUN: ansor-opt %s --split-input-file --sched-vectorize-rows | FileCheck %s

// What bufferizing a padded tile leaves: a fill of the tile with the
// padding value and a copy of its interior, both with short contiguous rows
// (64 channels) and dynamic outer dimensions. Each becomes a loop nest over
// the rows around one vector transfer per row.
// CHECK-LABEL: func.func @padded_tile
// CHECK-SAME: (%[[SRC:.*]]: memref<?x28x64xf32, strided<[3584, 64, 1], offset: ?>>, %[[H:.*]]: index)
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[BUF:.*]] = memref.alloc(%[[H]]) : memref<?x30x64xf32>
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[NINF]] : f32 to vector<64xf32>
// CHECK: scf.for %[[I:.*]] = %c0 to %[[H]] step %c1 {
// CHECK:   scf.for %[[J:.*]] = %c0 to %c30 step %c1 {
// CHECK:     vector.transfer_write %[[SPLAT]], %[[BUF]][%[[I]], %[[J]], %c0] {in_bounds = [true]} : vector<64xf32>, memref<?x30x64xf32>
// CHECK: %[[VIEW:.*]] = memref.subview %[[BUF]]
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   scf.for %[[J:.*]] = %{{.*}} to %c28 step
// CHECK:     %[[ROW:.*]] = vector.transfer_read %[[SRC]][%[[I]], %[[J]], %{{.*}}], %{{.*}} {in_bounds = [true]} : memref<?x28x64xf32, strided<[3584, 64, 1], offset: ?>>, vector<64xf32>
// CHECK:     vector.transfer_write %[[ROW]], %[[VIEW]][%[[I]], %[[J]], %{{.*}}] {in_bounds = [true]}
// CHECK-NOT: linalg.
func.func @padded_tile(%src: memref<?x28x64xf32, strided<[3584, 64, 1], offset: ?>>, %h: index) -> memref<?x30x64xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %buf = memref.alloc(%h) : memref<?x30x64xf32>
  linalg.map outs(%buf : memref<?x30x64xf32>)
    (%init: f32) {
      linalg.yield %ninf : f32
    }
  %c0 = arith.constant 0 : index
  %d = memref.dim %src, %c0 : memref<?x28x64xf32, strided<[3584, 64, 1], offset: ?>>
  %view = memref.subview %buf[0, 1, 0] [%d, 28, 64] [1, 1, 1]
      : memref<?x30x64xf32> to memref<?x28x64xf32, strided<[1920, 64, 1], offset: 64>>
  linalg.copy ins(%src : memref<?x28x64xf32, strided<[3584, 64, 1], offset: ?>>)
      outs(%view : memref<?x28x64xf32, strided<[1920, 64, 1], offset: 64>>)
  return %buf : memref<?x30x64xf32>
}

// -----

// A linalg.fill, and a map yielding a constant of its own body (taken out
// of it); a rank-1 buffer needs no loop.
// CHECK-LABEL: func.func @fills
// CHECK: vector.broadcast %{{.*}} : i32 to vector<16xi32>
// CHECK: scf.for
// CHECK: vector.transfer_write %{{.*}} : vector<16xi32>, memref<8x16xi32>
// CHECK: %[[C:.*]] = arith.constant 2.500000e+00 : f16
// CHECK: %[[V:.*]] = vector.broadcast %[[C]] : f16 to vector<32xf16>
// CHECK-NOT: scf.for
// CHECK: vector.transfer_write %[[V]], %{{.*}}[%c0{{.*}}] {in_bounds = [true]} : vector<32xf16>, memref<32xf16>
// CHECK-NOT: linalg.
func.func @fills(%a: memref<8x16xi32>, %b: memref<32xf16>, %v: i32) {
  linalg.fill ins(%v : i32) outs(%a : memref<8x16xi32>)
  linalg.map outs(%b : memref<32xf16>)
    (%init: f16) {
      %c = arith.constant 2.5 : f16
      linalg.yield %c : f16
    }
  return
}

// -----

// Left to LLVM: a dynamic row, a row that is not contiguous, a row longer
// than 256 elements, a bf16 row of 17 (LLVM 22's x86 backend aborts on bf16
// vectors of 8k + 1 lanes; one of 16 is rewritten), i1 elements (a vector
// of i1 is stored as bits), a copy from rows that are not contiguous, a map
// that computes its value, and a map with an input.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: vector.
// CHECK-COUNT-4: linalg.fill
// CHECK: linalg.map
// CHECK: linalg.copy
// CHECK: linalg.map
// CHECK: linalg.map
// CHECK-NOT: linalg.{{fill|copy|map}}
// CHECK: vector.transfer_write %{{.*}} : vector<16xbf16>, memref<4x16xbf16>
func.func @left_alone(%dyn: memref<4x?xf32>, %strided: memref<4x8xf32, strided<[16, 2]>>,
                      %long: memref<4x512xf32>, %bits: memref<4x8xi1>,
                      %src: memref<4x8xf32, strided<[1, 4]>>, %dst: memref<4x8xf32>,
                      %dst2: memref<4x8xf32>, %x: f32, %h: bf16,
                      %b17: memref<4x17xbf16>, %b16: memref<4x16xbf16>) {
  %t = arith.constant true
  linalg.fill ins(%x : f32) outs(%dyn : memref<4x?xf32>)
  linalg.fill ins(%x : f32) outs(%strided : memref<4x8xf32, strided<[16, 2]>>)
  linalg.fill ins(%x : f32) outs(%long : memref<4x512xf32>)
  linalg.fill ins(%h : bf16) outs(%b17 : memref<4x17xbf16>)
  linalg.map outs(%bits : memref<4x8xi1>)
    (%init: i1) {
      linalg.yield %t : i1
    }
  linalg.copy ins(%src : memref<4x8xf32, strided<[1, 4]>>) outs(%dst : memref<4x8xf32>)
  linalg.map outs(%dst : memref<4x8xf32>)
    (%init: f32) {
      %y = arith.addf %init, %x : f32
      linalg.yield %y : f32
    }
  linalg.map ins(%dst : memref<4x8xf32>) outs(%dst2 : memref<4x8xf32>)
    (%in: f32, %init: f32) {
      linalg.yield %x : f32
    }
  linalg.fill ins(%h : bf16) outs(%b16 : memref<4x16xbf16>)
  return
}
