// RUN: ansor-opt %s --split-input-file --sched-fold-constant-transposes | FileCheck %s

// A transpose of a dense constant is that constant, transposed.
// CHECK-LABEL: func.func @transpose_2d
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<{{\[\[}}0.000000e+00, 3.000000e+00], [1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00]]> : tensor<3x2xf32>
// CHECK-NEXT:    return %[[C]]
func.func @transpose_2d() -> tensor<3x2xf32> {
  %c = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%c : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]
  return %t : tensor<3x2xf32>
}

// -----

// A packed weight as the materializer leaves it (lower_pack of B[K][N] into
// panels [N/4][K][4]), seen through its reshape.
// CHECK-LABEL: func.func @panels_i8
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<{{\[\[\[}}0, 1, 2, 3], [8, 9, 10, 11]], {{\[\[}}4, 5, 6, 7], [12, 13, 14, 15]]]> : tensor<2x2x4xi8>
// CHECK-NEXT:    return %[[C]]
func.func @panels_i8() -> tensor<2x2x4xi8> {
  %c = arith.constant dense<[[0, 1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14, 15]]> : tensor<2x8xi8>
  %x = tensor.expand_shape %c [[0], [1, 2]] output_shape [2, 2, 4] : tensor<2x8xi8> into tensor<2x2x4xi8>
  %e = tensor.empty() : tensor<2x2x4xi8>
  %t = linalg.transpose ins(%x : tensor<2x2x4xi8>) outs(%e : tensor<2x2x4xi8>) permutation = [1, 0, 2]
  return %t : tensor<2x2x4xi8>
}

// -----

// A permutation that is not its own inverse: out[c][a][b] = in[a][b][c].
// CHECK-LABEL: func.func @rotate_3d
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<{{\[\[\[}}0, 4, 8], [12, 16, 20]], {{\[\[}}1, 5, 9], [13, 17, 21]], {{\[\[}}2, 6, 10], [14, 18, 22]], {{\[\[}}3, 7, 11], [15, 19, 23]]]> : tensor<4x2x3xi32>
// CHECK-NEXT:    return %[[C]]
func.func @rotate_3d() -> tensor<4x2x3xi32> {
  %c = arith.constant dense<[[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]], [[12, 13, 14, 15], [16, 17, 18, 19], [20, 21, 22, 23]]]> : tensor<2x3x4xi32>
  %e = tensor.empty() : tensor<4x2x3xi32>
  %t = linalg.transpose ins(%c : tensor<2x3x4xi32>) outs(%e : tensor<4x2x3xi32>) permutation = [2, 0, 1]
  return %t : tensor<4x2x3xi32>
}

// -----

// A weight in a dense_resource blob (as torch-mlir writes them).
// CHECK-LABEL: func.func @resource_i16
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<{{\[\[}}1, 4], [2, 5], [3, 6]]> : tensor<3x2xi16>
// CHECK-NEXT:    return %[[C]]
func.func @resource_i16() -> tensor<3x2xi16> {
  %c = arith.constant dense_resource<w16> : tensor<2x3xi16>
  %e = tensor.empty() : tensor<3x2xi16>
  %t = linalg.transpose ins(%c : tensor<2x3xi16>) outs(%e : tensor<3x2xi16>) permutation = [1, 0]
  return %t : tensor<3x2xi16>
}

{-#
  dialect_resources: {
    builtin: {
      w16: "0x02000000010002000300040005000600"
    }
  }
#-}

// -----

// A blob seen through the reshape lower_pack adds (canonicalization folds
// only a dense constant's).
// CHECK-LABEL: func.func @resource_reshaped
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<{{\[\[}}1, 4], [2, 5], [3, 6]]> : tensor<3x2xi16>
// CHECK-NEXT:    return %[[C]]
func.func @resource_reshaped() -> tensor<3x2xi16> {
  %c = arith.constant dense_resource<flat16> : tensor<6xi16>
  %x = tensor.expand_shape %c [[0, 1]] output_shape [2, 3] : tensor<6xi16> into tensor<2x3xi16>
  %e = tensor.empty() : tensor<3x2xi16>
  %t = linalg.transpose ins(%x : tensor<2x3xi16>) outs(%e : tensor<3x2xi16>) permutation = [1, 0]
  return %t : tensor<3x2xi16>
}

{-#
  dialect_resources: {
    builtin: {
      flat16: "0x02000000010002000300040005000600"
    }
  }
#-}

// -----

// Left alone: an argument, a splat (canonicalization's), bits (i1), and a
// resource whose blob is missing.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-4: linalg.transpose
func.func @kept(%a: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xi1>, tensor<3x2xf32>) {
  %e = tensor.empty() : tensor<3x2xf32>
  %t0 = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]
  %s = arith.constant dense<1.0> : tensor<2x3xf32>
  %t1 = linalg.transpose ins(%s : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]
  %b = arith.constant dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>
  %eb = tensor.empty() : tensor<3x2xi1>
  %t2 = linalg.transpose ins(%b : tensor<2x3xi1>) outs(%eb : tensor<3x2xi1>) permutation = [1, 0]
  %r = arith.constant dense_resource<missing> : tensor<2x3xf32>
  %t3 = linalg.transpose ins(%r : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]
  return %t0, %t1, %t2, %t3 : tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xi1>, tensor<3x2xf32>
}
