//===- LoopNest.cpp - the loop nests a schedule materializes --------------===//
//
// Mirrors ScriptBuilder::translateTiled and translateRfactor: the same plan
// queries decide what is vectorized and unrolled, and loops appear in the
// order the Transform ops create them.
//
//===----------------------------------------------------------------------===//

#include "ansor/Features/LoopNest.h"
#include "NestBuilderBase.h"
#include "ansor/Analysis/ComputeDAG/Predicates.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ansor;
using namespace mlir::sched;
using namespace mlir::ansor::detail;

int64_t OpCounts::total() const {
  int64_t sum = 0;
  for (int64_t c : counts)
    sum += c;
  // A multiply-add is two operations.
  return sum + counts[FloatMad] + counts[IntMad];
}

static bool isFloat(Operation *op) {
  return op->getNumResults() == 1 &&
         isa<FloatType>(getElementTypeOrSelf(op->getResult(0).getType()));
}

OpCounts mlir::ansor::countOps(Operation *op) {
  OpCounts c;
  auto &k = c.counts;
  if (auto pad = dyn_cast<tensor::PadOp>(op)) {
    // Per element: a bounds check per dimension and a select.
    k[OpCounts::IntCmp] = 2 * pad.getResultType().getRank();
    k[OpCounts::Select] = 1;
    return c;
  }
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || !linalgOp.getBlock())
    return c;
  for (Operation &inner : *linalgOp.getBlock()) {
    bool f = isFloat(&inner);
    llvm::TypeSwitch<Operation *>(&inner)
        .Case<arith::AddFOp, arith::SubFOp>([&](Operation *add) {
          // An add of a product is one fused multiply-add.
          bool mad = llvm::any_of(add->getOperands(), [](Value v) {
            return v.getDefiningOp<arith::MulFOp>() != nullptr;
          });
          if (mad) {
            --k[OpCounts::FloatMul];
            ++k[OpCounts::FloatMad];
          } else {
            ++k[OpCounts::FloatAddSub];
          }
        })
        .Case<arith::MulFOp>([&](auto) { ++k[OpCounts::FloatMul]; })
        .Case<arith::DivFOp, arith::RemFOp>(
            [&](auto) { ++k[OpCounts::FloatDivMod]; })
        .Case<arith::CmpFOp, arith::MaximumFOp, arith::MinimumFOp,
              arith::MaxNumFOp, arith::MinNumFOp>(
            [&](auto) { ++k[OpCounts::FloatCmp]; })
        .Case<arith::AddIOp, arith::SubIOp>(
            [&](auto) { ++k[OpCounts::IntAddSub]; })
        .Case<arith::MulIOp>([&](auto) { ++k[OpCounts::IntMul]; })
        .Case<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
              arith::FloorDivSIOp, arith::CeilDivSIOp>(
            [&](auto) { ++k[OpCounts::IntDivMod]; })
        .Case<arith::CmpIOp, arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp,
              arith::MinUIOp>([&](auto) { ++k[OpCounts::IntCmp]; })
        .Case<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(
            [&](auto) { ++k[OpCounts::BoolOp]; })
        .Case<arith::SelectOp>([&](auto) { ++k[OpCounts::Select]; })
        .Case<linalg::YieldOp, arith::ConstantOp>([](auto) {})
        .Default([&](Operation *other) {
          bool math = other->getDialect() &&
                      other->getDialect()->getNamespace() == "math";
          if (f)
            ++k[math ? OpCounts::FloatMath : OpCounts::FloatOther];
          else
            ++k[math ? OpCounts::IntMath : OpCounts::IntOther];
        });
  }
  return c;
}

/// Adds the linear part of `expr` times `scale` to `coefficients` (one per
/// dimension). Divisions and modulos count as their dividend.
static void addLinear(AffineExpr expr, int64_t scale,
                      SmallVectorImpl<int64_t> &coefficients) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
    coefficients[dim.getPosition()] += scale;
    return;
  }
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return;
  AffineExpr lhs = binary.getLHS(), rhs = binary.getRHS();
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    addLinear(lhs, scale, coefficients);
    addLinear(rhs, scale, coefficients);
    return;
  case AffineExprKind::Mul:
    if (auto c = dyn_cast<AffineConstantExpr>(rhs))
      addLinear(lhs, scale * c.getValue(), coefficients);
    else if (auto c = dyn_cast<AffineConstantExpr>(lhs))
      addLinear(rhs, scale * c.getValue(), coefficients);
    return;
  default:
    addLinear(lhs, scale, coefficients);
    return;
  }
}

SmallVector<SmallVector<int64_t>>
mlir::ansor::detail::coefficientsOf(AffineMap map) {
  SmallVector<SmallVector<int64_t>> result;
  for (AffineExpr expr : map.getResults()) {
    SmallVector<int64_t> row(map.getNumDims(), 0);
    addLinear(expr, 1, row);
    result.push_back(std::move(row));
  }
  return result;
}

int64_t mlir::ansor::getWorkspaceBytes(const LoopNest &nest) {
  int64_t bytes = 0;
  for (const Buffer &buffer : nest.buffers) {
    if (!buffer.workspace)
      continue;
    int64_t elements = 1;
    for (int64_t size : buffer.shape)
      elements *= size;
    bytes += buffer.allocatedElements.value_or(elements) * buffer.elementBytes;
  }
  return bytes;
}

SmallVector<int64_t>
mlir::ansor::advanceOf(ArrayRef<SmallVector<int64_t>> coefficients,
                       ArrayRef<int64_t> delta) {
  SmallVector<int64_t> out;
  for (ArrayRef<int64_t> row : coefficients) {
    int64_t sum = 0;
    for (auto [c, d] : llvm::zip(row, delta))
      sum += c * d;
    out.push_back(sum);
  }
  return out;
}

static int64_t product(ArrayRef<int64_t> values) {
  int64_t result = 1;
  for (int64_t v : values)
    result *= v;
  return result;
}

namespace {

class NestBuilder : public NestBuilderBase {
public:
  explicit NestBuilder(const SchedulePlan &plan)
      : NestBuilderBase(plan.getDAG()), plan(plan) {}
  LoopNest build();

private:
  Statement &addStatement(unsigned node, const Twine &what,
                          ArrayRef<int64_t> domain);
  /// The advance of the node's (possibly packed) domain per iteration of
  /// `spec`.
  SmallVector<int64_t> deltaOf(unsigned node, const LoopSpec &spec) const;
  NestLoop toLoop(unsigned node, const LoopSpec &spec) const;
  /// The loops over a tile `tile` (per domain iterator) in blocks of `block`,
  /// then the block, vectorized (innermost vectorized, others unrolled) or
  /// not.
  void tileLoops(Statement &s, ArrayRef<int64_t> tile, ArrayRef<int64_t> block,
                 bool vectorized, unsigned vectorDim);
  bool readsPadInPlace(tensor::PadOp pad, unsigned consumer) const;
  /// Statements of the inlined producers of `consumer` fused into
  /// `containers` (loops of `consumer`'s domain, advancing it by their
  /// deltas) whose tile is `tile` (per consumer iterator); fills `replace`
  /// with the temporary buffers the consumer reads instead.
  void fuseProducers(unsigned consumer, ArrayRef<NestLoop> containers,
                     ArrayRef<int64_t> tile, bool vectorize,
                     DenseMap<unsigned, unsigned> &replace);
  void translateTiled(unsigned node);
  void translateRfactor(unsigned node);
  void translateUntiled(unsigned node);
  void translatePack(unsigned node, ArrayRef<LoopSpec> containers);
  void translateUntiledInit(unsigned node);
  void toPackedAccesses(Statement &s, unsigned node);
  /// The buffer the pack of a packed `node` writes.
  unsigned packedBufferOf(unsigned node) const;
  void translateInit(unsigned node, ArrayRef<NestLoop> containers,
                     ArrayRef<int64_t> tile, ArrayRef<int64_t> block,
                     std::optional<unsigned> &local);

  const SchedulePlan &plan;
  SmallVector<bool> emitted;
};
} // namespace

/// The value whose buffer `value` is written in: a destination-style result
/// is its init's buffer (a matmul accumulates into what its fill wrote).
static Value getBufferRoot(Value value) {
  while (auto result = dyn_cast<OpResult>(value)) {
    auto dps = dyn_cast<DestinationStyleOpInterface>(result.getOwner());
    Value init = dps ? dps.getTiedOpOperand(result)->get() : Value();
    if (!init || !init.getDefiningOp<DestinationStyleOpInterface>())
      break;
    value = init;
  }
  return value;
}

unsigned NestBuilderBase::bufferOf(Value value) {
  value = getBufferRoot(value);
  auto [it, inserted] = buffers.try_emplace(value, nest.buffers.size());
  if (!inserted)
    return it->second;
  Buffer buffer;
  auto type = cast<ShapedType>(value.getType());
  buffer.shape.assign(type.getShape().begin(), type.getShape().end());
  buffer.elementBytes = std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
  if (auto arg = dyn_cast<BlockArgument>(value))
    buffer.name = ("arg" + Twine(arg.getArgNumber())).str();
  else
    buffer.name = value.getDefiningOp()->getName().getStringRef().str();
  nest.buffers.push_back(std::move(buffer));
  return it->second;
}

unsigned NestBuilderBase::addTemporary(const Twine &name,
                                       ArrayRef<int64_t> shape,
                                       Type elementType) {
  Buffer buffer;
  buffer.name = name.str();
  buffer.shape.assign(shape.begin(), shape.end());
  buffer.elementBytes =
      std::max<unsigned>(1, elementType.getIntOrFloatBitWidth() / 8);
  buffer.temporary = true;
  buffer.workspace = true;
  nest.buffers.push_back(std::move(buffer));
  return nest.buffers.size() - 1;
}

Statement &NestBuilder::addStatement(unsigned node, const Twine &what,
                                     ArrayRef<int64_t> domain) {
  Statement s;
  s.node = node;
  s.name = ("node " + Twine(node) + (what.isTriviallyEmpty() ? "" : " ") + what)
               .str();
  s.domain.assign(domain.begin(), domain.end());
  s.unrollMaxStep = plan.getNode(node).unrollMaxStep;
  nest.statements.push_back(std::move(s));
  return nest.statements.back();
}

void NestBuilderBase::addNodeAccesses(
    Statement &s, unsigned node, const DenseMap<unsigned, unsigned> &replace) {
  Operation *op = dag.getNode(node).op;
  auto bufferFor = [&](OpOperand &operand) {
    auto it = replace.find(operand.getOperandNumber());
    return it != replace.end() ? it->second : bufferOf(operand.get());
  };
  if (auto pad = dyn_cast<tensor::PadOp>(op)) {
    unsigned rank = pad.getResultType().getRank();
    AffineMap identity =
        AffineMap::getMultiDimIdentityMap(rank, op->getContext());
    s.accesses.push_back({bufferFor(pad.getSourceMutable()), AccessKind::Read,
                          coefficientsOf(identity)});
    s.accesses.push_back({bufferOf(pad.getResult()), AccessKind::Write,
                          coefficientsOf(identity)});
    return;
  }
  auto linalgOp = cast<linalg::LinalgOp>(op);
  for (OpOperand *input : linalgOp.getDpsInputOperands()) {
    AffineMap map = linalgOp.getMatchingIndexingMap(input);
    if (map.getNumResults() == 0)
      continue;
    s.accesses.push_back(
        {bufferFor(*input), AccessKind::Read, coefficientsOf(map)});
  }
  for (OpOperand &init : linalgOp.getDpsInitsMutable()) {
    bool read = linalgOp.payloadUsesValueFromOperand(&init);
    unsigned buffer =
        replace.count(init.getOperandNumber())
            ? replace.lookup(init.getOperandNumber())
            : bufferOf(linalgOp->getResult(init.getOperandNumber() -
                                           linalgOp.getNumDpsInputs()));
    s.accesses.push_back(
        {buffer, read ? AccessKind::ReadWrite : AccessKind::Write,
         coefficientsOf(linalgOp.getMatchingIndexingMap(&init))});
  }
}

SmallVector<int64_t> NestBuilder::deltaOf(unsigned node,
                                          const LoopSpec &spec) const {
  NodePlan p = plan.getNode(node);
  unsigned numLoops = dag.getNode(node).extents.size();
  SmallVector<int64_t> delta(numLoops + (p.pack ? 1 : 0), 0);
  if (p.pack && spec.loop == p.pack.getLoop()) {
    // The packed loop counts panels above the register block and walks
    // the panel inside it.
    if (spec.step >= p.packTile)
      delta[spec.loop] = spec.step / p.packTile;
    else
      delta[numLoops] = spec.step;
    return delta;
  }
  delta[spec.loop] = spec.step;
  return delta;
}

NestLoop NestBuilder::toLoop(unsigned node, const LoopSpec &spec) const {
  NestLoop loop;
  loop.extent = spec.extent;
  loop.annotation = spec.annotation;
  loop.reduction = spec.reduction;
  loop.delta = deltaOf(node, spec);
  return loop;
}

void NestBuilder::tileLoops(Statement &s, ArrayRef<int64_t> tile,
                            ArrayRef<int64_t> block, bool vectorized,
                            unsigned vectorDim) {
  unsigned rank = tile.size();
  for (unsigned d = 0; d < rank; ++d) {
    if (block[d] >= tile[d])
      continue;
    NestLoop loop;
    loop.extent = (tile[d] + block[d] - 1) / block[d];
    loop.delta.assign(rank, 0);
    loop.delta[d] = block[d];
    s.loops.push_back(loop);
  }
  for (unsigned d = 0; d < rank; ++d) {
    if (std::min(block[d], tile[d]) <= 1)
      continue;
    NestLoop loop;
    loop.extent = std::min(block[d], tile[d]);
    loop.delta.assign(rank, 0);
    loop.delta[d] = 1;
    if (vectorized)
      loop.annotation = d == vectorDim ? LoopAnnotation::Vectorized
                                       : LoopAnnotation::Unrolled;
    s.loops.push_back(loop);
  }
}

/// The span of each result of `coefficients` over a tile of the iterators.
static SmallVector<int64_t> spanOf(ArrayRef<SmallVector<int64_t>> coefficients,
                                   ArrayRef<int64_t> tile) {
  SmallVector<int64_t> span;
  for (ArrayRef<int64_t> row : coefficients) {
    int64_t s = 1;
    for (auto [c, t] : llvm::zip(row, tile))
      s += std::abs(c) * (t - 1);
    span.push_back(s);
  }
  return span;
}

/// Whether sched-forward-padded-reads reads `pad`, fused into the tiles of
/// `consumer`, from its source: a constant pad value, no padding along the
/// innermost dimension (the vectors' rows, as upstream vectorizes the
/// convolutions and poolings that read pads), and a multi-level tiled
/// consumer vectorized in whole blocks. (A read whose lanes walk another
/// dimension keeps its window, which this does not see.)
bool NestBuilder::readsPadInPlace(tensor::PadOp pad, unsigned consumer) const {
  NodePlan p = plan.getNode(consumer);
  ArrayRef<int64_t> low = pad.getStaticLow(), high = pad.getStaticHigh();
  return p.tile && pad.getConstantPaddingValue() &&
         pad.getSourceType().hasStaticShape() && !low.empty() &&
         low.back() == 0 && high.back() == 0 && p.vectorize &&
         !p.hasPartialTiles() &&
         plan.canVectorize(consumer, plan.getVectorBlock(consumer));
}

void NestBuilder::fuseProducers(unsigned consumer,
                                ArrayRef<NestLoop> containers,
                                ArrayRef<int64_t> tile, bool vectorize,
                                DenseMap<unsigned, unsigned> &replace) {
  // Without containers nothing is fused: producers stay whole loop nests.
  if (containers.empty())
    return;
  Operation *consumerOp = dag.getNode(consumer).op;
  auto consumerLinalg = dyn_cast<linalg::LinalgOp>(consumerOp);
  for (auto [producer, operand] : plan.getInlinedProducers(consumer)) {
    if (emitted[producer])
      continue;
    emitted[producer] = true;
    const DAGNode &pn = dag.getNode(producer);
    // Where the consumer reads the producer's result, in its dimensions.
    AffineMap readMap = consumerLinalg
                            ? consumerLinalg.getMatchingIndexingMap(
                                  &consumerOp->getOpOperand(operand))
                            : AffineMap::getMultiDimIdentityMap(
                                  tile.size(), consumerOp->getContext());
    SmallVector<SmallVector<int64_t>> read = coefficientsOf(readMap);
    // The producer's domain follows its result (identity for pads and
    // elementwise ops; a projected permutation otherwise).
    AffineMap resultMap = pn.initMaps.empty()
                              ? AffineMap::getMultiDimIdentityMap(
                                    pn.extents.size(), consumerOp->getContext())
                              : pn.initMaps.front();
    bool isPad = isa<tensor::PadOp>(pn.op);
    // A pad goes into the outermost container only.
    ArrayRef<NestLoop> where = isPad ? containers.take_front(1) : containers;
    SmallVector<int64_t> consumerTile(tile);
    if (isPad)
      for (auto [d, t] : llvm::enumerate(consumerTile)) {
        int64_t inner = 1;
        for (const NestLoop &l : containers.drop_front(1))
          if (l.delta[d])
            inner *= l.extent;
        t = std::min<int64_t>(dag.getNode(consumer).extents[d], t * inner);
      }
    SmallVector<int64_t> resultSpan = spanOf(read, consumerTile);
    auto toProducer = [&](ArrayRef<int64_t> perResult, int64_t fill) {
      SmallVector<int64_t> out(pn.extents.size(), fill);
      for (auto [r, v] : llvm::enumerate(perResult))
        if (r < resultMap.getNumResults() &&
            isa<AffineDimExpr>(resultMap.getResult(r)))
          out[resultMap.getDimPosition(r)] = v;
      return out;
    };
    SmallVector<int64_t> producerTile = toProducer(resultSpan, 1);
    for (auto [d, t] : llvm::enumerate(producerTile))
      if (pn.kinds[d] == LoopKind::R)
        t = pn.extents[d];
    for (auto [t, e] : llvm::zip(producerTile, pn.extents))
      t = std::min(t, e);
    Statement &s = addStatement(producer, "fused", pn.extents);
    s.ops = countOps(pn.op);
    for (const NestLoop &container : where) {
      NestLoop loop = container;
      loop.delta = toProducer(advanceOf(read, container.delta), 0);
      loop.annotation = container.annotation;
      s.loops.push_back(loop);
    }
    bool vectorized =
        vectorize && !isPad && plan.canVectorize(producer, producerTile);
    tileLoops(s, producerTile, producerTile, vectorized,
              producerTile.size() - 1);
    Type elementType = getElementTypeOrSelf(pn.op->getResult(0).getType());
    unsigned temp = addTemporary("node " + Twine(producer) + " tile",
                                 toProducer(resultSpan, 1), elementType);
    if (isPad && readsPadInPlace(cast<tensor::PadOp>(pn.op), consumer))
      nest.buffers[temp].allocatedElements = 0;
    DenseMap<unsigned, unsigned> producerReplace;
    // Its own inlined producers are fused into the same containers.
    unsigned index = nest.statements.size() - 1;
    SmallVector<NestLoop> producerContainers(s.loops.begin(),
                                             s.loops.begin() + where.size());
    fuseProducers(producer, producerContainers, producerTile,
                  vectorize && !isPad, producerReplace);
    Statement &stmt = nest.statements[index];
    addNodeAccesses(stmt, producer, producerReplace);
    for (BufferAccess &a : stmt.accesses)
      if (a.kind != AccessKind::Read)
        a.buffer = temp;
    stmt.allocated = temp;
    stmt.allocDepth = where.size();
    replace[operand] = temp;
  }
}

void NestBuilder::translateInit(unsigned node, ArrayRef<NestLoop> containers,
                                ArrayRef<int64_t> tile, ArrayRef<int64_t> block,
                                std::optional<unsigned> &local) {
  std::optional<unsigned> initOperand = plan.getInitOperand(node);
  if (!initOperand)
    return;
  NodePlan p = plan.getNode(node);
  Operation *op = dag.getNode(node).op;
  auto linalgOp = cast<linalg::LinalgOp>(op);
  OpOperand &init = op->getOpOperand(*initOperand);
  Operation *fill = init.get().getDefiningOp();
  for (const DAGNode &n : dag.getNodes())
    if (n.op == fill)
      emitted[n.index] = true;
  SmallVector<SmallVector<int64_t>> map =
      coefficientsOf(linalgOp.getMatchingIndexingMap(&init));
  SmallVector<int64_t> shape(cast<ShapedType>(init.get().getType()).getShape());
  unsigned numLoops = dag.getNode(node).extents.size();
  // The fill's domain is the output's; container deltas go through the
  // node's output map (the packed loop's panels count whole panels).
  auto toOutput = [&](ArrayRef<int64_t> delta) {
    SmallVector<int64_t> d(delta.take_front(numLoops));
    if (p.pack && delta.size() > numLoops) {
      d[p.pack.getLoop()] = d[p.pack.getLoop()] * p.packTile + delta.back();
    }
    return advanceOf(map, d);
  };
  SmallVector<int64_t> fillTile = spanOf(map, tile);
  SmallVector<int64_t> fillBlock = spanOf(map, block);
  Statement &s = addStatement(node, "init", shape);
  for (const NestLoop &container : containers) {
    NestLoop loop = container;
    loop.delta = toOutput(container.delta);
    s.loops.push_back(loop);
  }
  unsigned output = bufferOf(init.get());
  if (p.cacheWrite) {
    // The tile accumulates in a fresh buffer, filled and copied back
    // element by element.
    local = addTemporary("node " + Twine(node) + " local", fillTile,
                         getElementTypeOrSelf(init.get().getType()));
    tileLoops(s, fillTile, fillTile, false, 0);
    s.accesses.push_back({*local, AccessKind::Write,
                          coefficientsOf(AffineMap::getMultiDimIdentityMap(
                              shape.size(), op->getContext()))});
    s.allocated = local;
    s.allocDepth = containers.size();
    return;
  }
  tileLoops(s, fillTile, fillBlock,
            product(fillBlock) <= kMaxVectorTileElements &&
                !hasUnlowerableBF16Width(fill, fillBlock) &&
                (!p.hasPartialTiles() || plan.canMaskElementsOf(fill)),
            shape.size() - 1);
  s.accesses.push_back({output, AccessKind::Write,
                        coefficientsOf(AffineMap::getMultiDimIdentityMap(
                            shape.size(), op->getContext()))});
}

/// The name of the buffer that holds a packed node's panels (the pack's
/// temporary, or the constant packed at compile time).
static std::string packedBufferName(unsigned node) {
  return "node " + std::to_string(node) + " packed";
}

void NestBuilder::translatePack(unsigned node, ArrayRef<LoopSpec> containers) {
  NodePlan p = plan.getNode(node);
  auto op = cast<linalg::LinalgOp>(dag.getNode(node).op);
  OpOperand *input = op.getDpsInputOperand(p.pack.getOperand());
  AffineMap map = op.getMatchingIndexingMap(input);
  unsigned rank = map.getNumResults();
  int64_t n0 = p.packTile;
  unsigned packedDim =
      getPackedOperandDim(op, p.pack.getOperand(), p.pack.getLoop());
  // The pack's domain is the packed buffer's: [panels][rows...][n0], the
  // rows being the input's other dimensions in order; `inPacked(d)` is
  // where input dimension d (not the packed one) lies in it.
  auto inPacked = [&](unsigned d) { return d < packedDim ? d + 1 : d; };
  SmallVector<int64_t> inputShape(
      cast<ShapedType>(input->get().getType()).getShape());
  SmallVector<int64_t> packedShape = {inputShape[packedDim] / n0};
  for (auto [d, size] : llvm::enumerate(inputShape))
    if (d != packedDim)
      packedShape.push_back(size);
  packedShape.push_back(n0);
  if (plan.isPackedAtCompileTime(node)) {
    // The node reads a constant already in the packed layout.
    Buffer buffer;
    buffer.name = packedBufferName(node);
    buffer.shape = packedShape;
    buffer.elementBytes = std::max<int64_t>(
        1,
        getElementTypeOrSelf(input->get().getType()).getIntOrFloatBitWidth() /
            8);
    nest.buffers.push_back(std::move(buffer));
    return;
  }
  Statement &s = addStatement(node, "pack", packedShape);
  MLIRContext *ctx = op->getContext();
  SmallVector<SmallVector<int64_t>> readCoefficients;
  for (unsigned d = 0; d < rank; ++d) {
    SmallVector<int64_t> row(rank + 1, 0);
    if (d == packedDim) {
      row.front() = n0;
      row.back() = 1;
    } else {
      row[inPacked(d)] = 1;
    }
    readCoefficients.push_back(row);
  }
  s.accesses.push_back(
      {bufferOf(input->get()), AccessKind::Read, readCoefficients});
  unsigned packed = addTemporary(packedBufferName(node), packedShape,
                                 getElementTypeOrSelf(input->get().getType()));
  s.accesses.push_back(
      {packed, AccessKind::Write,
       coefficientsOf(AffineMap::getMultiDimIdentityMap(rank + 1, ctx))});
  s.allocated = packed;
  // The containers' advance of the node's loops moves the panel and rows
  // this tile packs.
  SmallVector<int64_t> tile(packedShape);
  for (const LoopSpec &spec : containers) {
    NestLoop loop;
    loop.extent = spec.extent;
    loop.annotation = spec.annotation;
    loop.delta.assign(rank + 1, 0);
    for (unsigned d = 0; d < rank; ++d) {
      if (map.getDimPosition(d) != spec.loop)
        continue;
      if (d == packedDim) {
        loop.delta.front() = spec.step / n0;
        tile.front() = std::min(tile.front(), spec.step / n0);
      } else {
        loop.delta[inPacked(d)] = spec.step;
        tile[inPacked(d)] = std::min(tile[inPacked(d)], spec.step);
      }
    }
    s.loops.push_back(loop);
  }
  bool whole = containers.empty();
  if (whole && tile.front() > 1) {
    NestLoop panels;
    panels.extent = tile.front();
    panels.annotation = LoopAnnotation::Parallel;
    panels.delta.assign(rank + 1, 0);
    panels.delta.front() = 1;
    s.loops.push_back(panels);
  }
  SmallVector<int64_t> block(rank + 1, 1);
  block.front() = whole ? tile.front() : 1;
  block[rank - 1] = plan.getPackRowBlock(node);
  block.back() = n0;
  if (whole)
    tile.front() = 1, block.front() = 1;
  tileLoops(s, tile, block, true, rank);
  s.allocDepth = 0;
}

void NestBuilder::translateTiled(unsigned node) {
  const DAGNode &n = dag.getNode(node);
  NodePlan p = plan.getNode(node);
  unsigned numS = p.tile.getStructure().count(LoopKind::S);
  bool multiLevel = numS > 2;
  auto split = [&](unsigned loop) {
    return cast<SplitAttr>(p.tile.getSplits()[loop]);
  };
  auto levelLoop = [&](unsigned loop, unsigned level) {
    std::optional<LoopSpec> spec;
    ArrayRef<int64_t> factors = split(loop).getFactors();
    if (level >= factors.size() || factors[level] <= 1)
      return spec;
    int64_t step =
        level + 1 < factors.size() ? split(loop).getInnerProduct(level + 1) : 1;
    spec = LoopSpec{loop, step, factors[level], LoopAnnotation::None,
                    n.kinds[loop] == LoopKind::R};
    return spec;
  };
  SmallVector<unsigned> spatialLoops, reductionLoops;
  for (auto [loop, kind] : llvm::enumerate(n.kinds))
    (kind == LoopKind::S ? spatialLoops : reductionLoops).push_back(loop);

  // Level 0: the parallel loops, then the other outer spatial loops.
  SmallVector<LoopSpec> outer, foralls;
  for (auto [index, loop] : llvm::enumerate(spatialLoops))
    if (std::optional<LoopSpec> spec = levelLoop(loop, 0)) {
      if (int64_t(index) < p.parallel) {
        spec->annotation = LoopAnnotation::Parallel;
        foralls.push_back(*spec);
      }
      outer.push_back(*spec);
    }
  std::optional<unsigned> consumer;
  int64_t fuseLevel = 0;
  if (p.fusedConsumer) {
    consumer = p.fusedConsumer.getNode();
    fuseLevel = *p.fusedConsumer.getLevel().getSelected();
  }
  SmallVector<LoopSpec> containers(outer);
  unsigned nextLevel = 1;
  if (consumer && multiLevel && fuseLevel >= 1) {
    for (unsigned loop : spatialLoops)
      if (std::optional<LoopSpec> spec = levelLoop(loop, 1))
        containers.push_back(*spec);
    nextLevel = 2;
  }
  if (p.pack) {
    bool perTile = *p.pack.getLevel().getSelected() == 1;
    translatePack(node,
                  perTile ? ArrayRef<LoopSpec>(outer) : ArrayRef<LoopSpec>());
  }
  SmallVector<NestLoop> containerLoops;
  for (const LoopSpec &spec : containers)
    containerLoops.push_back(toLoop(node, spec));
  // The tile of each node loop inside a number of levels.
  auto tileInside = [&](unsigned levels) {
    SmallVector<int64_t> tile;
    for (auto [loop, kind] : llvm::enumerate(n.kinds)) {
      ArrayRef<int64_t> factors = split(loop).getFactors();
      unsigned l = kind == LoopKind::S ? levels : 0;
      tile.push_back(l < factors.size() ? split(loop).getInnerProduct(l) : 1);
      tile.back() = std::min(tile.back(), n.extents[loop]);
    }
    return tile;
  };
  LevelSizes sizes = plan.getLevelSizes(node);

  SmallVector<LoopSpec> nodeContainers(containers);
  if (multiLevel && nextLevel == 1)
    for (unsigned loop : spatialLoops)
      if (std::optional<LoopSpec> spec = levelLoop(loop, 1))
        nodeContainers.push_back(*spec);
  SmallVector<NestLoop> nodeContainerLoops;
  for (const LoopSpec &spec : nodeContainers)
    nodeContainerLoops.push_back(toLoop(node, spec));
  // Inlined producers are fused into every container, by the tile inside.
  SmallVector<int64_t> innerTile =
      multiLevel ? tileInside(2) : SmallVector<int64_t>(sizes.block);
  DenseMap<unsigned, unsigned> replace;
  SmallVector<NestLoop> unpackedContainers;
  for (const LoopSpec &spec : nodeContainers)
    unpackedContainers.push_back(spec.unpacked(n.extents.size()));
  fuseProducers(node, unpackedContainers, innerTile,
                !isa<tensor::PadOp>(n.op) && !p.hasPartialTiles(), replace);
  // The init goes into the containers its consumer does not carry.
  std::optional<unsigned> local;
  {
    SmallVector<NestLoop> initContainers;
    for (const LoopSpec &spec : consumer ? containers : foralls)
      initContainers.push_back(spec.unpacked(n.extents.size()));
    unsigned inside = consumer ? nextLevel : (foralls.empty() ? 0 : 1);
    SmallVector<int64_t> tile = tileInside(inside);
    if (!consumer && !foralls.empty())
      for (unsigned loop : spatialLoops)
        if (llvm::none_of(foralls,
                          [&](const LoopSpec &f) { return f.loop == loop; }))
          tile[loop] = n.extents[loop];
    translateInit(node, initContainers, tile, sizes.block, local);
  }

  // The node: containers, reduction tiles, the loops around the block, the
  // block.
  SmallVector<int64_t> domain(n.extents);
  if (p.pack) {
    domain[p.pack.getLoop()] /= p.packTile;
    domain.push_back(p.packTile);
  }
  unsigned index = nest.statements.size();
  Statement &s = addStatement(node, "", domain);
  s.ops = countOps(n.op);
  s.loops = nodeContainerLoops;
  bool vectorized =
      p.vectorize && plan.canVectorize(node, plan.getVectorBlock(node));
  std::optional<LaneSplit> laneSplit = plan.getLaneSplit(node);
  if (multiLevel) {
    for (unsigned loop : reductionLoops)
      if (std::optional<LoopSpec> spec = levelLoop(loop, 0))
        s.loops.push_back(toLoop(node, *spec));
    UnrollDecision unroll = SchedulePlan::decideUnroll(
        p.unrollMaxStep, plan.getBlockLoopTrips(node), product(sizes.block));
    for (unsigned loop : spatialLoops)
      if (std::optional<LoopSpec> spec = levelLoop(loop, 2)) {
        if (unroll == UnrollDecision::Unrolled)
          spec->annotation = LoopAnnotation::Unrolled;
        s.loops.push_back(toLoop(node, *spec));
      }
  }
  // The block: reductions first (outer products), then the spatial loops,
  // the output's contiguous one vectorized.
  // A constant index (a kept unit dimension, `(i, j) -> (i, 0)`) is no
  // loop: the contiguous loop is the last one the output is indexed by.
  std::optional<unsigned> vectorLoop;
  if (!n.initMaps.empty())
    for (AffineExpr result : llvm::reverse(n.initMaps.front().getResults()))
      if (auto dim = dyn_cast<AffineDimExpr>(result)) {
        vectorLoop = dim.getPosition();
        break;
      }
  auto blockLoop = [&](unsigned loop) {
    int64_t extent = std::min(sizes.block[loop], n.extents[loop]);
    if (extent <= 1)
      return;
    LoopSpec spec{loop, 1, extent, LoopAnnotation::None,
                  n.kinds[loop] == LoopKind::R};
    if (vectorized)
      spec.annotation = vectorLoop && loop == *vectorLoop
                            ? LoopAnnotation::Vectorized
                            : LoopAnnotation::Unrolled;
    nest.statements[index].loops.push_back(toLoop(node, spec));
  };
  if (vectorized && laneSplit) {
    // Steps over the lanes of partial results, the block's other reductions
    // one iteration at a time, the block's rows, then the lanes, vectorized
    // (SchedulePlan::getLaneSplit).
    unsigned r = laneSplit->loop;
    nest.statements[index].loops.push_back(
        toLoop(node, LoopSpec{r, laneSplit->lanes,
                              laneSplit->covered / laneSplit->lanes,
                              LoopAnnotation::None, true}));
    for (unsigned loop : reductionLoops) {
      int64_t extent = std::min(sizes.block[loop], n.extents[loop]);
      if (loop != r && extent > 1)
        nest.statements[index].loops.push_back(toLoop(
            node, LoopSpec{loop, 1, extent, LoopAnnotation::None, true}));
    }
    vectorLoop = std::nullopt;
    for (unsigned loop : spatialLoops)
      blockLoop(loop);
    nest.statements[index].loops.push_back(
        toLoop(node, LoopSpec{r, 1, laneSplit->lanes,
                              LoopAnnotation::Vectorized, true}));
  } else if (vectorized) {
    for (unsigned loop : reductionLoops)
      blockLoop(loop);
    for (unsigned loop : spatialLoops)
      blockLoop(loop);
  } else {
    for (unsigned loop = 0; loop < n.extents.size(); ++loop)
      blockLoop(loop);
  }
  Operation *op = n.op;
  auto linalgOp = cast<linalg::LinalgOp>(op);
  std::optional<unsigned> initOperand = plan.getInitOperand(node);
  if (local && initOperand)
    replace[*initOperand] = *local;
  // The packed input reads the pack's buffer; only that access is rewritten
  // to the packed layout (another operand may read the same tensor, as
  // `x @ x^T` does).
  if (p.pack)
    replace[linalgOp.getDpsInputOperand(p.pack.getOperand())
                ->getOperandNumber()] = packedBufferOf(node);
  addNodeAccesses(nest.statements[index], node, replace);
  if (p.pack)
    toPackedAccesses(nest.statements[index], node);

  // A cache write's tile is copied back after each tile of the foralls.
  if (local) {
    OpOperand &init = op->getOpOperand(*initOperand);
    SmallVector<int64_t> shape(nest.buffers[*local].shape);
    Statement &copy = addStatement(node, "copy-back", shape);
    unsigned rank = shape.size();
    SmallVector<SmallVector<int64_t>> map =
        coefficientsOf(linalgOp.getMatchingIndexingMap(&init));
    for (const LoopSpec &spec : foralls) {
      NestLoop loop = spec.unpacked(n.extents.size());
      loop.delta = advanceOf(map, loop.delta);
      copy.loops.push_back(loop);
    }
    tileLoops(copy, shape, shape, false, 0);
    SmallVector<SmallVector<int64_t>> identity = coefficientsOf(
        AffineMap::getMultiDimIdentityMap(rank, op->getContext()));
    copy.accesses.push_back({*local, AccessKind::Read, identity});
    copy.accesses.push_back(
        {bufferOf(linalgOp->getResult(0)), AccessKind::Write, identity});
  }

  // A fused consumer: inside the containers, down to the register block.
  if (consumer) {
    emitted[*consumer] = true;
    const DAGNode &cn = dag.getNode(*consumer);
    Statement &c = addStatement(*consumer, "fused", cn.extents);
    c.ops = countOps(cn.op);
    c.unrollMaxStep = 0;
    // The consumer's loops are the node's spatial loops, in order.
    for (const LoopSpec &spec : containers) {
      NestLoop loop = spec.unpacked(n.extents.size());
      SmallVector<int64_t> delta;
      for (unsigned l : spatialLoops)
        delta.push_back(loop.delta[l]);
      loop.delta = std::move(delta);
      c.loops.push_back(loop);
    }
    SmallVector<int64_t> tile, block;
    SmallVector<int64_t> inside = tileInside(nextLevel);
    for (unsigned loop : spatialLoops) {
      tile.push_back(inside[loop]);
      block.push_back(std::min(sizes.block[loop], n.extents[loop]));
    }
    Operation *consumerOp = dag.getNode(*consumer).op;
    bool fits = p.vectorize && isVectorizable(dag, *consumer) &&
                product(block) <= kMaxVectorTileElements &&
                !hasUnlowerableBF16Width(consumerOp, block) &&
                (!p.hasPartialTiles() || plan.canMaskElementsOf(consumerOp));
    tileLoops(c, tile, block, fits, block.size() - 1);
    // The node's result is allocated a fused tile at a time; a tile that is
    // one vectorized register block stays in registers.
    bool inRegisters =
        vectorized && fits && !p.hasPartialTiles() && tile == block;
    nest.buffers[bufferOf(n.op->getResult(0))].allocatedElements =
        inRegisters ? 0 : product(tile);
    unsigned cIndex = nest.statements.size() - 1;
    DenseMap<unsigned, unsigned> consumerReplace;
    SmallVector<NestLoop> consumerContainers(
        c.loops.begin(), c.loops.begin() + containers.size());
    fuseProducers(*consumer, consumerContainers, tile, !p.hasPartialTiles(),
                  consumerReplace);
    addNodeAccesses(nest.statements[cIndex], *consumer, consumerReplace);
  }
}

unsigned NestBuilder::packedBufferOf(unsigned node) const {
  for (auto [index, buffer] : llvm::enumerate(nest.buffers))
    if (buffer.name == packedBufferName(node))
      return index;
  llvm_unreachable("a packed node's pack statement adds its buffer first");
}

/// Rewrites a packed node's accesses to its packed domain, where the packed
/// loop `n` is `n_o * n0 + n_i` (`n_i` last), and its read of the packed
/// buffer (translateTiled points the packed input there) to that buffer's
/// layout [n_o][rows...][n_i].
void NestBuilder::toPackedAccesses(Statement &s, unsigned node) {
  NodePlan p = plan.getNode(node);
  unsigned n = p.pack.getLoop();
  auto linalgOp = cast<linalg::LinalgOp>(dag.getNode(node).op);
  unsigned packedBuffer = packedBufferOf(node);
  unsigned packedDim =
      getPackedOperandDim(linalgOp, p.pack.getOperand(), p.pack.getLoop());
  for (BufferAccess &a : s.accesses) {
    SmallVector<SmallVector<int64_t>> rows;
    for (SmallVector<int64_t> row : a.coefficients) {
      int64_t c = row[n];
      row[n] = c * p.packTile;
      row.push_back(c);
      rows.push_back(row);
    }
    if (a.buffer == packedBuffer && a.kind == AccessKind::Read) {
      SmallVector<int64_t> outerRow(rows.back().size(), 0),
          innerRow(rows.back().size(), 0);
      outerRow[n] = 1;
      innerRow.back() = 1;
      rows.erase(rows.begin() + packedDim);
      rows.insert(rows.begin(), outerRow);
      rows.push_back(innerRow);
    }
    a.coefficients = std::move(rows);
  }
}

void NestBuilder::translateRfactor(unsigned node) {
  const DAGNode &n = dag.getNode(node);
  NodePlan p = plan.getNode(node);
  RfactorOp rfactor = p.rfactor;
  unsigned r = rfactor.getLoop();
  int64_t partials = rfactor.getSplit().getFactors().front();
  SmallVector<int64_t> block = plan.getRfactorBlock(node);
  // The partial results: [partials] + the output's shape.
  std::optional<unsigned> initOperand = plan.getInitOperand(node);
  auto linalgOp = cast<linalg::LinalgOp>(n.op);
  OpOperand &init = linalgOp.getDpsInitsMutable()[0];
  SmallVector<int64_t> outShape(
      cast<ShapedType>(init.get().getType()).getShape());
  SmallVector<int64_t> partialShape = {partials};
  partialShape.append(outShape);
  unsigned partialBuffer =
      addTemporary("node " + Twine(node) + " partials", partialShape,
                   getElementTypeOrSelf(init.get().getType()));
  // The partial statement's domain is the node's plus the partial index
  // `p` (last), which the forall advances with the reduction loop.
  unsigned numLoops = n.extents.size();
  NestLoop forall;
  forall.extent = partials;
  forall.annotation = LoopAnnotation::Parallel;
  forall.reduction = true;
  forall.delta.assign(numLoops, 0);
  forall.delta[r] = block[r];
  // The partial fill.
  {
    Statement &fill = addStatement(node, "partial init", partialShape);
    tileLoops(fill, partialShape, partialShape, false, 0);
    fill.accesses.push_back({partialBuffer, AccessKind::Write,
                             coefficientsOf(AffineMap::getMultiDimIdentityMap(
                                 partialShape.size(), n.op->getContext()))});
    fill.allocated = partialBuffer;
  }
  DenseMap<unsigned, unsigned> replace;
  fuseProducers(node, {forall}, block, true, replace);
  SmallVector<int64_t> domain(n.extents);
  domain.push_back(partials);
  Statement &s = addStatement(node, "partial", domain);
  s.ops = countOps(n.op);
  s.loops.push_back(forall);
  bool vectorized =
      p.vectorize && plan.canVectorize(node, plan.getVectorBlock(node));
  std::optional<LaneSplit> laneSplit = plan.getLaneSplit(node);
  if (vectorized && laneSplit) {
    // The partial's part of the loop in steps of the lanes, its other
    // reductions one iteration at a time, its rows, then the lanes,
    // vectorized (SchedulePlan::getLaneSplit).
    auto stepLoop = [&](unsigned d, int64_t step, int64_t extent,
                        LoopAnnotation annotation) {
      NestLoop loop;
      loop.extent = extent;
      loop.annotation = annotation;
      loop.delta.assign(numLoops, 0);
      loop.delta[d] = step;
      s.loops.push_back(loop);
    };
    unsigned l = laneSplit->loop;
    stepLoop(l, laneSplit->lanes, laneSplit->covered / laneSplit->lanes,
             LoopAnnotation::None);
    for (LoopKind kind : {LoopKind::R, LoopKind::S})
      for (unsigned d = 0; d < numLoops; ++d)
        if (d != l && n.kinds[d] == kind && block[d] > 1)
          stepLoop(d, 1, block[d],
                   kind == LoopKind::S ? LoopAnnotation::Unrolled
                                       : LoopAnnotation::None);
    stepLoop(l, 1, laneSplit->lanes, LoopAnnotation::Vectorized);
  } else {
    tileLoops(s, block, block, vectorized, numLoops - 1);
  }
  for (NestLoop &loop : llvm::drop_begin(s.loops))
    for (auto [d, delta] : llvm::enumerate(loop.delta))
      if (delta)
        loop.reduction = n.kinds[d] == LoopKind::R;
  for (NestLoop &loop : s.loops)
    loop.delta.push_back(0);
  s.loops.front().delta.back() = 1;
  addNodeAccesses(s, node, replace);
  // Inputs read the node's domain; the partials are indexed by `p`, then
  // as the output.
  for (BufferAccess &a : s.accesses) {
    for (SmallVector<int64_t> &row : a.coefficients)
      row.push_back(0);
    if (a.kind == AccessKind::Read)
      continue;
    SmallVector<int64_t> first(numLoops + 1, 0);
    first.back() = 1;
    a.coefficients.insert(a.coefficients.begin(), first);
    a.buffer = partialBuffer;
  }
  // The combine: the output's fill, then the sum over the partials.
  if (initOperand)
    translateUntiledInit(node);
  Statement &combine = addStatement(node, "combine", partialShape);
  combine.ops.counts[OpCounts::FloatAddSub] = 1;
  tileLoops(combine, partialShape, partialShape, false, 0);
  combine.loops.front().reduction = true;
  SmallVector<SmallVector<int64_t>> identity =
      coefficientsOf(AffineMap::getMultiDimIdentityMap(partialShape.size(),
                                                       n.op->getContext()));
  combine.accesses.push_back({partialBuffer, AccessKind::Read, identity});
  SmallVector<SmallVector<int64_t>> drop(identity.begin() + 1, identity.end());
  combine.accesses.push_back(
      {bufferOf(linalgOp->getResult(0)), AccessKind::ReadWrite, drop});
}

/// A node's init fill left whole: a loop nest over the output.
void NestBuilder::translateUntiledInit(unsigned node) {
  std::optional<unsigned> initOperand = plan.getInitOperand(node);
  if (!initOperand)
    return;
  Operation *fill =
      dag.getNode(node).op->getOperand(*initOperand).getDefiningOp();
  for (const DAGNode &n : dag.getNodes())
    if (n.op == fill && !emitted[n.index]) {
      emitted[n.index] = true;
      translateUntiled(n.index);
    }
}

/// A node no step touches: the default lowering's loops in the op's order.
void NestBuilder::translateUntiled(unsigned node) {
  const DAGNode &n = dag.getNode(node);
  emitted[node] = true;
  translateUntiledInit(node);
  Statement &s = addStatement(node, "", n.extents);
  s.ops = countOps(n.op);
  for (unsigned d = 0; d < n.extents.size(); ++d) {
    if (n.extents[d] <= 1)
      continue;
    NestLoop loop;
    loop.extent = n.extents[d];
    loop.reduction = n.kinds[d] == LoopKind::R;
    loop.delta.assign(n.extents.size(), 0);
    loop.delta[d] = 1;
    s.loops.push_back(loop);
  }
  unsigned index = nest.statements.size() - 1;
  addNodeAccesses(nest.statements[index], node);
}

LoopNest NestBuilder::build() {
  emitted.assign(dag.size(), false);
  // Steps decide first: fused and initialized nodes are emitted by the
  // node that owns them.
  for (unsigned node = 0; node < dag.size(); ++node) {
    NodePlan p = plan.getNode(node);
    if (p.tile)
      translateTiled(node), emitted[node] = true;
    else if (p.rfactor)
      translateRfactor(node), emitted[node] = true;
  }
  for (unsigned node = 0; node < dag.size(); ++node)
    if (!emitted[node])
      translateUntiled(node);
  return finish();
}

LoopNest NestBuilderBase::finish() {
  // Every buffer a statement accesses, but the arguments, the constants only
  // read (a global, not allocated per call) and the results, is the
  // program's own: an intermediate between nodes counts in its workspace
  // (one whose accesses went to a fused tile is not allocated).
  llvm::SmallDenseSet<unsigned> accessed, written;
  for (const Statement &s : nest.statements)
    for (const BufferAccess &a : s.accesses) {
      accessed.insert(a.buffer);
      if (a.kind != AccessKind::Read)
        written.insert(a.buffer);
    }
  llvm::SmallDenseSet<Value> results;
  dag.getFunc().walk([&](func::ReturnOp ret) {
    for (Value v : ret.getOperands())
      results.insert(getBufferRoot(v));
  });
  for (auto [value, index] : buffers)
    if (!isa<BlockArgument>(value) && !results.contains(value) &&
        accessed.contains(index) &&
        (written.contains(index) || !matchPattern(value, m_Constant())))
      nest.buffers[index].workspace = true;
  return std::move(nest);
}

LoopNest mlir::ansor::buildLoopNest(const SchedulePlan &plan) {
  return NestBuilder(plan).build();
}

FailureOr<LoopNest> mlir::ansor::buildScheduleLoopNest(ScheduleOp schedule,
                                                       const ComputeDAG &dag) {
  if (Target::namesGPU(schedule.getTarget())) {
    std::string error;
    FailureOr<Target> target = Target::parse(schedule.getTarget(), error);
    if (failed(target))
      return schedule.emitOpError() << error;
    return buildGPULoopNest(schedule, dag, target->gpu);
  }
  FailureOr<SchedulePlan> plan = SchedulePlan::build(schedule, dag);
  if (failed(plan))
    return failure();
  return buildLoopNest(*plan);
}
