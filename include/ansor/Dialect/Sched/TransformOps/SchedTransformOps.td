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

def DownscaleConvolution3DOp
    : Op<Transform_Dialect, "sched.downscale_3d_convolution",
         [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
          TransformOpInterface, TransformEachOpTrait,
          ReportTrackingListenerFailuresOpTrait]> {
  let summary = "Rewrite a 3-D convolution with a unit depth window as 2-D";
  let description = [{
    Replaces each 3-D convolution or pooling on tensors whose output depth
    and depth window are 1 (a register block tiled so) by its 2-D
    counterpart over rank-reduced slices of its operands, inserted back into
    its output:

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
    window or output depth (or the input depth it reads) is not 1 is a
    silenceable failure naming it.
  }];

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
