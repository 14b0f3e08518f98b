//===- GPUSchedulePlan.cpp - the steps of a GPU schedule per node ---------===//

#include "ansor/Dialect/Sched/Transforms/GPUSchedulePlan.h"
#include "ansor/Analysis/ComputeDAG/Predicates.h"
#include "ansor/Search/GPUTiling.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::sched;
using mlir::ansor::DAGNode;
using mlir::ansor::GPUTiling;

FailureOr<GPUSchedulePlan>
GPUSchedulePlan::build(ScheduleOp schedule, const ansor::ComputeDAG &dag,
                       const ansor::GPULimits &limits) {
  GPUSchedulePlan plan(schedule, dag, limits);
  if (failed(plan.collect()))
    return failure();
  return plan;
}

std::optional<unsigned> GPUSchedulePlan::getNodeOf(Value value) const {
  Operation *def = value.getDefiningOp();
  if (!def)
    return std::nullopt;
  for (const DAGNode &n : dag->getNodes())
    if (n.op == def)
      return n.index;
  return std::nullopt;
}

/// Bytes of an element of `op`'s first result (8 for an index).
static int64_t getOutputElementBytes(Operation *op) {
  Type element = getElementTypeOrSelf(op->getResult(0).getType());
  return element.isIntOrFloat()
             ? llvm::divideCeil(element.getIntOrFloatBitWidth(), 8)
             : 8;
}

std::optional<unsigned> GPUSchedulePlan::getInitOperand(unsigned node) const {
  for (OpOperand &operand : dag->getNode(node).op->getOpOperands())
    if (std::optional<unsigned> p = getNodeOf(operand.get()))
      if (dag->getNode(*p).isInit)
        return operand.getOperandNumber();
  return std::nullopt;
}

LogicalResult GPUSchedulePlan::collect() {
  nodes.resize(dag->size());
  for (Operation &op : schedule.getBody().front()) {
    auto fail = [&](const Twine &why) { return op.emitOpError() << why; };
    if (auto tile = dyn_cast<TileOp>(op)) {
      nodes[tile.getNode()].tile = tile;
    } else if (auto bind = dyn_cast<BindOp>(op)) {
      nodes[bind.getNode()].bind = bind;
    } else if (auto fuse = dyn_cast<FuseConsumerOp>(op)) {
      nodes[fuse.getInto()].fusedConsumer = fuse;
      nodes[fuse.getNode()].fusedIntoProducer = true;
      if (*fuse.getLevel().getSelected() != 2)
        return fail("a GPU schedule fuses consumers at the thread level (2)");
    } else if (auto inl = dyn_cast<InlineOp>(op)) {
      nodes[inl.getNode()].inlined = true;
    } else if (auto vec = dyn_cast<VectorizeOp>(op)) {
      nodes[vec.getNode()].vectorize = true;
    } else if (auto unroll = dyn_cast<UnrollOp>(op)) {
      nodes[unroll.getNode()].unrollMaxStep =
          *unroll.getMaxStep().getSelected();
    } else if (auto rfactor = dyn_cast<RfactorOp>(op)) {
      nodes[rfactor.getNode()].rfactor = rfactor;
      const DAGNode &n = dag->getNode(rfactor.getNode());
      int64_t threads = rfactor.getSplit().getFactors().front();
      if (threads > limits.maxThreadsPerBlock)
        return fail("splits the reduction across ")
               << threads << " threads (limit " << limits.maxThreadsPerBlock
               << " per block)";
      unsigned grid = llvm::count_if(llvm::enumerate(n.kinds), [&](auto l) {
        return l.value() == LoopKind::S && n.extents[l.index()] > 1;
      });
      if (n.numLoops(LoopKind::S) == 0 || grid > 3)
        return fail("reduces across threads a node with ")
               << grid << " spatial loops of more than one iteration (one "
               << "block per output element needs 1 to 3)";
    } else if (auto read = dyn_cast<CacheReadOp>(op)) {
      if (read.getScope() != "shared")
        return fail("stages in \"shared\" memory only on a GPU");
      auto linalgOp =
          dyn_cast<linalg::LinalgOp>(dag->getNode(read.getNode()).op);
      if (!linalgOp || read.getOperand() >=
                           static_cast<uint64_t>(linalgOp.getNumDpsInputs()))
        return fail("stages operand ")
               << read.getOperand() << ", not an input of node "
               << read.getNode();
      OpOperand &input = linalgOp->getOpOperand(read.getOperand());
      AffineMap map = linalgOp.getMatchingIndexingMap(&input);
      if (map.getNumResults() == 0)
        return fail("stages operand ")
               << read.getOperand() << ", a scalar: nothing to share";
      if (!ansor::isSumOfLoopMultiples(map))
        return fail("stages operand ")
               << read.getOperand()
               << ", whose indices are not sums of loop multiples";
      if (read.getAccess() && *read.getAccess() != map)
        return fail("says operand ")
               << read.getOperand() << " is read through "
               << AffineMapAttr::get(*read.getAccess()) << ", node "
               << read.getNode() << " reads it through "
               << AffineMapAttr::get(map);
      std::optional<unsigned> producer = getNodeOf(input.get());
      if (producer && llvm::any_of(schedule.getBody().getOps<InlineOp>(),
                                   [&](InlineOp inl) {
                                     return inl.getNode() == *producer;
                                   }))
        return fail("stages operand ")
               << read.getOperand() << ", which node " << *producer
               << " computes inline: a stage copies a tensor, not a "
                  "computation";
      nodes[read.getNode()].cacheReads.push_back(read.getOperand());
    } else {
      return fail("is not supported in a GPU schedule yet");
    }
  }
  for (auto [node, s] : llvm::enumerate(nodes)) {
    if (s.tile && !s.bind)
      return s.tile.emitOpError()
             << "tiles node " << node
             << " without binding it to GPU blocks and threads (sched.bind)";
    if (s.bind && !s.tile)
      return s.bind.emitOpError() << "binds node " << node << ", not tiled";
    // The translation takes one of the two; the other would be lost.
    if (s.tile && s.rfactor)
      return s.rfactor.emitOpError()
             << "node " << node
             << " is both tiled and rfactored: a GPU schedule splits a "
                "reduction across threads (rfactor) or tiles the node, not "
                "both";
    if (!s.tile)
      continue;
    if (!s.cacheReads.empty() && s.fusedConsumer)
      return s.fusedConsumer.emitOpError()
             << "fuses a consumer into node " << node
             << ", whose inputs are staged: not supported yet (the node's "
                "block tile would need a buffer the block shares)";
    if (!s.cacheReads.empty() && !s.tile.getStructure().count(LoopKind::R))
      return s.tile.emitOpError()
             << "stages inputs of node " << node
             << " without a reduction level to stage them at";
    GPUTiling tiling = GPUTiling::get(s.tile, s.bind);
    // With virtual threads (or stages) the init gets a thread forall of its
    // own, laid out over the node's spatial loops in order.
    bool ownInitForall =
        !s.cacheReads.empty() || (tiling.numVThreads() > 1 && !s.fusedConsumer);
    if (ownInitForall && getInitOperand(node) &&
        !ansor::isOutputIndexedBySpatialLoops(*dag, node))
      return s.tile.emitOpError()
             << "needs node " << node
             << "'s output indexed by its spatial loops in order, to give "
                "its init a thread loop of its own (virtual threads or "
                "stages)";
    if (std::optional<std::string> violation = tiling.check(
            limits, ansor::getCacheReadOps(schedule, node),
            s.fusedConsumer ? getOutputElementBytes(dag->getNode(node).op) : 0))
      return s.tile.emitOpError() << "cannot run on the target: " << *violation;
    if (s.fusedConsumer &&
        s.tile.getStructure().getLevels().back() != LoopKind::S)
      return s.tile.emitOpError()
             << "fuses a consumer into a tiling whose last level is not "
                "spatial";
  }
  return success();
}
