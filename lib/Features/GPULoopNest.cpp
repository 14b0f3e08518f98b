//===- GPULoopNest.cpp - the loop nests a GPU schedule materializes -------===//
//
// Mirrors GPUScriptBuilder (GPUTransformScript.cpp) the way LoopNest.cpp
// mirrors the CPU script: a bound node's statement runs its tiling's levels
// in the structure's order (a staged node's outermost reduction level moved
// up to the block, where the stages are copied), with the kernel's blocks,
// threads, virtual threads and shared bytes on each statement. Inlined
// producers are computed in their consumer's statement, as each thread
// does; a fused consumer and a node's init get statements over the node's
// spatial levels. Loops keep no GPU annotation: the GPU facts are
// per-kernel numbers (Statement::gpuBlocks, ...), and the loops describe
// what one kernel iterates, for the access and reuse features.
//
//===----------------------------------------------------------------------===//

#include "NestBuilderBase.h"
#include "ansor/Dialect/Sched/Transforms/GPUSchedulePlan.h"
#include "ansor/Search/GPUTiling.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"

using namespace mlir;
using namespace mlir::ansor;
using namespace mlir::ansor::detail;
using namespace mlir::sched;

/// Threads per block of the default mapping of nodes no step places
/// (sched-map-to-gpu's).
static constexpr int64_t kDefaultThreads = 128;

namespace {

/// What a kernel runs with.
struct Launch {
  int64_t blocks = 1, threads = 1, vthreads = 1, sharedBytes = 0;
  /// How the node's iterators advance from one thread to the next along
  /// threadIdx.x (empty: they do not).
  SmallVector<int64_t> threadDelta;
};

class GPUNestBuilder : public NestBuilderBase {
public:
  explicit GPUNestBuilder(const GPUSchedulePlan &plan)
      : NestBuilderBase(plan.getDAG()), plan(plan) {}
  LoopNest build();

private:
  Statement &addStatement(unsigned node, const Twine &what,
                          ArrayRef<int64_t> domain, const Launch &launch);
  /// The loops of `node`'s tiling, outermost first; only its spatial levels
  /// with `spatialOnly`. `numOuter` counts the first ones, where a staged
  /// node copies its stages: the block's loops and its reduction steps.
  /// `threadDelta`: how threadIdx.x advances the node's iterators.
  SmallVector<NestLoop>
  tiledLoops(unsigned node, bool spatialOnly, unsigned *numOuter = nullptr,
             SmallVector<int64_t> *threadDelta = nullptr) const;
  /// Adds the ops and the input accesses of the producers inlined into
  /// `consumer`, whose iterators are `toConsumer` of the statement's.
  void addInlinedProducers(Statement &s, unsigned consumer,
                           AffineMap toConsumer);
  void translateTiled(unsigned node);
  void translateCrossThread(unsigned node);
  void translateDefault(unsigned node);
  /// The access of `node` to its output, as `kind`.
  BufferAccess outputAccess(unsigned node, AccessKind kind);
  /// The statement of `node`'s init fill, if it has one, in `loops`.
  void addInit(unsigned node, ArrayRef<NestLoop> loops, const Launch &launch);

  const GPUSchedulePlan &plan;
  SmallVector<bool> emitted;
  /// Buffers of inlined results: no statement touches them.
  llvm::SmallDenseSet<unsigned> inlinedBuffers;
};
} // namespace

Statement &GPUNestBuilder::addStatement(unsigned node, const Twine &what,
                                        ArrayRef<int64_t> domain,
                                        const Launch &launch) {
  Statement s;
  s.node = node;
  s.name = ("node " + Twine(node) + (what.isTriviallyEmpty() ? "" : " ") + what)
               .str();
  s.domain.assign(domain.begin(), domain.end());
  s.unrollMaxStep = plan.getNode(node).unrollMaxStep;
  s.gpuBlocks = launch.blocks;
  s.gpuThreads = launch.threads;
  s.gpuVThreads = launch.vthreads;
  s.gpuSharedBytes = launch.sharedBytes;
  const GPULimits &limits = plan.getLimits();
  int64_t perSM =
      std::min(limits.maxBlocksPerSM,
               limits.maxThreadsPerSM / std::max<int64_t>(launch.threads, 1));
  if (launch.sharedBytes > 0)
    perSM = std::min(perSM,
                     limits.sharedMemoryPerSM /
                         (launch.sharedBytes + limits.sharedReservedPerBlock));
  s.gpuBlocksPerSM = perSM;
  s.threadDelta = launch.threadDelta;
  nest.statements.push_back(std::move(s));
  return nest.statements.back();
}

BufferAccess GPUNestBuilder::outputAccess(unsigned node, AccessKind kind) {
  auto linalgOp = cast<linalg::LinalgOp>(dag.getNode(node).op);
  return {bufferOf(linalgOp->getResult(0)), kind,
          coefficientsOf(
              linalgOp.getMatchingIndexingMap(linalgOp.getDpsInitOperand(0)))};
}

void GPUNestBuilder::addInit(unsigned node, ArrayRef<NestLoop> loops,
                             const Launch &launch) {
  std::optional<unsigned> operand = plan.getInitOperand(node);
  if (!operand)
    return;
  const DAGNode &n = dag.getNode(node);
  emitted[*plan.getNodeOf(n.op->getOperand(*operand))] = true;
  Statement &fill = addStatement(node, "init", n.extents, launch);
  fill.loops.assign(loops.begin(), loops.end());
  fill.accesses.push_back(outputAccess(node, AccessKind::Write));
}

SmallVector<NestLoop>
GPUNestBuilder::tiledLoops(unsigned node, bool spatialOnly, unsigned *numOuter,
                           SmallVector<int64_t> *threadDelta) const {
  GPUNodeSteps s = plan.getNode(node);
  const DAGNode &n = dag.getNode(node);
  ArrayRef<LoopKind> levels = s.tile.getStructure().getLevels();
  unsigned numS = s.tile.getStructure().count(LoopKind::S);
  bool staged = !s.cacheReads.empty();
  SmallVector<NestLoop> blockLevel, stepLevel, inner;
  unsigned sIndex = 0, rIndex = 0;
  std::optional<size_t> threadX;
  for (LoopKind kind : levels) {
    bool spatial = kind == LoopKind::S;
    unsigned k = spatial ? sIndex++ : rIndex++;
    if (spatialOnly && !spatial)
      continue;
    for (auto [loop, attr] : llvm::enumerate(s.tile.getSplits())) {
      auto split = cast<SplitAttr>(attr);
      if ((n.kinds[loop] == LoopKind::S) != spatial)
        continue;
      int64_t factor = split.getFactors()[k];
      if (factor <= 1)
        continue;
      // A thread's innermost tile is vectorized into registers.
      LoopAnnotation annotation = spatial && k + 1 == numS
                                      ? LoopAnnotation::Unrolled
                                      : LoopAnnotation::None;
      NestLoop l =
          LoopSpec{static_cast<unsigned>(loop), split.getInnerProduct(k + 1),
                   factor, annotation, !spatial}
              .unpacked(n.extents.size());
      if (spatial && k <= s.bind.getBlock())
        blockLevel.push_back(l);
      else if (staged && !spatial && k == 0)
        stepLevel.push_back(l);
      else
        inner.push_back(l);
      // threadIdx.x is the thread level's innermost loop.
      if (spatial && k == s.bind.getThread())
        threadX = inner.size() - 1;
    }
  }
  if (threadDelta)
    *threadDelta = threadX ? inner[*threadX].delta
                           : SmallVector<int64_t>(n.extents.size(), 0);
  llvm::append_range(blockLevel, stepLevel);
  if (numOuter)
    *numOuter = blockLevel.size();
  llvm::append_range(blockLevel, inner);
  return blockLevel;
}

void GPUNestBuilder::addInlinedProducers(Statement &s, unsigned consumer,
                                         AffineMap toConsumer) {
  Operation *op = dag.getNode(consumer).op;
  auto consumerLinalg = dyn_cast<linalg::LinalgOp>(op);
  if (!consumerLinalg)
    return;
  for (OpOperand *operand : consumerLinalg.getDpsInputOperands()) {
    std::optional<unsigned> producer = plan.getNodeOf(operand->get());
    if (!producer || !plan.getNode(*producer).inlined || emitted[*producer])
      continue;
    emitted[*producer] = true;
    inlinedBuffers.insert(bufferOf(operand->get()));
    Operation *pOp = dag.getNode(*producer).op;
    OpCounts ops = countOps(pOp);
    for (auto [total, c] : llvm::zip(s.ops.counts, ops.counts))
      total += c;
    auto pLinalg = dyn_cast<linalg::LinalgOp>(pOp);
    // The producer's iterators in the statement's: through the consumer's
    // read, when the producer writes its result in iterator order (as the
    // elementwise ops AlwaysInline takes do).
    if (!pLinalg || pLinalg.getNumDpsInits() != 1 ||
        !pLinalg.getMatchingIndexingMap(pLinalg.getDpsInitOperand(0))
             .isIdentity())
      continue;
    AffineMap toProducer =
        consumerLinalg.getMatchingIndexingMap(operand).compose(toConsumer);
    for (OpOperand *input : pLinalg.getDpsInputOperands()) {
      AffineMap map = pLinalg.getMatchingIndexingMap(input);
      if (map.getNumResults() == 0)
        continue;
      s.accesses.push_back({bufferOf(input->get()), AccessKind::Read,
                            coefficientsOf(map.compose(toProducer))});
    }
    addInlinedProducers(s, *producer, toProducer);
  }
}

void GPUNestBuilder::translateTiled(unsigned node) {
  GPUNodeSteps s = plan.getNode(node);
  const DAGNode &n = dag.getNode(node);
  MLIRContext *ctx = plan.getSchedule().getContext();
  GPUTiling tiling = GPUTiling::get(s.tile, s.bind);
  Launch launch;
  launch.threads = tiling.numThreads();
  launch.vthreads = tiling.numVThreads();
  for (int64_t b : tiling.blocks)
    launch.blocks *= b;
  tiledLoops(node, /*spatialOnly=*/true, nullptr, &launch.threadDelta);
  auto linalgOp = cast<linalg::LinalgOp>(n.op);
  DenseMap<unsigned, unsigned> replace;
  for (unsigned operand : s.cacheReads) {
    OpOperand &input = linalgOp->getOpOperand(operand);
    std::optional<SmallVector<int64_t>> shape =
        tiling.getStageShape(linalgOp.getMatchingIndexingMap(&input));
    if (!shape)
      continue;
    Type element = getElementTypeOrSelf(input.get().getType());
    unsigned stage = addTemporary("shared " + Twine(operand), *shape, element);
    replace[operand] = stage;
    launch.sharedBytes +=
        llvm::alignTo(computeProduct(*shape) * nest.buffers[stage].elementBytes,
                      plan.getLimits().sharedBufferAlignment);
  }
  unsigned outer = 0;
  SmallVector<NestLoop> loops = tiledLoops(node, /*spatialOnly=*/false, &outer);
  // The copies into each stage: at the block's loops and reduction steps,
  // over the stage's elements.
  for (unsigned operand : s.cacheReads) {
    auto it = replace.find(operand);
    if (it == replace.end())
      continue;
    OpOperand &input = linalgOp->getOpOperand(operand);
    SmallVector<SmallVector<int64_t>> map =
        coefficientsOf(linalgOp.getMatchingIndexingMap(&input));
    SmallVector<int64_t> shape(nest.buffers[it->second].shape);
    // Iterators: the window's offset in the input, then the stage's
    // elements; the block's loops move the window, the copy loops walk it.
    unsigned rank = shape.size();
    auto inputShape = cast<ShapedType>(input.get().getType()).getShape();
    SmallVector<int64_t> domain(inputShape);
    llvm::append_range(domain, shape);
    // The block's threads copy the stage as the script distributes it:
    // consecutive threads take consecutive parts of the innermost dimension
    // they divide.
    Launch copyLaunch = launch;
    int64_t vector =
        std::max<int64_t>(1, 16 / nest.buffers[it->second].elementBytes);
    SmallVector<int64_t> counts =
        distributeCopy(shape, tiling.numThreads(), vector);
    for (unsigned d = rank; d-- > 0;)
      if (counts[d] > 1) {
        copyLaunch.threadDelta.assign(2 * rank, 0);
        copyLaunch.threadDelta[rank + d] = shape[d] / counts[d];
        break;
      }
    Statement &copy =
        addStatement(node, "stage " + Twine(operand), domain, copyLaunch);
    for (unsigned i = 0; i < outer; ++i) {
      NestLoop l;
      l.extent = loops[i].extent;
      l.reduction = loops[i].reduction;
      l.delta = advanceOf(map, loops[i].delta);
      l.delta.resize(2 * rank, 0);
      copy.loops.push_back(l);
    }
    for (unsigned d = 0; d < rank; ++d) {
      if (shape[d] <= 1)
        continue;
      NestLoop l;
      l.extent = shape[d];
      l.delta.assign(2 * rank, 0);
      l.delta[rank + d] = 1;
      copy.loops.push_back(l);
    }
    SmallVector<SmallVector<int64_t>> window, element;
    for (unsigned d = 0; d < rank; ++d) {
      window.emplace_back(2 * rank, 0);
      window.back()[d] = window.back()[rank + d] = 1;
      element.emplace_back(2 * rank, 0);
      element.back()[rank + d] = 1;
    }
    copy.accesses.push_back({bufferOf(input.get()), AccessKind::Read, window});
    copy.accesses.push_back({it->second, AccessKind::Write, element});
    copy.allocated = it->second;
    copy.allocDepth = 0;
  }
  // An init with a thread forall of its own (a staged node's, or one the
  // virtual-thread loops cannot carry) gives each thread a contiguous part
  // of the block's tile.
  Launch initLaunch = launch;
  if (!s.cacheReads.empty() || (!s.fusedConsumer && tiling.numVThreads() > 1)) {
    initLaunch.threadDelta.assign(n.extents.size(), 0);
    for (unsigned loop = n.extents.size(); loop-- > 0;)
      if (n.kinds[loop] == LoopKind::S && tiling.threads[loop] > 1) {
        initLaunch.threadDelta[loop] =
            tiling.blockTile[loop] / tiling.threads[loop];
        break;
      }
  }
  addInit(node, tiledLoops(node, /*spatialOnly=*/true), initLaunch);
  Statement &compute = addStatement(node, "", n.extents, launch);
  compute.ops = countOps(n.op);
  compute.loops = std::move(loops);
  unsigned index = nest.statements.size() - 1;
  addNodeAccesses(nest.statements[index], node, replace);
  addInlinedProducers(nest.statements[index], node,
                      AffineMap::getMultiDimIdentityMap(n.extents.size(), ctx));
  if (!s.fusedConsumer)
    return;
  // The consumer's iterators are the node's spatial loops in order.
  unsigned consumer = s.fusedConsumer.getNode();
  emitted[consumer] = true;
  SmallVector<AffineExpr> spatial;
  for (auto [loop, kind] : llvm::enumerate(n.kinds))
    if (kind == LoopKind::S)
      spatial.push_back(getAffineDimExpr(loop, ctx));
  AffineMap toConsumer = AffineMap::get(n.extents.size(), 0, spatial,
                                        plan.getSchedule().getContext());
  Statement &c = addStatement(consumer, "", n.extents, launch);
  c.ops = countOps(dag.getNode(consumer).op);
  c.loops = tiledLoops(node, /*spatialOnly=*/true);
  auto consumerLinalg = cast<linalg::LinalgOp>(dag.getNode(consumer).op);
  unsigned cIndex = nest.statements.size() - 1;
  for (OpOperand &operand : consumerLinalg->getOpOperands()) {
    AffineMap map = consumerLinalg.getMatchingIndexingMap(&operand);
    bool isInit = consumerLinalg.isDpsInit(&operand);
    if (!isInit && map.getNumResults() == 0)
      continue;
    std::optional<unsigned> producer = plan.getNodeOf(operand.get());
    if (producer && plan.getNode(*producer).inlined)
      continue;
    unsigned buffer = isInit ? bufferOf(consumerLinalg->getResult(
                                   operand.getOperandNumber() -
                                   consumerLinalg.getNumDpsInputs()))
                             : bufferOf(operand.get());
    nest.statements[cIndex].accesses.push_back(
        {buffer, isInit ? AccessKind::Write : AccessKind::Read,
         coefficientsOf(map.compose(toConsumer))});
  }
  addInlinedProducers(nest.statements[cIndex], consumer, toConsumer);
}

void GPUNestBuilder::translateCrossThread(unsigned node) {
  GPUNodeSteps s = plan.getNode(node);
  const DAGNode &n = dag.getNode(node);
  MLIRContext *ctx = plan.getSchedule().getContext();
  unsigned reduced = s.rfactor.getLoop();
  int64_t threads = s.rfactor.getSplit().getFactors().front();
  int64_t part = llvm::divideCeil(n.extents[reduced], threads);
  Launch launch;
  launch.threads = threads;
  for (auto [loop, kind] : llvm::enumerate(n.kinds))
    if (kind == LoopKind::S)
      launch.blocks *= n.extents[loop];

  Type element = getElementTypeOrSelf(n.op->getResult(0).getType());
  unsigned partials = addTemporary("partials", {threads}, element);
  launch.sharedBytes =
      llvm::alignTo(threads * nest.buffers[partials].elementBytes,
                    plan.getLimits().sharedBufferAlignment);
  // Blocks over the output elements, threads over parts of the reduction.
  SmallVector<NestLoop> blockLoops;
  for (auto [loop, kind] : llvm::enumerate(n.kinds)) {
    if (kind != LoopKind::S || n.extents[loop] <= 1)
      continue;
    blockLoops.push_back(
        LoopSpec{static_cast<unsigned>(loop), 1, n.extents[loop]}.unpacked(
            n.extents.size()));
  }
  addInit(node, blockLoops, launch);
  // Consecutive threads reduce consecutive parts (every thread writes the
  // init, one combines the partials).
  Launch byParts = launch;
  byParts.threadDelta.assign(n.extents.size(), 0);
  byParts.threadDelta[reduced] = part;
  Statement &partial = addStatement(node, "partial", n.extents, byParts);
  partial.ops = countOps(n.op);
  partial.loops = blockLoops;
  auto step = [&](unsigned loop, int64_t extent, int64_t delta) {
    return LoopSpec{loop, delta, extent, LoopAnnotation::None,
                    /*reduction=*/true}
        .unpacked(n.extents.size());
  };
  partial.loops.push_back(step(reduced, threads, part));
  for (auto [loop, kind] : llvm::enumerate(n.kinds))
    if (kind == LoopKind::R && loop != reduced && n.extents[loop] > 1)
      partial.loops.push_back(step(loop, n.extents[loop], 1));
  partial.loops.push_back(step(reduced, part, 1));
  unsigned index = nest.statements.size() - 1;
  addNodeAccesses(nest.statements[index], node);
  // The partials are indexed by the thread: the reduced loop over its parts.
  SmallVector<int64_t> byThread(n.extents.size(), 0);
  for (BufferAccess &a : nest.statements[index].accesses)
    if (a.kind != AccessKind::Read) {
      a.buffer = partials;
      byThread[reduced] = 1;
      a.coefficients = {byThread};
    }
  addInlinedProducers(nest.statements[index], node,
                      AffineMap::getMultiDimIdentityMap(n.extents.size(), ctx));
  // One thread combines the partials.
  Statement &combine = addStatement(node, "combine", n.extents, launch);
  combine.ops.counts[OpCounts::FloatAddSub] = 1;
  combine.loops = blockLoops;
  combine.loops.push_back(step(reduced, threads, part));
  combine.accesses.push_back({partials, AccessKind::Read, {byThread}});
  combine.accesses.push_back(outputAccess(node, AccessKind::ReadWrite));
}

/// A node no step places: sched-map-to-gpu's default mapping, blocks over
/// the three innermost parallel loops (the innermost in chunks of 128
/// threads), the rest looping in each thread.
void GPUNestBuilder::translateDefault(unsigned node) {
  const DAGNode &n = dag.getNode(node);
  emitted[node] = true;
  SmallVector<unsigned> parallel;
  for (auto [loop, kind] : llvm::enumerate(n.kinds))
    if (kind == LoopKind::S && n.extents[loop] > 1)
      parallel.push_back(loop);
  if (parallel.size() > 3)
    parallel.erase(parallel.begin(), parallel.end() - 3);
  Launch launch;
  SmallVector<NestLoop> mapped, serial;
  auto make = [&](unsigned loop, int64_t extent, int64_t delta) {
    return LoopSpec{loop, delta, extent, LoopAnnotation::None,
                    n.kinds[loop] == LoopKind::R}
        .unpacked(n.extents.size());
  };
  for (auto [i, loop] : llvm::enumerate(parallel)) {
    if (i + 1 < parallel.size()) {
      launch.blocks *= n.extents[loop];
      mapped.push_back(make(loop, n.extents[loop], 1));
      continue;
    }
    launch.threads = std::min(n.extents[loop], kDefaultThreads);
    launch.threadDelta.assign(n.extents.size(), 0);
    launch.threadDelta[loop] = 1;
    int64_t chunks = llvm::divideCeil(n.extents[loop], launch.threads);
    launch.blocks *= chunks;
    if (chunks > 1)
      mapped.push_back(make(loop, chunks, launch.threads));
    mapped.push_back(make(loop, launch.threads, 1));
  }
  for (auto [loop, kind] : llvm::enumerate(n.kinds))
    if (n.extents[loop] > 1 && !llvm::is_contained(parallel, loop))
      serial.push_back(make(loop, n.extents[loop], 1));
  Statement &s = addStatement(node, "", n.extents, launch);
  s.ops = countOps(n.op);
  s.loops = std::move(mapped);
  llvm::append_range(s.loops, serial);
  unsigned index = nest.statements.size() - 1;
  addNodeAccesses(nest.statements[index], node);
  addInlinedProducers(
      nest.statements[index], node,
      AffineMap::getMultiDimIdentityMap(n.extents.size(), n.op->getContext()));
}

LoopNest GPUNestBuilder::build() {
  emitted.assign(dag.size(), false);
  for (unsigned node = 0; node < dag.size(); ++node) {
    if (plan.getNode(node).tile)
      translateTiled(node), emitted[node] = true;
    else if (plan.getNode(node).rfactor)
      translateCrossThread(node), emitted[node] = true;
  }
  // Consumers first: a node's inlined producers are emitted with it. One
  // no tiled consumer fused (the producer of an init, which the script
  // leaves whole) is a kernel of its own, a thread per element.
  for (int node = dag.size() - 1; node >= 0; --node)
    if (!emitted[node])
      translateDefault(node);
  for (Statement &s : nest.statements)
    llvm::erase_if(s.accesses, [&](const BufferAccess &a) {
      return inlinedBuffers.contains(a.buffer);
    });
  return finish();
}

FailureOr<LoopNest> mlir::ansor::buildGPULoopNest(ScheduleOp schedule,
                                                  const ComputeDAG &dag,
                                                  const GPULimits &limits) {
  FailureOr<GPUSchedulePlan> plan =
      GPUSchedulePlan::build(schedule, dag, limits);
  if (failed(plan))
    return failure();
  return GPUNestBuilder(*plan).build();
}
