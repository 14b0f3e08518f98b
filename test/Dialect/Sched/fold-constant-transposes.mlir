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
