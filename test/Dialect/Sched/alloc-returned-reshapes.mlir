// A buffer returned through a reshape is allocated in the returned shape, so
// that buffer-results-to-out-params writes it in place into the caller's
// buffer instead of copying it there (a func ending in a reshape copied its
// whole output per call; the pipeline's result: alloc-returned-reshapes-run.mlir).
// RUN: ansor-opt %s --split-input-file --sched-alloc-returned-reshapes | FileCheck %s

// CHECK-LABEL: func.func @expand
// CHECK:         %[[ALLOC:.+]] = memref.alloc() {alignment = 64 : i64} : memref<4x2x8xf32>
// CHECK:         %[[VIEW:.+]] = memref.collapse_shape %[[ALLOC]] {{\[\[}}0], [1, 2]] : memref<4x2x8xf32> into memref<4x16xf32>
// CHECK:         linalg.fill ins(%{{.+}} : f32) outs(%[[VIEW]] : memref<4x16xf32>)
// CHECK:         return %[[ALLOC]] : memref<4x2x8xf32>
func.func @expand() -> memref<4x2x8xf32> {
  %c = arith.constant 1.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
  linalg.fill ins(%c : f32) outs(%a : memref<4x16xf32>)
  %e = memref.expand_shape %a [[0], [1, 2]] output_shape [4, 2, 8] : memref<4x16xf32> into memref<4x2x8xf32>
  return %e : memref<4x2x8xf32>
}

// -----

// CHECK-LABEL: func.func @collapse
// CHECK:         %[[ALLOC:.+]] = memref.alloc() : memref<64xf32>
// CHECK:         %[[VIEW:.+]] = memref.expand_shape %[[ALLOC]] {{\[\[}}0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
// CHECK:         linalg.fill ins(%{{.+}} : f32) outs(%[[VIEW]] : memref<8x8xf32>)
// CHECK:         return %[[ALLOC]] : memref<64xf32>
func.func @collapse() -> memref<64xf32> {
  %c = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%c : f32) outs(%a : memref<8x8xf32>)
  %e = memref.collapse_shape %a [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  return %e : memref<64xf32>
}

// -----

// Left as they are: a reshaped argument, a reshape of a strided view, a
// dynamically shaped allocation, an allocation also returned as it is.
// CHECK-LABEL: func.func @argument
// CHECK:         %[[E:.+]] = memref.expand_shape %arg0
// CHECK:         return %[[E]]
func.func @argument(%arg0: memref<4x16xf32>) -> memref<4x2x8xf32> {
  %e = memref.expand_shape %arg0 [[0], [1, 2]] output_shape [4, 2, 8] : memref<4x16xf32> into memref<4x2x8xf32>
  return %e : memref<4x2x8xf32>
}

// -----

// CHECK-LABEL: func.func @strided
// CHECK:         memref.alloc() : memref<8x16xf32>
// CHECK:         memref.subview
// CHECK:         %[[E:.+]] = memref.expand_shape
// CHECK:         return %[[E]]
func.func @strided() -> memref<4x2x8xf32, strided<[16, 8, 1]>> {
  %a = memref.alloc() : memref<8x16xf32>
  %s = memref.subview %a[0, 0] [4, 16] [1, 1] : memref<8x16xf32> to memref<4x16xf32, strided<[16, 1]>>
  %e = memref.expand_shape %s [[0], [1, 2]] output_shape [4, 2, 8] : memref<4x16xf32, strided<[16, 1]>> into memref<4x2x8xf32, strided<[16, 8, 1]>>
  return %e : memref<4x2x8xf32, strided<[16, 8, 1]>>
}

// -----

// CHECK-LABEL: func.func @dynamic
// CHECK:         memref.alloc(%{{.+}}) : memref<?x16xf32>
// CHECK:         %[[E:.+]] = memref.expand_shape
// CHECK:         return %[[E]]
func.func @dynamic(%n: index) -> memref<?x2x8xf32> {
  %a = memref.alloc(%n) : memref<?x16xf32>
  %e = memref.expand_shape %a [[0], [1, 2]] output_shape [%n, 2, 8] : memref<?x16xf32> into memref<?x2x8xf32>
  return %e : memref<?x2x8xf32>
}

// -----

// CHECK-LABEL: func.func @also_returned
// CHECK:         %[[ALLOC:.+]] = memref.alloc() : memref<4x16xf32>
// CHECK:         %[[E:.+]] = memref.expand_shape %[[ALLOC]]
// CHECK:         return %[[ALLOC]], %[[E]]
func.func @also_returned() -> (memref<4x16xf32>, memref<4x2x8xf32>) {
  %a = memref.alloc() : memref<4x16xf32>
  %e = memref.expand_shape %a [[0], [1, 2]] output_shape [4, 2, 8] : memref<4x16xf32> into memref<4x2x8xf32>
  return %a, %e : memref<4x16xf32>, memref<4x2x8xf32>
}

// -----

// Two allocations reshaped into two results: each is allocated in its
// result's shape.
// CHECK-LABEL: func.func @two_results
// CHECK-DAG:     %[[A:.+]] = memref.alloc() : memref<4x2x8xf32>
// CHECK-DAG:     %[[B:.+]] = memref.alloc() : memref<64xf32>
// CHECK:         return %[[A]], %[[B]]
func.func @two_results() -> (memref<4x2x8xf32>, memref<64xf32>) {
  %a = memref.alloc() : memref<4x16xf32>
  %b = memref.alloc() : memref<8x8xf32>
  %e = memref.expand_shape %a [[0], [1, 2]] output_shape [4, 2, 8] : memref<4x16xf32> into memref<4x2x8xf32>
  %c = memref.collapse_shape %b [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  return %e, %c : memref<4x2x8xf32>, memref<64xf32>
}
