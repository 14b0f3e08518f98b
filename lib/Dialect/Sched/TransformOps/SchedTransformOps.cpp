//===- SchedTransformOps.cpp - ansor's Transform ops ----------------------===//

#include "ansor/Dialect/Sched/TransformOps/SchedTransformOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace {

/// Where the depth dimension sits in each operand of a 3-D op.
struct DepthDims {
  unsigned input, filter, output;
};

/// The 3-D op's strides or dilations without their depth entry.
DenseIntElementsAttr dropDepth(RewriterBase &rewriter,
                               DenseIntElementsAttr attr) {
  SmallVector<int64_t> values(attr.getValues<int64_t>());
  values.erase(values.begin());
  return rewriter.getI64VectorAttr(values);
}

/// Rewrites `op` as a `Conv2D` over its operands with the depth dimension
/// sliced away, where that dimension is 1 in every operand; mirrors
/// upstream's DownscaleSizeOneWindowed2DConvolution one rank up.
template <typename Conv2D, typename Conv3D>
FailureOr<linalg::LinalgOp> downscale(RewriterBase &rewriter, Conv3D op,
                                      DepthDims dims) {
  if (!op.hasPureTensorSemantics())
    return failure();
  Value input = op.getInputs().front(), filter = op.getInputs().back(),
        output = op.getOutputs().front();
  auto inputType = cast<RankedTensorType>(input.getType());
  auto filterType = cast<RankedTensorType>(filter.getType());
  auto outputType = cast<RankedTensorType>(output.getType());
  if (inputType.getDimSize(dims.input) != 1 ||
      filterType.getDimSize(dims.filter) != 1 ||
      outputType.getDimSize(dims.output) != 1)
    return failure();
  using Builder = RankedTensorType::Builder;
  RankedTensorType input2D = Builder(inputType).dropDim(dims.input);
  RankedTensorType filter2D = Builder(filterType).dropDim(dims.filter);
  RankedTensorType output2D = Builder(outputType).dropDim(dims.output);
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Value, 2> inputs = {
      tensor::createCanonicalRankReducingExtractSliceOp(rewriter, loc, input,
                                                        input2D),
      tensor::createCanonicalRankReducingExtractSliceOp(rewriter, loc, filter,
                                                        filter2D)};
  Value init = tensor::createCanonicalRankReducingExtractSliceOp(
      rewriter, loc, output, output2D);
  Conv2D conv;
  if constexpr (std::is_same_v<Conv3D, linalg::Conv3DOp>)
    conv = Conv2D::create(rewriter, loc, output2D, inputs, init);
  else
    conv = Conv2D::create(rewriter, loc, output2D, inputs, init,
                          dropDepth(rewriter, op.getStrides()),
                          dropDepth(rewriter, op.getDilations()));
  rewriter.replaceOp(op, tensor::createCanonicalRankReducingInsertSliceOp(
                             rewriter, loc, conv->getResult(0), output));
  return cast<linalg::LinalgOp>(conv.getOperation());
}

FailureOr<linalg::LinalgOp> downscale3D(RewriterBase &rewriter,
                                        linalg::LinalgOp target) {
  using namespace linalg;
  using Result = FailureOr<LinalgOp>;
  return TypeSwitch<Operation *, Result>(target)
      .Case([&](Conv3DNdhwcDhwcfOp op) {
        return downscale<Conv2DNhwcHwcfOp>(rewriter, op, {1, 0, 1});
      })
      .Case([&](Conv3DNcdhwFcdhwOp op) {
        return downscale<Conv2DNchwFchwOp>(rewriter, op, {2, 2, 2});
      })
      .Case([&](Conv3DOp op) {
        return downscale<Conv2DOp>(rewriter, op, {0, 0, 0});
      })
      .Case([&](DepthwiseConv3DNdhwcDhwcOp op) {
        return downscale<DepthwiseConv2DNhwcHwcOp>(rewriter, op, {1, 0, 1});
      })
      .Case([&](PoolingNdhwcSumOp op) {
        return downscale<PoolingNhwcSumOp>(rewriter, op, {1, 0, 1});
      })
      .Case([&](PoolingNdhwcMaxOp op) {
        return downscale<PoolingNhwcMaxOp>(rewriter, op, {1, 0, 1});
      })
      .Case([&](PoolingNdhwcMinOp op) {
        return downscale<PoolingNhwcMinOp>(rewriter, op, {1, 0, 1});
      })
      .Default([](Operation *) { return Result(failure()); });
}

class SchedTransformExtension
    : public transform::TransformDialectExtension<SchedTransformExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SchedTransformExtension)

  using Base::Base;

  void init() {
    declareGeneratedDialect<linalg::LinalgDialect>();
    declareGeneratedDialect<tensor::TensorDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "ansor/Dialect/Sched/TransformOps/SchedTransformOps.cpp.inc"
        >();
  }
};

} // namespace

DiagnosedSilenceableFailure transform::DownscaleConvolution3DOp::applyToOne(
    transform::TransformRewriter &rewriter, linalg::LinalgOp target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  FailureOr<linalg::LinalgOp> downscaled = downscale3D(rewriter, target);
  if (failed(downscaled)) {
    results.assign(1, nullptr);
    DiagnosedSilenceableFailure diag =
        emitSilenceableError()
        << "expected a 3-D convolution or pooling on tensors with a depth "
           "window, output depth and input depth of 1";
    diag.attachNote(target->getLoc()) << "target op";
    return diag;
  }
  results.push_back(*downscaled);
  return DiagnosedSilenceableFailure::success();
}

void sched::registerTransformDialectExtension(DialectRegistry &registry) {
  registry.addExtensions<SchedTransformExtension>();
}

#define GET_OP_CLASSES
#include "ansor/Dialect/Sched/TransformOps/SchedTransformOps.cpp.inc"
