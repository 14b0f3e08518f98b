//===- SchedTransformOps.td - ansor's Transform ops --------*- tablegen -*-===//
//
// Transform dialect ops that the schedules' scripts use where upstream has
// none.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_DIALECT_SCHED_TRANSFORMOPS_SCHEDTRANSFORMOPS_TD
#define ANSOR_DIALECT_SCHED_TRANSFORMOPS_SCHEDTRANSFORMOPS_TD

include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Dialect/Transform/IR/TransformTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

def Downscale3DConvolutionOp
    : Op<Transform_Dialect, "sched.downscale_3d_convolution",
         [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
          TransformOpInterface, TransformEachOpTrait,
          ReportTrackingListenerFailuresOpTrait]> {
  let summary = "Rewrite a 3-D convolution with a unit depth window as 2-D";
  let description = [{
    Replaces each 3-D convolution or pooling on tensors whose output depth
    and depth window are 1 (a register block tiled so) by its 2-D
    counterpart over rank-reduced slices of its operands, inserted back into
    its output. Only input depth 0 is read then, whatever the input's depth
    (a depth stride at least the input's depth leaves more than one):

    ```mlir
    %c = linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<1> : tensor<3xi64>, strides = dense<[2, 1, 1]> : tensor<3xi64>}
        ins(%in, %f : tensor<1x2x3x18x32xf32>, tensor<1x3x3x32xf32>)
        outs(%out : tensor<1x1x1x16x32xf32>) -> tensor<1x1x1x16x32xf32>
    // becomes
    %in2 = tensor.extract_slice %in[0, 0, 0, 0, 0] [1, 1, 3, 18, 32] [1, 1, 1, 1, 1]
        : tensor<1x2x3x18x32xf32> to tensor<1x3x18x32xf32>
    %f2 = tensor.extract_slice %f[0, 0, 0, 0] [1, 3, 3, 32] [1, 1, 1, 1]
        : tensor<1x3x3x32xf32> to tensor<3x3x32xf32>
    %out2 = tensor.extract_slice %out[0, 0, 0, 0, 0] [1, 1, 1, 16, 32] [1, 1, 1, 1, 1]
        : tensor<1x1x1x16x32xf32> to tensor<1x1x16x32xf32>
    %c2 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
        ins(%in2, %f2 : tensor<1x3x18x32xf32>, tensor<3x3x32xf32>)
        outs(%out2 : tensor<1x1x16x32xf32>) -> tensor<1x1x16x32xf32>
    %c = tensor.insert_slice %c2 into %out[0, 0, 0, 0, 0] [1, 1, 1, 16, 32] [1, 1, 1, 1, 1]
        : tensor<1x1x16x32xf32> into tensor<1x1x1x16x32xf32>
    ```

    The ops and their 2-D counterparts:

    | 3-D op | 2-D op |
    |---|---|
    | `linalg.conv_3d_ndhwc_dhwcf` | `linalg.conv_2d_nhwc_hwcf` |
    | `linalg.conv_3d_ncdhw_fcdhw` | `linalg.conv_2d_nchw_fchw` |
    | `linalg.conv_3d` | `linalg.conv_2d` |
    | `linalg.depthwise_conv_3d_ndhwc_dhwc` | `linalg.depthwise_conv_2d_nhwc_hwc` |
    | `linalg.pooling_ndhwc_sum`, `_max`, `_min` | `linalg.pooling_nhwc_sum`, `_max`, `_min` |

    Strides and dilations keep their height and width entries. Upstream's
    `transform.structured.decompose` then reduces the 2-D op to the 1-D
    convolution that the linalg vectorizer builds; it decomposes 2-D ops
    only.

    #### Return modes

    Succeeds when every target is rewritten; the result holds the 2-D ops.
    A target that is not such a 3-D op, is on buffers, or whose depth
    window or output depth is not 1 is a silenceable failure that says
    which.
  }];
  let cppNamespace = "::mlir::sched";

  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$transformed);
  let assemblyFormat =
      "$target attr-dict `:` functional-type(operands, results)";

  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::linalg::LinalgOp target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

#endif // ANSOR_DIALECT_SCHED_TRANSFORMOPS_SCHEDTRANSFORMOPS_TD
