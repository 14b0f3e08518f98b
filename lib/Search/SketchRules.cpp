//===- SketchRules.cpp - Ansor's sketch derivation rules ------------------===//

#include "ansor/Search/SketchRules.h"
#include "ansor/Analysis/ComputeDAG/Predicates.h"
#include "ansor/Search/GPUTiling.h"
#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ansor-sketch-rules"

using namespace mlir;
using namespace mlir::ansor;
using sched::LoopKind;

/// The state after deciding `node`, moving on to the node before it.
static SketchState advance(const SketchState &state, StringRef rule) {
  SketchState next = state;
  next.rules.push_back(rule.str());
  --next.current;
  return next;
}

/// The longest reduction loop of `node` (the one rfactor splits).
static unsigned getLongestReductionLoop(const DAGNode &n) {
  unsigned loop = 0;
  int64_t longest = 0;
  for (auto [index, kind] : llvm::enumerate(n.kinds))
    if (kind == LoopKind::R && n.extents[index] > longest) {
      longest = n.extents[index];
      loop = index;
    }
  return loop;
}

/// Whether AlwaysInline inlines `node`: strictly inlinable, not an output,
/// not an init, and used, by nodes that are tiled (an inlined producer is
/// fused into its consumers' tiles).
static bool isAlwaysInlined(const ComputeDAG &dag, unsigned node) {
  const DAGNode &n = dag.getNode(node);
  return isStrictlyInlinable(dag, node) && !n.isOutput && !n.isInit &&
         !n.consumers.empty() && llvm::none_of(n.consumers, [&](unsigned c) {
           return !getLoopsKeptWhole(dag, c).empty();
         });
}

/// Whether `node` is a transposition (isTransposition) read again by a
/// consumer across loops it does not index: a convolution (any consumer on
/// the GPU that is multi-level tiled). Inlined, each of the consumer's tiles
/// transposes its slice again; such a transposition is computed once, as a
/// node of its own. An FHWC filter transposed for an HWCF convolution ran
/// 1.3x faster computed once; a matrix transposed for a matmul ran no
/// faster on the CPU (it stays inlined there), while on the GPU, inlined
/// into a matmul's thread tile, it allocated 48-96 KiB per thread.
static bool isTransposeReread(const ComputeDAG &dag, unsigned node, bool gpu) {
  const DAGNode &n = dag.getNode(node);
  return isTransposition(n.op) &&
         llvm::any_of(n.consumers, [&](unsigned consumer) {
           return gpu ? needsMultiLevelTiling(dag, consumer)
                      : isConvolutionLike(dag.getNode(consumer).op);
         });
}

namespace {

/// KeepLoopNest: a node with a loop that must not be tiled
/// (getLoopsKeptWhole: upstream's tiling misplaces the slices of an index
/// like `127 - j`, and tiling any loop of the op slices every operand) gets
/// no step; the lowering runs its loop nest as the untuned program does.
class KeepLoopNestRule : public SketchRule {
public:
  StringRef name() const override { return "KeepLoopNest"; }
  RuleCondition matches(const ComputeDAG &dag, const SketchState &,
                        unsigned node) const override {
    return getLoopsKeptWhole(dag, node).empty()
               ? RuleCondition::Skip
               : RuleCondition::ApplyAndSkipRest;
  }
  SmallVector<SketchState> apply(const ComputeDAG &, const SketchState &state,
                                 unsigned node) const override {
    SketchState next = advance(state, name());
    next.nodes[node].untouched = true;
    return {next};
  }
};

/// AlwaysInline: a strictly inlinable node that is not an output is
/// recomputed inside its consumers, except a transposition a convolution
/// reads (isTransposeReread), which is computed once. One whose inlining
/// recomputes a transcendental op (isRecomputedExpensively: a softmax's exp
/// read by its sum and its division) is also computed once, in a sketch of
/// its own, as TVM does not strictly inline exp: a softmax over 8x256x256
/// ran 1.4x faster with its exp computed once.
class AlwaysInlineRule : public SketchRule {
public:
  explicit AlwaysInlineRule(bool computeOnceBranches = false)
      : computeOnceBranches(computeOnceBranches) {}
  StringRef name() const override { return "AlwaysInline"; }
  RuleCondition matches(const ComputeDAG &dag, const SketchState &,
                        unsigned node) const override {
    if (!isAlwaysInlined(dag, node) ||
        isTransposeReread(dag, node, /*gpu=*/false))
      return RuleCondition::Skip;
    return computeOnceBranches && isRecomputedExpensively(dag, node)
               ? RuleCondition::Apply
               : RuleCondition::ApplyAndSkipRest;
  }
  SmallVector<SketchState> apply(const ComputeDAG &, const SketchState &state,
                                 unsigned node) const override {
    SketchState next = advance(state, name());
    next.nodes[node].inlined = true;
    return {next};
  }

private:
  bool computeOnceBranches;
};

/// Whether AlwaysInline inlines `node` on GPU: as on the CPU, except pads
/// and transpositions a multi-level tiled node reads, which become kernels
/// of their own (a pad fused into a thread's tile would be recomputed by
/// every thread of the block; a transposition inlined into a matmul's thread
/// tile allocated 48-96 KiB per thread, and 2 of 4 programs did not build).
static bool isInlinedOnGPU(const ComputeDAG &dag, unsigned node) {
  return !isa<tensor::PadOp>(dag.getNode(node).op) &&
         !isTransposeReread(dag, node, /*gpu=*/true) &&
         isAlwaysInlined(dag, node);
}

class GPUAlwaysInlineRule : public AlwaysInlineRule {
public:
  RuleCondition matches(const ComputeDAG &dag, const SketchState &,
                        unsigned node) const override {
    return isInlinedOnGPU(dag, node) ? RuleCondition::ApplyAndSkipRest
                                     : RuleCondition::Skip;
  }
};

/// The inputs of a multi-level tiled `node` worth staging in shared memory:
/// read again along some spatial loop (so a block's threads share them),
/// through a map of loop multiples (so the stage has a static shape), not
/// recomputed from an inlined producer, not a scalar, of an integer or
/// float type.
static SmallVector<unsigned> getStageableInputs(const ComputeDAG &dag,
                                                unsigned node) {
  const DAGNode &n = dag.getNode(node);
  auto linalgOp = dyn_cast<linalg::LinalgOp>(n.op);
  SmallVector<unsigned> operands;
  if (!linalgOp)
    return operands;
  for (OpOperand *input : linalgOp.getDpsInputOperands()) {
    auto type = dyn_cast<RankedTensorType>(input->get().getType());
    if (!type || type.getRank() == 0 || !type.getElementType().isIntOrFloat())
      continue;
    AffineMap map = linalgOp.getMatchingIndexingMap(input);
    bool reused = llvm::any_of(llvm::enumerate(n.kinds), [&](auto loop) {
      return loop.value() == LoopKind::S && !map.isFunctionOfDim(loop.index());
    });
    Operation *def = input->get().getDefiningOp();
    bool recomputed = llvm::any_of(n.producers, [&](unsigned p) {
      return dag.getNode(p).op == def && isInlinedOnGPU(dag, p);
    });
    if (reused && isSumOfLoopMultiples(map) && !recomputed)
      operands.push_back(input->getOperandNumber());
  }
  return operands;
}

/// AddCacheRead (GPU): a multi-level tiled node's reused inputs are staged
/// in shared memory, tile by tile of the outermost reduction level, then the
/// node is tiled as MultiLevelTiling would. Unlike Ansor the unstaged
/// variant stays in the space, so measurement decides; and an elementwise
/// consumer is not fused into the staged variant (its own kernel): the
/// node's block tile would need a buffer its threads share, while the
/// thread-level fusion of the unstaged variant keeps it in registers.
class AddCacheReadRule : public SketchRule {
public:
  StringRef name() const override { return "AddCacheRead"; }
  RuleCondition matches(const ComputeDAG &dag, const SketchState &,
                        unsigned node) const override {
    return needsMultiLevelTiling(dag, node) &&
                   dag.getNode(node).numLoops(LoopKind::R) > 0 &&
                   !needsSharedInitThreads(dag, node) &&
                   !getStageableInputs(dag, node).empty()
               ? RuleCondition::Apply
               : RuleCondition::Skip;
  }
  SmallVector<SketchState> apply(const ComputeDAG &dag,
                                 const SketchState &state,
                                 unsigned node) const override {
    SketchState next = advance(state, name());
    NodeSketch &decision = next.nodes[node];
    decision.multiLevelTiled = true;
    decision.cacheReads = getStageableInputs(dag, node);
    next.rules.push_back("MultiLevelTiling");
    return {next};
  }
};

/// AddRfactor: a reduction with too little spatial parallelism is factored.
class AddRfactorRule : public SketchRule {
public:
  explicit AddRfactorRule(unsigned cores) : cores(cores) {}
  StringRef name() const override { return "AddRfactor"; }
  RuleCondition matches(const ComputeDAG &dag, const SketchState &state,
                        unsigned node) const override {
    return needsRfactor(dag, node, cores) && !state.nodes[node].cacheWrite
               ? RuleCondition::Apply
               : RuleCondition::Skip;
  }
  SmallVector<SketchState> apply(const ComputeDAG &dag,
                                 const SketchState &state,
                                 unsigned node) const override {
    const DAGNode &n = dag.getNode(node);
    // Factor the longest reduction loop.
    unsigned loop = getLongestReductionLoop(n);
    // A prime (or unit) extent has no nontrivial split.
    if (n.extents[loop] < 4)
      return {};
    SketchState next = advance(state, name());
    next.nodes[node].rfactor = true;
    next.nodes[node].rfactorLoop = loop;
    return {next};
  }

private:
  unsigned cores;
};

/// AddCacheWrite: a multi-level tiled node accumulates its tiles in a local
/// buffer, fused back at the outer tile level. Unlike TVM we also derive it
/// when an elementwise consumer could be fused, so the unfused variant is in
/// the search space too.
class AddCacheWriteRule : public SketchRule {
public:
  StringRef name() const override { return "AddCacheWrite"; }
  RuleCondition matches(const ComputeDAG &dag, const SketchState &,
                        unsigned node) const override {
    // The local accumulator starts from the node's init fill.
    bool hasInit = llvm::any_of(dag.getNode(node).producers, [&](unsigned p) {
      return dag.getNode(p).isInit;
    });
    return needsMultiLevelTiling(dag, node) && hasInit ? RuleCondition::Apply
                                                       : RuleCondition::Skip;
  }
  SmallVector<SketchState> apply(const ComputeDAG &, const SketchState &state,
                                 unsigned node) const override {
    SketchState next = advance(state, name());
    next.nodes[node].cacheWrite = true;
    next.nodes[node].multiLevelTiled = true;
    next.rules.push_back("MultiLevelTiling");
    return {next};
  }
};

/// Whether the elementwise consumer `consumer` of a tiled node can still be
/// fused into it: not inlined, and not fused into another producer already
/// (a SwiGLU's `silu(x @ Wg) * (x @ Wu)` consumes two matmuls; fused into
/// both, the sketch was invalid and its programs did not build).
static bool canFuseConsumer(const SketchState &state, unsigned consumer) {
  return !state.nodes[consumer].inlined &&
         !state.nodes[consumer].fusedIntoProducer;
}

/// AddPacking: a multi-level tiled contraction reads an input whose rows of
/// the output's contiguous loop are strided; a variant packs that input into
/// panels of the register block (sched.pack), and where its elementwise
/// consumer can be packed along with it (canPackWithFusedConsumer), a second
/// variant also fuses that consumer (a matmul's bias and activation).
class AddPackingRule : public SketchRule {
public:
  StringRef name() const override { return "AddPacking"; }
  RuleCondition matches(const ComputeDAG &dag, const SketchState &,
                        unsigned node) const override {
    return getPackCandidates(dag, node).empty() ? RuleCondition::Skip
                                                : RuleCondition::Apply;
  }
  SmallVector<SketchState> apply(const ComputeDAG &dag,
                                 const SketchState &state,
                                 unsigned node) const override {
    SmallVector<SketchState> derived;
    std::optional<unsigned> consumer =
        getSingleElementwiseMatchedConsumer(dag, node);
    for (const PackCandidate &candidate : getPackCandidates(dag, node)) {
      SketchState next = advance(state, name());
      next.nodes[node].multiLevelTiled = true;
      next.nodes[node].pack = candidate;
      SketchState fused = next;
      next.rules.push_back("MultiLevelTiling");
      derived.push_back(std::move(next));
      if (!consumer || !canFuseConsumer(state, *consumer) ||
          !canPackWithFusedConsumer(dag, node, candidate))
        continue;
      fused.nodes[node].fusedConsumer = *consumer;
      fused.nodes[*consumer].fusedIntoProducer = true;
      fused.rules.push_back("MultiLevelTilingWithFusion");
      derived.push_back(std::move(fused));
    }
    return derived;
  }
};

/// Whether upstream's partial-reduction tiling can split the reductions of
/// `node` across a block's threads with the block shape the GPU materializer
/// gives it (one output element per block, the merge by one thread): one
/// output, read through the spatial loops in order and not computed inline,
/// every reduction loop
/// after every spatial loop, a combiner with a neutral element, at most 3
/// spatial loops with more than one iteration (the grid), none but the
/// innermost beyond a grid dimension's 65535 blocks.
static bool canReduceAcrossThreads(const ComputeDAG &dag, unsigned node) {
  const DAGNode &n = dag.getNode(node);
  auto linalgOp = dyn_cast<linalg::LinalgOp>(n.op);
  if (!linalgOp || n.numLoops(LoopKind::S) == 0 ||
      !isOutputIndexedBySpatialLoops(dag, node))
    return false;
  unsigned spatial = n.numLoops(LoopKind::S);
  for (auto [loop, kind] : llvm::enumerate(n.kinds))
    if ((kind == LoopKind::S) != (loop < spatial))
      return false;
  // An init computed inline would have to be fused into the block's
  // initialization, which partial-reduction tiling does not do.
  Operation *initDef = linalgOp.getDpsInitOperand(0)->get().getDefiningOp();
  if (llvm::any_of(n.producers, [&](unsigned p) {
        return dag.getNode(p).op == initDef && isInlinedOnGPU(dag, p);
      }))
    return false;
  SmallVector<Operation *> combiners;
  if (indexesReductionLoop(linalgOp) ||
      !matchReduction(linalgOp.getRegionOutputArgs(), 0, combiners) ||
      combiners.size() != 1 || !arith::getNeutralElement(combiners.front()))
    return false;
  SmallVector<int64_t> gridExtents;
  for (unsigned loop = 0; loop < spatial; ++loop)
    if (n.extents[loop] > 1)
      gridExtents.push_back(n.extents[loop]);
  return gridExtents.size() <= 3 &&
         llvm::all_of(ArrayRef(gridExtents).drop_back(),
                      [](int64_t e) { return e <= 65535; });
}

/// CrossThreadReduction (GPU): a reduction longer than a warp, not
/// multi-level tiled, is computed one output element per block, its
/// longest reduction loop split across the block's threads
/// (`sched.rfactor`: threads, then elements per thread), the partial
/// results combined through shared memory. An alternative to the Skip
/// variant, which reduces each output element in one thread.
class CrossThreadReductionRule : public SketchRule {
public:
  explicit CrossThreadReductionRule(int64_t warpSize) : warpSize(warpSize) {}
  StringRef name() const override { return "CrossThreadReduction"; }
  RuleCondition matches(const ComputeDAG &dag, const SketchState &,
                        unsigned node) const override {
    const DAGNode &n = dag.getNode(node);
    return !needsMultiLevelTiling(dag, node) && n.reductionSize() > warpSize &&
                   n.extents[getLongestReductionLoop(n)] >= 4 &&
                   canReduceAcrossThreads(dag, node)
               ? RuleCondition::Apply
               : RuleCondition::Skip;
  }
  SmallVector<SketchState> apply(const ComputeDAG &dag,
                                 const SketchState &state,
                                 unsigned node) const override {
    SketchState next = advance(state, name());
    next.nodes[node].rfactor = true;
    next.nodes[node].rfactorLoop = getLongestReductionLoop(dag.getNode(node));
    return {next};
  }

private:
  int64_t warpSize;
};

/// MultiLevelTilingWithFusion: tile with the CPU structure and compute the
/// elementwise consumer inside the tiles.
class MultiLevelTilingWithFusionRule : public SketchRule {
public:
  StringRef name() const override { return "MultiLevelTilingWithFusion"; }
  RuleCondition matches(const ComputeDAG &dag, const SketchState &state,
                        unsigned node) const override {
    std::optional<unsigned> consumer =
        getSingleElementwiseMatchedConsumer(dag, node);
    return needsMultiLevelTiling(dag, node) && consumer &&
                   canFuseConsumer(state, *consumer)
               ? RuleCondition::ApplyAndSkipRest
               : RuleCondition::Skip;
  }
  SmallVector<SketchState> apply(const ComputeDAG &dag,
                                 const SketchState &state,
                                 unsigned node) const override {
    unsigned consumer = *getSingleElementwiseMatchedConsumer(dag, node);
    SketchState next = advance(state, name());
    next.nodes[node].multiLevelTiled = true;
    next.nodes[node].fusedConsumer = consumer;
    next.nodes[consumer].fusedIntoProducer = true;
    return {next};
  }
};

/// MultiLevelTiling: tile with the CPU structure. On the CPU a reduction
/// across contiguous rows (a column sum) gets it too, instead of Skip, whose
/// block would hold the whole strided reduction (slow to build and to run:
/// 0.1x the untuned lowering on a 512x256 column sum); not Ansor's rule, as
/// TVM's Skip reorders loops and our [S, S, R] split cannot.
class MultiLevelTilingRule : public SketchRule {
public:
  explicit MultiLevelTilingRule(bool acrossRows) : acrossRows(acrossRows) {}
  StringRef name() const override { return "MultiLevelTiling"; }
  RuleCondition matches(const ComputeDAG &dag, const SketchState &,
                        unsigned node) const override {
    if (needsMultiLevelTiling(dag, node))
      return RuleCondition::ApplyAndSkipRest;
    return acrossRows && reducesAcrossContiguousRows(dag, node)
               ? RuleCondition::ApplyAndSkipRest
               : RuleCondition::Skip;
  }
  SmallVector<SketchState> apply(const ComputeDAG &, const SketchState &state,
                                 unsigned node) const override {
    SketchState next = advance(state, name());
    next.nodes[node].multiLevelTiled = true;
    return {next};
  }

private:
  bool acrossRows;
};

/// AddRowReduction (ours): a multi-level tiling candidate that reads an
/// input once, along its rows, with its innermost loop a reduction
/// (reducesOnceAlongContiguousRows: a matrix-vector product in torch's
/// [out][in] layout) also gets a sketch that leaves it as Skip does: its
/// register block holds the whole reduction, which the materializer splits
/// into lanes of partial sums read along the rows (SchedulePlan::
/// getLaneSplit). Multi-level tiled, the block vectorizes along the output
/// and reads the matrix across its rows.
class AddRowReductionRule : public SketchRule {
public:
  StringRef name() const override { return "AddRowReduction"; }
  RuleCondition matches(const ComputeDAG &dag, const SketchState &state,
                        unsigned node) const override {
    return reducesOnceAlongContiguousRows(dag, node) &&
                   !state.nodes[node].cacheWrite
               ? RuleCondition::Apply
               : RuleCondition::Skip;
  }
  SmallVector<SketchState> apply(const ComputeDAG &, const SketchState &state,
                                 unsigned) const override {
    return {advance(state, name())};
  }
};

/// Skip: leave the node's structure alone (annotations still apply).
class SkipRule : public SketchRule {
public:
  StringRef name() const override { return "Skip"; }
  RuleCondition matches(const ComputeDAG &, const SketchState &,
                        unsigned) const override {
    return RuleCondition::ApplyAndSkipRest;
  }
  SmallVector<SketchState> apply(const ComputeDAG &, const SketchState &state,
                                 unsigned) const override {
    SketchState next = state;
    --next.current;
    return {next};
  }
};

} // namespace

SketchRuleList mlir::ansor::getCPUSketchRules(const Target &target,
                                              bool computeOnceBranches) {
  SketchRuleList rules;
  rules.push_back(std::make_unique<KeepLoopNestRule>());
  rules.push_back(std::make_unique<AlwaysInlineRule>(computeOnceBranches));
  rules.push_back(std::make_unique<AddRfactorRule>(target.numCores));
  rules.push_back(std::make_unique<AddPackingRule>());
  rules.push_back(std::make_unique<AddRowReductionRule>());
  rules.push_back(std::make_unique<AddCacheWriteRule>());
  rules.push_back(std::make_unique<MultiLevelTilingWithFusionRule>());
  rules.push_back(std::make_unique<MultiLevelTilingRule>(/*acrossRows=*/true));
  rules.push_back(std::make_unique<SkipRule>());
  return rules;
}

SketchRuleList mlir::ansor::getGPUSketchRules(const Target &target) {
  SketchRuleList rules;
  rules.push_back(std::make_unique<KeepLoopNestRule>());
  rules.push_back(std::make_unique<GPUAlwaysInlineRule>());
  rules.push_back(std::make_unique<AddCacheReadRule>());
  rules.push_back(
      std::make_unique<CrossThreadReductionRule>(target.gpu.warpSize));
  rules.push_back(std::make_unique<MultiLevelTilingWithFusionRule>());
  rules.push_back(std::make_unique<MultiLevelTilingRule>(/*acrossRows=*/false));
  rules.push_back(std::make_unique<SkipRule>());
  return rules;
}

FailureOr<SmallVector<SketchState>>
mlir::ansor::generateSketches(const ComputeDAG &dag,
                              const SketchRuleList &rules, std::string &error,
                              unsigned maxSketches, bool *pruned) {
  SmallVector<SketchState> pending = {SketchState::initial(dag)};
  SmallVector<SketchState> done;
  while (!pending.empty()) {
    SketchState state = pending.pop_back_val();
    if (state.current < 0) {
      done.push_back(std::move(state));
      if (!pruned && done.size() > maxSketches) {
        error =
            "more than " + std::to_string(maxSketches) + " sketches derived";
        return failure();
      }
      continue;
    }
    unsigned node = state.current;
    // An init fill and a consumer already fused into its producer take no
    // decision of their own.
    if (dag.getNode(node).isInit || state.nodes[node].fusedIntoProducer) {
      --state.current;
      pending.push_back(std::move(state));
      continue;
    }
    SmallVector<SketchState> derived;
    for (const auto &rule : rules) {
      RuleCondition condition = rule->matches(dag, state, node);
      if (condition == RuleCondition::Skip)
        continue;
      LLVM_DEBUG(llvm::dbgs()
                 << "node " << node << ": " << rule->name() << "\n");
      llvm::append_range(derived, rule->apply(dag, state, node));
      if (condition == RuleCondition::ApplyAndSkipRest)
        break;
    }
    // Past the cap, a node keeps one alternative, that of its last rule
    // (plain tiling rather than packing, a cache stage or rfactor): the
    // nodes derived first (the last ones) keep every alternative in the
    // first sketches, and the count stays bounded.
    if (pruned && derived.size() > 1 &&
        done.size() + pending.size() + derived.size() > maxSketches) {
      derived.erase(derived.begin(), derived.end() - 1);
      *pruned = true;
    }
    // Depth-first, in rule order.
    for (SketchState &next : llvm::reverse(derived))
      pending.push_back(std::move(next));
  }
  return done;
}

/// Rows narrower than this many elements are narrower than any x86 vector
/// of fp32.
static constexpr int64_t kNarrowRowElements = 8;

/// Node `index` is elementwise (no reduction loop) and the innermost
/// loop of its init's layout with more than one iteration, the one a
/// vectorized tile puts in the lanes, has fewer than kNarrowRowElements.
static bool hasNarrowRows(const ComputeDAG &dag, unsigned index) {
  const DAGNode &node = dag.getNode(index);
  if (node.numLoops(sched::LoopKind::R) > 0 || node.initMaps.size() != 1)
    return false;
  for (AffineExpr result : llvm::reverse(node.initMaps.front().getResults())) {
    auto dim = dyn_cast<AffineDimExpr>(result);
    if (!dim)
      return false;
    int64_t extent = node.extents[dim.getPosition()];
    if (extent > 1)
      return extent < kNarrowRowElements;
  }
  return false;
}

/// LeaveLanesToLLVM (not Ansor's): upstream vectorizes a tile of a node
/// with narrow rows into vectors as narrow (an NHWC image with 3 channels
/// into vectors of 3), slower than the untuned scalar loops LLVM
/// vectorizes across rows itself; each CPU sketch where such a node is
/// tiled and vectorized gets a twin that leaves those nodes' lanes to LLVM.
static SmallVector<SketchState> addScalarTwins(const ComputeDAG &dag,
                                               SmallVector<SketchState> all) {
  SmallVector<SketchState> twins;
  for (const SketchState &state : all) {
    SketchState twin = state;
    bool any = false;
    for (auto [index, decision] : llvm::enumerate(twin.nodes)) {
      const DAGNode &node = dag.getNode(index);
      if (node.isInit || decision.untouched || decision.inlined ||
          decision.fusedIntoProducer || decision.rfactor ||
          !isVectorizable(dag, index) || !hasNarrowRows(dag, index))
        continue;
      decision.lanesLeftToLLVM = true;
      any = true;
    }
    if (!any)
      continue;
    twin.rules.push_back("LeaveLanesToLLVM");
    twins.push_back(std::move(twin));
  }
  llvm::append_range(all, twins);
  return all;
}

FailureOr<SmallVector<sched::ScheduleOp>>
mlir::ansor::deriveSketchOps(func::FuncOp func, const Target &target,
                             OpBuilder &builder) {
  FailureOr<ComputeDAG> dag = ComputeDAG::build(func);
  if (failed(dag))
    return failure();
  if (target.isGPU() && failed(verifyGPUPayload(func)))
    return failure();
  dag->tagPayload();
  // Computing expensive nodes once is worth a sketch, not the whole func.
  auto rules = [&](bool computeOnceBranches) {
    return target.isGPU() ? getGPUSketchRules(target)
                          : getCPUSketchRules(target, computeOnceBranches);
  };
  std::string error;
  FailureOr<SmallVector<SketchState>> sketches =
      generateSketches(*dag, rules(true), error);
  if (failed(sketches) && !target.isGPU())
    sketches = generateSketches(*dag, rules(false), error);
  // A func of many tiled nodes (an attention block's six) has a sketch for
  // each combination of their alternatives: past the cap, a node keeps its
  // last rule's only.
  bool pruned = false;
  if (failed(sketches))
    sketches =
        generateSketches(*dag, rules(false), error, kMaxSketches, &pruned);
  if (failed(sketches))
    return func.emitError() << "sketch derivation failed: " << error;
  if (pruned)
    func.emitWarning() << "more than " << kMaxSketches
                       << " sketches: their alternatives were pruned, the "
                          "nodes derived last (the first in the func) taking "
                          "their last rule's only";
  if (!target.isGPU())
    sketches = addScalarTwins(*dag, std::move(*sketches));
  SmallVector<sched::ScheduleOp> ops;
  for (auto [index, sketch] : llvm::enumerate(*sketches)) {
    std::string name = (func.getSymName() + "_sketch" + Twine(index)).str();
    ops.push_back(
        buildSketchOp(builder, func.getLoc(), *dag, sketch, name, target));
  }
  return ops;
}
