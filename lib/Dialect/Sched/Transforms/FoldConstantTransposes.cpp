//===- FoldConstantTransposes.cpp - transposes of constants computed ------===//

#include "ansor/Analysis/ComputeDAG/Predicates.h"
#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include <cstring>

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDFOLDCONSTANTTRANSPOSES
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

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
    std::optional<ArrayRef<char>> bytes =
        ansor::getConstantBytes(op.getInput());
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
    // Only these transposes: the lowering that follows does its own folding.
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns),
                                  GreedyRewriteConfig().enableFolding(false))))
      signalPassFailure();
  }
};
} // namespace
