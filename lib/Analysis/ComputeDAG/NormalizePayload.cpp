//===- NormalizePayload.cpp - payload funcs in the form ansor schedules ---===//

#include "ansor/Analysis/ComputeDAG/NormalizePayload.h"
#include "ansor/Analysis/ComputeDAG/Predicates.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MLProgram/IR/MLProgram.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ansor;

static auto operandAndResultTypes(Operation *op) {
  return llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes());
}

/// Whether `op` computes on static-shaped tensors only: the decompositions
/// build tensor ops, and dynamic or buffer forms are refused later, by
/// ComputeDAG, with their own error.
static bool onStaticTensors(Operation *op) {
  return llvm::all_of(operandAndResultTypes(op), [](Type t) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    return tensor && tensor.hasStaticShape();
  });
}

/// The same, scalar operands allowed (a pack's padding value).
static bool onStaticTensorsAndScalars(Operation *op) {
  return llvm::all_of(operandAndResultTypes(op), [](Type t) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    return tensor ? tensor.hasStaticShape() : t.isIntOrIndexOrFloat();
  });
}

/// Erases `init` if nothing reads it any more, and so on down the fills
/// and empty tensors it was made of: a fill left unread would be a node.
static void eraseDeadInits(Value init, function_ref<void(Operation *)> erase) {
  Operation *def = init.getDefiningOp();
  while (def && def->use_empty() && isa<tensor::EmptyOp, linalg::FillOp>(def)) {
    auto fill = dyn_cast<linalg::FillOp>(def);
    Operation *dest =
        fill ? fill.getOutputs().front().getDefiningOp() : nullptr;
    erase(def);
    def = dest;
  }
}

/// `value` at `shape` without moving data when it is a fill (which
/// overwrites all of its output): the fill is built again at that shape, so
/// that it stays the init of the op that reads it rather than a node of its
/// own behind a reshape or transpose. Null otherwise.
static Value refillAtShape(RewriterBase &rewriter, Location loc, Value value,
                           ArrayRef<int64_t> shape) {
  auto fill = value.getDefiningOp<linalg::FillOp>();
  if (!fill || !fill.hasPureTensorSemantics())
    return nullptr;
  Value empty = tensor::EmptyOp::create(rewriter, loc, shape,
                                        getElementTypeOrSelf(value.getType()));
  return linalg::FillOp::create(rewriter, loc, fill.getDpsInputs(), empty)
      .getResult(0);
}

/// Replaces `op` by `results`, then erases the fills and empty tensors its
/// operands were made of that nothing reads any more. Their defining ops are
/// taken first, once each: erasing one may erase another (a fill's
/// destination, or an op that made two operands), whose values are then gone.
static void replaceAndEraseDeadOperands(RewriterBase &rewriter, Operation *op,
                                        ValueRange results) {
  llvm::SetVector<Operation *> defs;
  for (Value operand : op->getOperands())
    if (Operation *def = operand.getDefiningOp())
      defs.insert(def);
  rewriter.replaceOp(op, results);
  DenseSet<Operation *> erased;
  for (Operation *def : defs) {
    if (erased.contains(def))
      continue;
    eraseDeadInits(def->getResult(0), [&](Operation *dead) {
      erased.insert(dead);
      rewriter.eraseOp(dead);
    });
  }
}

static void warnNotDecomposed(Operation *op) {
  op->emitWarning() << "op '" << op->getName()
                    << "' does not decompose into ops ansor schedules";
}

/// Replaces `op` by what `decompose` builds; warns, leaving it for the
/// compute DAG to refuse, where it does not decompose.
template <typename DecomposeFn>
static void decomposeOrWarn(IRRewriter &rewriter, Operation *op,
                            DecomposeFn decompose) {
  if (!onStaticTensors(op))
    return;
  rewriter.setInsertionPoint(op);
  FailureOr<SmallVector<Value>> values = decompose(rewriter);
  if (failed(values) || values->size() != op->getNumResults()) {
    warnNotDecomposed(op);
    return;
  }
  rewriter.replaceOp(op, *values);
}

namespace {
/// Collects the linalg.generic ops a rewrite creates.
struct NewGenerics : public RewriterBase::Listener {
  void notifyOperationInserted(Operation *op, OpBuilder::InsertPoint) override {
    if (auto generic = dyn_cast<linalg::GenericOp>(op))
      generics.push_back(generic);
  }
  SmallVector<linalg::GenericOp> generics;
};
} // namespace

void mlir::ansor::convertElementwiseToLinalg(func::FuncOp func) {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (OpTrait::hasElementwiseMappableTraits(op) && op->getNumOperands() > 0 &&
        op->getNumResults() > 0 && onStaticTensors(op))
      ops.push_back(op);
  });
  if (ops.empty())
    return;
  RewritePatternSet patterns(func.getContext());
  linalg::populateElementwiseToLinalgConversionPatterns(patterns);
  NewGenerics created;
  GreedyRewriteConfig config;
  config.setListener(&created);
  config.setStrictness(GreedyRewriteStrictness::ExistingOps);
  (void)applyOpPatternsGreedily(ops, std::move(patterns), config);
  // Upstream initializes each result with an operand of its type, which
  // would make the op seem to read and overwrite that tensor; the body
  // never reads it, so an empty tensor serves.
  IRRewriter rewriter(func.getContext());
  for (linalg::GenericOp generic : created.generics) {
    for (OpOperand &init : generic.getDpsInitsMutable()) {
      if (generic.payloadUsesValueFromOperand(&init) ||
          init.get().getDefiningOp<tensor::EmptyOp>())
        continue;
      auto type = cast<RankedTensorType>(init.get().getType());
      rewriter.setInsertionPoint(generic);
      Value empty = tensor::EmptyOp::create(
          rewriter, generic.getLoc(), type.getShape(), type.getElementType());
      rewriter.modifyOpInPlace(generic, [&] { init.set(empty); });
    }
  }
}

namespace {
/// How a loop appears in one result of an indexing map.
enum class DimUse { None, Plain, Div, Mod, Other };
/// A loop that maps read as `d floordiv c` or `d mod c`.
struct DividedDim {
  unsigned dim;
  int64_t divisor;
};
} // namespace

/// How `expr` reads loop `dim`: not at all, as itself, as `dim floordiv
/// divisor` or `dim mod divisor`, or some other way.
static DimUse classifyDimUse(AffineExpr expr, unsigned dim, int64_t divisor) {
  if (!expr.isFunctionOfDim(dim))
    return DimUse::None;
  if (isa<AffineDimExpr>(expr))
    return DimUse::Plain;
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary || binary.getLHS() != getAffineDimExpr(dim, expr.getContext()))
    return DimUse::Other;
  auto constant = dyn_cast<AffineConstantExpr>(binary.getRHS());
  if (!constant || constant.getValue() != divisor)
    return DimUse::Other;
  if (binary.getKind() == AffineExprKind::FloorDiv)
    return DimUse::Div;
  if (binary.getKind() == AffineExprKind::Mod)
    return DimUse::Mod;
  return DimUse::Other;
}

/// A loop of `op` that some map divides (or takes modulo) by a constant
/// dividing its extent, and that every map reads only whole, divided or
/// modulo that constant.
static std::optional<DividedDim> findDividedDim(linalg::GenericOp op) {
  SmallVector<int64_t> extents = op.getStaticLoopRanges();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  // Split, the reads become plain ones, which the verifier wants to span
  // their operand's dimension exactly: a divided read may span less.
  auto spansExactly = [&](DividedDim divided) {
    for (OpOperand &operand : op->getOpOperands()) {
      AffineMap map = op.getMatchingIndexingMap(&operand);
      auto type = cast<RankedTensorType>(operand.get().getType());
      for (auto [index, expr] : llvm::enumerate(map.getResults())) {
        int64_t size = type.getDimSize(index);
        int64_t extent = extents[divided.dim];
        switch (classifyDimUse(expr, divided.dim, divided.divisor)) {
        case DimUse::Div:
          if (size != extent / divided.divisor)
            return false;
          break;
        case DimUse::Mod:
          if (size != divided.divisor)
            return false;
          break;
        case DimUse::Plain:
        case DimUse::None:
        case DimUse::Other:
          break;
        }
      }
    }
    return true;
  };
  for (AffineMap map : maps)
    for (AffineExpr expr : map.getResults()) {
      auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
      if (!binary || (binary.getKind() != AffineExprKind::FloorDiv &&
                      binary.getKind() != AffineExprKind::Mod))
        continue;
      auto dim = dyn_cast<AffineDimExpr>(binary.getLHS());
      auto constant = dyn_cast<AffineConstantExpr>(binary.getRHS());
      if (!dim || !constant || constant.getValue() < 2)
        continue;
      DividedDim divided{dim.getPosition(), constant.getValue()};
      int64_t extent = extents[divided.dim];
      // A reduction split in two would leave an outer loop that indexes
      // the result (`out[i floordiv 2] += x[i]`) marked as reduction.
      if (ShapedType::isDynamic(extent) || extent % divided.divisor != 0 ||
          iterators[divided.dim] != utils::IteratorType::parallel)
        continue;
      bool readable = llvm::all_of(maps, [&](AffineMap m) {
        return llvm::all_of(m.getResults(), [&](AffineExpr e) {
          return classifyDimUse(e, divided.dim, divided.divisor) !=
                 DimUse::Other;
        });
      });
      if (readable && spansExactly(divided))
        return divided;
    }
  return std::nullopt;
}

/// Splits loop `divided.dim` of `op` into an outer loop of extent / c and
/// an inner one of c: a map's `d floordiv c` reads the outer, `d mod c`
/// the inner, and an operand indexed by `d` itself is expanded to both.
static linalg::GenericOp splitDividedDim(RewriterBase &rewriter,
                                         linalg::GenericOp op,
                                         DividedDim divided) {
  MLIRContext *ctx = op.getContext();
  unsigned d = divided.dim;
  int64_t c = divided.divisor;
  unsigned numDims = op.getNumLoops() + 1;
  AffineExpr outer = getAffineDimExpr(d, ctx),
             inner = getAffineDimExpr(d + 1, ctx);
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<AffineMap> maps;
  SmallVector<Value> operands;
  SmallVector<SmallVector<ReassociationIndices>> groupsOf;
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    auto type = cast<RankedTensorType>(operand.get().getType());
    SmallVector<AffineExpr> results;
    SmallVector<ReassociationIndices> groups;
    SmallVector<int64_t> shape;
    for (auto [index, expr] : llvm::enumerate(map.getResults())) {
      ReassociationIndices group = {static_cast<int64_t>(results.size())};
      switch (classifyDimUse(expr, d, c)) {
      case DimUse::Plain:
        results.append({outer, inner});
        group.push_back(group.front() + 1);
        shape.append({type.getDimSize(index) / c, c});
        break;
      case DimUse::Div:
        results.push_back(outer);
        shape.push_back(type.getDimSize(index));
        break;
      case DimUse::Mod:
        results.push_back(inner);
        shape.push_back(type.getDimSize(index));
        break;
      case DimUse::None:
      case DimUse::Other:
        results.push_back(expr.shiftDims(op.getNumLoops(), 1, d + 1));
        shape.push_back(type.getDimSize(index));
      }
      groups.push_back(group);
    }
    maps.push_back(AffineMap::get(numDims, 0, results, ctx));
    Value value = operand.get();
    if (shape.size() != static_cast<size_t>(type.getRank())) {
      Value refilled = refillAtShape(rewriter, loc, value, shape);
      value = refilled
                  ? refilled
                  : tensor::ExpandShapeOp::create(
                        rewriter, loc,
                        RankedTensorType::get(shape, type.getElementType()),
                        value, groups);
    }
    operands.push_back(value);
    groupsOf.push_back(groups);
  }
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  iterators.insert(iterators.begin() + d + 1, iterators[d]);
  unsigned numInputs = op.getNumDpsInputs();
  ValueRange inputs = ValueRange(operands).take_front(numInputs);
  ValueRange inits = ValueRange(operands).drop_front(numInputs);
  auto split = linalg::GenericOp::create(rewriter, loc, inits.getTypes(),
                                         inputs, inits, maps, iterators);
  rewriter.inlineRegionBefore(op.getRegion(), split.getRegion(),
                              split.getRegion().end());
  // The body's loop indices: the split loop is outer * c + inner.
  // Nested ones too (in an scf.if of the body), but not those of a linalg
  // op in the body, which index its own loops.
  SmallVector<linalg::IndexOp> indices;
  split.getBlock()->walk([&](linalg::IndexOp index) {
    if (index->getParentOfType<linalg::LinalgOp>() == split)
      indices.push_back(index);
  });
  for (linalg::IndexOp index : indices) {
    uint64_t dim = index.getDim();
    rewriter.setInsertionPoint(index);
    if (dim < d)
      continue;
    if (dim > d) {
      rewriter.replaceOpWithNewOp<linalg::IndexOp>(index, dim + 1);
      continue;
    }
    Value high = linalg::IndexOp::create(rewriter, index.getLoc(), d);
    Value low = linalg::IndexOp::create(rewriter, index.getLoc(), d + 1);
    Value scale = arith::ConstantIndexOp::create(rewriter, index.getLoc(), c);
    Value scaled = arith::MulIOp::create(rewriter, index.getLoc(), high, scale);
    rewriter.replaceOpWithNewOp<arith::AddIOp>(index, scaled, low);
  }
  rewriter.setInsertionPointAfter(split);
  SmallVector<Value> results;
  for (auto [index, result] : llvm::enumerate(split.getResults())) {
    Type original = op.getResult(index).getType();
    results.push_back(
        result.getType() == original
            ? Value(result)
            : tensor::CollapseShapeOp::create(rewriter, loc, original, result,
                                              groupsOf[numInputs + index]));
  }
  replaceAndEraseDeadOperands(rewriter, op, results);
  return split;
}

void mlir::ansor::splitDividedLoops(func::FuncOp func) {
  SmallVector<linalg::GenericOp> generics;
  func.walk([&](linalg::GenericOp op) {
    if (onStaticTensors(op) && op.hasPureTensorSemantics())
      generics.push_back(op);
  });
  IRRewriter rewriter(func.getContext());
  for (linalg::GenericOp op : generics) {
    // Each split makes a new op; the next divided loop is found in it.
    while (std::optional<DividedDim> divided = findDividedDim(op))
      op = splitDividedDim(rewriter, op, *divided);
  }
}

void mlir::ansor::inlineConstantGlobals(func::FuncOp func) {
  IRRewriter rewriter(func.getContext());
  SmallVector<ml_program::GlobalLoadConstOp> loads;
  func.walk([&](ml_program::GlobalLoadConstOp load) { loads.push_back(load); });
  for (ml_program::GlobalLoadConstOp load : loads) {
    auto global = SymbolTable::lookupNearestSymbolFrom<ml_program::GlobalOp>(
        load, load.getGlobalAttr());
    // An `#ml_program.extern` value is typed but not an elements attribute:
    // nothing to inline, and not a valid arith.constant.
    auto value = global && global.getValue()
                     ? dyn_cast<ElementsAttr>(*global.getValue())
                     : ElementsAttr();
    if (!value || value.getType() != load.getType())
      continue;
    rewriter.setInsertionPoint(load);
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(load,
                                                   cast<TypedAttr>(value));
  }
}

void mlir::ansor::foldCastRoundTrips(func::FuncOp func) {
  SmallVector<Operation *> casts;
  func.walk([&](tensor::CastOp cast) { casts.push_back(cast); });
  if (casts.empty())
    return;
  // Upstream's chained-cast pattern joins a chain into one cast, which
  // folds away where it comes back to its source's type.
  RewritePatternSet patterns(func.getContext());
  tensor::CastOp::getCanonicalizationPatterns(patterns, func.getContext());
  (void)applyOpPatternsGreedily(casts, std::move(patterns));
}

void mlir::ansor::convertToDestinationStyle(func::FuncOp func) {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    // Their operands are scalars or indices: only the result is a tensor.
    auto type = op->getNumResults() == 1
                    ? dyn_cast<RankedTensorType>(op->getResult(0).getType())
                    : RankedTensorType();
    if (isa<tensor::GenerateOp, tensor::SplatOp>(op) && type &&
        type.hasStaticShape())
      ops.push_back(op);
  });
  IRRewriter rewriter(func.getContext());
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    if (auto splat = dyn_cast<tensor::SplatOp>(op)) {
      auto type = cast<RankedTensorType>(splat.getType());
      Value empty = tensor::EmptyOp::create(
          rewriter, op->getLoc(), type.getShape(), type.getElementType());
      rewriter.replaceOpWithNewOp<linalg::FillOp>(op, splat.getInput(), empty);
      continue;
    }
    if (failed(linalg::rewriteInDestinationPassingStyle(
            rewriter, cast<tensor::GenerateOp>(op))))
      op->emitWarning() << "op '" << op->getName()
                        << "' does not become a linalg op ansor schedules";
  }
}

/// A static tensor.reshape (its shape operand only restates its static
/// result type) as a collapse of its source to one dimension and an
/// expansion of that to its result, reshapes the DAG passes through.
static void rewriteStaticReshape(RewriterBase &rewriter,
                                 tensor::ReshapeOp reshape) {
  auto source = cast<RankedTensorType>(reshape.getSource().getType());
  auto result = cast<RankedTensorType>(reshape.getResult().getType());
  rewriter.setInsertionPoint(reshape);
  Location loc = reshape.getLoc();
  auto all = [](int64_t rank) {
    ReassociationIndices dims = llvm::to_vector<2>(llvm::seq<int64_t>(0, rank));
    return SmallVector<ReassociationIndices>{dims};
  };
  Value flat = reshape.getSource();
  if (source.getRank() > 1)
    flat = tensor::CollapseShapeOp::create(rewriter, loc, flat,
                                           all(source.getRank()));
  if (result.getRank() > 1)
    flat = tensor::ExpandShapeOp::create(rewriter, loc, result, flat,
                                         all(result.getRank()));
  rewriter.replaceOp(reshape, flat);
}

void mlir::ansor::decomposeAggregatedOps(func::FuncOp func) {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (isa<linalg::AggregatedOpInterface, tensor::ConcatOp, linalg::PackOp,
            linalg::UnPackOp>(op))
      ops.push_back(op);
    if (auto reshape = dyn_cast<tensor::ReshapeOp>(op))
      if (onStaticTensors(op) && reshape.getSource().getType().getRank() > 0 &&
          reshape.getResult().getType().getRank() > 0)
        ops.push_back(op);
  });
  IRRewriter rewriter(func.getContext());
  for (Operation *op : ops) {
    if (auto reshape = dyn_cast<tensor::ReshapeOp>(op)) {
      rewriteStaticReshape(rewriter, reshape);
      continue;
    }
    // A layout change becomes a pad, a reshape and a transpose (an unpack:
    // a transpose, a reshape and a slice), upstream's lowering, which
    // replaces the op itself.
    if (isa<linalg::PackOp, linalg::UnPackOp>(op)) {
      if (!onStaticTensorsAndScalars(op))
        continue;
      rewriter.setInsertionPoint(op);
      if (auto unpack = dyn_cast<linalg::UnPackOp>(op)) {
        if (failed(linalg::lowerUnPack(rewriter, unpack)))
          warnNotDecomposed(op);
        continue;
      }
      FailureOr<linalg::LowerPackResult> lowered =
          linalg::lowerPack(rewriter, cast<linalg::PackOp>(op));
      if (failed(lowered)) {
        warnNotDecomposed(op);
        continue;
      }
      // A pack that pads nothing still gets a pad: a copy as a node.
      tensor::PadOp pad = lowered->padOp;
      auto isZero = [](int64_t size) { return size == 0; };
      if (pad && pad.getSourceType() == pad.getResultType() &&
          llvm::all_of(pad.getStaticLow(), isZero) &&
          llvm::all_of(pad.getStaticHigh(), isZero))
        rewriter.replaceOp(pad, pad.getSource());
      continue;
    }
    // A concatenation becomes insert_slices into an empty tensor: copies no
    // schedule touches, between the nodes that produce and read it.
    if (auto concat = dyn_cast<tensor::ConcatOp>(op))
      decomposeOrWarn(rewriter, op, [&](OpBuilder &b) {
        return concat.decomposeOperation(b);
      });
    else
      decomposeOrWarn(rewriter, op, [&](OpBuilder &b) {
        return cast<linalg::AggregatedOpInterface>(op).decomposeOperation(b);
      });
  }
}

/// Whether result `index` of `generic` is an i1 tensor that only
/// linalg.generic ops read as inputs, from an init the body does not read.
static bool isWidenable(linalg::GenericOp generic, unsigned index) {
  Value result = generic->getResult(index);
  auto type = dyn_cast<RankedTensorType>(result.getType());
  if (!type || !type.hasStaticShape() || !type.getElementType().isInteger(1) ||
      result.use_empty())
    return false;
  OpOperand *init = generic.getDpsInitOperand(index);
  if (!init->get().getDefiningOp<tensor::EmptyOp>() ||
      generic.payloadUsesValueFromOperand(init))
    return false;
  return llvm::all_of(result.getUses(), [](OpOperand &use) {
    auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
    return consumer && consumer.isDpsInput(&use);
  });
}

/// Makes block argument `arg` of a consumer's body an i8 and truncates it
/// back to the i1 its body computes with.
static void narrowInBody(OpBuilder &b, BlockArgument arg) {
  arg.setType(b.getI8Type());
  b.setInsertionPointToStart(arg.getOwner());
  Value bit = arith::TruncIOp::create(b, arg.getLoc(), b.getI1Type(), arg);
  arg.replaceAllUsesExcept(bit, bit.getDefiningOp());
}

/// Rewrites the named linalg ops of `func` on static tensors that `select`
/// picks into linalg.generic ops.
static void
generalizeNamedOps(func::FuncOp func,
                   llvm::function_ref<bool(linalg::LinalgOp)> select) {
  SmallVector<linalg::LinalgOp> named;
  func.walk([&](linalg::LinalgOp op) {
    if (!isa<linalg::GenericOp>(op) && onStaticTensors(op) && select(op))
      named.push_back(op);
  });
  IRRewriter rewriter(func.getContext());
  for (linalg::LinalgOp op : named) {
    rewriter.setInsertionPoint(op);
    (void)linalg::generalizeNamedOp(rewriter, op);
  }
}

/// Whether `op` reads or writes a tensor of i1.
static bool touchesBooleanTensor(Operation *op) {
  return llvm::any_of(operandAndResultTypes(op), [](Type t) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    return tensor && tensor.getElementType().isInteger(1);
  });
}

void mlir::ansor::widenBooleanTensors(func::FuncOp func) {
  // Named ops that make or read masks (linalg.map, ...) become generics
  // first, so that their masks are widened as any generic's (one that does
  // not generalize keeps its masks as they are).
  generalizeNamedOps(
      func, [](linalg::LinalgOp op) { return touchesBooleanTensor(op); });
  SmallVector<linalg::GenericOp> generics;
  func.walk([&](linalg::GenericOp g) { generics.push_back(g); });
  OpBuilder b(func.getContext());
  for (linalg::GenericOp generic : generics)
    for (unsigned index = 0; index < generic.getNumDpsInits(); ++index) {
      if (!isWidenable(generic, index))
        continue;
      OpOperand *init = generic.getDpsInitOperand(index);
      auto type = cast<RankedTensorType>(init->get().getType());
      b.setInsertionPoint(generic);
      Value wide = tensor::EmptyOp::create(b, generic.getLoc(), type.getShape(),
                                           b.getI8Type());
      Operation *empty = init->get().getDefiningOp();
      init->set(wide);
      if (empty->use_empty())
        empty->erase();
      Value result = generic->getResult(index);
      result.setType(wide.getType());
      // The producer yields the bit as a byte.
      auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
      BlockArgument out = generic.getMatchingBlockArgument(init);
      out.setType(b.getI8Type());
      b.setInsertionPoint(yield);
      OpOperand &yielded = yield->getOpOperand(index);
      yielded.set(arith::ExtUIOp::create(b, yield.getLoc(), b.getI8Type(),
                                         yielded.get()));
      for (OpOperand &use : result.getUses()) {
        auto consumer = cast<linalg::GenericOp>(use.getOwner());
        narrowInBody(b, consumer.getMatchingBlockArgument(&use));
      }
    }
}

void mlir::ansor::splitSharedInitFills(func::FuncOp func) {
  SmallVector<linalg::FillOp> fills;
  func.walk([&](linalg::FillOp fill) {
    if (fill.hasPureTensorSemantics() && !fill->hasOneUse())
      fills.push_back(fill);
  });
  for (linalg::FillOp fill : fills) {
    SmallVector<OpOperand *> inits;
    for (OpOperand &use : fill->getResult(0).getUses())
      if (auto user = dyn_cast<linalg::LinalgOp>(use.getOwner()))
        if (user.isDpsInit(&use))
          inits.push_back(&use);
    // The original keeps its other uses, or else the first init.
    bool onlyInits =
        llvm::range_size(fill->getResult(0).getUses()) == inits.size();
    OpBuilder b(fill);
    for (OpOperand *init : ArrayRef(inits).drop_front(onlyInits ? 1 : 0))
      init->set(b.clone(*fill)->getResult(0));
  }
}

/// The dimensions of `operand` (of `op`) of size 1 that its map reads at
/// the constant 0.
static llvm::SmallBitVector getConstantUnitDims(linalg::GenericOp op,
                                                OpOperand &operand) {
  AffineMap map = op.getMatchingIndexingMap(&operand);
  llvm::SmallBitVector dims(map.getNumResults());
  auto type = dyn_cast<RankedTensorType>(operand.get().getType());
  if (!type)
    return dims;
  for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
    auto constant = dyn_cast<AffineConstantExpr>(expr);
    if (constant && constant.getValue() == 0 && type.getDimSize(dim) == 1)
      dims.set(dim);
  }
  return dims;
}

/// The reassociation that folds each dimension in `dropped` into the next
/// kept one (the last kept one for trailing dimensions); none where every
/// dimension is dropped (a collapse to 0-d).
static SmallVector<ReassociationIndices>
getDroppingReassociation(const llvm::SmallBitVector &dropped) {
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  for (unsigned dim = 0; dim < dropped.size(); ++dim) {
    pending.push_back(dim);
    if (!dropped.test(dim)) {
      groups.push_back(pending);
      pending.clear();
    }
  }
  if (!groups.empty())
    llvm::append_range(groups.back(), pending);
  return groups;
}

/// `value` collapsed by `reassociation`: the source of an expansion that
/// `reassociation` undoes, a fill built again at the smaller shape
/// (refillAtShape), else a collapse.
static Value collapseUnitDims(RewriterBase &rewriter, Location loc, Value value,
                              ArrayRef<ReassociationIndices> reassociation) {
  RankedTensorType type = tensor::CollapseShapeOp::inferCollapsedType(
      cast<RankedTensorType>(value.getType()), reassociation);
  if (auto expand = value.getDefiningOp<tensor::ExpandShapeOp>())
    if (expand.getSrcType() == type &&
        expand.getReassociationIndices() == reassociation)
      return expand.getSrc();
  if (Value refilled = refillAtShape(rewriter, loc, value, type.getShape()))
    return refilled;
  return tensor::CollapseShapeOp::create(rewriter, loc, type, value,
                                         reassociation);
}

/// Rebuilds `op` with the constant unit dimensions of its operands
/// collapsed. Upstream's linalg::dropUnitDims collapses such dimensions
/// too, but only while it drops a unit loop (it refuses an op whose control
/// function allows none), and dropping unit loops would reshape every node
/// with one (a batch of 1).
static void dropConstantUnitDims(RewriterBase &rewriter, linalg::GenericOp op) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Value> operands;
  SmallVector<AffineMap> maps;
  SmallVector<SmallVector<ReassociationIndices>> outputGroups;
  for (OpOperand &operand : op->getOpOperands()) {
    llvm::SmallBitVector dropped = getConstantUnitDims(op, operand);
    AffineMap map = op.getMatchingIndexingMap(&operand);
    SmallVector<ReassociationIndices> groups;
    if (dropped.none()) {
      operands.push_back(operand.get());
      maps.push_back(map);
    } else {
      groups = getDroppingReassociation(dropped);
      operands.push_back(
          collapseUnitDims(rewriter, loc, operand.get(), groups));
      maps.push_back(map.dropResults(dropped));
    }
    if (op.isDpsInit(&operand))
      outputGroups.push_back(
          dropped.none() ? SmallVector<ReassociationIndices>{} : groups);
  }
  unsigned numInputs = op.getNumDpsInputs();
  ValueRange inits = ValueRange(operands).drop_front(numInputs);
  auto generic =
      linalg::GenericOp::create(rewriter, loc, TypeRange(inits),
                                ValueRange(operands).take_front(numInputs),
                                inits, maps, op.getIteratorTypesArray());
  generic->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  rewriter.inlineRegionBefore(op.getRegion(), generic.getRegion(),
                              generic.getRegion().begin());
  SmallVector<Value> results;
  for (auto [result, old, groups] :
       llvm::zip_equal(generic->getResults(), op->getResults(), outputGroups))
    results.push_back(result.getType() == old.getType()
                          ? Value(result)
                          : (Value)tensor::ExpandShapeOp::create(
                                rewriter, loc, old.getType(), result, groups)
                                .getResult());
  replaceAndEraseDeadOperands(rewriter, op, results);
}

void mlir::ansor::dropConstantUnitDims(func::FuncOp func) {
  SmallVector<linalg::GenericOp> generics;
  func.walk([&](linalg::GenericOp op) {
    if (onStaticTensorsAndScalars(op) &&
        llvm::any_of(op->getOpOperands(), [&](OpOperand &operand) {
          return getConstantUnitDims(op, operand).any();
        }))
      generics.push_back(op);
  });
  IRRewriter rewriter(func.getContext());
  for (linalg::GenericOp op : generics)
    ::dropConstantUnitDims(rewriter, op);
  // Expansions whose readers all collapsed them again are left unread.
  func.walk([&](tensor::ExpandShapeOp expand) {
    if (expand->use_empty())
      rewriter.eraseOp(expand);
  });
}

/// `init` with its last two dimensions merged by `reassociation`: a fill is
/// built again at the merged shape (it overwrites all of its output),
/// anything else collapsed.
static Value mergeTrailingDims(RewriterBase &rewriter, Location loc, Value init,
                               ArrayRef<ReassociationIndices> reassociation) {
  auto type = cast<RankedTensorType>(init.getType());
  SmallVector<int64_t> shape(type.getShape().drop_back(2));
  shape.push_back(type.getShape()[type.getRank() - 2] * type.getShape().back());
  if (Value refilled = refillAtShape(rewriter, loc, init, shape))
    return refilled;
  return tensor::CollapseShapeOp::create(rewriter, loc, init, reassociation);
}

/// Reassociation merging the last two of `rank` dimensions.
static SmallVector<ReassociationIndices> mergeLastTwo(int64_t rank) {
  SmallVector<ReassociationIndices> groups;
  for (int64_t i = 0; i < rank - 2; ++i)
    groups.push_back({i});
  groups.push_back({rank - 2, rank - 1});
  return groups;
}

/// `input` (N, spatial..., C) repeated along a new last dimension of
/// `multiplier` and merged into the channels, channel c * M + m holding
/// input channel c: what HWCM's channel (c, m) reads.
static Value repeatChannels(RewriterBase &rewriter, Location loc, Value input,
                            int64_t multiplier) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank() + 1;
  SmallVector<int64_t> shape(type.getShape());
  shape.push_back(multiplier);
  Value empty =
      tensor::EmptyOp::create(rewriter, loc, shape, type.getElementType());
  MLIRContext *ctx = rewriter.getContext();
  SmallVector<AffineMap> maps = {
      AffineMap::getMultiDimIdentityMap(rank, ctx).dropResult(rank - 1),
      AffineMap::getMultiDimIdentityMap(rank, ctx)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto repeat = linalg::GenericOp::create(
      rewriter, loc, TypeRange{empty.getType()}, ValueRange{input},
      ValueRange{empty}, maps, iterators,
      [](OpBuilder &b, Location loc, ValueRange args) {
        linalg::YieldOp::create(b, loc, args.front());
      });
  return tensor::CollapseShapeOp::create(rewriter, loc, repeat.getResult(0),
                                         mergeLastTwo(rank));
}

/// Rewrites a depthwise convolution in HWCM layout (channel multiplier last;
/// what TOSA's depthwise_conv2d lowers to, the multiplier then collapsed
/// away) into the HWC one over C * M channels: upstream decomposes and
/// vectorizes the latter only, and left the HWCM op scalar. A multiplier
/// above 1 repeats each input channel M times first (M times the input's
/// bytes, against a convolution that stayed scalar). Collapses of the
/// result that merge the multiplier read the new convolution directly.
template <typename HwcmOp, typename HwcOp>
static void convertDepthwiseMultiplier(RewriterBase &rewriter, HwcmOp conv) {
  Location loc = conv.getLoc();
  rewriter.setInsertionPoint(conv);
  auto filterType =
      cast<RankedTensorType>(conv.getDpsInputOperand(1)->get().getType());
  int64_t multiplier = filterType.getShape().back();
  int64_t outputRank =
      cast<RankedTensorType>(conv->getResult(0).getType()).getRank();
  SmallVector<ReassociationIndices> outputMap = mergeLastTwo(outputRank);
  Value input = conv.getDpsInputOperand(0)->get();
  if (multiplier != 1)
    input = repeatChannels(rewriter, loc, input, multiplier);
  Value filter = tensor::CollapseShapeOp::create(
      rewriter, loc, conv.getDpsInputOperand(1)->get(),
      mergeLastTwo(filterType.getRank()));
  Value oldInit = conv.getDpsInitOperand(0)->get();
  Value init = mergeTrailingDims(rewriter, loc, oldInit, outputMap);
  auto hwc =
      HwcOp::create(rewriter, loc, TypeRange{init.getType()},
                    ValueRange{input, filter}, ValueRange{init},
                    {rewriter.getNamedAttr("strides", conv.getStrides()),
                     rewriter.getNamedAttr("dilations", conv.getDilations())});
  Value result = hwc->getResult(0);
  for (OpOperand &use :
       llvm::make_early_inc_range(conv->getResult(0).getUses()))
    if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(use.getOwner()))
      if (collapse.getReassociationIndices() == outputMap)
        rewriter.replaceOp(collapse, result);
  if (conv->use_empty())
    rewriter.eraseOp(conv);
  else
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
        conv, conv->getResult(0).getType(), result, outputMap);
  // The fill of the HWCM output, now unused, would be a node of its own.
  eraseDeadInits(oldInit, [&](Operation *op) { rewriter.eraseOp(op); });
}

/// Whether `op` reads an input of another element type than it writes.
static bool mixesElementTypes(linalg::LinalgOp op) {
  Type result = getElementTypeOrSelf(op.getDpsInits().front().getType());
  return llvm::any_of(op.getDpsInputs(), [&](Value input) {
    return getElementTypeOrSelf(input.getType()) != result;
  });
}

void mlir::ansor::specializeConvolutions(func::FuncOp func) {
  SmallVector<linalg::GenericOp> generics;
  func.walk([&](linalg::GenericOp generic) {
    if (generic.hasPureTensorSemantics() && onStaticTensors(generic) &&
        generic.getNumDpsInits() == 1 && !mixesElementTypes(generic) &&
        linalg::isaConvolutionOpInterface(generic))
      generics.push_back(generic);
  });
  IRRewriter rewriter(func.getContext());
  for (linalg::GenericOp generic : generics) {
    rewriter.setInsertionPoint(generic);
    auto clone = cast<linalg::GenericOp>(rewriter.clone(*generic));
    FailureOr<linalg::LinalgOp> named =
        linalg::specializeGenericOp(rewriter, clone);
    if (failed(named)) {
      rewriter.eraseOp(clone);
      continue;
    }
    // MLIR 22's matcher takes a strided window (`2 * h + kh`) for a plain
    // linalg.conv_2d, which has no strides: only a named op that reads
    // exactly as the generic did replaces it.
    if (named->getIndexingMapsArray() != generic.getIndexingMapsArray()) {
      rewriter.eraseOp(*named);
      continue;
    }
    rewriter.replaceOp(generic, named->getOperation()->getResults());
  }
}

/// `value` with its dimensions permuted (result dimension i is dimension
/// `perm[i]`): a fill is filled again in the new shape (refillAtShape),
/// anything else transposed.
static Value permute(RewriterBase &rewriter, Location loc, Value value,
                     ArrayRef<int64_t> perm) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape = llvm::map_to_vector(
      perm, [&](int64_t dim) { return type.getDimSize(dim); });
  if (Value refilled = refillAtShape(rewriter, loc, value, shape))
    return refilled;
  Value empty =
      tensor::EmptyOp::create(rewriter, loc, shape, type.getElementType());
  return linalg::TransposeOp::create(rewriter, loc, value, empty, perm)
      ->getResult(0);
}

/// Replaces `op`, an NCHW (NCW, NCDHW) convolution or pooling, by its NHWC
/// (NWC, NDHWC) form `NHWCOp` between transposes: `filterPerm` permutes its
/// second input (empty: it has none, only a window shape). Strides and
/// dilations are read through the op's accessors, which give their defaults
/// where they are left out.
template <typename NCHWOp, typename NHWCOp>
static void convertToNHWC(RewriterBase &rewriter, NCHWOp op,
                          ArrayRef<int64_t> filterPerm) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  // One rule for 1-D, 2-D and 3-D ops: the channels move from dimension 1 to
  // the last, the spatial dimensions keep their order.
  int64_t rank =
      cast<ShapedType>(op.getDpsInitOperand(0)->get().getType()).getRank();
  SmallVector<int64_t> toNHWC = {0};
  for (int64_t dim = 2; dim < rank; ++dim)
    toNHWC.push_back(dim);
  toNHWC.push_back(1);
  SmallVector<int64_t> toNCHW = invertPermutationVector(toNHWC);
  Value input = permute(rewriter, loc, op.getDpsInputOperand(0)->get(), toNHWC);
  Value filter = op.getDpsInputOperand(1)->get();
  if (!filterPerm.empty())
    filter = permute(rewriter, loc, filter, filterPerm);
  Value oldInit = op.getDpsInitOperand(0)->get();
  Value init = permute(rewriter, loc, oldInit, toNHWC);
  auto nhwc =
      NHWCOp::create(rewriter, loc, TypeRange{init.getType()},
                     ValueRange{input, filter}, ValueRange{init},
                     {rewriter.getNamedAttr("strides", op.getStrides()),
                      rewriter.getNamedAttr("dilations", op.getDilations())});
  rewriter.replaceOp(op, permute(rewriter, loc, nhwc->getResult(0), toNCHW));
  eraseDeadInits(oldInit, [&](Operation *dead) { rewriter.eraseOp(dead); });
}

/// Whether `op` (a generic, or a named op such as linalg.add or
/// linalg.broadcast; not a fill, which is an init) computes on static
/// tensors with parallel loops only and writes one result element for
/// element.
static bool isElementwiseOp(linalg::LinalgOp op) {
  return op && !isa<linalg::FillOp>(op) && op.hasPureTensorSemantics() &&
         onStaticTensors(op) && op.getNumLoops() == op.getNumParallelLoops() &&
         op.getNumDpsInits() == 1 &&
         op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity();
}

namespace {
/// An elementwise op between a transpose and its inverse computes in the
/// transposed layout: transpose(f(transpose(x), y)) is f(x, y read
/// transposed), and both transposes go.
struct SinkTransposeIntoElementwise
    : public OpRewritePattern<linalg::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::TransposeOp transpose,
                                PatternRewriter &rewriter) const override {
    auto op = transpose.getInput().getDefiningOp<linalg::GenericOp>();
    if (!op || !op->hasOneUse() || !isElementwiseOp(op) ||
        !op.getMatchingBlockArgument(op.getDpsInitOperand(0)).use_empty() ||
        !op.getBody()->getOps<linalg::IndexOp>().empty())
      return failure();
    MLIRContext *ctx = rewriter.getContext();
    // The new loops are the transpose's result dimensions: loop j is the
    // op's loop perm[j].
    AffineMap toOld = AffineMap::getPermutationMap(
        invertPermutationVector(transpose.getPermutation()), ctx);
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    bool cancels = false;
    for (OpOperand *input : op.getDpsInputOperands()) {
      Value value = input->get();
      AffineMap map = op.getMatchingIndexingMap(input).compose(toOld);
      if (auto producer = value.getDefiningOp<linalg::TransposeOp>();
          producer && map.isPermutation()) {
        map = AffineMap::getPermutationMap(
                  invertPermutationVector(producer.getPermutation()), ctx)
                  .compose(map);
        value = producer.getInput();
        cancels |= map.isIdentity();
      }
      inputs.push_back(value);
      maps.push_back(map);
    }
    if (!cancels)
      return failure();
    maps.push_back(rewriter.getMultiDimIdentityMap(toOld.getNumDims()));
    auto sunk = linalg::GenericOp::create(
        rewriter, op.getLoc(), transpose->getResultTypes(), inputs,
        ValueRange{transpose.getInit()}, maps, op.getIteratorTypesArray());
    rewriter.cloneRegionBefore(op.getRegion(), sunk.getRegion(),
                               sunk.getRegion().end());
    SmallVector<Operation *> producers;
    for (OpOperand *input : op.getDpsInputOperands())
      if (auto producer = input->get().getDefiningOp<linalg::TransposeOp>())
        producers.push_back(producer);
    rewriter.replaceOp(transpose, sunk->getResults());
    rewriter.eraseOp(op);
    for (Operation *producer : producers)
      if (producer->use_empty())
        rewriter.eraseOp(producer);
    return success();
  }
};
} // namespace

void mlir::ansor::foldLayoutTransposes(func::FuncOp func) {
  SmallVector<Operation *> transposes;
  func.walk([&](linalg::TransposeOp op) { transposes.push_back(op); });
  RewritePatternSet patterns(func.getContext());
  patterns.add<SinkTransposeIntoElementwise>(func.getContext());
  // Upstream's: a transpose of a transpose is one transpose, folded away
  // when it is the identity.
  linalg::TransposeOp::getCanonicalizationPatterns(patterns, func.getContext());
  // Only the transposes and what replaces them: nothing else in the func
  // changes (its normalized form keys its records).
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps)
      .enableConstantCSE(false);
  (void)applyOpPatternsGreedily(transposes, std::move(patterns), config);
}

void mlir::ansor::convertNCHWToNHWC(func::FuncOp func) {
  SmallVector<linalg::LinalgOp> ops;
  func.walk([&](linalg::LinalgOp op) {
    if (!isa<linalg::Conv3DNcdhwFcdhwOp, linalg::Conv2DNchwFchwOp,
             linalg::DepthwiseConv2DNchwChwOp, linalg::PoolingNchwMaxOp,
             linalg::PoolingNchwSumOp, linalg::Conv1DNcwFcwOp,
             linalg::DepthwiseConv1DNcwCwOp, linalg::PoolingNcwMaxOp,
             linalg::PoolingNcwSumOp>(op) ||
        !op.hasPureTensorSemantics() || !onStaticTensors(op))
      return;
    // A 1x1 convolution is a matrix product that upstream vectorizes well in
    // NCHW; the transposes only cost (157 GFLOP/s NCHW, 56 converted).
    auto filter = cast<ShapedType>(op.getDpsInputOperand(1)->get().getType());
    if (isa<linalg::Conv3DNcdhwFcdhwOp, linalg::Conv2DNchwFchwOp,
            linalg::Conv1DNcwFcwOp>(op) &&
        llvm::all_of(filter.getShape().drop_front(2),
                     [](int64_t size) { return size == 1; }))
      return;
    ops.push_back(op);
  });
  IRRewriter rewriter(func.getContext());
  for (linalg::LinalgOp op : ops) {
    Operation *nchw = op.getOperation();
    if (auto conv3d = dyn_cast<linalg::Conv3DNcdhwFcdhwOp>(nchw))
      convertToNHWC<linalg::Conv3DNcdhwFcdhwOp, linalg::Conv3DNdhwcDhwcfOp>(
          rewriter, conv3d, {2, 3, 4, 1, 0});
    else if (auto conv = dyn_cast<linalg::Conv2DNchwFchwOp>(nchw))
      convertToNHWC<linalg::Conv2DNchwFchwOp, linalg::Conv2DNhwcHwcfOp>(
          rewriter, conv, {2, 3, 1, 0});
    else if (auto depthwise = dyn_cast<linalg::DepthwiseConv2DNchwChwOp>(nchw))
      convertToNHWC<linalg::DepthwiseConv2DNchwChwOp,
                    linalg::DepthwiseConv2DNhwcHwcOp>(rewriter, depthwise,
                                                      {1, 2, 0});
    else if (auto max = dyn_cast<linalg::PoolingNchwMaxOp>(nchw))
      convertToNHWC<linalg::PoolingNchwMaxOp, linalg::PoolingNhwcMaxOp>(
          rewriter, max, {});
    else if (auto sum = dyn_cast<linalg::PoolingNchwSumOp>(nchw))
      convertToNHWC<linalg::PoolingNchwSumOp, linalg::PoolingNhwcSumOp>(
          rewriter, sum, {});
    else if (auto conv1d = dyn_cast<linalg::Conv1DNcwFcwOp>(nchw))
      convertToNHWC<linalg::Conv1DNcwFcwOp, linalg::Conv1DNwcWcfOp>(
          rewriter, conv1d, {2, 1, 0});
    else if (auto depthwise1d = dyn_cast<linalg::DepthwiseConv1DNcwCwOp>(nchw))
      convertToNHWC<linalg::DepthwiseConv1DNcwCwOp,
                    linalg::DepthwiseConv1DNwcWcOp>(rewriter, depthwise1d,
                                                    {1, 0});
    else if (auto max1d = dyn_cast<linalg::PoolingNcwMaxOp>(nchw))
      convertToNHWC<linalg::PoolingNcwMaxOp, linalg::PoolingNwcMaxOp>(
          rewriter, max1d, {});
    else
      convertToNHWC<linalg::PoolingNcwSumOp, linalg::PoolingNwcSumOp>(
          rewriter, cast<linalg::PoolingNcwSumOp>(nchw), {});
  }
  if (!ops.empty())
    foldLayoutTransposes(func);
}

void mlir::ansor::convertFilterLayouts(func::FuncOp func) {
  SmallVector<linalg::Conv2DNhwcFhwcOp> convs;
  func.walk([&](linalg::Conv2DNhwcFhwcOp conv) {
    if (conv.hasPureTensorSemantics() && onStaticTensors(conv))
      convs.push_back(conv);
  });
  IRRewriter rewriter(func.getContext());
  for (linalg::Conv2DNhwcFhwcOp conv : convs) {
    rewriter.setInsertionPoint(conv);
    Location loc = conv.getLoc();
    Value filter = conv.getDpsInputOperand(1)->get();
    auto type = cast<RankedTensorType>(filter.getType());
    ArrayRef<int64_t> fhwc = type.getShape();
    Value empty = tensor::EmptyOp::create(
        rewriter, loc, ArrayRef<int64_t>{fhwc[1], fhwc[2], fhwc[3], fhwc[0]},
        type.getElementType());
    auto hwcf = linalg::TransposeOp::create(rewriter, loc, filter, empty,
                                            ArrayRef<int64_t>{1, 2, 3, 0});
    auto replacement = linalg::Conv2DNhwcHwcfOp::create(
        rewriter, loc, conv->getResultTypes(),
        ValueRange{conv.getDpsInputOperand(0)->get(), hwcf->getResult(0)},
        conv.getDpsInits(),
        {rewriter.getNamedAttr("strides", conv.getStrides()),
         rewriter.getNamedAttr("dilations", conv.getDilations())});
    rewriter.replaceOp(conv, replacement);
  }
  SmallVector<linalg::LinalgOp> depthwise;
  func.walk([&](linalg::LinalgOp conv) {
    if (isa<linalg::DepthwiseConv3DNdhwcDhwcmOp,
            linalg::DepthwiseConv2DNhwcHwcmOp, linalg::DepthwiseConv1DNwcWcmOp>(
            conv) &&
        conv.hasPureTensorSemantics() && onStaticTensors(conv))
      depthwise.push_back(conv);
  });
  for (linalg::LinalgOp conv : depthwise)
    TypeSwitch<Operation *>(conv)
        .Case([&](linalg::DepthwiseConv3DNdhwcDhwcmOp op) {
          convertDepthwiseMultiplier<linalg::DepthwiseConv3DNdhwcDhwcmOp,
                                     linalg::DepthwiseConv3DNdhwcDhwcOp>(
              rewriter, op);
        })
        .Case([&](linalg::DepthwiseConv2DNhwcHwcmOp op) {
          convertDepthwiseMultiplier<linalg::DepthwiseConv2DNhwcHwcmOp,
                                     linalg::DepthwiseConv2DNhwcHwcOp>(rewriter,
                                                                       op);
        })
        .Case([&](linalg::DepthwiseConv1DNwcWcmOp op) {
          convertDepthwiseMultiplier<linalg::DepthwiseConv1DNwcWcmOp,
                                     linalg::DepthwiseConv1DNwcWcOp>(rewriter,
                                                                     op);
        });
}

namespace {
/// Where the height is in the input, filter and output of a 2-D
/// convolution whose plain form (linalg.conv_2d, no batch or channels) is
/// the same computation once its unit dimensions are dropped.
struct SingleChannelLayout {
  unsigned input, filter, output;
};
} // namespace

static std::optional<SingleChannelLayout>
getSingleChannelLayout(linalg::LinalgOp op) {
  std::optional<SingleChannelLayout> layout =
      TypeSwitch<Operation *, std::optional<SingleChannelLayout>>(op)
          .Case<linalg::Conv2DNhwcHwcfOp, linalg::DepthwiseConv2DNhwcHwcOp>(
              [](auto) {
                return SingleChannelLayout{1, 0, 1};
              })
          .Case<linalg::Conv2DNhwcFhwcOp>([](auto) {
            return SingleChannelLayout{1, 1, 1};
          })
          .Case<linalg::Conv2DNchwFchwOp>([](auto) {
            return SingleChannelLayout{2, 2, 2};
          })
          .Case<linalg::DepthwiseConv2DNchwChwOp>([](auto) {
            return SingleChannelLayout{2, 1, 2};
          })
          .Default([](Operation *) { return std::nullopt; });
  // Upstream vectorizes a linalg.conv_1d as outer products of its operands
  // as they are: i8 operands with an i32 accumulator did not build.
  if (!layout || !op.hasPureTensorSemantics() || !onStaticTensors(op) ||
      mixesElementTypes(op))
    return std::nullopt;
  // linalg.conv_2d has neither strides nor dilations.
  FailureOr<linalg::ConvolutionDimensions> dims =
      linalg::inferConvolutionDims(op);
  auto isOne = [](int64_t value) { return value == 1; };
  if (failed(dims) || !llvm::all_of(dims->strides, isOne) ||
      !llvm::all_of(dims->dilations, isOne))
    return std::nullopt;
  auto onlySpatial = [](Value value, unsigned height) {
    ArrayRef<int64_t> shape = cast<ShapedType>(value.getType()).getShape();
    for (auto [dim, size] : llvm::enumerate(shape))
      if (dim != height && dim != height + 1 && size != 1)
        return false;
    return true;
  };
  if (!onlySpatial(op.getDpsInputOperand(0)->get(), layout->input) ||
      !onlySpatial(op.getDpsInputOperand(1)->get(), layout->filter) ||
      !onlySpatial(op.getDpsInitOperand(0)->get(), layout->output))
    return std::nullopt;
  return layout;
}

/// The reassociation of a rank-`rank` shape into its dimensions up to
/// `height` and the rest.
static SmallVector<ReassociationIndices> getSpatialGroups(int64_t rank,
                                                          unsigned height) {
  SmallVector<ReassociationIndices> groups(2);
  for (int64_t dim = 0; dim < rank; ++dim)
    groups[dim <= height ? 0 : 1].push_back(dim);
  return groups;
}

void mlir::ansor::convertSingleChannelConvolutions(func::FuncOp func) {
  SmallVector<std::pair<linalg::LinalgOp, SingleChannelLayout>> convs;
  func.walk([&](linalg::LinalgOp op) {
    if (std::optional<SingleChannelLayout> layout = getSingleChannelLayout(op))
      convs.push_back({op, *layout});
  });
  IRRewriter rewriter(func.getContext());
  for (auto [op, layout] : convs) {
    rewriter.setInsertionPoint(op);
    Location loc = op.getLoc();
    auto collapse = [&](Value value, unsigned height) {
      int64_t rank = cast<ShapedType>(value.getType()).getRank();
      return collapseUnitDims(rewriter, loc, value,
                              getSpatialGroups(rank, height));
    };
    Value oldInit = op.getDpsInitOperand(0)->get();
    Value init = collapse(oldInit, layout.output);
    auto conv = linalg::Conv2DOp::create(
        rewriter, loc, TypeRange{init.getType()},
        ValueRange{collapse(op.getDpsInputOperand(0)->get(), layout.input),
                   collapse(op.getDpsInputOperand(1)->get(), layout.filter)},
        ValueRange{init});
    Type type = op->getResult(0).getType();
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
        op, type, conv->getResult(0),
        getSpatialGroups(cast<ShapedType>(type).getRank(), layout.output));
    eraseDeadInits(oldInit, [&](Operation *dead) { rewriter.eraseOp(dead); });
  }
}

/// `value` as a quantized op reads it: converted to `type` as the op
/// converts it (signed), minus its zero point `zero`. `value` itself where
/// the zero point is a constant 0: the unquantized op converts it the same
/// way.
static Value subtractZeroPoint(RewriterBase &rewriter, Location loc,
                               Value value, Value zero, Type type) {
  if (matchPattern(zero, m_Zero()) || matchPattern(zero, m_AnyZeroFloat()))
    return value;
  auto tensorType = cast<RankedTensorType>(value.getType());
  int64_t rank = tensorType.getRank();
  MLIRContext *ctx = rewriter.getContext();
  Value empty =
      tensor::EmptyOp::create(rewriter, loc, tensorType.getShape(), type);
  SmallVector<AffineMap> maps = {AffineMap::getMultiDimIdentityMap(rank, ctx),
                                 AffineMap::get(rank, 0, ctx),
                                 AffineMap::getMultiDimIdentityMap(rank, ctx)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{empty.getType()}, ValueRange{value, zero},
      ValueRange{empty}, maps, iterators,
      [&](OpBuilder &b, Location loc, ValueRange args) {
        Value element = convertScalarToDtype(b, loc, args[0], type,
                                             /*isUnsignedCast=*/false);
        Value offset = convertScalarToDtype(b, loc, args[1], type,
                                            /*isUnsignedCast=*/false);
        Value difference =
            isa<FloatType>(type)
                ? arith::SubFOp::create(b, loc, element, offset).getResult()
                : arith::SubIOp::create(b, loc, element, offset).getResult();
        linalg::YieldOp::create(b, loc, difference);
      });
  return generic.getResult(0);
}

/// Replaces `op`, a quantized convolution (input, filter, input zero
/// point, filter zero point), by `UnquantizedOp` reading the input and the
/// filter minus their zero points: the same sums, term for term.
template <typename UnquantizedOp, typename QuantizedOp>
static void convertQuantized(RewriterBase &rewriter, QuantizedOp op) {
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  Type type = getElementTypeOrSelf(op.getDpsInitOperand(0)->get().getType());
  auto operand = [&](unsigned index) {
    return op.getDpsInputOperand(index)->get();
  };
  Value input = subtractZeroPoint(rewriter, loc, operand(0), operand(2), type);
  Value filter = subtractZeroPoint(rewriter, loc, operand(1), operand(3), type);
  auto conv = UnquantizedOp::create(
      rewriter, loc, op->getResultTypes(), ValueRange{input, filter},
      op.getDpsInits(),
      {rewriter.getNamedAttr("strides", op.getStrides()),
       rewriter.getNamedAttr("dilations", op.getDilations())});
  rewriter.replaceOp(op, conv->getResults());
}

void mlir::ansor::convertQuantizedConvolutions(func::FuncOp func) {
  SmallVector<linalg::LinalgOp> ops;
  func.walk([&](linalg::LinalgOp op) {
    if (isa<linalg::Conv2DNhwcHwcfQOp, linalg::Conv2DNhwcFhwcQOp,
            linalg::Conv2DNchwFchwQOp, linalg::Conv2DNhwgcGfhwcQOp,
            linalg::Conv2DNgchwGfchwQOp, linalg::Conv3DNdhwcDhwcfQOp,
            linalg::DepthwiseConv2DNhwcHwcQOp,
            linalg::DepthwiseConv2DNhwcHwcmQOp>(op) &&
        op.hasPureTensorSemantics() && onStaticTensorsAndScalars(op))
      ops.push_back(op);
  });
  IRRewriter rewriter(func.getContext());
  using namespace linalg;
  for (LinalgOp op : ops)
    TypeSwitch<Operation *>(op)
        .Case([&](Conv2DNhwcHwcfQOp q) {
          convertQuantized<Conv2DNhwcHwcfOp>(rewriter, q);
        })
        .Case([&](Conv2DNhwcFhwcQOp q) {
          convertQuantized<Conv2DNhwcFhwcOp>(rewriter, q);
        })
        .Case([&](Conv2DNchwFchwQOp q) {
          convertQuantized<Conv2DNchwFchwOp>(rewriter, q);
        })
        .Case([&](Conv2DNhwgcGfhwcQOp q) {
          convertQuantized<Conv2DNhwgcGfhwcOp>(rewriter, q);
        })
        .Case([&](Conv2DNgchwGfchwQOp q) {
          convertQuantized<Conv2DNgchwGfchwOp>(rewriter, q);
        })
        .Case([&](Conv3DNdhwcDhwcfQOp q) {
          convertQuantized<Conv3DNdhwcDhwcfOp>(rewriter, q);
        })
        .Case([&](DepthwiseConv2DNhwcHwcQOp q) {
          convertQuantized<DepthwiseConv2DNhwcHwcOp>(rewriter, q);
        })
        .Case([&](DepthwiseConv2DNhwcHwcmQOp q) {
          convertQuantized<DepthwiseConv2DNhwcHwcmOp>(rewriter, q);
        });
}

void mlir::ansor::generalizeMixedContractions(func::FuncOp func) {
  generalizeNamedOps(func, [](linalg::LinalgOp op) {
    return (op.getNumDpsInits() == 1 && linalg::isaContractionOpInterface(op) &&
            mixesElementTypes(op)) ||
           isa<linalg::Mmt4DOp, linalg::BatchMmt4DOp>(op);
  });
}

/// Whether `op` reads each input without transposing it: fused into its
/// reader, a transposition would be inlined wherever that reader is, where
/// the sketches compute one once (a matmul reading it ran slower).
static bool readsInOrder(linalg::LinalgOp op) {
  return llvm::all_of(op.getDpsInputOperands(), [&](OpOperand *input) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (!map.isProjectedPermutation())
      return false;
    for (unsigned i = 1; i < map.getNumResults(); ++i)
      if (map.getDimPosition(i) < map.getDimPosition(i - 1))
        return false;
    return true;
  });
}

/// Whether input `use` of an elementwise op reads, element for element, the
/// result of another that nothing else reads, that reads its own inputs in
/// order and whose body does not read its init.
static bool isFusableChainLink(OpOperand &use) {
  auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
  auto producer = use.get().getDefiningOp<linalg::LinalgOp>();
  return isElementwiseOp(consumer) && isElementwiseOp(producer) &&
         consumer.isDpsInput(&use) && producer->hasOneUse() &&
         consumer.getMatchingIndexingMap(&use).isIdentity() &&
         readsInOrder(producer) &&
         // Not payloadUsesValueFromOperand: linalg.map's says false for
         // an init its body reads (MLIR 22).
         producer.getMatchingBlockArgument(producer.getDpsInitOperand(0))
             .use_empty();
}

/// `op` as a linalg.generic: upstream fuses and folds into generics only.
static FailureOr<linalg::GenericOp> generalize(RewriterBase &rewriter,
                                               linalg::LinalgOp op) {
  if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
    return generic;
  rewriter.setInsertionPoint(op);
  return linalg::generalizeNamedOp(rewriter, op);
}

/// Fuses `producer` into input `operand` of `consumer` (upstream's
/// fuseElementwiseOps), then erases both and the inits the producer leaves
/// unread through `erase`; fails, changing nothing, where upstream refuses.
static LogicalResult fuseProducer(RewriterBase &rewriter,
                                  linalg::GenericOp producer,
                                  linalg::GenericOp consumer, unsigned operand,
                                  function_ref<void(Operation *)> erase) {
  OpOperand &use = consumer->getOpOperand(operand);
  if (!linalg::areElementwiseOpsFusable(&use))
    return failure();
  rewriter.setInsertionPoint(consumer);
  FailureOr<linalg::ElementwiseOpFusionResult> fused =
      linalg::fuseElementwiseOps(rewriter, &use);
  if (failed(fused))
    return failure();
  for (auto [original, replacement] : fused->replacements)
    rewriter.replaceAllUsesWith(original, replacement);
  erase(consumer);
  Value producerInit = producer.getDpsInitOperand(0)->get();
  erase(producer);
  eraseDeadInits(producerInit, erase);
  return success();
}

/// The fill that input `input` of an elementwise op reads, when its body
/// can read the fill's value instead (same type).
static linalg::FillOp getFoldableFill(OpOperand *input) {
  auto fill = input->get().getDefiningOp<linalg::FillOp>();
  if (!fill || !fill.hasPureTensorSemantics() ||
      fill.getInputs().front().getType() !=
          getElementTypeOrSelf(input->get().getType()))
    return {};
  return fill;
}

/// Reads the value of each fill an elementwise op takes as an input (a
/// named ReLU's max against a fill of zeros) in its body instead, dropping
/// the input: the fill is then no node the op reads along its loops (which
/// kept a packed matmul from fusing such an epilogue).
static void foldFillInputs(func::FuncOp func, IRRewriter &rewriter) {
  SmallVector<linalg::LinalgOp> ops;
  func.walk([&](linalg::LinalgOp op) {
    if (isElementwiseOp(op) &&
        llvm::any_of(op.getDpsInputOperands(), getFoldableFill))
      ops.push_back(op);
  });
  SmallVector<Operation *> generics;
  // A fill read twice, or by two ops, is listed once.
  llvm::SetVector<Operation *> fills;
  for (linalg::LinalgOp op : ops) {
    FailureOr<linalg::GenericOp> generic = generalize(rewriter, op);
    if (failed(generic))
      continue;
    for (OpOperand *input : generic->getDpsInputOperands())
      if (linalg::FillOp fill = getFoldableFill(input)) {
        rewriter.replaceAllUsesWith(generic->getMatchingBlockArgument(input),
                                    fill.getInputs().front());
        fills.insert(fill);
      }
    generics.push_back(*generic);
  }
  // Drops the inputs no longer read (upstream's pattern; the results are
  // all used, so it keeps them).
  RewritePatternSet patterns(func.getContext());
  linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingOps);
  (void)applyOpPatternsGreedily(generics, std::move(patterns), config);
  // Erasing one fill may erase another it filled into.
  SmallPtrSet<Operation *, 4> erased;
  for (Operation *fill : fills)
    if (!erased.contains(fill) && fill->use_empty()) {
      erased.insert(fill);
      rewriter.eraseOp(fill);
      eraseDeadInits(cast<linalg::FillOp>(fill).getOutputs().front(),
                     [&](Operation *dead) {
                       erased.insert(dead);
                       rewriter.eraseOp(dead);
                     });
    }
}

/// Whether `input` of contraction `consumer`, read through `composed` (its
/// transposition's source), is the input packing would lay out. Inlined,
/// a transposition keeps its input from being packed, and the node reads
/// it transposed per tile (a dense layer's `x @ W^T` as torch-mlir writes
/// it, 64x1024x1024: 142 GFLOP/s, against 251 read and packed from W).
static bool isPackedThroughTransposition(linalg::LinalgOp consumer,
                                         OpOperand &input, AffineMap composed,
                                         Value source) {
  // Any layout of a splat is the splat: it is never packed; nor is a node
  // whose combiner the vectorizer does not take (needsMultiLevelTiling).
  SplatElementsAttr splat;
  if (consumer.getNumDpsInits() != 1 ||
      matchPattern(source, m_Constant(&splat)) ||
      !hasVectorizableCombiner(consumer))
    return false;
  SmallVector<AffineMap> inputMaps;
  for (OpOperand *operand : consumer.getDpsInputOperands())
    inputMaps.push_back(operand == &input
                            ? composed
                            : consumer.getMatchingIndexingMap(operand));
  std::optional<PackCandidate> candidate = getPackableInput(
      inputMaps, consumer.getMatchingIndexingMap(consumer.getDpsInitOperand(0)),
      consumer.getIteratorTypesArray(), consumer.getStaticLoopRanges());
  return candidate && consumer.getDpsInputOperand(candidate->operand) == &input;
}

void mlir::ansor::foldTransposesIntoReductions(func::FuncOp func) {
  IRRewriter rewriter(func.getContext());
  // Transpositions whose fusion failed; one leaves the set before it is
  // erased, so that no new op at its address is skipped.
  DenseSet<Operation *> refused;
  // One link at a time until none is left: each fusion replaces the
  // consumer, whose other inputs may then qualify (normalizing the result
  // again must change nothing: records and schedules name its nodes).
  while (true) {
    OpOperand *link = nullptr;
    func.walk([&](linalg::LinalgOp consumer) {
      if (consumer.getNumReductionLoops() == 0 ||
          consumer.getNumDpsInits() != 1 || !onStaticTensors(consumer))
        return WalkResult::advance();
      for (OpOperand *input : consumer.getDpsInputOperands()) {
        auto producer = input->get().getDefiningOp<linalg::LinalgOp>();
        if (!producer || refused.contains(producer) ||
            !isTransposition(producer) || !input->get().hasOneUse() ||
            !onStaticTensors(producer))
          continue;
        AffineMap transposed =
            producer.getMatchingIndexingMap(producer.getDpsInputOperand(0));
        AffineMap composed =
            transposed.compose(consumer.getMatchingIndexingMap(input));
        SmallVector<bool> reduction;
        for (utils::IteratorType iterator : consumer.getIteratorTypesArray())
          reduction.push_back(iterator == utils::IteratorType::reduction);
        if (readsOnceAlongRows(composed, consumer.getStaticLoopRanges(),
                               reduction) ||
            isPackedThroughTransposition(
                consumer, *input, composed,
                producer.getDpsInputOperand(0)->get())) {
          link = input;
          return WalkResult::interrupt();
        }
      }
      return WalkResult::advance();
    });
    if (!link)
      return;
    unsigned operand = link->getOperandNumber();
    Operation *producerOp = link->get().getDefiningOp();
    FailureOr<linalg::GenericOp> producer =
        generalize(rewriter, cast<linalg::LinalgOp>(producerOp));
    if (failed(producer)) {
      refused.insert(producerOp);
      continue;
    }
    FailureOr<linalg::GenericOp> consumer =
        generalize(rewriter, cast<linalg::LinalgOp>(link->getOwner()));
    if (failed(consumer) || failed(fuseProducer(rewriter, *producer, *consumer,
                                                operand, [&](Operation *dead) {
                                                  refused.erase(dead);
                                                  rewriter.eraseOp(dead);
                                                })))
      refused.insert(*producer);
  }
}

void mlir::ansor::fuseElementwiseChains(func::FuncOp func) {
  IRRewriter rewriter(func.getContext());
  foldFillInputs(func, rewriter);
  // One link at a time, in program order, until none is left: each fusion
  // replaces both ops, so links are looked up again.
  // Consumers whose fusion failed; an op leaves the set before it is
  // erased, so that no new op at its address is skipped.
  DenseSet<Operation *> refused;
  auto erase = [&](Operation *op) {
    refused.erase(op);
    rewriter.eraseOp(op);
  };
  while (true) {
    OpOperand *link = nullptr;
    func.walk([&](linalg::LinalgOp consumer) {
      for (OpOperand &use : consumer->getOpOperands())
        if (!refused.contains(consumer) && isFusableChainLink(use)) {
          link = &use;
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    });
    if (!link)
      return;
    // A refused op generalized stays refused, under its new address.
    auto toGeneric = [&](Operation *op) -> linalg::GenericOp {
      bool wasRefused = refused.erase(op);
      FailureOr<linalg::GenericOp> generic =
          generalize(rewriter, cast<linalg::LinalgOp>(op));
      Operation *now = succeeded(generic) ? generic->getOperation() : op;
      if (wasRefused)
        refused.insert(now);
      return succeeded(generic) ? *generic : linalg::GenericOp();
    };
    unsigned operand = link->getOperandNumber();
    linalg::GenericOp producer = toGeneric(link->get().getDefiningOp());
    linalg::GenericOp consumer =
        producer ? toGeneric(link->getOwner()) : linalg::GenericOp();
    if (!consumer)
      refused.insert(link->getOwner());
    else if (failed(fuseProducer(rewriter, producer, consumer, operand, erase)))
      refused.insert(consumer);
  }
}

/// The body ops that yield result `index` of `op`, in body order, or
/// failure when they read another result's init.
static FailureOr<SmallVector<Operation *>>
getIndependentSlice(linalg::GenericOp op, unsigned index) {
  Block *body = op.getBlock();
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> worklist = {body->getTerminator()->getOperand(index)};
  BlockArgument ownInit =
      op.getMatchingBlockArgument(op.getDpsInitOperand(index));
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() != body)
        continue;
      if (op.isDpsInit(op.getMatchingOpOperand(arg)) && arg != ownInit)
        return failure();
      continue;
    }
    Operation *def = value.getDefiningOp();
    if (def->getBlock() != body || !slice.insert(def))
      continue;
    // Cloned into a generic over the same loops, an op runs under the same
    // conditions: no side effect is all it needs (an integer division is
    // not speculatable, yet splits).
    if (def->getNumRegions() != 0 || !isMemoryEffectFree(def))
      return failure();
    llvm::append_range(worklist, def->getOperands());
  }
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

/// Whether `maps` index each of `numLoops` loops, which a generic's
/// operands must for its loops to have extents.
static bool readsEveryLoop(unsigned numLoops, ArrayRef<AffineMap> maps) {
  llvm::SmallBitVector read(numLoops);
  for (AffineMap map : maps)
    for (AffineExpr expr : map.getResults())
      if (auto dim = dyn_cast<AffineDimExpr>(expr))
        read.set(dim.getPosition());
  return read.all();
}

/// The parallel op that `op`, whose reduction loops all have an extent of 1,
/// computes from `fill`'s value: the reduction loops become 0 in every
/// access and leave the domain, and the body reads the fill's value where it
/// read the init. Null where an access would not stay a loop's own (the
/// init indexed by a reduction loop), a loop would be left unread, or the
/// body reads a loop's index (which the new numbering would change).
static linalg::GenericOp buildUnitReduction(RewriterBase &rewriter,
                                            linalg::LinalgOp op,
                                            linalg::FillOp fill) {
  if (!op.getBlock()->getOps<linalg::IndexOp>().empty())
    return {};
  MLIRContext *ctx = op.getContext();
  SmallVector<AffineExpr> replacements;
  SmallVector<utils::IteratorType> iterators;
  for (utils::IteratorType kind : op.getIteratorTypesArray()) {
    if (kind == utils::IteratorType::reduction) {
      replacements.push_back(getAffineConstantExpr(0, ctx));
      continue;
    }
    replacements.push_back(getAffineDimExpr(iterators.size(), ctx));
    iterators.push_back(kind);
  }
  auto remap = [&](AffineMap map) {
    return simplifyAffineMap(map.replaceDimsAndSymbols(
        replacements, {}, iterators.size(), map.getNumSymbols()));
  };
  OpOperand *init = op.getDpsInitOperand(0);
  AffineMap initMap = op.getMatchingIndexingMap(init);
  for (auto [loop, kind] : llvm::enumerate(op.getIteratorTypesArray()))
    if (kind == utils::IteratorType::reduction && initMap.isFunctionOfDim(loop))
      return {};
  // Inputs the body does not read (a pooling's window shape) go.
  SmallVector<OpOperand *> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *input : op.getDpsInputOperands()) {
    if (op.getMatchingBlockArgument(input).use_empty())
      continue;
    inputs.push_back(input);
    maps.push_back(remap(op.getMatchingIndexingMap(input)));
  }
  maps.push_back(remap(initMap));
  if (!readsEveryLoop(iterators.size(), maps))
    return {};
  SmallVector<Value> values = llvm::map_to_vector(
      inputs, [](OpOperand *input) { return input->get(); });
  auto type = cast<RankedTensorType>(init->get().getType());
  Value empty = tensor::EmptyOp::create(rewriter, op.getLoc(), type.getShape(),
                                        type.getElementType());
  Block *body = op.getBlock();
  return linalg::GenericOp::create(
      rewriter, op.getLoc(), TypeRange{type}, values, ValueRange{empty}, maps,
      iterators, [&](OpBuilder &b, Location loc, ValueRange args) {
        IRMapping mapping;
        for (auto [input, arg] : llvm::zip(inputs, args))
          mapping.map(op.getMatchingBlockArgument(input), arg);
        mapping.map(op.getMatchingBlockArgument(init),
                    fill.getInputs().front());
        for (Operation &inner : body->without_terminator())
          b.clone(inner, mapping);
        linalg::YieldOp::create(
            b, loc,
            mapping.lookupOrDefault(body->getTerminator()->getOperand(0)));
      });
}

void mlir::ansor::foldUnitReductions(func::FuncOp func) {
  SmallVector<std::pair<linalg::LinalgOp, linalg::FillOp>> ops;
  func.walk([&](linalg::LinalgOp op) {
    if (isa<linalg::FillOp>(op) || !op.hasPureTensorSemantics() ||
        !onStaticTensors(op) || op.getNumDpsInits() != 1 ||
        op.getNumReductionLoops() == 0)
      return;
    for (auto [range, kind] :
         llvm::zip(op.getStaticLoopRanges(), op.getIteratorTypesArray()))
      if (kind == utils::IteratorType::reduction && range != 1)
        return;
    auto fill = op.getDpsInits().front().getDefiningOp<linalg::FillOp>();
    if (fill && fill.hasPureTensorSemantics() &&
        fill.getInputs().front().getType() ==
            getElementTypeOrSelf(fill.getResult(0).getType()))
      ops.push_back({op, fill});
  });
  IRRewriter rewriter(func.getContext());
  for (auto [op, fill] : ops) {
    rewriter.setInsertionPoint(op);
    linalg::GenericOp folded = buildUnitReduction(rewriter, op, fill);
    if (!folded)
      continue;
    rewriter.replaceOp(op, folded->getResults());
    eraseDeadInits(fill.getResult(0),
                   [&](Operation *dead) { rewriter.eraseOp(dead); });
  }
}

/// Result `index` of `op` as a generic of its own, reading the inputs its
/// slice uses.
static Value buildOneResult(RewriterBase &rewriter, linalg::GenericOp op,
                            unsigned index, ArrayRef<Operation *> slice) {
  Block *body = op.getBlock();
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  SmallVector<BlockArgument> reads;
  for (OpOperand *input : op.getDpsInputOperands()) {
    BlockArgument arg = op.getMatchingBlockArgument(input);
    if (llvm::none_of(slice,
                      [&](Operation *inner) {
                        return llvm::is_contained(inner->getOperands(),
                                                  Value(arg));
                      }) &&
        body->getTerminator()->getOperand(index) != arg)
      continue;
    inputs.push_back(input->get());
    maps.push_back(op.getMatchingIndexingMap(input));
    reads.push_back(arg);
  }
  OpOperand *init = op.getDpsInitOperand(index);
  maps.push_back(op.getMatchingIndexingMap(init));
  // The loops' extents come from the operands' shapes: where the slice's
  // own operands leave a loop unread, every input is read.
  if (!readsEveryLoop(op.getNumLoops(), maps)) {
    inputs.clear();
    maps.clear();
    reads.clear();
    for (OpOperand *input : op.getDpsInputOperands()) {
      inputs.push_back(input->get());
      maps.push_back(op.getMatchingIndexingMap(input));
      reads.push_back(op.getMatchingBlockArgument(input));
    }
    maps.push_back(op.getMatchingIndexingMap(init));
  }
  auto generic = linalg::GenericOp::create(
      rewriter, op.getLoc(), TypeRange{op->getResult(index).getType()}, inputs,
      ValueRange{init->get()}, maps, op.getIteratorTypesArray(),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        IRMapping mapping;
        for (auto [arg, read] : llvm::zip(args.drop_back(), reads))
          mapping.map(read, arg);
        mapping.map(op.getMatchingBlockArgument(init), args.back());
        for (Operation *inner : slice)
          b.clone(*inner, mapping);
        linalg::YieldOp::create(
            b, loc,
            mapping.lookupOrDefault(body->getTerminator()->getOperand(index)));
      });
  return generic->getResult(0);
}

void mlir::ansor::splitIndependentReductions(func::FuncOp func) {
  SmallVector<linalg::GenericOp> ops;
  func.walk([&](linalg::GenericOp op) {
    if (op.getNumDpsInits() > 1 && op.getNumReductionLoops() > 0 &&
        op.hasPureTensorSemantics())
      ops.push_back(op);
  });
  IRRewriter rewriter(func.getContext());
  for (linalg::GenericOp op : ops) {
    SmallVector<SmallVector<Operation *>> slices;
    for (unsigned index = 0; index < op.getNumDpsInits(); ++index) {
      FailureOr<SmallVector<Operation *>> slice =
          getIndependentSlice(op, index);
      if (failed(slice))
        break;
      slices.push_back(std::move(*slice));
    }
    if (int64_t(slices.size()) != op.getNumDpsInits())
      continue;
    // Each part reads at most every input and its own init, which must give
    // every loop its extent (a loop only another init indexes would not).
    if (llvm::any_of(op.getDpsInitsMutable(), [&](OpOperand &init) {
          SmallVector<AffineMap> maps = {op.getMatchingIndexingMap(&init)};
          for (OpOperand *input : op.getDpsInputOperands())
            maps.push_back(op.getMatchingIndexingMap(input));
          return !readsEveryLoop(op.getNumLoops(), maps);
        }))
      continue;
    rewriter.setInsertionPoint(op);
    SmallVector<Value> results;
    for (auto [index, slice] : llvm::enumerate(slices))
      results.push_back(buildOneResult(rewriter, op, index, slice));
    rewriter.replaceOp(op, results);
  }
}

/// The 0-d tensor holding the element `extract` reads at constant indices:
/// the tensor itself, or a rank-reducing slice of it.
static Value getScalarTensor(RewriterBase &rewriter,
                             tensor::ExtractOp extract) {
  Value tensor = extract.getTensor();
  auto type = cast<RankedTensorType>(tensor.getType());
  if (type.getRank() == 0)
    return tensor;
  rewriter.setInsertionPoint(extract);
  SmallVector<OpFoldResult> ones(type.getRank(), rewriter.getIndexAttr(1));
  return tensor::ExtractSliceOp::create(
      rewriter, extract.getLoc(),
      RankedTensorType::get({}, type.getElementType()), tensor,
      getAsOpFoldResult(extract.getIndices()), ones, ones);
}

/// Rebuilds `generic` with `scalarTensor` (0-d) as one more input, whose
/// block argument replaces the uses of `scalar` in its body.
static void addScalarInput(RewriterBase &rewriter, linalg::GenericOp generic,
                           Value scalarTensor, Value scalar) {
  SmallVector<Value> inputs = generic.getDpsInputs();
  inputs.push_back(scalarTensor);
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  unsigned position = generic.getNumDpsInputs();
  maps.insert(maps.begin() + position,
              AffineMap::get(generic.getNumLoops(), 0, generic.getContext()));
  rewriter.setInsertionPoint(generic);
  auto rebuilt = linalg::GenericOp::create(
      rewriter, generic.getLoc(), generic->getResultTypes(), inputs,
      generic.getDpsInits(), maps, generic.getIteratorTypesArray());
  rewriter.inlineRegionBefore(generic.getRegion(), rebuilt.getRegion(),
                              rebuilt.getRegion().end());
  BlockArgument arg = rebuilt.getRegion().front().insertArgument(
      position, scalar.getType(), scalar.getLoc());
  rewriter.replaceUsesWithIf(scalar, arg, [&](OpOperand &use) {
    return rebuilt->isProperAncestor(use.getOwner());
  });
  rewriter.replaceOp(generic, rebuilt->getResults());
}

/// The linalg op of `func`'s body whose region holds `use`, if any.
static linalg::LinalgOp getReadingLinalgOp(Block &body, OpOperand &use) {
  Operation *ancestor = body.findAncestorOpInBlock(*use.getOwner());
  if (!ancestor || ancestor == use.getOwner())
    return {};
  return dyn_cast<linalg::LinalgOp>(ancestor);
}

void mlir::ansor::readScalarsAsInputs(func::FuncOp func) {
  if (func.getBody().empty())
    return;
  Block &body = func.getBody().front();
  SmallVector<tensor::ExtractOp> extracts;
  for (auto extract : body.getOps<tensor::ExtractOp>())
    if (extract.getTensor().getType().hasStaticShape() &&
        llvm::all_of(extract.getIndices(), [](Value index) {
          return getConstantIntValue(index).has_value();
        }))
      extracts.push_back(extract);
  IRRewriter rewriter(func.getContext());
  for (tensor::ExtractOp extract : extracts) {
    Value scalarTensor;
    // Each rebuilt op replaces the one it was, so uses are looked up again.
    while (true) {
      linalg::LinalgOp reader;
      for (OpOperand &use : extract->getUses())
        if ((reader = getReadingLinalgOp(body, use)))
          break;
      if (!reader)
        break;
      FailureOr<linalg::GenericOp> generic = generalize(rewriter, reader);
      if (failed(generic))
        break;
      if (!scalarTensor)
        scalarTensor = getScalarTensor(rewriter, extract);
      addScalarInput(rewriter, *generic, scalarTensor, extract.getResult());
    }
    if (extract->use_empty())
      rewriter.eraseOp(extract);
  }
}

void mlir::ansor::normalizePayload(func::FuncOp func) {
  inlineConstantGlobals(func);
  foldCastRoundTrips(func);
  convertToDestinationStyle(func);
  splitDividedLoops(func);
  specializeConvolutions(func);
  convertQuantizedConvolutions(func);
  convertSingleChannelConvolutions(func);
  convertNCHWToNHWC(func);
  convertFilterLayouts(func);
  generalizeMixedContractions(func);
  convertElementwiseToLinalg(func);
  decomposeAggregatedOps(func);
  dropConstantUnitDims(func);
  foldTransposesIntoReductions(func);
  foldUnitReductions(func);
  fuseElementwiseChains(func);
  splitIndependentReductions(func);
  readScalarsAsInputs(func);
  widenBooleanTensors(func);
  splitSharedInitFills(func);
}

void mlir::ansor::normalizePayloads(ModuleOp module) {
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal())
      normalizePayload(func);
}
