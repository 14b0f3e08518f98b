//===- SchedTransformOps.cpp - ansor's Transform ops ----------------------===//

#include "ansor/Dialect/Sched/TransformOps/SchedTransformOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

//===----------------------------------------------------------------------===//
// Downscale3DConvolutionOp
//===----------------------------------------------------------------------===//

namespace {
/// Where the depth dimension sits in each operand of a 3-D op.
struct DepthDims {
  unsigned input, filter, output;
};
} // namespace

/// The 3-D op's strides or dilations without their depth entry.
static DenseIntElementsAttr dropDepth(RewriterBase &rewriter,
                                      DenseIntElementsAttr attr) {
  SmallVector<int64_t> values(attr.getValues<int64_t>());
  values.erase(values.begin());
  return rewriter.getI64VectorAttr(values);
}

/// `value` at depth 0, that dimension dropped. The input's depth may exceed
/// 1 where only depth 0 is read (a depth stride at least the input's depth
/// and an untiled depth loop), so its size is not taken from the type.
static Value sliceDepthZero(RewriterBase &rewriter, Location loc, Value value,
                            unsigned depth) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, value);
  SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
  sizes[depth] = rewriter.getIndexAttr(1);
  RankedTensorType sliced = RankedTensorType::Builder(type).dropDim(depth);
  return tensor::ExtractSliceOp::create(rewriter, loc, sliced, value, offsets,
                                        sizes, strides);
}

/// Rewrites `op` as a `Conv2D` over its operands at depth 0, where its
/// output depth and depth window are 1; mirrors upstream's
/// DownscaleSizeOneWindowed2DConvolution one rank up. Fails with the reason.
template <typename Conv2D, typename Conv3D>
static FailureOr<linalg::LinalgOp> downscale(RewriterBase &rewriter, Conv3D op,
                                             DepthDims dims,
                                             std::string &reason) {
  if (!op.hasPureTensorSemantics()) {
    reason = "its operands are not all tensors";
    return failure();
  }
  Value input = op.getInputs().front(), filter = op.getInputs().back(),
        output = op.getOutputs().front();
  auto filterType = cast<RankedTensorType>(filter.getType());
  auto outputType = cast<RankedTensorType>(output.getType());
  if (filterType.getDimSize(dims.filter) != 1 ||
      outputType.getDimSize(dims.output) != 1) {
    reason = "its depth window is " +
             std::to_string(filterType.getDimSize(dims.filter)) +
             " and its output depth " +
             std::to_string(outputType.getDimSize(dims.output)) +
             " (both must be 1)";
    return failure();
  }
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Value, 2> inputs = {
      sliceDepthZero(rewriter, loc, input, dims.input),
      sliceDepthZero(rewriter, loc, filter, dims.filter)};
  Value init = sliceDepthZero(rewriter, loc, output, dims.output);
  Type output2D = init.getType();
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

static FailureOr<linalg::LinalgOp> downscale3D(RewriterBase &rewriter,
                                               linalg::LinalgOp target,
                                               std::string &reason) {
  using namespace linalg;
  using Result = FailureOr<LinalgOp>;
  return TypeSwitch<Operation *, Result>(target)
      .Case([&](Conv3DNdhwcDhwcfOp op) {
        return downscale<Conv2DNhwcHwcfOp>(rewriter, op, {1, 0, 1}, reason);
      })
      .Case([&](Conv3DNcdhwFcdhwOp op) {
        return downscale<Conv2DNchwFchwOp>(rewriter, op, {2, 2, 2}, reason);
      })
      .Case([&](Conv3DOp op) {
        return downscale<Conv2DOp>(rewriter, op, {0, 0, 0}, reason);
      })
      .Case([&](DepthwiseConv3DNdhwcDhwcOp op) {
        return downscale<DepthwiseConv2DNhwcHwcOp>(rewriter, op, {1, 0, 1},
                                                   reason);
      })
      .Case([&](PoolingNdhwcSumOp op) {
        return downscale<PoolingNhwcSumOp>(rewriter, op, {1, 0, 1}, reason);
      })
      .Case([&](PoolingNdhwcMaxOp op) {
        return downscale<PoolingNhwcMaxOp>(rewriter, op, {1, 0, 1}, reason);
      })
      .Case([&](PoolingNdhwcMinOp op) {
        return downscale<PoolingNhwcMinOp>(rewriter, op, {1, 0, 1}, reason);
      })
      .Default([&](Operation *) {
        reason = "it is not a 3-D convolution or pooling with a 2-D "
                 "counterpart";
        return Result(failure());
      });
}

DiagnosedSilenceableFailure sched::Downscale3DConvolutionOp::applyToOne(
    transform::TransformRewriter &rewriter, linalg::LinalgOp target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  std::string reason;
  FailureOr<linalg::LinalgOp> downscaled =
      downscale3D(rewriter, target, reason);
  if (failed(downscaled)) {
    results.assign(1, nullptr);
    DiagnosedSilenceableFailure diag =
        emitSilenceableError() << "cannot downscale the target: " << reason;
    diag.attachNote(target->getLoc()) << "target op";
    return diag;
  }
  results.push_back(*downscaled);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// The extension
//===----------------------------------------------------------------------===//

namespace {
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

void sched::registerTransformDialectExtension(DialectRegistry &registry) {
  registry.addExtensions<SchedTransformExtension>();
}

#define GET_OP_CLASSES
#include "ansor/Dialect/Sched/TransformOps/SchedTransformOps.cpp.inc"
