//===- FoldConstantTransposes.cpp - transposes of constants computed ------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDFOLDCONSTANTTRANSPOSES
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

/// The row-major bytes of the constant `value` is, seen through reshapes
/// (which keep that order), or nothing: a splat, elements narrower than a
/// byte, a resource without its blob.
static std::optional<ArrayRef<char>> getConstantBytes(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(def))
      break;
    value = def->getOperand(0);
  }
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  auto type = cast<ShapedType>(value.getType());
  Type element = type.getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 != 0)
    return std::nullopt;
  ArrayRef<char> bytes;
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    if (dense.isSplat())
      return std::nullopt;
    bytes = dense.getRawData();
  } else if (auto resource = dyn_cast<DenseResourceElementsAttr>(attr)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return std::nullopt;
    bytes = blob->getData();
  } else {
    return std::nullopt;
  }
  if (static_cast<int64_t>(bytes.size()) !=
      type.getNumElements() * (element.getIntOrFloatBitWidth() / 8))
    return std::nullopt;
  return bytes;
}

/// `source` (row-major, of `shape`) with its dimensions permuted: dimension
/// i of the result is dimension perm[i] of the source.
static std::vector<char> permute(ArrayRef<char> source, ArrayRef<int64_t> shape,
                                 ArrayRef<int64_t> perm, int64_t elementBytes) {
  int64_t rank = shape.size();
  SmallVector<int64_t> sourceStrides(rank, elementBytes);
  for (int64_t d = rank - 2; d >= 0; --d)
    sourceStrides[d] = sourceStrides[d + 1] * shape[d + 1];
  SmallVector<int64_t> sizes, strides;
  for (int64_t d : perm) {
    sizes.push_back(shape[d]);
    strides.push_back(sourceStrides[d]);
  }
  std::vector<char> result(source.size());
  SmallVector<int64_t> index(rank, 0);
  int64_t offset = 0;
  for (size_t out = 0; out < result.size(); out += elementBytes) {
    std::memcpy(&result[out], &source[offset], elementBytes);
    // Advance the result's index, innermost first, and the source's offset.
    for (int64_t d = rank - 1; d >= 0; --d) {
      offset += strides[d];
      if (++index[d] < sizes[d])
        break;
      offset -= strides[d] * sizes[d];
      index[d] = 0;
    }
  }
  return result;
}

namespace {
struct FoldConstantTranspose : public OpRewritePattern<linalg::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics())
      return failure();
    auto inputType = cast<RankedTensorType>(op.getInput().getType());
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    if (!inputType.hasStaticShape())
      return failure();
    std::optional<ArrayRef<char>> bytes = getConstantBytes(op.getInput());
    if (!bytes)
      return rewriter.notifyMatchFailure(op, "not a constant's transpose");
    int64_t elementBytes = inputType.getElementTypeBitWidth() / 8;
    std::vector<char> permuted = permute(*bytes, inputType.getShape(),
                                         op.getPermutation(), elementBytes);
    auto value = DenseElementsAttr::getFromRawBuffer(resultType, permuted);
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, resultType, value);
    return success();
  }
};

struct SchedFoldConstantTransposesPass
    : public sched::impl::SchedFoldConstantTransposesBase<
          SchedFoldConstantTransposesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldConstantTranspose>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
