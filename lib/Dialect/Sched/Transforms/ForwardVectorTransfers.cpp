//===- ForwardVectorTransfers.cpp - temporaries kept in registers ---------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/VectorTransforms.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDFORWARDVECTORTRANSFERS
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

/// Collects the vector transfers of `buffer` and of its views into
/// `transfers`; fails on any other use but a deallocation.
static LogicalResult collectTransfers(Value buffer,
                                      SmallVectorImpl<Operation *> &transfers) {
  for (Operation *user : buffer.getUsers()) {
    if (isa<VectorTransferOpInterface>(user)) {
      transfers.push_back(user);
    } else if (isa<memref::SubViewOp, memref::ExpandShapeOp,
                   memref::CollapseShapeOp>(user)) {
      if (failed(collectTransfers(user->getResult(0), transfers)))
        return failure();
    } else if (!isa<memref::DeallocOp>(user)) {
      return failure();
    }
  }
  return success();
}

/// The transfers of `alloc` if it is a temporary of vectors: accessed by
/// transfers only, every read after a write in the same block. A buffer read
/// elsewhere (a packed panel read in the inner loops) keeps its accesses.
static SmallVector<Operation *> getForwardable(memref::AllocOp alloc) {
  SmallVector<Operation *> transfers;
  if (failed(collectTransfers(alloc.getResult(), transfers)))
    return {};
  for (Operation *read : transfers)
    if (isa<vector::TransferReadOp>(read) &&
        llvm::none_of(transfers, [&](Operation *write) {
          return isa<vector::TransferWriteOp>(write) &&
                 write->getBlock() == read->getBlock() &&
                 write->isBeforeInBlock(read);
        }))
      return {};
  return transfers;
}

/// The layout of both `a` and `b`: their strides and offset where they
/// agree, dynamic where they do not.
static MemRefType getCommonLayout(MemRefType a, MemRefType b) {
  SmallVector<int64_t> aStrides, bStrides;
  int64_t aOffset, bOffset;
  if (a.getShape() != b.getShape() ||
      a.getElementType() != b.getElementType() ||
      failed(a.getStridesAndOffset(aStrides, aOffset)) ||
      failed(b.getStridesAndOffset(bStrides, bOffset)))
    return {};
  SmallVector<int64_t> strides;
  for (auto [x, y] : llvm::zip_equal(aStrides, bStrides))
    strides.push_back(x == y ? x : ShapedType::kDynamic);
  int64_t offset = aOffset == bOffset ? aOffset : ShapedType::kDynamic;
  return MemRefType::get(
      a.getShape(), a.getElementType(),
      StridedLayoutAttr::get(a.getContext(), offset, strides),
      a.getMemorySpace());
}

/// Bufferized, a select between two views of different layouts casts both
/// to a fully dynamic one, and accesses through it become element by
/// element (a row of ForwardPaddedReads, from its source or from a constant
/// row of the pad value, both of unit stride). Keeps what both layouts
/// share.
static void tightenSelectedLayout(arith::SelectOp select) {
  auto type = dyn_cast<MemRefType>(select.getType());
  auto a = select.getTrueValue().getDefiningOp<memref::CastOp>();
  auto b = select.getFalseValue().getDefiningOp<memref::CastOp>();
  if (!type || !a || !b ||
      !llvm::all_of(select->getUsers(), [](Operation *user) {
        return isa<VectorTransferOpInterface>(user);
      }))
    return;
  auto aType = dyn_cast<MemRefType>(a.getSource().getType());
  auto bType = dyn_cast<MemRefType>(b.getSource().getType());
  if (!aType || !bType)
    return;
  MemRefType common = getCommonLayout(aType, bType);
  if (!common || common == type ||
      !memref::CastOp::areCastCompatible(aType, common) ||
      !memref::CastOp::areCastCompatible(bType, common))
    return;
  OpBuilder builder(select);
  Value x = aType == common ? a.getSource()
                            : memref::CastOp::create(builder, a.getLoc(),
                                                     common, a.getSource());
  Value y = bType == common ? b.getSource()
                            : memref::CastOp::create(builder, b.getLoc(),
                                                     common, b.getSource());
  select.getTrueValueMutable().assign(x);
  select.getFalseValueMutable().assign(y);
  select.getResult().setType(common);
}

namespace {
struct SchedForwardVectorTransfersPass
    : public sched::impl::SchedForwardVectorTransfersBase<
          SchedForwardVectorTransfersPass> {
  void runOnOperation() override {
    getOperation().walk(tightenSelectedLayout);
    // Transfers of temporaries of vectors index the buffer itself, so that
    // a read through one view is seen to read what a write through another
    // wrote (the transfers folding creates are folded again, through views
    // of views). Only those: other accesses keep the address arithmetic they
    // had. Forwarding and erasure are upstream's, on the whole function:
    // they follow views and take any other use of a buffer for an access.
    SmallVector<Operation *> transfers;
    getOperation().walk([&](memref::AllocOp alloc) {
      llvm::append_range(transfers, getForwardable(alloc));
    });
    if (transfers.empty())
      return;
    RewritePatternSet patterns(&getContext());
    memref::populateFoldMemRefAliasOpPatterns(patterns);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    (void)applyOpPatternsGreedily(transfers, std::move(patterns), config);
    // Forwarding matches the indices of a write and a read by value: the
    // constants the folding created are merged first.
    IRRewriter rewriter(&getContext());
    DominanceInfo dominance;
    eliminateCommonSubExpressions(rewriter, dominance, getOperation());
    vector::transferOpflowOpt(rewriter, getOperation());
    memref::eraseDeadAllocAndStores(rewriter, getOperation());
  }
};
} // namespace
