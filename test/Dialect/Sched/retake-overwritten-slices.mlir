// RUN: ansor-opt %s --sched-retake-overwritten-slices --split-input-file | FileCheck %s
// RUN: ansor-opt %s --sched-retake-overwritten-slices --split-input-file \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries" --cse --canonicalize | FileCheck %s --check-prefix=BUF

// Two register blocks of a tile, each slice taken from the tile as it was
// and put back into it as it is: the second block's slice is taken from the
// tile its insert goes into (and its write moves after the first insert),
// and bufferization writes both blocks in place.
// CHECK-LABEL: func.func @blocks
// CHECK-SAME: (%[[T:.*]]: tensor<1x8x16xf32>, %[[V:.*]]: vector<4x16xf32>, %[[W:.*]]: vector<4x16xf32>)
// CHECK: %[[A:.*]] = tensor.extract_slice %[[T]][0, 0, 0]
// CHECK: %[[WA:.*]] = vector.transfer_write %[[V]], %[[A]]
// CHECK: %[[IA:.*]] = tensor.insert_slice %[[WA]] into %[[T]][0, 0, 0]
// CHECK: %[[B:.*]] = tensor.extract_slice %[[IA]][0, 4, 0] [1, 4, 16] [1, 1, 1]
// CHECK: %[[WB:.*]] = vector.transfer_write %[[W]], %[[B]]
// CHECK: tensor.insert_slice %[[WB]] into %[[IA]][0, 4, 0]
// BUF-LABEL: func.func @blocks
// BUF-NOT: memref.alloc
// BUF-NOT: memref.copy
// BUF: return
func.func @blocks(%t: tensor<1x8x16xf32>, %v: vector<4x16xf32>, %w: vector<4x16xf32>)
    -> tensor<1x8x16xf32> {
  %c0 = arith.constant 0 : index
  %a = tensor.extract_slice %t[0, 0, 0] [1, 4, 16] [1, 1, 1] : tensor<1x8x16xf32> to tensor<4x16xf32>
  %b = tensor.extract_slice %t[0, 4, 0] [1, 4, 16] [1, 1, 1] : tensor<1x8x16xf32> to tensor<4x16xf32>
  %wa = vector.transfer_write %v, %a[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, tensor<4x16xf32>
  %wb = vector.transfer_write %w, %b[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, tensor<4x16xf32>
  %ia = tensor.insert_slice %wa into %t[0, 0, 0] [1, 4, 16] [1, 1, 1] : tensor<4x16xf32> into tensor<1x8x16xf32>
  %ib = tensor.insert_slice %wb into %ia[0, 4, 0] [1, 4, 16] [1, 1, 1] : tensor<4x16xf32> into tensor<1x8x16xf32>
  return %ib : tensor<1x8x16xf32>
}

// -----

// A write of part of the slice (a partial block's masked write) is retaken
// too when only disjoint slices went into the tile since: the rest of the
// slice is what the tile held either way.
// CHECK-LABEL: func.func @partial
// CHECK: %[[IA:.*]] = tensor.insert_slice %{{.*}} into %arg0[0, 0, 0]
// CHECK: %[[B:.*]] = tensor.extract_slice %[[IA]][0, 4, 0]
// CHECK: vector.transfer_write %{{.*}}, %[[B]]
func.func @partial(%t: tensor<1x8x16xf32>, %v: vector<4x16xf32>, %w: vector<2x16xf32>)
    -> tensor<1x8x16xf32> {
  %c0 = arith.constant 0 : index
  %a = tensor.extract_slice %t[0, 0, 0] [1, 4, 16] [1, 1, 1] : tensor<1x8x16xf32> to tensor<4x16xf32>
  %b = tensor.extract_slice %t[0, 4, 0] [1, 4, 16] [1, 1, 1] : tensor<1x8x16xf32> to tensor<4x16xf32>
  %wa = vector.transfer_write %v, %a[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, tensor<4x16xf32>
  %wb = vector.transfer_write %w, %b[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xf32>, tensor<4x16xf32>
  %ia = tensor.insert_slice %wa into %t[0, 0, 0] [1, 4, 16] [1, 1, 1] : tensor<4x16xf32> into tensor<1x8x16xf32>
  %ib = tensor.insert_slice %wb into %ia[0, 4, 0] [1, 4, 16] [1, 1, 1] : tensor<4x16xf32> into tensor<1x8x16xf32>
  return %ib : tensor<1x8x16xf32>
}

// -----

// A partial write keeps the slice it had when an overlapping slice went into
// the tile since: the rest of the slice must be what the tile held before.
// CHECK-LABEL: func.func @partial_overlapped
// CHECK: %[[B:.*]] = tensor.extract_slice %arg0[0, 4, 0]
// CHECK: vector.transfer_write %{{.*}}, %[[B]]
func.func @partial_overlapped(%t: tensor<1x8x16xf32>, %v: vector<4x16xf32>, %w: vector<2x16xf32>)
    -> tensor<1x8x16xf32> {
  %c0 = arith.constant 0 : index
  %a = tensor.extract_slice %t[0, 2, 0] [1, 4, 16] [1, 1, 1] : tensor<1x8x16xf32> to tensor<4x16xf32>
  %b = tensor.extract_slice %t[0, 4, 0] [1, 4, 16] [1, 1, 1] : tensor<1x8x16xf32> to tensor<4x16xf32>
  %wa = vector.transfer_write %v, %a[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, tensor<4x16xf32>
  %wb = vector.transfer_write %w, %b[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xf32>, tensor<4x16xf32>
  %ia = tensor.insert_slice %wa into %t[0, 2, 0] [1, 4, 16] [1, 1, 1] : tensor<4x16xf32> into tensor<1x8x16xf32>
  %ib = tensor.insert_slice %wb into %ia[0, 4, 0] [1, 4, 16] [1, 1, 1] : tensor<4x16xf32> into tensor<1x8x16xf32>
  return %ib : tensor<1x8x16xf32>
}
