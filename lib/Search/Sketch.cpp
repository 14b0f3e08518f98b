//===- Sketch.cpp - sketch states and their sched IR ----------------------===//

#include "ansor/Search/Sketch.h"
#include "ansor/Analysis/ComputeDAG/Predicates.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ansor;
using sched::LoopKind;

SketchState SketchState::initial(const ComputeDAG &dag) {
  SketchState state;
  state.nodes.resize(dag.size());
  state.current = static_cast<int>(dag.size()) - 1;
  return state;
}

ArrayRef<LoopKind> mlir::ansor::getCPUTileStructure() {
  static constexpr LoopKind kStructure[] = {LoopKind::S, LoopKind::S,
                                            LoopKind::R, LoopKind::S,
                                            LoopKind::R, LoopKind::S};
  return kStructure;
}

ArrayRef<LoopKind> mlir::ansor::getGPUTileStructure() {
  static constexpr LoopKind kStructure[] = {
      LoopKind::S, LoopKind::S, LoopKind::S, LoopKind::R,
      LoopKind::R, LoopKind::S, LoopKind::R, LoopKind::S};
  return kStructure;
}

/// Ansor's `auto_unroll_max_step` candidates on CPU and GPU.
static constexpr int64_t kUnrollSteps[] = {0, 16, 64, 512};
/// Nodes of at most this many loop iterations may also run serially.
static constexpr int64_t kSerialChoiceIterations = 1 << 16;
static constexpr int64_t kGPUUnrollSteps[] = {0, 16, 64, 512, 1024};

/// The S levels a GPU tiling binds: block, vthread, thread.
static constexpr int64_t kGPUBlockLevel = 0, kGPUVThreadLevel = 1,
                         kGPUThreadLevel = 2;

namespace {
/// Emits the steps of one sketch into a schedule body.
class SketchEmitter {
public:
  SketchEmitter(OpBuilder &builder, Location loc, const ComputeDAG &dag,
                bool gpu)
      : b(builder), loc(loc), dag(dag), ctx(builder.getContext()), gpu(gpu) {}

  void emitNode(const SketchState &state, unsigned index);

private:
  void emitGPUNode(const SketchState &state, unsigned index);
  sched::ChoiceAttr unsetChoice(ArrayRef<int64_t> domain) {
    return sched::ChoiceAttr::get(ctx, std::nullopt, domain);
  }
  void emitTile(unsigned index, ArrayRef<LoopKind> structure,
                ArrayRef<unsigned> unitInnerLoops = {},
                bool unitVThreads = false);
  void emitAnnotations(unsigned index, bool vectorize, bool unroll);

  OpBuilder &b;
  Location loc;
  const ComputeDAG &dag;
  MLIRContext *ctx;
  bool gpu;
};
} // namespace

void SketchEmitter::emitTile(unsigned index, ArrayRef<LoopKind> structure,
                             ArrayRef<unsigned> unitInnerLoops,
                             bool unitVThreads) {
  const DAGNode &node = dag.getNode(index);
  auto structureAttr = sched::StructureAttr::get(ctx, structure);
  SmallVector<Attribute> splits;
  for (auto [loop, extent, kind] : llvm::enumerate(node.extents, node.kinds)) {
    SmallVector<int64_t> factors(structureAttr.count(kind),
                                 sched::SplitAttr::kUnset);
    // Structural, not tunable: a unit innermost tile on these loops makes
    // the register block a 1-D convolution, which vectorizes; a single level
    // holds the whole loop.
    if (llvm::is_contained(unitInnerLoops, loop))
      factors.back() = 1;
    if (unitVThreads && kind == LoopKind::S)
      factors[kGPUVThreadLevel] = 1;
    if (factors.size() == 1)
      factors.back() = extent;
    splits.push_back(sched::SplitAttr::get(ctx, factors, extent));
  }
  sched::TileOp::create(b, loc, index, structureAttr, b.getArrayAttr(splits));
}

void SketchEmitter::emitAnnotations(unsigned index, bool vectorize,
                                    bool unroll) {
  const DAGNode &node = dag.getNode(index);
  SmallVector<int64_t> parallelDomain;
  // A node this small may run faster on one core than the fork and join of
  // a parallel loop (about 3 us with OpenMP): no parallel loop is a choice.
  if (node.numLoops(LoopKind::S) > 0 &&
      node.spatialSize() * node.reductionSize() <= kSerialChoiceIterations)
    parallelDomain.push_back(0);
  for (int64_t n = 1, e = node.numLoops(LoopKind::S); n <= e; ++n)
    parallelDomain.push_back(n);
  if (!parallelDomain.empty())
    sched::ParallelOp::create(b, loc, index, unsetChoice(parallelDomain));
  if (vectorize)
    sched::VectorizeOp::create(b, loc, index);
  if (unroll)
    sched::UnrollOp::create(b, loc, index, unsetChoice(kUnrollSteps));
}

void SketchEmitter::emitNode(const SketchState &state, unsigned index) {
  const DAGNode &node = dag.getNode(index);
  const NodeSketch &decision = state.nodes[index];
  if (node.isInit || decision.fusedIntoProducer || decision.untouched)
    return;
  if (decision.inlined) {
    sched::InlineOp::create(b, loc, index);
    return;
  }
  if (gpu) {
    emitGPUNode(state, index);
    return;
  }
  if (decision.rfactor) {
    int64_t extent = node.extents[decision.rfactorLoop];
    sched::RfactorOp::create(
        b, loc, index, decision.rfactorLoop,
        sched::SplitAttr::get(
            ctx, {sched::SplitAttr::kUnset, sched::SplitAttr::kUnset}, extent));
    if (isVectorizable(dag, index))
      sched::VectorizeOp::create(b, loc, index);
    return;
  }
  if (decision.multiLevelTiled) {
    if (decision.cacheWrite)
      sched::CacheWriteOp::create(b, loc, index);
    emitTile(index, getCPUTileStructure(),
             getLoopsNeedingUnitInnerTile(dag, index));
    if (decision.fusedConsumer)
      sched::FuseConsumerOp::create(b, loc, *decision.fusedConsumer, index,
                                    unsetChoice({0, 1}));
    // A constant's whole pack is computed at compile time: packing it per
    // outer tile would only add work.
    if (decision.pack)
      sched::PackOp::create(
          b, loc, index, decision.pack->operand, decision.pack->loop,
          canPackAtCompileTime(cast<linalg::LinalgOp>(node.op),
                               decision.pack->operand)
              ? unsetChoice({0})
              : unsetChoice({0, 1}));
    emitAnnotations(index,
                    isVectorizable(dag, index) && !decision.lanesLeftToLLVM,
                    /*unroll=*/true);
    return;
  }
  // Skip: the node keeps its loop nest, split once for the parallel outer
  // part and the vectorized inner part; reductions stay innermost, whole.
  SmallVector<LoopKind> structure = {LoopKind::S, LoopKind::S};
  if (node.numLoops(LoopKind::R) > 0)
    structure.push_back(LoopKind::R);
  emitTile(index, structure);
  emitAnnotations(index,
                  isVectorizable(dag, index) && !decision.lanesLeftToLLVM,
                  /*unroll=*/false);
}

void SketchEmitter::emitGPUNode(const SketchState &state, unsigned index) {
  const DAGNode &node = dag.getNode(index);
  const NodeSketch &decision = state.nodes[index];
  // CrossThreadReduction: one output element per block, the split reduction
  // loop's outer part across the block's threads.
  if (decision.rfactor) {
    sched::RfactorOp::create(
        b, loc, index, decision.rfactorLoop,
        sched::SplitAttr::get(
            ctx, {sched::SplitAttr::kUnset, sched::SplitAttr::kUnset},
            node.extents[decision.rfactorLoop]));
    return;
  }
  if (decision.multiLevelTiled) {
    // Without a fused consumer, virtual threads would give the init a
    // thread loop of its own, which needs its output in loop order.
    emitTile(index, getGPUTileStructure(),
             getLoopsNeedingUnitInnerTile(dag, index),
             /*unitVThreads=*/!decision.fusedConsumer &&
                 needsSharedInitThreads(dag, index));
    sched::BindOp::create(b, loc, index, kGPUBlockLevel,
                          b.getI64IntegerAttr(kGPUVThreadLevel),
                          kGPUThreadLevel);
    auto linalgOp = cast<linalg::LinalgOp>(node.op);
    for (unsigned operand : decision.cacheReads) {
      OpOperand &use = node.op->getOpOperand(operand);
      sched::CacheReadOp::create(
          b, loc, index, operand, "shared",
          AffineMapAttr::get(linalgOp.getMatchingIndexingMap(&use)),
          TypeAttr::get(getElementTypeOrSelf(use.get().getType())));
    }
    // Ansor computes a fused consumer at the thread level on GPU.
    if (decision.fusedConsumer)
      sched::FuseConsumerOp::create(
          b, loc, *decision.fusedConsumer, index,
          sched::ChoiceAttr::get(ctx, kGPUThreadLevel, {kGPUThreadLevel}));
    if (isVectorizable(dag, index))
      sched::VectorizeOp::create(b, loc, index);
    sched::UnrollOp::create(b, loc, index, unsetChoice(kGPUUnrollSteps));
    return;
  }
  // A pad, or a node without spatial loops, is left to the lowering, which
  // gives what is not scheduled one thread per output element.
  if (isa<tensor::PadOp>(node.op) || node.numLoops(LoopKind::S) == 0)
    return;
  // Skip: blocks, threads and the elements of one thread; reductions whole,
  // inside the thread.
  SmallVector<LoopKind> structure = {LoopKind::S, LoopKind::S, LoopKind::S};
  if (node.numLoops(LoopKind::R) > 0)
    structure.push_back(LoopKind::R);
  emitTile(index, structure);
  sched::BindOp::create(b, loc, index, kGPUBlockLevel, IntegerAttr(),
                        /*thread=*/1);
}

sched::ScheduleOp mlir::ansor::buildSketchOp(OpBuilder &builder, Location loc,
                                             const ComputeDAG &dag,
                                             const SketchState &state,
                                             StringRef name,
                                             const Target &target) {
  OpBuilder::InsertionGuard guard(builder);
  SmallVector<StringRef> rules(state.rules.begin(), state.rules.end());
  auto schedule = sched::ScheduleOp::create(
      builder, loc, name, dag.getFunc().getSymName(), target.str(),
      dag.getNodeAttrs(builder.getContext()), builder.getStrArrayAttr(rules));
  builder.setInsertionPointToStart(&schedule.getBody().emplaceBlock());
  SketchEmitter emitter(builder, loc, dag, target.isGPU());
  for (unsigned index = 0; index < dag.size(); ++index)
    emitter.emitNode(state, index);
  return schedule;
}
