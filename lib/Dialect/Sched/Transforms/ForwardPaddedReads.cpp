//===- ForwardPaddedReads.cpp - pads read in place ------------------------===//
//
// A pad fused into a tile is built per tile in a temporary (the padded
// window of its source) that the tile's vectors are then read from. This
// pass reads each such vector from the source itself, a row at a time, and
// replaces the rows that fall into the padding by the pad value: TVM's pad
// inlined as an if_then_else into its consumer's reads. The window's
// temporary is then never read, and neither it nor its copy is built.
//
//===----------------------------------------------------------------------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDFORWARDPADDEDREADS
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

/// The most rows one read is split into.
static constexpr int64_t kMaxRows = 4096;

namespace {
/// A tensor that is a padded window of a statically shaped source: along
/// window dimension d, position p reads the source at offset[d] + p - low[d]
/// where low[d] <= p < low[d] + size[d], and everything is the pad value
/// where that fails along any dimension, or where a condition of `padIf`
/// holds (negated where `negate` says so).
struct PaddedWindow {
  Value source;
  Value padValue;
  /// The pad value's integer or float attribute where it is a constant
  /// (which may be defined in the pad's region: it is created again at
  /// each read).
  TypedAttr padConstant;
  /// Per window dimension: the source dimension it walks, or -1 for a unit
  /// dimension the source does not have.
  SmallVector<int64_t> sourceDim;
  SmallVector<OpFoldResult> offset, size, low;
  /// Per source dimension no window dimension walks: its index.
  DenseMap<int64_t, OpFoldResult> fixedIndex;
  SmallVector<std::pair<Value, bool>> padIf;

  void addUnitDim(unsigned at, Builder &b) {
    sourceDim.insert(sourceDim.begin() + at, -1);
    offset.insert(offset.begin() + at, b.getIndexAttr(0));
    size.insert(size.begin() + at, b.getIndexAttr(1));
    low.insert(low.begin() + at, b.getIndexAttr(0));
  }
};
} // namespace

static bool isSameValue(Value a, Value b) {
  if (a == b)
    return true;
  Attribute x, y;
  return matchPattern(a, m_Constant(&x)) && matchPattern(b, m_Constant(&y)) &&
         x == y;
}

/// Whether `value` is a tensor of `padValue` everywhere.
static bool isFilledWith(Value value, Value padValue) {
  if (auto generate = value.getDefiningOp<tensor::GenerateOp>()) {
    auto yield = cast<tensor::YieldOp>(generate.getBody().front().back());
    Value yielded = yield.getValue();
    return !generate.getBody().isAncestor(yielded.getParentRegion()) &&
           isSameValue(yielded, padValue);
  }
  DenseElementsAttr splat;
  Attribute scalar;
  return matchPattern(value, m_Constant(&splat)) && splat.isSplat() &&
         matchPattern(padValue, m_Constant(&scalar)) &&
         splat.getSplatValue<Attribute>() == scalar;
}

/// Whether `insert` covers all of its destination, a tensor.empty.
static bool coversEmpty(tensor::InsertSliceOp insert) {
  auto empty = insert.getDest().getDefiningOp<tensor::EmptyOp>();
  return empty && llvm::all_of(insert.getMixedOffsets(), isZeroInteger) &&
         llvm::all_of(insert.getMixedStrides(), isOneInteger) &&
         isEqualConstantIntOrValueArray(insert.getMixedSizes(),
                                        empty.getMixedSizes());
}

static LogicalResult analyzeWindow(Value value, PaddedWindow &window,
                                   Builder &b);

static LogicalResult analyzePad(tensor::PadOp pad, PaddedWindow &window,
                                Builder &b) {
  window.padValue = pad.getConstantPaddingValue();
  if (!window.padValue)
    return failure();
  Attribute constant;
  if (matchPattern(window.padValue, m_Constant(&constant)) &&
      isa<IntegerAttr, FloatAttr>(constant))
    window.padConstant = cast<TypedAttr>(constant);
  Value source = pad.getSource();
  auto slice = source.getDefiningOp<tensor::ExtractSliceOp>();
  if (slice && !slice.hasUnitStride())
    return failure();
  window.source = slice ? slice.getSource() : source;
  // Rows of padding read the source at index 0: it needs rows.
  auto sourceType = cast<RankedTensorType>(window.source.getType());
  if (!sourceType.hasStaticShape() || sourceType.getNumElements() == 0)
    return failure();
  llvm::SmallBitVector dropped =
      slice ? slice.getDroppedDims()
            : llvm::SmallBitVector(sourceType.getRank(), false);
  for (int64_t dim = 0; dim < sourceType.getRank(); ++dim) {
    OpFoldResult offset =
        slice ? slice.getMixedOffsets()[dim] : OpFoldResult(b.getIndexAttr(0));
    if (dropped[dim]) {
      window.fixedIndex[dim] = offset;
      continue;
    }
    window.sourceDim.push_back(dim);
    window.offset.push_back(offset);
    window.size.push_back(
        slice ? slice.getMixedSizes()[dim]
              : OpFoldResult(b.getIndexAttr(sourceType.getDimSize(dim))));
  }
  window.low = pad.getMixedLowPad();
  return success();
}

/// The window `value` is, through the casts, unit-dimension insertions and
/// the guard against empty slices that tiling a pad wraps it in.
static LogicalResult analyzeWindow(Value value, PaddedWindow &window,
                                   Builder &b) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return failure();
  if (auto pad = dyn_cast<tensor::PadOp>(def))
    return analyzePad(pad, window, b);
  if (auto cast = dyn_cast<tensor::CastOp>(def))
    return analyzeWindow(cast.getSource(), window, b);
  if (auto insert = dyn_cast<tensor::InsertSliceOp>(def)) {
    if (!coversEmpty(insert) ||
        failed(analyzeWindow(insert.getSource(), window, b)))
      return failure();
    llvm::SmallBitVector dropped = insert.getDroppedDims();
    for (unsigned dim = 0; dim < dropped.size(); ++dim)
      if (dropped[dim])
        window.addUnitDim(dim, b);
    return success();
  }
  if (auto expand = dyn_cast<tensor::ExpandShapeOp>(def)) {
    if (failed(analyzeWindow(expand.getSrc(), window, b)))
      return failure();
    // Each group keeps its source dimension at its one non-unit dimension
    // (the group's result dimensions are numbered in order).
    ArrayRef<int64_t> shape = expand.getResultType().getShape();
    for (ReassociationIndices group : expand.getReassociationIndices()) {
      if (llvm::count_if(group, [&](int64_t d) { return shape[d] != 1; }) > 1)
        return failure();
      int64_t kept = group.back();
      for (int64_t d : group)
        if (shape[d] != 1)
          kept = d;
      for (int64_t d : group)
        if (d != kept)
          window.addUnitDim(d, b);
    }
    return success();
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
    unsigned index = cast<OpResult>(value).getResultNumber();
    if (ifOp.getElseRegion().empty())
      return failure();
    Value thenValue = ifOp.thenYield().getOperand(index);
    Value elseValue = ifOp.elseYield().getOperand(index);
    bool padsInThen = succeeded(analyzeWindow(elseValue, window, b)) &&
                      isFilledWith(thenValue, window.padValue);
    if (padsInThen) {
      window.padIf.push_back({ifOp.getCondition(), false});
      return success();
    }
    window = PaddedWindow();
    if (failed(analyzeWindow(thenValue, window, b)) ||
        !isFilledWith(elseValue, window.padValue))
      return failure();
    window.padIf.push_back({ifOp.getCondition(), true});
    return success();
  }
  return failure();
}

/// Whether window dimension `dim` of `window` (of `extent`, which is
/// dynamic where the window's type does not say) holds no padding.
static bool isUnpadded(const PaddedWindow &window, unsigned dim,
                       int64_t extent) {
  return window.sourceDim[dim] < 0 ||
         (isConstantIntValue(window.low[dim], 0) &&
          isConstantIntValue(window.size[dim], extent));
}

/// The values `window` reads with, which must dominate `op`.
static bool dominatesAll(const PaddedWindow &window, Operation *op,
                         DominanceInfo &dominance) {
  auto ok = [&](OpFoldResult ofr) {
    auto value = dyn_cast<Value>(ofr);
    return !value || dominance.properlyDominates(value, op);
  };
  if (!ok(window.source) || (!window.padConstant && !ok(window.padValue)))
    return false;
  for (auto &[cond, negate] : window.padIf)
    if (!ok(cond))
      return false;
  for (auto list : {window.offset, window.size, window.low})
    if (!llvm::all_of(list, ok))
      return false;
  return llvm::all_of(window.fixedIndex,
                      [&](auto &entry) { return ok(entry.second); });
}

namespace {
/// A read of the window: the window position of its first element, and
/// per window dimension the vector dimension that walks it (-1 for none).
struct WindowRead {
  vector::TransferReadOp read;
  SmallVector<OpFoldResult> start;
  SmallVector<int64_t> vectorDim;
};
} // namespace

/// How `read` reads `window` (of type `type`), directly or through a unit
/// stride slice; fails for reads this pass does not rewrite.
static FailureOr<WindowRead> analyzeRead(vector::TransferReadOp read,
                                         Value windowValue,
                                         const PaddedWindow &window,
                                         RankedTensorType type) {
  if (read.getMask() || read.hasOutOfBoundsDim())
    return failure();
  // Each vector dimension walks a distinct dimension or is broadcast (reads
  // the same rows again); the lanes must walk one. (isProjectedPermutation
  // refuses more results than dimensions, as broadcasts add.)
  AffineMap map = read.getPermutationMap();
  llvm::SmallBitVector walked(map.getNumDims());
  for (AffineExpr expr : map.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    auto constant = dyn_cast<AffineConstantExpr>(expr);
    if ((dim && walked.test(dim.getPosition())) ||
        (!dim && (!constant || constant.getValue() != 0)))
      return failure();
    if (dim)
      walked.set(dim.getPosition());
  }
  if (map.getNumResults() == 0 || !isa<AffineDimExpr>(map.getResults().back()))
    return failure();
  WindowRead out;
  out.read = read;
  unsigned rank = type.getRank();
  out.vectorDim.assign(rank, -1);
  // Window dimension of each dimension the read indexes.
  SmallVector<unsigned> readDims;
  auto slice = read.getBase().getDefiningOp<tensor::ExtractSliceOp>();
  if (read.getBase() == windowValue) {
    for (unsigned d = 0; d < rank; ++d) {
      readDims.push_back(d);
      out.start.push_back(read.getIndices()[d]);
    }
  } else if (slice && slice.getSource() == windowValue &&
             slice.hasUnitStride()) {
    llvm::SmallBitVector dropped = slice.getDroppedDims();
    // The slice's offsets; rewriteRead adds the read's indices.
    for (unsigned d = 0; d < rank; ++d) {
      out.start.push_back(slice.getMixedOffsets()[d]);
      if (!dropped[d])
        readDims.push_back(d);
    }
  } else {
    return failure();
  }
  for (auto [j, expr] : llvm::enumerate(map.getResults()))
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      out.vectorDim[readDims[dim.getPosition()]] = j;
  // The lanes must walk a dimension without padding.
  unsigned lanes = map.getNumResults() - 1;
  unsigned laneDim = readDims[map.getDimPosition(lanes)];
  if (!isUnpadded(window, laneDim, type.getDimSize(laneDim)) ||
      window.sourceDim[laneDim] < 0)
    return failure();
  if (read.getVectorType().isScalable() ||
      ShapedType::getNumElements(read.getVectorType().getShape().drop_back()) >
          kMaxRows)
    return failure();
  return out;
}

/// Replaces `r` by reads of `window`'s source.
static void rewriteRead(RewriterBase &rewriter, const WindowRead &r,
                        Value windowValue, const PaddedWindow &window,
                        RankedTensorType type, bool constantRows) {
  vector::TransferReadOp read = r.read;
  Location loc = read.getLoc();
  rewriter.setInsertionPoint(read);
  VectorType vectorType = read.getVectorType();
  unsigned lanes = vectorType.getRank() - 1;
  auto rowType = VectorType::get({vectorType.getShape().back()},
                                 vectorType.getElementType());
  // Window positions of the first element, with the slice's read indices.
  SmallVector<OpFoldResult> start(r.start);
  if (read.getBase() != windowValue) {
    auto slice = read.getBase().getDefiningOp<tensor::ExtractSliceOp>();
    llvm::SmallBitVector dropped = slice.getDroppedDims();
    unsigned index = 0;
    AffineExpr s0, s1;
    bindSymbols(rewriter.getContext(), s0, s1);
    for (unsigned d = 0; d < type.getRank(); ++d)
      if (!dropped[d])
        start[d] = affine::makeComposedFoldedAffineApply(
            rewriter, loc, s0 + s1,
            {start[d], OpFoldResult(read.getIndices()[index++])});
  }
  auto sourceType = cast<RankedTensorType>(window.source.getType());
  unsigned laneSource = 0;
  for (unsigned d = 0; d < type.getRank(); ++d)
    if (r.vectorDim[d] == static_cast<int64_t>(lanes))
      laneSource = window.sourceDim[d];
  AffineMap rowMap = AffineMap::get(sourceType.getRank(), 0,
                                    rewriter.getAffineDimExpr(laneSource));

  Value padValue =
      window.padConstant
          ? arith::ConstantOp::create(rewriter, loc, window.padConstant)
                .getResult()
          : window.padValue;
  Value padRow = vector::BroadcastOp::create(rewriter, loc, rowType, padValue);
  // A constant pad value: a constant tensor of it, as long as the lanes'
  // source dimension, to select rows of padding from.
  auto rowTensorType =
      RankedTensorType::get({rowType.getDimSize(0)}, rowType.getElementType());
  Value padRows;
  if (constantRows && window.padConstant) {
    auto padRowsType = RankedTensorType::get(
        {sourceType.getDimSize(laneSource)}, rowType.getElementType());
    padRows = arith::ConstantOp::create(
        rewriter, loc, padRowsType,
        DenseElementsAttr::get(padRowsType, window.padConstant));
  }
  Value result =
      vector::BroadcastOp::create(rewriter, loc, vectorType, padValue);
  // Not padding everywhere: every guard's condition false (true where the
  // guard pads in its else branch).
  Value notPad;
  for (auto &[cond, negate] : window.padIf) {
    Value c = negate ? cond
                     : arith::XOrIOp::create(
                           rewriter, loc, cond,
                           arith::ConstantIntOp::create(rewriter, loc, 1, 1))
                           .getResult();
    notPad = notPad ? arith::AndIOp::create(rewriter, loc, notPad, c) : c;
  }
  Value zeroIndex = arith::ConstantIndexOp::create(rewriter, loc, 0);
  auto index = [&](OpFoldResult ofr) {
    return getValueOrCreateConstantIndexOp(rewriter, loc, ofr);
  };
  AffineExpr s0, s1, s2;
  bindSymbols(rewriter.getContext(), s0, s1, s2);
  ArrayRef<int64_t> rowShape = vectorType.getShape().drop_back();
  SmallVector<int64_t> rowStrides = computeStrides(rowShape);
  for (int64_t row = 0, rows = ShapedType::getNumElements(rowShape); row < rows;
       ++row) {
    SmallVector<int64_t> position = delinearize(row, rowStrides);
    Value valid;
    auto andValid = [&](Value c) {
      valid = valid ? arith::AndIOp::create(rewriter, loc, valid, c) : c;
    };
    SmallVector<OpFoldResult> sourceIndex(sourceType.getRank());
    for (auto &[dim, fixed] : window.fixedIndex)
      sourceIndex[dim] = fixed;
    for (unsigned d = 0; d < type.getRank(); ++d) {
      int64_t j = r.vectorDim[d];
      OpFoldResult p = start[d];
      if (j >= 0 && j < static_cast<int64_t>(lanes) && position[j] != 0)
        p = affine::makeComposedFoldedAffineApply(rewriter, loc,
                                                  s0 + position[j], {p});
      if (window.sourceDim[d] < 0)
        continue;
      OpFoldResult at = affine::makeComposedFoldedAffineApply(
          rewriter, loc, s0 + s1 - s2, {window.offset[d], p, window.low[d]});
      if (isUnpadded(window, d, type.getDimSize(d))) {
        sourceIndex[window.sourceDim[d]] = at;
        continue;
      }
      // Inside the window: 0 <= p - low < size, one unsigned comparison.
      // Rows of padding read the source at index 0, so that every slice
      // stays inside it.
      Value rel = index(affine::makeComposedFoldedAffineApply(
          rewriter, loc, s0 - s1, {p, window.low[d]}));
      Value inside = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ult, rel, index(window.size[d]));
      andValid(inside);
      sourceIndex[window.sourceDim[d]] =
          arith::SelectOp::create(rewriter, loc, inside, index(at), zeroIndex)
              .getResult();
    }
    if (notPad)
      andValid(notPad);
    Value value;
    if (padRows && valid) {
      // The row is read from the source or from a constant row of the pad
      // value, whichever the selected slice is: the consumer's scalars are
      // then still broadcast straight from memory.
      SmallVector<OpFoldResult> sizes(sourceType.getRank(),
                                      rewriter.getIndexAttr(1));
      sizes[laneSource] = rewriter.getIndexAttr(rowType.getDimSize(0));
      SmallVector<OpFoldResult> strides(sourceType.getRank(),
                                        rewriter.getIndexAttr(1));
      Value fromSource = tensor::ExtractSliceOp::create(
          rewriter, loc, rowTensorType, window.source, sourceIndex, sizes,
          strides);
      Value fromPad = tensor::ExtractSliceOp::create(
          rewriter, loc, rowTensorType, padRows,
          ArrayRef<OpFoldResult>{sourceIndex[laneSource]},
          ArrayRef<OpFoldResult>{sizes[laneSource]},
          ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)});
      Value chosen =
          arith::SelectOp::create(rewriter, loc, valid, fromSource, fromPad);
      value = vector::TransferReadOp::create(rewriter, loc, rowType, chosen,
                                             ValueRange{zeroIndex}, padValue,
                                             ArrayRef<bool>{true});
    } else {
      SmallVector<Value> indices;
      for (OpFoldResult ofr : sourceIndex)
        indices.push_back(index(ofr));
      value = vector::TransferReadOp::create(rewriter, loc, rowType,
                                             window.source, indices, padValue,
                                             rowMap, ArrayRef<bool>{true});
      if (valid)
        value = arith::SelectOp::create(rewriter, loc, valid, value, padRow);
    }
    result = lanes == 0 ? value
                        : vector::InsertOp::create(rewriter, loc, value, result,
                                                   position)
                              .getResult();
  }
  rewriter.replaceOp(read, result);
}

/// Forwards every read of `value` if `value` is a padded window that only
/// vector reads this pass rewrites use.
static void forwardWindow(RewriterBase &rewriter, Value value,
                          DominanceInfo &dominance, bool constantRows) {
  // Dynamic extents are fine (a dimension of unknown extent counts as
  // padded), but the rows' must be static.
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || value.use_empty())
    return;
  PaddedWindow window;
  if (failed(analyzeWindow(value, window, rewriter)))
    return;
  SmallVector<WindowRead> reads;
  auto addRead = [&](Operation *user) {
    auto read = dyn_cast<vector::TransferReadOp>(user);
    if (!read || !dominatesAll(window, read, dominance))
      return false;
    FailureOr<WindowRead> r = analyzeRead(read, value, window, type);
    if (failed(r))
      return false;
    reads.push_back(*r);
    return true;
  };
  for (Operation *user : value.getUsers()) {
    auto slice = dyn_cast<tensor::ExtractSliceOp>(user);
    if (slice) {
      if (!llvm::all_of(slice->getUsers(), addRead))
        return;
    } else if (!addRead(user)) {
      return;
    }
  }
  for (const WindowRead &r : reads)
    rewriteRead(rewriter, r, value, window, type, constantRows);
}

namespace {
struct SchedForwardPaddedReadsPass
    : public sched::impl::SchedForwardPaddedReadsBase<
          SchedForwardPaddedReadsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Value> candidates;
    getOperation().walk([&](Operation *op) {
      if (isa<tensor::PadOp, tensor::CastOp, tensor::InsertSliceOp,
              tensor::ExpandShapeOp, scf::IfOp>(op))
        llvm::append_range(candidates, op->getResults());
    });
    IRRewriter rewriter(&getContext());
    DominanceInfo dominance(getOperation());
    for (Value value : candidates)
      forwardWindow(rewriter, value, dominance, constantRows);
    // The windows no read uses any more, with what built them.
    (void)runRegionDCE(rewriter, getOperation()->getRegions());
  }
};
} // namespace
