//===- GPUTransformScript.cpp - GPU schedules as Transform IR -------------===//
//
// Translates a complete GPU schedule into a Transform dialect named
// sequence. A bound node (or the consumer fused into it) is tiled by an
// `scf.forall` mapped to `#gpu.block` dimensions, an `scf.for` over its
// virtual threads, and a nested `scf.forall` mapped to `#gpu.thread`
// dimensions; each thread then runs the structure's remaining levels as
// loops, and its innermost tile is vectorized so that its accumulators stay
// in registers across the innermost reduction loop. The foralls become a
// `gpu.launch` after bufferization (`ansor-lower-gpu`).
//
//===----------------------------------------------------------------------===//

#include "ansor/Analysis/ComputeDAG/ComputeDAG.h"
#include "ansor/Analysis/ComputeDAG/Predicates.h"
#include "ansor/Dialect/Sched/Transforms/GPUSchedulePlan.h"
#include "ansor/Dialect/Sched/Transforms/SchedulePlan.h"
#include "ansor/Dialect/Sched/Transforms/TransformScript.h"
#include "ansor/Search/GPUTiling.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::sched;
using mlir::ansor::ComputeDAG;
using mlir::ansor::DAGNode;
using mlir::ansor::GPUTiling;

namespace {

class GPUScriptBuilder {
public:
  GPUScriptBuilder(ScheduleOp schedule, const ComputeDAG &dag,
                   const ansor::GPULimits &limits)
      : schedule(schedule), dag(dag), limits(limits), os(text) {}

  FailureOr<std::string> build(StringRef sequenceName);
  ArrayRef<std::string> getDegradations() const { return degradations; }

private:
  void translate(unsigned node);
  void translateStaged(unsigned node);
  void translateCrossThread(unsigned node);
  void tileThreadLevels(unsigned node, std::string op, bool staged);
  std::string stage(const std::string &padded, unsigned node, unsigned operand);
  std::string threadForall(const std::string &handle, unsigned node,
                           SmallVectorImpl<int64_t> &elements);
  std::string spatialForall(const std::string &handle, unsigned node,
                            SmallVector<int64_t> sizes,
                            ArrayRef<int64_t> fallback, StringRef kind,
                            std::string &loop);

  std::string fresh(StringRef prefix) {
    return ("%" + prefix + Twine(counter++)).str();
  }
  std::string match(unsigned node);
  std::string producerOf(const std::string &handle, unsigned operand);
  std::string forall(const std::string &handle, ArrayRef<int64_t> sizes,
                     ArrayRef<unsigned> mappedLoops, StringRef kind,
                     std::string &loop);
  std::string tileFor(const std::string &handle, ArrayRef<int64_t> sizes,
                      SmallVectorImpl<std::string> *loops = nullptr);
  std::string fuseThrough(std::string producer, ArrayRef<std::string> loops);
  void fuseProducers(ArrayRef<std::pair<unsigned, std::string>> producers,
                     ArrayRef<std::string> loops);
  SmallVector<std::pair<unsigned, std::string>>
  takeInlinedProducers(unsigned node, const std::string &handle);
  /// Handles to a node, its inlined producers and its init fill (if any).
  struct NodeHandles {
    std::string root, init;
    SmallVector<std::pair<unsigned, std::string>> producers;
  };
  NodeHandles matchWithProducers(unsigned node);

  ScheduleOp schedule;
  const ComputeDAG &dag;
  ansor::GPULimits limits;
  std::optional<GPUSchedulePlan> plan;
  /// Whether a producer is inlined into several consumers.
  bool sharedProducer = false;
  std::string text;
  llvm::raw_string_ostream os;
  unsigned counter = 0;
  SmallVector<std::string> toVectorize;
  /// Loops to unroll completely after vectorization, innermost last.
  SmallVector<std::pair<std::string, int64_t>> toUnroll;
  SmallVector<std::string> degradations;
};

} // namespace

static constexpr StringLiteral kAnyOp = "!transform.any_op";

static std::string typeList(unsigned n) {
  SmallVector<std::string> types(n, kAnyOp.str());
  return llvm::join(types, ", ");
}

static std::string sizeList(ArrayRef<int64_t> sizes) {
  std::string out;
  llvm::raw_string_ostream s(out);
  s << '[';
  llvm::interleaveComma(sizes, s);
  s << ']';
  return out;
}

std::string GPUScriptBuilder::match(unsigned node) {
  if (sharedProducer)
    os << "  transform.apply_dce to %func : " << kAnyOp << "\n";
  std::string handle = fresh("n");
  os << "  " << handle << " = transform.structured.match attributes{"
     << ansor::kNodeAttrName << " = " << node << " : i64} in %func : ("
     << kAnyOp << ") -> " << kAnyOp << "\n";
  return handle;
}

std::string GPUScriptBuilder::producerOf(const std::string &handle,
                                         unsigned operand) {
  std::string producer = fresh("p");
  os << "  " << producer << " = transform.get_producer_of_operand " << handle
     << "[" << operand << "] : (" << kAnyOp << ") -> " << kAnyOp << "\n";
  return producer;
}

/// Tiles `handle` by an `scf.forall` whose loops (those of `sizes` that are
/// not 0, all in `mappedLoops`) map to GPU dimensions of `kind` (`block` or
/// `thread`), x for the innermost.
std::string GPUScriptBuilder::forall(const std::string &handle,
                                     ArrayRef<int64_t> sizes,
                                     ArrayRef<unsigned> mappedLoops,
                                     StringRef kind, std::string &loop) {
  static constexpr StringLiteral kDims[] = {"x", "y", "z"};
  SmallVector<std::string> mapping;
  for (unsigned i = 0, e = mappedLoops.size(); i < e; ++i)
    mapping.push_back(("#gpu." + kind + "<" + kDims[e - 1 - i] + ">").str());
  std::string tiled = fresh("t");
  loop = fresh("forall");
  os << "  " << tiled << ", " << loop
     << " = transform.structured.tile_using_forall " << handle << " tile_sizes "
     << sizeList(sizes) << " (mapping = [" << llvm::join(mapping, ", ")
     << "]) : (" << kAnyOp << ") -> (" << typeList(2) << ")\n";
  return tiled;
}

std::string
GPUScriptBuilder::tileFor(const std::string &handle, ArrayRef<int64_t> sizes,
                          SmallVectorImpl<std::string> *loopHandles) {
  unsigned numLoops = llvm::count_if(sizes, [](int64_t s) { return s != 0; });
  if (numLoops == 0)
    return handle;
  std::string tiled = fresh("t"), loops = fresh("loops");
  os << "  " << tiled << ", " << loops
     << (numLoops > 1 ? ":" + std::to_string(numLoops) : std::string())
     << " = transform.structured.tile_using_for " << handle << " tile_sizes "
     << sizeList(sizes) << " : (" << kAnyOp << ") -> ("
     << typeList(numLoops + 1) << ")\n";
  if (loopHandles)
    for (unsigned i = 0; i < numLoops; ++i)
      loopHandles->push_back(numLoops == 1 ? loops
                                           : loops + "#" + std::to_string(i));
  return tiled;
}

std::string GPUScriptBuilder::fuseThrough(std::string producer,
                                          ArrayRef<std::string> loops) {
  for (const std::string &loop : loops) {
    std::string fused = fresh("fused"), next = fresh("container");
    os << "  " << fused << ", " << next
       << " = transform.structured.fuse_into_containing_op " << producer
       << " into " << loop << " : (" << typeList(2) << ") -> (" << typeList(2)
       << ")\n";
    producer = fused;
  }
  return producer;
}

/// Fuses the inlined `producers` (consumers first) through `loops`. As on
/// the CPU (ScriptBuilder::fuseInlined), a producer that feeds another (an
/// attention's exp, inlined into the normalization inlined into P x V: 2 of
/// 6 sampled programs did not build) may already have been fused along with
/// it, so its fusions run in a sequence whose failures are suppressed. So do
/// the fusions after the first of one that goes through several loops: where
/// its consumer's tiles read a slice no inner loop varies (a ReLU6 inlined
/// into a pointwise convolution with a fused consumer), the first fusion
/// already reaches the innermost loop and the next finds nothing to fuse (2
/// of 12 programs). The first fusion stays unsuppressed: a producer it
/// cannot fuse would be left to every thread of the block.
void GPUScriptBuilder::fuseProducers(
    ArrayRef<std::pair<unsigned, std::string>> producers,
    ArrayRef<std::string> loops) {
  for (auto &[producer, handle] : producers) {
    ArrayRef<std::string> suppressed = loops;
    std::string fused = handle;
    if (!feedsAnother(dag, producer, producers)) {
      fused = fuseThrough(handle, loops.take_front());
      suppressed = loops.drop_front();
    }
    if (suppressed.empty())
      continue;
    os << "  transform.sequence %func : " << kAnyOp
       << " failures(suppress) {\n  ^bb0(" << fresh("s") << ": " << kAnyOp
       << "):\n";
    fuseThrough(fused, suppressed);
    os << "  transform.yield\n  }\n";
  }
}

/// The inlined producers of `node`, recursively, as handles taken from the
/// untiled `handle` (fusion consumes producer handles).
SmallVector<std::pair<unsigned, std::string>>
GPUScriptBuilder::takeInlinedProducers(unsigned node,
                                       const std::string &handle) {
  SmallVector<std::pair<unsigned, std::string>> producers;
  SmallVector<std::pair<unsigned, std::string>> worklist = {{node, handle}};
  while (!worklist.empty()) {
    auto [consumer, consumerHandle] = worklist.pop_back_val();
    Operation *op = dag.getNode(consumer).op;
    for (OpOperand &operand : op->getOpOperands()) {
      // A producer of an init (a bias broadcast a matmul accumulates into)
      // is a shared output of the tiles, where fuse_into_containing_op
      // cannot reach it (every program failed to build): it stays whole, as
      // on the CPU, and is mapped a thread per element.
      auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
      if (linalgOp && linalgOp.isDpsInit(&operand))
        continue;
      Operation *def = operand.get().getDefiningOp();
      auto tag =
          def ? def->getAttrOfType<IntegerAttr>(ansor::kNodeAttrName) : nullptr;
      if (!tag)
        continue;
      unsigned producer = tag.getInt();
      if (!plan->getNode(producer).inlined ||
          llvm::any_of(producers, [&](auto &p) { return p.first == producer; }))
        continue;
      std::string h = producerOf(consumerHandle, operand.getOperandNumber());
      producers.push_back({producer, h});
      worklist.push_back({producer, h});
    }
  }
  return producers;
}

GPUScriptBuilder::NodeHandles
GPUScriptBuilder::matchWithProducers(unsigned node) {
  NodeHandles handles;
  handles.root = match(node);
  handles.producers = takeInlinedProducers(node, handles.root);
  if (std::optional<unsigned> init = plan->getInitOperand(node))
    handles.init = producerOf(handles.root, *init);
  return handles;
}

void GPUScriptBuilder::translate(unsigned node) {
  GPUNodeSteps s = plan->getNode(node);
  const DAGNode &n = dag.getNode(node);
  GPUTiling tiling = GPUTiling::get(s.tile, s.bind);
  SmallVector<unsigned> spatialLoops;
  for (auto [loop, kind] : llvm::enumerate(n.kinds))
    if (kind == LoopKind::S)
      spatialLoops.push_back(loop);

  // The root of the block and thread levels: the fused consumer if any,
  // whose loops are the node's spatial loops in order.
  std::optional<unsigned> consumer;
  if (s.fusedConsumer)
    consumer = s.fusedConsumer.getNode();
  auto rootSizes = [&](ArrayRef<int64_t> tiles, ArrayRef<int64_t> counts,
                       SmallVectorImpl<unsigned> &mapped) {
    SmallVector<int64_t> out;
    for (auto [index, loop] : llvm::enumerate(spatialLoops)) {
      bool tiled = counts[loop] > 1;
      out.push_back(tiled ? tiles[loop] : 0);
      if (tiled)
        mapped.push_back(index);
    }
    // One block or thread still needs a loop to map.
    if (mapped.empty() && !spatialLoops.empty()) {
      out.back() = tiles[spatialLoops.back()];
      mapped.push_back(spatialLoops.size() - 1);
    }
    if (consumer)
      return out;
    SmallVector<int64_t> all(n.extents.size(), 0);
    for (auto [index, loop] : llvm::enumerate(spatialLoops))
      all[loop] = out[index];
    return all;
  };

  std::string root = match(consumer ? *consumer : node);
  std::string nodeHandle = root;
  SmallVector<std::pair<unsigned, std::string>> consumerProducers;
  if (consumer) {
    for (OpOperand &use : dag.getNode(*consumer).op->getOpOperands())
      if (use.get().getDefiningOp() == n.op)
        nodeHandle = producerOf(root, use.getOperandNumber());
    consumerProducers = takeInlinedProducers(*consumer, root);
    llvm::erase_if(consumerProducers, [&](auto &p) { return p.first == node; });
  }
  SmallVector<std::pair<unsigned, std::string>> producers =
      takeInlinedProducers(node, nodeHandle);
  std::optional<unsigned> initOperand = plan->getInitOperand(node);
  std::string initHandle =
      initOperand ? producerOf(nodeHandle, *initOperand) : std::string();

  SmallVector<unsigned> blockLoops, threadLoops, unused;
  std::string blockLoop, threadLoop;
  SmallVector<int64_t> blockSizes =
      rootSizes(tiling.blockTile, tiling.blocks, blockLoops);
  std::string rootOp = forall(root, blockSizes, blockLoops, "block", blockLoop);
  SmallVector<std::string> containers = {blockLoop};
  SmallVector<int64_t> vthreadSizes =
      rootSizes(tiling.vthreadTile, tiling.vthreads, unused);
  if (llvm::any_of(tiling.vthreads, [](int64_t v) { return v > 1; })) {
    for (auto [i, loop] : llvm::enumerate(spatialLoops))
      if (tiling.vthreads[loop] <= 1)
        vthreadSizes[consumer ? i : loop] = 0;
    rootOp = tileFor(rootOp, vthreadSizes, &containers);
  }
  SmallVector<int64_t> threadSizes =
      rootSizes(tiling.threadTile, tiling.threads, threadLoops);
  rootOp = forall(rootOp, threadSizes, threadLoops, "thread", threadLoop);
  containers.push_back(threadLoop);

  // The innermost tile of each loop: the last factor of its split.
  SmallVector<int64_t> body;
  for (auto attr : s.tile.getSplits())
    body.push_back(cast<SplitAttr>(attr).getFactors().back());

  if (consumer) {
    nodeHandle = fuseThrough(nodeHandle, containers);
    fuseProducers(consumerProducers, containers);
    SmallVector<int64_t> consumerBlock, consumerBlockExtents;
    for (unsigned loop : spatialLoops) {
      consumerBlock.push_back(
          body[loop] == tiling.threadTile[loop] ? 0 : body[loop]);
      consumerBlockExtents.push_back(body[loop]);
    }
    std::string block = tileFor(rootOp, consumerBlock);
    if (s.vectorize && ansor::isVectorizable(dag, *consumer) &&
        computeProduct(consumerBlockExtents) <= kMaxVectorTileElements)
      toVectorize.push_back(block);
    rootOp = nodeHandle;
  }
  // Fused at the thread level, an inlined producer's tile would span the
  // whole reduction in private memory (a ReLU inlined into the next layer's
  // matmul: 16 x 512 floats per thread, past the limit). A thread that
  // reduces whole (the Skip structure) computes its producers one reduction
  // step at a time; one whose outermost inner level is a reduction (SSSRRSRS)
  // computes them per step of that level, the staged form's loop.
  SmallVector<std::string> producerContainers = containers;
  StructureAttr structure = s.tile.getStructure();
  ArrayRef<LoopKind> levels = structure.getLevels();
  bool stepped = false;
  if (!producers.empty() && structure.count(LoopKind::R) == 1 &&
      levels.back() == LoopKind::R) {
    SmallVector<int64_t> steps(n.extents.size(), 0);
    for (auto [loop, kind] : llvm::enumerate(n.kinds))
      if (kind == LoopKind::R && n.extents[loop] > 1)
        steps[loop] = 1;
    rootOp = tileFor(rootOp, steps, &producerContainers);
  } else if (!producers.empty() && tiling.firstInnerLevel < levels.size() &&
             levels[tiling.firstInnerLevel] == LoopKind::R) {
    SmallVector<int64_t> steps(n.extents.size(), 0);
    for (auto [loop, kind] : llvm::enumerate(n.kinds))
      if (kind == LoopKind::R && tiling.stageTile[loop] < n.extents[loop])
        steps[loop] = tiling.stageTile[loop];
    stepped = llvm::any_of(steps, [](int64_t size) { return size != 0; });
    rootOp = tileFor(rootOp, steps, &producerContainers);
  }
  fuseProducers(producers, producerContainers);
  if (initOperand) {
    // Without a consumer the vthread loop carries the block's accumulators,
    // so the init cannot be fused through it: left at the block level,
    // every thread would fill the whole tile with no barrier before others
    // accumulate into it. It gets a thread forall of its own instead (a
    // barrier follows it). With a consumer the loop carries the consumer's
    // tiles and the init fuses into each thread.
    bool vthreads = !consumer && llvm::any_of(tiling.vthreads,
                                              [](int64_t v) { return v > 1; });
    // As on the CPU, a fill that fusion of the consumer already moved into
    // the tiles finds no use to fuse into: its fusion may fail harmlessly.
    std::string sequence = fresh("fill");
    os << "  " << sequence << " = transform.sequence %func : " << kAnyOp
       << " -> " << kAnyOp << " failures(suppress) {\n  ^bb0(" << fresh("s")
       << ": " << kAnyOp << "):\n";
    std::string fill = fuseThrough(
        initHandle, vthreads ? ArrayRef(containers).take_front() : containers);
    os << "  transform.yield " << fill << " : " << kAnyOp << "\n  }\n";
    SmallVector<int64_t> elements;
    std::string part =
        vthreads ? threadForall(sequence, node, elements) : sequence;
    if (!vthreads)
      for (unsigned loop : spatialLoops)
        elements.push_back(tiling.threadTile[loop]);
    if (s.vectorize && computeProduct(elements) <= kMaxVectorTileElements)
      toVectorize.push_back(part);
  }

  tileThreadLevels(node, rootOp, /*staged=*/stepped);
}

/// Tiles a thread's part `op` of `node` by the structure's levels after the
/// thread level, all but the last (the tile it vectorizes), and queues the
/// vectorization and unrolling. With stages, the first of those reduction
/// levels already is the loop of the block.
void GPUScriptBuilder::tileThreadLevels(unsigned node, std::string op,
                                        bool staged) {
  GPUNodeSteps s = plan->getNode(node);
  const DAGNode &n = dag.getNode(node);
  GPUTiling tiling = GPUTiling::get(s.tile, s.bind);
  SmallVector<int64_t> body;
  for (auto attr : s.tile.getSplits())
    body.push_back(cast<SplitAttr>(attr).getFactors().back());
  ArrayRef<LoopKind> levels = s.tile.getStructure().getLevels();
  SmallVector<unsigned> levelOfKind(n.extents.size(), 0);
  for (auto [loop, kind] : llvm::enumerate(n.kinds))
    levelOfKind[loop] =
        kind == LoopKind::S ? s.bind.getThread() + 1 : (staged ? 1 : 0);
  bool skipStagedLevel = staged;
  SmallVector<std::string> innerLoops;
  SmallVector<int64_t> innerTrips;
  for (unsigned level = tiling.firstInnerLevel; level + 1 < levels.size();
       ++level) {
    if (skipStagedLevel && levels[level] == LoopKind::R) {
      skipStagedLevel = false;
      continue;
    }
    SmallVector<int64_t> sizes(n.extents.size(), 0);
    for (auto [loop, attr] : llvm::enumerate(s.tile.getSplits())) {
      if (n.kinds[loop] != levels[level])
        continue;
      auto split = cast<SplitAttr>(attr);
      unsigned index = levelOfKind[loop]++;
      if (split.getFactors()[index] > 1) {
        sizes[loop] = split.getInnerProduct(index + 1);
        innerTrips.push_back(split.getFactors()[index]);
      }
    }
    op = tileFor(op, sizes, &innerLoops);
  }
  if (!s.vectorize)
    return;
  if (computeProduct(body) > kMaxVectorTileElements) {
    degradations.push_back(("node " + Twine(node) + ": innermost tile of " +
                            Twine(computeProduct(body)) +
                            " elements left scalar (limit " +
                            Twine(kMaxVectorTileElements) + ")")
                               .str());
    return;
  }
  if (ansor::isDecomposedConvolution(dag.getNode(node).op))
    op = emitConvolutionDecomposition(
        os, dag.getNode(node).op, op,
        [&](StringRef prefix) { return fresh(prefix); });
  toVectorize.push_back(op);
  // Unrolling repeats the vectorized tile over the innermost loops whose
  // trip counts multiply to at most the max step.
  int64_t trips = 1;
  for (int i = innerLoops.size() - 1; i >= 0; --i) {
    trips *= innerTrips[i];
    if (s.unrollMaxStep == 0 || trips > s.unrollMaxStep ||
        trips > kMaxUnrolledBlocks)
      break;
    toUnroll.push_back({innerLoops[i], innerTrips[i]});
  }
}

/// A zero of `type`'s element type, as a Transform attribute.
static std::string zeroOf(Type type) {
  Type element = getElementTypeOrSelf(type);
  std::string out;
  llvm::raw_string_ostream s(out);
  s << (isa<FloatType>(element) ? "0.0 : " : "0 : ") << element;
  return out;
}

/// Stages input `operand` of the padded block op `padded` of `node` in a
/// workgroup buffer, copied by a thread forall; returns the copy's thread
/// tile (to vectorize).
std::string GPUScriptBuilder::stage(const std::string &padded, unsigned node,
                                    unsigned operand) {
  auto linalgOp = cast<linalg::LinalgOp>(dag.getNode(node).op);
  OpOperand &use = linalgOp->getOpOperand(operand);
  GPUTiling tiling =
      GPUTiling::get(plan->getNode(node).tile, plan->getNode(node).bind);
  SmallVector<int64_t> shape =
      *tiling.getStageShape(linalgOp.getMatchingIndexingMap(&use));
  std::string pad = producerOf(padded, operand);
  std::string copy = fresh("copy");
  os << "  " << copy
     << " = transform.structured.rewrite_in_destination_passing_style " << pad
     << " : (" << kAnyOp << ") -> " << kAnyOp << "\n";
  std::string buffer = producerOf(copy, 1);
  os << "  " << fresh("smem") << ", " << fresh("new")
     << " = transform.structured.bufferize_to_allocation " << buffer
     << " {memory_space = #gpu.address_space<workgroup>} : " << kAnyOp << "\n";
  unsigned bits =
      getElementTypeOrSelf(use.get().getType()).getIntOrFloatBitWidth();
  int64_t vector = std::max<int64_t>(1, 128 / bits);
  SmallVector<int64_t> counts =
      ansor::distributeCopy(shape, tiling.numThreads(), vector);
  SmallVector<int64_t> sizes, part;
  unsigned mapped = 0;
  for (auto [dim, count] : llvm::enumerate(counts)) {
    sizes.push_back(count > 1 ? shape[dim] / count : 0);
    part.push_back(shape[dim] / count);
    mapped += count > 1;
  }
  // One thread still needs a loop to map.
  if (mapped == 0) {
    sizes.back() = shape.back();
    mapped = 1;
  }
  // Linear thread ids, the innermost mapped dimension fastest.
  SmallVector<std::string> mapping;
  for (unsigned k = mapped; k-- > 0;)
    mapping.push_back("#gpu.thread<linear_dim_" + std::to_string(k) + ">");
  std::string tile = fresh("t"), loop = fresh("forall");
  os << "  " << tile << ", " << loop
     << " = transform.structured.tile_using_forall " << copy << " tile_sizes "
     << sizeList(sizes) << " (mapping = [" << llvm::join(mapping, ", ")
     << "]) : (" << kAnyOp << ") -> (" << typeList(2) << ")\n";
  // Each thread copies one vector at a time: vectorized whole, a larger
  // part folds to a tensor copy, which becomes scalar loops after
  // bufferization.
  SmallVector<int64_t> vectorSteps(part.size(), 1);
  vectorSteps.back() = vector;
  for (auto [step, extent] : llvm::zip(vectorSteps, part))
    if (step == extent)
      step = 0;
  return tileFor(tile, vectorSteps);
}

/// Tiles `handle`, an op of the block whose loops are `node`'s spatial loops
/// in order (its init), by a thread forall of the block's threads, each
/// taking a contiguous part; `elements` receives the part's extents.
std::string GPUScriptBuilder::threadForall(const std::string &handle,
                                           unsigned node,
                                           SmallVectorImpl<int64_t> &elements) {
  const DAGNode &n = dag.getNode(node);
  GPUTiling tiling =
      GPUTiling::get(plan->getNode(node).tile, plan->getNode(node).bind);
  SmallVector<int64_t> sizes;
  SmallVector<unsigned> mapped;
  for (auto [loop, kind] : llvm::enumerate(n.kinds)) {
    if (kind != LoopKind::S)
      continue;
    int64_t part = tiling.blockTile[loop] / tiling.threads[loop];
    elements.push_back(part);
    sizes.push_back(tiling.threads[loop] > 1 ? part : 0);
    if (tiling.threads[loop] > 1)
      mapped.push_back(sizes.size() - 1);
  }
  if (mapped.empty()) {
    sizes.back() = elements.back();
    mapped.push_back(sizes.size() - 1);
  }
  std::string loop;
  return forall(handle, sizes, mapped, "thread", loop);
}

/// Tiles `handle`, an op over `node`'s loops, by an `scf.forall` of `kind`
/// over the loops whose entry of `sizes` is not 0 (spatial loops only); when
/// there is none, over the innermost spatial loop by its `fallback` size, so
/// that one block or thread still has a loop to map.
std::string GPUScriptBuilder::spatialForall(const std::string &handle,
                                            unsigned node,
                                            SmallVector<int64_t> sizes,
                                            ArrayRef<int64_t> fallback,
                                            StringRef kind, std::string &loop) {
  const DAGNode &n = dag.getNode(node);
  SmallVector<unsigned> mapped;
  for (auto [index, size] : llvm::enumerate(sizes))
    if (size != 0)
      mapped.push_back(index);
  if (mapped.empty()) {
    unsigned last =
        *llvm::find_if(llvm::reverse(llvm::seq<unsigned>(0, n.kinds.size())),
                       [&](unsigned l) { return n.kinds[l] == LoopKind::S; });
    sizes[last] = fallback[last];
    mapped.push_back(last);
  }
  return forall(handle, sizes, mapped, kind, loop);
}

void GPUScriptBuilder::translateStaged(unsigned node) {
  GPUNodeSteps s = plan->getNode(node);
  const DAGNode &n = dag.getNode(node);
  GPUTiling tiling = GPUTiling::get(s.tile, s.bind);
  NodeHandles handles = matchWithProducers(node);
  auto &producers = handles.producers;

  // The block, over the spatial loops.
  auto perSpatialLoop = [&](ArrayRef<int64_t> tiles, ArrayRef<int64_t> counts) {
    SmallVector<int64_t> sizes(n.extents.size(), 0);
    for (auto [loop, kind] : llvm::enumerate(n.kinds))
      if (kind == LoopKind::S && counts[loop] > 1)
        sizes[loop] = tiles[loop];
    return sizes;
  };
  std::string blockLoop;
  std::string nodeHandle = spatialForall(
      handles.root, node, perSpatialLoop(tiling.blockTile, tiling.blocks),
      tiling.blockTile, "block", blockLoop);
  if (!handles.init.empty()) {
    std::string fill = fuseThrough(handles.init, {blockLoop});
    SmallVector<int64_t> elements;
    std::string part = threadForall(fill, node, elements);
    if (s.vectorize && computeProduct(elements) <= kMaxVectorTileElements)
      toVectorize.push_back(part);
  }

  // The loop of the block over the outermost reduction level, whose body
  // stages the inputs.
  SmallVector<int64_t> stepSizes;
  for (auto [loop, kind] : llvm::enumerate(n.kinds))
    stepSizes.push_back(kind == LoopKind::R &&
                                tiling.stageTile[loop] < n.extents[loop]
                            ? tiling.stageTile[loop]
                            : 0);
  SmallVector<std::string> containers = {blockLoop};
  std::string step = tileFor(nodeHandle, stepSizes, &containers);
  auto linalgOp = cast<linalg::LinalgOp>(n.op);
  SmallVector<std::string> zeros, nofold;
  for (OpOperand &use : linalgOp->getOpOperands()) {
    zeros.push_back(zeroOf(use.get().getType()));
    nofold.push_back(
        llvm::is_contained(s.cacheReads, use.getOperandNumber()) ? "1" : "0");
  }
  SmallVector<int64_t> allLoops =
      llvm::to_vector(llvm::seq<int64_t>(0, n.extents.size()));
  std::string padded = fresh("padded");
  os << "  " << padded << ", " << fresh("pad") << ", " << fresh("copyback")
     << " = transform.structured.pad " << step << " {padding_values = ["
     << llvm::join(zeros, ", ")
     << "], padding_dimensions = " << sizeList(allLoops) << ", nofold_flags = ["
     << llvm::join(nofold, ", ") << "], copy_back_op = \"none\"} : (" << kAnyOp
     << ") -> (" << typeList(3) << ")\n";
  for (unsigned operand : s.cacheReads)
    toVectorize.push_back(stage(padded, node, operand));

  // The node's threads, as without stages, inside the step.
  std::string op = padded;
  if (llvm::any_of(tiling.vthreads, [](int64_t v) { return v > 1; }))
    op = tileFor(op, perSpatialLoop(tiling.vthreadTile, tiling.vthreads),
                 &containers);
  std::string threadLoop;
  op =
      spatialForall(op, node, perSpatialLoop(tiling.threadTile, tiling.threads),
                    tiling.threadTile, "thread", threadLoop);
  containers.push_back(threadLoop);
  fuseProducers(producers, containers);
  tileThreadLevels(node, op, /*staged=*/true);
}

/// One output element per block; the longest reduction loop split across
/// the block's threads by upstream's partial-reduction tiling, each thread
/// reducing its part into its slot of a workgroup buffer; then one thread
/// combines the slots. The init fill stays at the block level: every thread
/// writes the same initial value before the barrier that ends the threads'
/// partial reductions, so none overwrites the combined result.
void GPUScriptBuilder::translateCrossThread(unsigned node) {
  GPUNodeSteps s = plan->getNode(node);
  const DAGNode &n = dag.getNode(node);
  NodeHandles handles = matchWithProducers(node);
  auto &producers = handles.producers;

  SmallVector<int64_t> blockSizes(n.extents.size(), 0);
  for (auto [loop, kind] : llvm::enumerate(n.kinds))
    if (kind == LoopKind::S && n.extents[loop] > 1)
      blockSizes[loop] = 1;
  std::string blockLoop;
  SmallVector<int64_t> ones(n.extents.size(), 1);
  std::string blockOp =
      spatialForall(handles.root, node, blockSizes, ones, "block", blockLoop);
  if (!handles.init.empty())
    fuseThrough(handles.init, {blockLoop});

  SmallVector<int64_t> threads(n.extents.size(), 0);
  threads[s.rfactor.getLoop()] = s.rfactor.getSplit().getFactors().front();
  std::string partialInit = fresh("pfill"), partial = fresh("partial"),
              merge = fresh("merge"), threadLoop = fresh("forall");
  os << "  " << partialInit << ", " << partial << ", " << merge << ", "
     << threadLoop << " = transform.structured.tile_reduction_using_forall "
     << blockOp << " by num_threads = " << sizeList(threads)
     << " mapping = [#gpu.thread<x>] : (" << kAnyOp << ") -> (" << typeList(4)
     << ")\n";
  // The partial results live in a workgroup buffer each thread initializes
  // its own slot of.
  std::string empty = producerOf(partialInit, 1), typed = fresh("empty"),
              alloc = fresh("alloc");
  os << "  " << typed << " = transform.cast " << empty << " : " << kAnyOp
     << " to !transform.op<\"tensor.empty\">\n";
  fuseThrough(partialInit, {threadLoop});
  os << "  " << alloc
     << " = transform.bufferization.empty_tensor_to_alloc_tensor " << typed
     << " : (!transform.op<\"tensor.empty\">) -> "
        "!transform.op<\"bufferization.alloc_tensor\">\n";
  os << "  " << fresh("smem") << ", " << fresh("new")
     << " = transform.structured.bufferize_to_allocation " << alloc
     << " {memory_space = #gpu.address_space<workgroup>} : "
        "!transform.op<\"bufferization.alloc_tensor\">\n";
  // Each thread computes its inlined producers one reduction step at a
  // time, not over its whole part (private memory).
  SmallVector<std::string> producerContainers = {blockLoop, threadLoop};
  if (!producers.empty()) {
    SmallVector<int64_t> steps(n.extents.size(), 0);
    for (auto [loop, kind] : llvm::enumerate(n.kinds))
      if (kind == LoopKind::R && n.extents[loop] > 1)
        steps[loop] = 1;
    tileFor(partial, steps, &producerContainers);
  }
  fuseProducers(producers, producerContainers);
  // The combination, by one thread: the output's loops, then the slots.
  SmallVector<int64_t> one(n.numLoops(LoopKind::S) + 1, 0);
  one[one.size() - 2] = 1;
  std::string combineLoop;
  forall(merge, one, {static_cast<unsigned>(one.size() - 2)}, "thread",
         combineLoop);
}

FailureOr<std::string> GPUScriptBuilder::build(StringRef sequenceName) {
  if (!schedule.isComplete())
    return schedule.emitOpError()
           << "has unset tunables: sample or tune it before applying it";
  FailureOr<GPUSchedulePlan> built =
      GPUSchedulePlan::build(schedule, dag, limits);
  if (failed(built))
    return failure();
  plan = std::move(*built);
  // A producer inlined into several consumers stays in the func after its
  // first fusion, and so do the fused originals that read it; fusing it
  // into a loop that such a use follows crashes upstream's
  // fuse_into_containing_op (MLIR 22), so the dead originals go before each
  // node's producers are taken.
  for (unsigned i = 0, e = dag.size(); i < e; ++i)
    sharedProducer |=
        plan->getNode(i).inlined && dag.getNode(i).consumers.size() > 1;
  os << "transform.named_sequence @" << sequenceName
     << "(%root: !transform.any_op {transform.readonly}) {\n";
  os << "  %func = transform.structured.match ops{[\"func.func\"]} "
        "attributes{sym_name = \""
     << schedule.getFunc() << "\"} in %root : (" << kAnyOp << ") -> " << kAnyOp
     << "\n";
  for (int node = dag.size() - 1; node >= 0; --node)
    if (plan->getNode(node).tile && !plan->getNode(node).cacheReads.empty())
      translateStaged(node);
    else if (plan->getNode(node).tile)
      translate(node);
    else if (plan->getNode(node).rfactor)
      translateCrossThread(node);
  os << "  transform.apply_patterns to %func {\n"
        "    transform.apply_patterns.linalg.fold_unit_extent_dims_via_slices\n"
     << "  } : " << kAnyOp << "\n";
  for (const std::string &handle : toVectorize)
    os << "  transform.structured.vectorize " << handle << " : " << kAnyOp
       << "\n";
  for (auto &[loop, trips] : toUnroll)
    os << "  transform.loop.unroll " << loop << " {factor = " << trips
       << "} : " << kAnyOp << "\n";
  // Not measured on a GPU (no device was lent when it was added).
  emitVectorLoweringPatterns(os, /*sinkElementwise=*/false);
  os << "  transform.yield\n}\n";
  return text;
}

FailureOr<std::string> mlir::sched::buildGPUTransformScript(
    ScheduleOp schedule, func::FuncOp payload, StringRef name,
    SmallVectorImpl<std::string> *degradations) {
  std::string error;
  FailureOr<ansor::Target> target =
      ansor::Target::parse(schedule.getTarget(), error);
  if (failed(target) || !target->isGPU())
    return schedule.emitOpError() << "is not for a GPU target";
  FailureOr<ComputeDAG> dag = ComputeDAG::build(payload);
  if (failed(dag) || failed(ansor::verifyGPUPayload(payload)))
    return failure();
  GPUScriptBuilder builder(schedule, *dag, target->gpu);
  FailureOr<std::string> script = builder.build(name);
  if (succeeded(script) && degradations)
    llvm::append_range(*degradations, builder.getDegradations());
  return script;
}
