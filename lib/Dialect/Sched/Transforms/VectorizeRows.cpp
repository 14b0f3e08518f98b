//===- VectorizeRows.cpp - buffer fills and copies as vector rows ---------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "ansor/Dialect/Sched/Transforms/SchedulePlan.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDVECTORIZEROWS
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

/// Rows longer than this many elements are left to LLVM, which vectorizes
/// a long innermost loop along the row.
static constexpr int64_t kMaxRowElements = 256;

/// Whether `type` is a buffer of rows `rowLength` elements long, each one
/// contiguous: its last dimension is static and has stride 1. Elements are
/// whole bytes (rows of i1, a byte per element, are left to LLVM rather
/// than to sched-byte-i1-vectors), and a bf16 row has a width LLVM lowers.
static bool hasContiguousRows(Type type, int64_t &rowLength) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || memref.getRank() == 0 ||
      !memref.getElementType().isIntOrFloat() ||
      memref.getElementType().getIntOrFloatBitWidth() % 8 != 0)
    return false;
  int64_t last = memref.getShape().back();
  SmallVector<int64_t> strides;
  int64_t offset;
  if (ShapedType::isDynamic(last) || last == 0 ||
      failed(memref.getStridesAndOffset(strides, offset)) ||
      strides.back() != 1)
    return false;
  if (memref.getElementType().isBF16() && sched::isUnlowerableBF16Width(last))
    return false;
  rowLength = last;
  return true;
}

/// The value a fill-like op writes to every element: a `linalg.fill`'s, or
/// the value a `linalg.map` without inputs yields when it is not computed in
/// its body (a constant there is taken out of it).
static Value getFillValue(OpBuilder &builder, Operation *op) {
  if (auto fill = dyn_cast<linalg::FillOp>(op))
    return fill.value();
  auto map = dyn_cast<linalg::MapOp>(op);
  if (!map || !map.getInputs().empty())
    return {};
  Value value = map.getMapper().front().getTerminator()->getOperand(0);
  if (isa<BlockArgument>(value) &&
      cast<BlockArgument>(value).getOwner()->getParentOp() == map)
    return {};
  Operation *def = value.getDefiningOp();
  if (!def || !map->isProperAncestor(def))
    return value;
  if (!matchPattern(value, m_Constant()))
    return {};
  return builder.clone(*def)->getResult(0);
}

/// Replaces `op`, which writes `dest` a row at a time from `row` (given the
/// builder and the indices of the row's first element), by a loop nest over
/// every dimension but the last.
static void
writeRows(Operation *op, Value dest, VectorType rowType,
          function_ref<Value(OpBuilder &, Location, ValueRange)> row) {
  OpBuilder builder(op);
  Location loc = op->getLoc();
  auto type = cast<MemRefType>(dest.getType());
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  SmallVector<Value> lbs, ubs, steps;
  for (int64_t dim = 0; dim + 1 < type.getRank(); ++dim) {
    lbs.push_back(zero);
    ubs.push_back(builder.createOrFold<memref::DimOp>(loc, dest, dim));
    steps.push_back(one);
  }
  scf::buildLoopNest(builder, loc, lbs, ubs, steps,
                     [&](OpBuilder &nested, Location loc, ValueRange ivs) {
                       SmallVector<Value> indices(ivs);
                       indices.push_back(zero);
                       Value vector = row(nested, loc, indices);
                       vector::TransferWriteOp::create(nested, loc, vector,
                                                       dest, indices,
                                                       ArrayRef<bool>{true});
                     });
  op->erase();
}

/// Rewrites a fill or copy whose operands all have short contiguous rows.
static void vectorizeRows(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1)
    return;
  Value dest = op.getDpsInitOperand(0)->get();
  int64_t length;
  if (!hasContiguousRows(dest.getType(), length) || length > kMaxRowElements)
    return;
  auto rowType = VectorType::get(
      {length}, cast<MemRefType>(dest.getType()).getElementType());
  if (auto copy = dyn_cast<linalg::CopyOp>(op.getOperation())) {
    Value source = copy.getInputs().front();
    int64_t sourceLength;
    if (!hasContiguousRows(source.getType(), sourceLength) ||
        sourceLength != length ||
        cast<MemRefType>(source.getType()).getElementType() !=
            rowType.getElementType())
      return;
    writeRows(op, dest, rowType,
              [&](OpBuilder &b, Location loc, ValueRange indices) -> Value {
                return vector::TransferReadOp::create(
                    b, loc, rowType, source, indices,
                    /*padding=*/std::nullopt, ArrayRef<bool>{true});
              });
    return;
  }
  OpBuilder builder(op);
  Value value = getFillValue(builder, op);
  if (!value || value.getType() != rowType.getElementType())
    return;
  Value splat =
      vector::BroadcastOp::create(builder, op.getLoc(), rowType, value);
  writeRows(op, dest, rowType,
            [&](OpBuilder &, Location, ValueRange) { return splat; });
}

namespace {
struct SchedVectorizeRowsPass
    : public sched::impl::SchedVectorizeRowsBase<SchedVectorizeRowsPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> candidates;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (isa<linalg::FillOp, linalg::MapOp, linalg::CopyOp>(op.getOperation()))
        candidates.push_back(op);
    });
    for (linalg::LinalgOp op : candidates)
      vectorizeRows(op);
  }
};
} // namespace
