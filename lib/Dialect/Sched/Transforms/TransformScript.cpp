//===- TransformScript.cpp - schedules as Transform dialect IR ------------===//
//
// Translates a complete schedule into a Transform dialect named sequence.
// Every payload op a sequence touches is found either by its `sched.node`
// tag (roots, matched when their turn comes, before anything clones them) or
// through `get_producer_of_operand` on its consumer before that consumer is
// tiled, because fusion consumes producer handles and leaves tagged clones.
//
// A split whose tile does not divide its extent leaves a partial last tile
// with dynamic sizes. Above the reduction loop, such loops are tiled once
// more by the node's level-1 tile and peeled: full blocks become static and
// vectorize as usual, the partial ones are vectorized with masks up to the
// block's sizes.
//
//===----------------------------------------------------------------------===//

#include "ansor/Dialect/Sched/Transforms/TransformScript.h"
#include "ansor/Analysis/ComputeDAG/ComputeDAG.h"
#include "ansor/Analysis/ComputeDAG/NormalizePayload.h"
#include "ansor/Analysis/ComputeDAG/Predicates.h"
#include "ansor/Dialect/Sched/TransformOps/SchedTransformOps.h"
#include "ansor/Dialect/Sched/Transforms/SchedulePlan.h"
#include "ansor/Target/Target.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "sched-transform-script"

using namespace mlir;
using namespace mlir::sched;
using mlir::ansor::ComputeDAG;
using mlir::ansor::DAGNode;

namespace {

/// Marks the body terminators of the i-th vectorization target as
/// "<prefix><i>" where handles cannot follow the targets through the cleanup
/// before vectorization.
constexpr StringLiteral kVectorizeMarkPrefix = "sched.vectorize_";

/// A handle to vectorize and, where its tiles can be partial, the static
/// vector sizes to mask them to, one per loop of the op.
struct VectorizeTarget {
  std::string handle;
  SmallVector<int64_t> maskedSizes;
  /// Whether the target is a linalg op with a body (not a linalg.pack),
  /// which can be found again through a mark on its terminator.
  bool hasBody = true;
};

/// A handle to a node's partial register blocks in the remainder of one
/// peeled loop.
struct PartialBlocks {
  std::string handle;
  /// The loops the blocks may be partial along: the one peeled there and
  /// those peeled after it (the loops peeled before are full there).
  SmallVector<unsigned> loops;
};
/// Handles to a node's full (static) register blocks and to its partial
/// ones, one per peeled loop.
struct PeeledBlocks {
  std::string full;
  SmallVector<PartialBlocks> partial;
};

/// A handle to a tiled op and the loops tiling created, outermost first.
struct Tiled {
  std::string op;
  SmallVector<std::string> loops;
  SmallVector<int64_t> tripCounts;
};

class ScriptBuilder {
public:
  ScriptBuilder(ScheduleOp schedule, const ComputeDAG &dag)
      : schedule(schedule), dag(dag), os(text) {}

  FailureOr<std::string> build(StringRef sequenceName);
  ArrayRef<std::string> getDegradations() const { return degradations; }

private:
  // Emission helpers.
  void degrade(unsigned node, const Twine &what) {
    // Each peeled part of a node may say the same.
    std::string line = ("node " + Twine(node) + ": " + what).str();
    if (!llvm::is_contained(degradations, line))
      degradations.push_back(std::move(line));
  }
  std::string fresh(StringRef prefix) {
    return ("%" + prefix + Twine(counter++)).str();
  }
  std::string match(unsigned node);
  std::string producerOf(const std::string &handle, unsigned operand);
  Tiled tileForall(const std::string &handle, ArrayRef<int64_t> sizes);
  Tiled tileFor(const std::string &handle, ArrayRef<int64_t> sizes);
  std::string fuse(const std::string &producer, const std::string &container);
  std::string fuseThrough(std::string producer, ArrayRef<std::string> loops);
  void vectorize(const VectorizeTarget &target);
  void markBody(unsigned index, const std::string &handle);
  std::string findMarked(unsigned index);
  PeeledBlocks peelPartialBlocks(unsigned node, const std::string &handle,
                                 ArrayRef<int64_t> tile);
  void unroll(unsigned node, const Tiled &tiled, int64_t maxStep,
              int64_t blockElements);
  std::string packNode(unsigned node, ArrayRef<int64_t> sizes);
  void lowerPack(const std::string &pack);
  std::string castTo(const std::string &handle, StringRef opName);
  void annotate(const std::string &handle, unsigned node);
  void lowerUnpackOfResult(const std::string &op);
  std::string packFusedConsumer(unsigned node);
  void lowerFusedConsumerPacks(const std::string &consumer, unsigned node);
  void packInputs();
  void tilePack(unsigned node, const std::string &pack, bool parallel);

  void degradeScalarBlock(unsigned node, ArrayRef<int64_t> block);

  // Per-node translation.
  void translateTiled(unsigned node);
  void translateRfactor(unsigned node);
  /// Splits the whole reduction loop of a register block into lanes of
  /// partial results (SchedulePlan::getLaneSplit) and vectorizes the three
  /// ops this makes: the partials' fill, their accumulation, the combine.
  void splitIntoLanes(unsigned node, const std::string &handle,
                      ArrayRef<int64_t> block, const LaneSplit &split);
  SmallVector<std::pair<unsigned, std::string>>
  takeInlinedProducers(unsigned node, const std::string &handle);
  void fuseInlined(unsigned consumer,
                   ArrayRef<std::pair<unsigned, std::string>> producers,
                   ArrayRef<std::string> containers, unsigned parallelLoops,
                   ArrayRef<int64_t> containerTile,
                   bool vectorizeProducers = true);
  bool isReadWholeAfter(unsigned producer, unsigned consumer) const;
  bool isVectorizable(unsigned node) const {
    return ansor::isVectorizable(dag, node);
  }
  void fuseInit(unsigned node, const std::string &initHandle,
                ArrayRef<std::string> containers, ArrayRef<int64_t> block);
  void finish();
  bool hasMultiStepReductionBlock() const;

  ScheduleOp schedule;
  const ComputeDAG &dag;
  std::optional<SchedulePlan> schedulePlan;
  /// Copies of the plan's nodes (op handles are used by value).
  SmallVector<NodePlan> plans;
  std::string text;
  llvm::raw_string_ostream os;
  unsigned counter = 0;
  /// Handles to vectorize once all tiling is done.
  SmallVector<VectorizeTarget> toVectorize;
  /// Inlined producers a consumer translated earlier (a later one in the
  /// func) left whole: it had no loop to fuse them into.
  llvm::SmallDenseSet<unsigned> leftWhole;
  /// Handles to the packed copies of inputs, per node.
  DenseMap<unsigned, std::string> packHandles;
  /// Loop nests to unroll after vectorization: loops, max step, elements
  /// of the register block they repeat.
  SmallVector<std::tuple<unsigned, Tiled, int64_t, int64_t>> toUnroll;
  /// What the script builds differently from what the schedule asks.
  SmallVector<std::string> degradations;
};

} // namespace

//===----------------------------------------------------------------------===//
// Emission helpers
//===----------------------------------------------------------------------===//

static constexpr StringLiteral kAnyOp = "!transform.any_op";

static std::string typeList(unsigned n) {
  SmallVector<std::string> types(n, kAnyOp.str());
  return llvm::join(types, ", ");
}

static int64_t product(ArrayRef<int64_t> values) {
  int64_t result = 1;
  for (int64_t v : values)
    result *= v;
  return result;
}

static std::string sizeList(ArrayRef<int64_t> sizes) {
  std::string out;
  llvm::raw_string_ostream s(out);
  s << '[';
  llvm::interleaveComma(sizes, s);
  s << ']';
  return out;
}

std::string ScriptBuilder::match(unsigned node) {
  std::string handle = fresh("n");
  os << "  " << handle << " = transform.structured.match attributes{"
     << ansor::kNodeAttrName << " = " << node << " : i64} in %func : ("
     << kAnyOp << ") -> " << kAnyOp << "\n";
  return handle;
}

std::string ScriptBuilder::producerOf(const std::string &handle,
                                      unsigned operand) {
  std::string producer = fresh("p");
  os << "  " << producer << " = transform.get_producer_of_operand " << handle
     << "[" << operand << "] : (" << kAnyOp << ") -> " << kAnyOp << "\n";
  return producer;
}

Tiled ScriptBuilder::tileForall(const std::string &handle,
                                ArrayRef<int64_t> sizes) {
  if (llvm::all_of(sizes, [](int64_t s) { return s == 0; }))
    return {handle, {}, {}};
  Tiled tiled{fresh("t"), {fresh("forall")}, {}};
  os << "  " << tiled.op << ", " << tiled.loops.front()
     << " = transform.structured.tile_using_forall " << handle << " tile_sizes "
     << sizeList(sizes) << " : (" << kAnyOp << ") -> (" << typeList(2) << ")\n";
  return tiled;
}

Tiled ScriptBuilder::tileFor(const std::string &handle,
                             ArrayRef<int64_t> sizes) {
  unsigned numLoops = llvm::count_if(sizes, [](int64_t s) { return s != 0; });
  if (numLoops == 0)
    return {handle, {}, {}};
  Tiled tiled{fresh("t"), {}, {}};
  std::string loops = fresh("loops");
  for (unsigned i = 0; i < numLoops; ++i)
    tiled.loops.push_back(numLoops == 1 ? loops
                                        : loops + "#" + std::to_string(i));
  os << "  " << tiled.op << ", " << loops
     << (numLoops > 1 ? ":" + std::to_string(numLoops) : std::string())
     << " = transform.structured.tile_using_for " << handle << " tile_sizes "
     << sizeList(sizes) << " : (" << kAnyOp << ") -> ("
     << typeList(numLoops + 1) << ")\n";
  return tiled;
}

std::string ScriptBuilder::fuse(const std::string &producer,
                                const std::string &container) {
  std::string fused = fresh("fused"), next = fresh("container");
  os << "  " << fused << ", " << next
     << " = transform.structured.fuse_into_containing_op " << producer
     << " into " << container << " : (" << typeList(2) << ") -> ("
     << typeList(2) << ")\n";
  return fused;
}

std::string ScriptBuilder::fuseThrough(std::string producer,
                                       ArrayRef<std::string> loops) {
  for (const std::string &loop : loops)
    producer = fuse(producer, loop);
  return producer;
}

void ScriptBuilder::vectorize(const VectorizeTarget &target) {
  if (target.maskedSizes.empty()) {
    os << "  transform.structured.vectorize " << target.handle << " : "
       << kAnyOp << "\n";
    return;
  }
  // Masked vectorization is best effort: a partial block it cannot build
  // stays scalar, still correct.
  os << "  transform.sequence %func : " << kAnyOp
     << " failures(suppress) {\n  ^bb0(" << fresh("s") << ": " << kAnyOp
     << "):\n  transform.structured.vectorize " << target.handle
     << " vector_sizes " << sizeList(target.maskedSizes) << " : " << kAnyOp
     << "\n  transform.yield\n  }\n";
}

/// Marks the body terminator of the ops of `handle` as the `index`-th
/// vectorization target.
/// One op at a time: a match needs exactly one target, and a target may
/// hold none (a producer whose suppressed fusion failed) or several.
void ScriptBuilder::markBody(unsigned index, const std::string &handle) {
  std::string one = fresh("one"), yield = fresh("yield");
  os << "  transform.foreach " << handle << " : " << kAnyOp << " {\n  ^bb0("
     << one << ": " << kAnyOp << "):\n";
  os << "  " << yield
     << " = transform.structured.match ops{[\"linalg.yield\"]} in " << one
     << " : (" << kAnyOp << ") -> " << kAnyOp << "\n";
  os << "  transform.annotate " << yield << " \"" << kVectorizeMarkPrefix
     << index << "\" : " << kAnyOp << "\n  }\n";
}

/// A handle to the ops whose body terminator `markBody` marked `index`.
std::string ScriptBuilder::findMarked(unsigned index) {
  std::string mark = fresh("marked"), op = fresh("remarked");
  os << "  " << mark << " = transform.structured.match attributes{"
     << kVectorizeMarkPrefix << index << "} in %func : (" << kAnyOp << ") -> "
     << kAnyOp << "\n";
  os << "  " << op << " = transform.get_parent_op " << mark
     << " {nth_parent = 1 : i64} : (" << kAnyOp << ") -> " << kAnyOp << "\n";
  return op;
}

/// The vector sizes that mask a `block` of the op of `node` (one per loop)
/// where the tiling `partial` leaves partial blocks, else none. The
/// unit-extent folding before vectorization drops the unit loops of generic
/// ops, not of named ones.
static SmallVector<int64_t> getMaskedSizes(bool partial, Operation *op,
                                           ArrayRef<int64_t> block) {
  if (!partial)
    return {};
  if (!isa<linalg::GenericOp>(op))
    return SmallVector<int64_t>(block);
  SmallVector<int64_t> sizes;
  for (int64_t size : block)
    if (size != 1)
      sizes.push_back(size);
  return sizes;
}

/// The loop along which `op`'s first result is contiguous, if one is.
static std::optional<unsigned> getRowLoop(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || linalgOp.getNumDpsInits() == 0)
    return std::nullopt;
  AffineMap map =
      linalgOp.getMatchingIndexingMap(linalgOp.getDpsInitOperand(0));
  if (map.getNumResults() == 0)
    return std::nullopt;
  if (auto dim = dyn_cast<AffineDimExpr>(map.getResults().back()))
    return dim.getPosition();
  return std::nullopt;
}

/// Whether `op`, without reduction loops, reads an input in another loop
/// order than its loops run (a transpose): upstream's masked vectorization
/// builds such reads with masks that do not match them (4-D transposes with
/// partial blocks failed to lower or gave wrong results).
static bool readsTransposed(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || linalgOp.getNumReductionLoops() != 0)
    return false;
  return llvm::any_of(linalgOp.getDpsInputOperands(), [&](OpOperand *input) {
    AffineMap map = linalgOp.getMatchingIndexingMap(input);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/true))
      return false;
    std::optional<unsigned> last;
    for (AffineExpr expr : map.getResults()) {
      auto dim = dyn_cast<AffineDimExpr>(expr);
      if (!dim)
        continue;
      if (last && *last > dim.getPosition())
        return true;
      last = dim.getPosition();
    }
    return false;
  });
}

/// Tiles the loops of `node` that have a partial last tile by `tile` (the
/// extents of the node's tile above its reduction loop) once more and peels
/// those loops, outermost first. A peel invalidates the handles nested in
/// its loop, so each next loop is found again from the single tile left in
/// the previous main loop. The tiles in the innermost main loop are full and
/// static; every remainder holds partial ones.
PeeledBlocks ScriptBuilder::peelPartialBlocks(unsigned node,
                                              const std::string &handle,
                                              ArrayRef<int64_t> tile) {
  const NodePlan &plan = plans[node];
  SmallVector<int64_t> sizes(tile.size(), 0);
  SmallVector<unsigned> peeled;
  for (auto [loop, partial] : llvm::enumerate(plan.partial))
    if (partial && tile[loop] > 1) {
      sizes[loop] = tile[loop];
      peeled.push_back(loop);
    }
  Tiled blocks = tileFor(handle, sizes);
  PeeledBlocks result{handle, {}};
  auto matchIn = [&](const std::string &container) {
    std::string ops = fresh("blocks");
    os << "  " << ops << " = transform.structured.match attributes{"
       << ansor::kNodeAttrName << " = " << node << " : i64} in " << container
       << " : (" << kAnyOp << ") -> " << kAnyOp << "\n";
    return ops;
  };
  for (auto [index, loop] : llvm::enumerate(blocks.loops)) {
    std::string forLoop = fresh("for");
    if (index == 0) {
      os << "  " << forLoop << " = transform.cast " << loop << " : " << kAnyOp
         << " to !transform.op<\"scf.for\">\n";
    } else {
      os << "  " << forLoop << " = transform.get_parent_op " << result.full
         << " {op_name = \"scf.for\", nth_parent = "
         << blocks.loops.size() - index << " : i64} : (" << kAnyOp
         << ") -> !transform.op<\"scf.for\">\n";
    }
    std::string main = fresh("main"), remainder = fresh("rem");
    os << "  " << main << ", " << remainder << " = transform.loop.peel "
       << forLoop << " : (!transform.op<\"scf.for\">) -> (" << typeList(2)
       << ")\n";
    result.partial.push_back(
        {matchIn(remainder),
         SmallVector<unsigned>(ArrayRef(peeled).drop_front(index))});
    result.full = matchIn(main);
  }
  return result;
}

void ScriptBuilder::unroll(unsigned node, const Tiled &tiled, int64_t maxStep,
                           int64_t blockElements) {
  if (maxStep > 0 && tiled.tripCounts.empty() && !tiled.loops.empty()) {
    degrade(node, "unroll dropped: partial tiles of a scalar register block "
                  "leave its loops dynamic trip counts");
    return;
  }
  UnrollDecision decision =
      SchedulePlan::decideUnroll(maxStep, tiled.tripCounts, blockElements);
  if (decision == UnrollDecision::Capped) {
    int64_t total = 1;
    for (int64_t trip : tiled.tripCounts)
      total *= trip;
    degrade(node, "unrolling " + Twine(total) + " register blocks of " +
                      Twine(blockElements) + " elements dropped (caps: " +
                      Twine(kMaxUnrolledBlocks) + " blocks, " +
                      Twine(kMaxVectorTileElements) + " elements)");
  }
  if (decision != UnrollDecision::Unrolled)
    return;
  // Innermost first, so that outer unrolling copies unrolled bodies.
  for (int i = tiled.loops.size() - 1; i >= 0; --i)
    os << "  transform.loop.unroll " << tiled.loops[i]
       << " {factor = " << tiled.tripCounts[i] << "} : " << kAnyOp << "\n";
}

/// Says why a block the schedule vectorizes stays scalar.
void ScriptBuilder::degradeScalarBlock(unsigned node, ArrayRef<int64_t> block) {
  if (hasUnlowerableBF16Width(dag.getNode(node).op, block))
    degrade(node, "register block left scalar: a bf16 vector of 8k + 1 "
                  "lanes, which LLVM's x86 backend cannot lower");
  else if (product(block) > kMaxVectorTileElements)
    degrade(node, "register block of " + Twine(product(block)) +
                      " elements left scalar (limit " +
                      Twine(kMaxVectorTileElements) + ")");
  else if (hasCostlyVectorReduction(dag.getNode(node).op, block))
    degrade(node, "register block left scalar: its reduction vectors would "
                  "be too wide for LLVM to build in bounded time");
  else if (hasCostlyIntegerDivision(dag.getNode(node).op, block))
    degrade(node, "register block left scalar: it would divide integers in "
                  "more than " +
                      Twine(kMaxIntegerDivisionLanes) +
                      " lanes, which LLVM builds one lane at a time");
  else if (hasCostlyStridedWrite(dag.getNode(node).op, block))
    degrade(node, "register block left scalar: it would write more than " +
                      Twine(kMaxStridedWriteElements) +
                      " elements of an output one at a time, across its "
                      "innermost dimension");
  else if (hasCostlyStridedRead(dag.getNode(node).op, block))
    degrade(node, "register block left scalar: it would read more than " +
                      Twine(kMaxStridedReadElements) +
                      " elements of an input one at a time, across its "
                      "innermost dimension");
  else if (ansor::isDecomposedConvolution(dag.getNode(node).op))
    degrade(node, "register block left scalar: its convolution windows are "
                  "not reduced to one point");
  else
    degrade(node, "register block left scalar: an access is not a projected "
                  "permutation");
}

// Translation
//===----------------------------------------------------------------------===//

/// Takes handles to the inlined producers of `node` (recursively), reading
/// them from the untiled `handle`: fusion consumes producer handles.
SmallVector<std::pair<unsigned, std::string>>
ScriptBuilder::takeInlinedProducers(unsigned node, const std::string &handle) {
  SmallVector<std::pair<unsigned, std::string>> producers;
  SmallVector<std::pair<unsigned, std::string>> worklist = {{node, handle}};
  while (!worklist.empty()) {
    auto [consumer, consumerHandle] = worklist.pop_back_val();
    for (auto [producer, operand] :
         schedulePlan->getInlinedProducers(consumer)) {
      if (llvm::any_of(producers, [&](auto &p) { return p.first == producer; }))
        continue;
      std::string h = producerOf(consumerHandle, operand);
      producers.push_back({producer, h});
      // A pad is fused into the outermost container only; what it reads
      // stays outside, whole.
      if (!isa<tensor::PadOp>(dag.getNode(producer).op))
        worklist.push_back({producer, h});
    }
  }
  return producers;
}

/// Fuses inlined producers into every container, consumers before their
/// producers. A linalg producer whose fused tile is small is vectorized.
bool mlir::sched::feedsAnother(
    const ansor::ComputeDAG &dag, unsigned producer,
    ArrayRef<std::pair<unsigned, std::string>> producers) {
  return llvm::any_of(dag.getNode(producer).consumers, [&](unsigned consumer) {
    return llvm::any_of(
        producers, [&](const auto &entry) { return entry.first == consumer; });
  });
}

/// Whether a consumer of `producer` after `consumer` reads its whole result:
/// one that had no loop to fuse it into, or one no step tiles.
bool ScriptBuilder::isReadWholeAfter(unsigned producer,
                                     unsigned consumer) const {
  if (leftWhole.contains(producer))
    return true;
  Operation *op = dag.getNode(producer).op;
  // A view or other op that is no node reads the whole result.
  for (Operation *user : op->getUsers())
    if (llvm::none_of(dag.getNodes(),
                      [&](const DAGNode &n) { return n.op == user; }))
      return true;
  return llvm::any_of(dag.getNode(producer).consumers, [&](unsigned other) {
    if (other <= consumer)
      return false;
    const NodePlan &plan = plans[other];
    // An init is never fused (getInlinedProducers).
    auto reader = dyn_cast<DestinationStyleOpInterface>(dag.getNode(other).op);
    if (reader && llvm::any_of(reader.getDpsInits(), [&](Value init) {
          return init.getDefiningOp() == op;
        }))
      return true;
    // A fused consumer takes its producers in the tiles of the node it is
    // fused into, translated before this one only if it comes later.
    if (plan.fusedIntoProducer) {
      for (unsigned index = consumer + 1; index < plans.size(); ++index)
        if (FuseConsumerOp fused = plans[index].fusedConsumer;
            fused && fused.getNode() == other)
          return false;
      return true;
    }
    return !plan.tile && !plan.rfactor && !plan.inlined;
  });
}

void ScriptBuilder::fuseInlined(
    unsigned consumer, ArrayRef<std::pair<unsigned, std::string>> producers,
    ArrayRef<std::string> containers, unsigned parallelLoops,
    ArrayRef<int64_t> containerTile, bool vectorizeProducers) {
  if (containers.empty()) {
    for (const auto &entry : producers)
      leftWhole.insert(entry.first);
    return;
  }
  // A producer inlined into several consumers stays in the func after its
  // first fusion, and so do the fused originals that read it (a layer
  // norm's x - mean feeds the variance and the output). Fusing it into an
  // scf.for while such a use follows the loop crashes upstream's
  // fuse_into_containing_op (MLIR 22: only an scf.forall can yield the
  // producer), so the dead originals go first.
  if (llvm::any_of(producers, [&](const auto &entry) {
        return dag.getNode(entry.first).consumers.size() > 1;
      }))
    os << "  transform.apply_dce to %func : " << kAnyOp << "\n";
  // A producer that feeds another inlined producer (an attention's exp,
  // inlined into the normalization inlined into P x V) may already have been
  // fused along with it into an inner loop, where upstream swaps the slice
  // of its result for a tile of it; fusing it there again finds no use and
  // fails (1 of 16 CPU and 2 of 6 GPU attention programs did not build).
  // So does one whose consumer, already fused into the inner loops, reads
  // there a slice no inner loop varies: the first fusion puts the producer
  // in the innermost loop, and a later one finds no slice of it to fuse
  // (a ReLU6 inlined into a pointwise convolution whose bias is a fused
  // consumer: 1 of 16 programs). Such producers are fused in a sequence
  // whose failures are suppressed: one left in an outer loop is still
  // correct, only its vectorization may be lost.
  for (auto &[producer, handle] : producers) {
    // Upstream's fuse_into_containing_op adds a result for a use after the
    // container to an scf.forall only; into an scf.for it crashes (MLIR 22).
    // Such a producer goes into the parallel loops alone, where there are.
    ArrayRef<std::string> into = containers;
    bool readLater = isReadWholeAfter(producer, consumer);
    if (readLater) {
      into = containers.take_front(parallelLoops);
      if (into.empty()) {
        degrade(producer, "not fused into node " + Twine(consumer) +
                              ": a later consumer reads it whole, and it "
                              "has no parallel loop");
        // Left whole, it reads its own inlined producers whole too.
        SmallVector<unsigned> worklist = {producer};
        while (!worklist.empty())
          for (unsigned p : dag.getNode(worklist.pop_back_val()).producers)
            if (llvm::any_of(producers,
                             [&](const auto &e) { return e.first == p; }) &&
                leftWhole.insert(p).second)
              worklist.push_back(p);
        continue;
      }
      if (into.size() < containers.size())
        degrade(producer, "fused into node " + Twine(consumer) +
                              "'s parallel loops only: a later consumer "
                              "reads it whole");
    }
    bool suppressed = feedsAnother(dag, producer, producers) || into.size() > 1;
    // A tiled pad is guarded by an scf.if for empty slices, which does not
    // fuse further: pads go into the outermost container only.
    if (isa<tensor::PadOp>(dag.getNode(producer).op)) {
      fuse(handle, into.front());
      continue;
    }
    std::string fused;
    if (suppressed) {
      fused = fresh("chain");
      os << "  " << fused << " = transform.sequence %func : " << kAnyOp
         << " -> " << kAnyOp << " failures(suppress) {\n  ^bb0(" << fresh("s")
         << ": " << kAnyOp << "):\n";
      std::string inner = fuseThrough(handle, into);
      os << "  transform.yield " << inner << " : " << kAnyOp << "\n  }\n";
    } else {
      fused = fuseThrough(handle, into);
    }
    if (vectorizeProducers && into.size() == containers.size() &&
        schedulePlan->canVectorize(producer, containerTile))
      toVectorize.push_back({fused, {}});
  }
}

/// Fuses the init fill of `node` into `containers`, applies the cache write,
/// and tiles the fill down to the node's register block for vectorization.
void ScriptBuilder::fuseInit(unsigned node, const std::string &initHandle,
                             ArrayRef<std::string> containers,
                             ArrayRef<int64_t> block) {
  if (containers.empty())
    return;
  if (plans[node].cacheWrite) {
    std::string fill = fuseThrough(initHandle, containers);
    // The output tile is accumulated in a fresh buffer and copied back when
    // the tile is done; the fill now writes that buffer and stays scalar.
    std::string buffer = fresh("buf"), newOps = fresh("alloc");
    os << "  " << buffer << ", " << newOps
       << " = transform.structured.bufferize_to_allocation " << fill
       << " {bufferize_destination_only} : " << kAnyOp << "\n";
    return;
  }
  auto op = cast<linalg::LinalgOp>(dag.getNode(node).op);
  AffineMap initMap = op.getMatchingIndexingMap(
      &op->getOpOperand(*schedulePlan->getInitOperand(node)));
  SmallVector<int64_t> fillBlock;
  if (initMap.isProjectedPermutation())
    for (unsigned dim = 0; dim < initMap.getNumResults(); ++dim)
      fillBlock.push_back(block[initMap.getDimPosition(dim)]);
  // Fusing the fill only saves a pass over the output. When fusion of its
  // consumer has already moved a fill into the inner tiles (upstream folds
  // extract_slice(fill) into fill(extract_slice)), fusing it further finds no
  // use and fails; the fill then stays where it is, still correct, so its
  // fusion runs in a sequence whose failures are suppressed.
  std::string sequence = fresh("fill");
  os << "  " << sequence << " = transform.sequence %func : " << kAnyOp << " -> "
     << kAnyOp << " failures(suppress) {\n  ^bb0(" << fresh("s") << ": "
     << kAnyOp << "):\n";
  std::string fill = fuseThrough(initHandle, containers);
  // Tile by the block; after fusion the fill's tile is the container's.
  Tiled tiled = tileFor(fill, fillBlock.empty()
                                  ? fillBlock
                                  : schedulePlan->toPacked(
                                        node, fillBlock, fillBlock.size() - 1));
  std::string filled = tiled.op;
  // A packed node's block has a unit panel dimension, which the unit-dim
  // cleanup drops from generics only: generalized, the fill's block is the
  // same vector as the accumulator it starts, and the read folds into it
  // (otherwise a temporary filled, read back, and with a fused consumer
  // allocated per block).
  if (plans[node].pack && !fillBlock.empty()) {
    filled = fresh("g");
    os << "  " << filled << " = transform.structured.generalize " << tiled.op
       << " : (" << kAnyOp << ") -> " << kAnyOp << "\n";
  }
  os << "  transform.yield " << filled << " : " << kAnyOp << "\n  }\n";
  Operation *fillOp =
      op->getOperand(*schedulePlan->getInitOperand(node)).getDefiningOp();
  // A fill that masks cannot build is left to LLVM's loop vectorizer.
  if (!fillBlock.empty() && product(fillBlock) <= kMaxVectorTileElements &&
      !hasUnlowerableBF16Width(fillOp, fillBlock) &&
      (!plans[node].hasPartialTiles() ||
       schedulePlan->canMaskElementsOf(fillOp)))
    toVectorize.push_back(
        {sequence,
         getMaskedSizes(plans[node].hasPartialTiles(), fillOp, fillBlock)});
}

void ScriptBuilder::translateTiled(unsigned node) {
  const DAGNode &n = dag.getNode(node);
  NodePlan &plan = plans[node];
  LevelSizes sizes = schedulePlan->getLevelSizes(node);
  unsigned numS = sizes.spatial.size();
  bool multiLevel = numS > 2;

  // The root of the outer levels: the fused consumer if any, else the node.
  std::optional<unsigned> consumer;
  int64_t fuseLevel = 0;
  if (plan.fusedConsumer) {
    consumer = plan.fusedConsumer.getNode();
    fuseLevel = *plan.fusedConsumer.getLevel().getSelected();
  }
  SmallVector<unsigned> spatialLoops;
  for (auto [loop, kind] : llvm::enumerate(n.kinds))
    if (kind == LoopKind::S)
      spatialLoops.push_back(loop);
  // A fused consumer's loops are the node's spatial loops in order; packed
  // along with the node, its last is split too (packFusedConsumer).
  auto toConsumerLoops = [&](SmallVector<int64_t> out) {
    return plan.pack ? schedulePlan->toPacked(node, out, out.size() - 1) : out;
  };
  // Sizes of `level` in the root's loop order.
  auto rootSizes = [&](unsigned level, function_ref<bool(unsigned)> keep) {
    SmallVector<int64_t> out;
    for (auto [index, loop] : llvm::enumerate(spatialLoops))
      if (consumer)
        out.push_back(keep(index) ? sizes.spatial[level][loop] : 0);
    if (consumer)
      return toConsumerLoops(out);
    out.assign(n.extents.size(), 0);
    for (auto [index, loop] : llvm::enumerate(spatialLoops))
      out[loop] = keep(index) ? sizes.spatial[level][loop] : 0;
    return schedulePlan->toPackedLoops(node, out);
  };

  std::string root = match(consumer ? *consumer : node);
  std::string nodeHandle;
  std::optional<unsigned> initOp = schedulePlan->getInitOperand(node);
  // Handles to everything fused later, taken before the root is tiled.
  SmallVector<std::pair<unsigned, std::string>> consumerProducers;
  if (consumer) {
    unsigned operand = 0;
    for (OpOperand &use : dag.getNode(*consumer).op->getOpOperands())
      if (use.get().getDefiningOp() == n.op)
        operand = use.getOperandNumber();
    nodeHandle = producerOf(root, operand);
    for (auto &p : takeInlinedProducers(*consumer, root))
      if (p.first != node)
        consumerProducers.push_back(p);
  } else {
    nodeHandle = root;
  }
  SmallVector<std::pair<unsigned, std::string>> producers;
  for (auto &p : takeInlinedProducers(node, nodeHandle))
    if (llvm::none_of(consumerProducers,
                      [&](auto &c) { return c.first == p.first; }))
      producers.push_back(p);
  std::string initHandle =
      initOp ? producerOf(nodeHandle, *initOp) : std::string();

  // Level 0: the parallel loops, then the other outer spatial loops.
  int64_t parallel = plan.parallel;
  Tiled outer =
      tileForall(root, rootSizes(0, [&](unsigned i) { return i < parallel; }));
  Tiled outerSeq = tileFor(
      outer.op, rootSizes(0, [&](unsigned i) { return i >= parallel; }));
  SmallVector<std::string> containers = outer.loops;
  llvm::append_range(containers, outerSeq.loops);
  std::string rootOp = outerSeq.op;
  // A pack per outer tile copies the panels that tile reads, once the node
  // is in that tile.
  SmallVector<std::string> outerContainers = containers;
  auto packPerOuterTile = [&] {
    if (!plan.pack || *plan.pack.getLevel().getSelected() != 1)
      return;
    if (outerContainers.empty())
      tilePack(node, packHandles[node], /*parallel=*/true);
    else
      tilePack(node, fuseThrough(packHandles[node], outerContainers),
               /*parallel=*/false);
  };
  if (!consumer)
    packPerOuterTile();
  // The root's tile extents after each level, per spatial loop.
  auto tileAfter = [&](unsigned level) {
    SmallVector<int64_t> out;
    for (unsigned loop : spatialLoops) {
      auto split = cast<SplitAttr>(plan.tile.getSplits()[loop]);
      out.push_back(split.getInnerProduct(level + 1));
    }
    return out;
  };

  unsigned nextLevel = 1;
  if (consumer) {
    if (multiLevel && fuseLevel >= 1) {
      Tiled l1 = tileFor(rootOp, rootSizes(1, [](unsigned) { return true; }));
      llvm::append_range(containers, l1.loops);
      rootOp = l1.op;
      nextLevel = 2;
    }
    // The consumer's tile goes down to the register block and is vectorized.
    SmallVector<int64_t> current = tileAfter(nextLevel - 1), blockSizes;
    for (auto [index, loop] : llvm::enumerate(spatialLoops))
      blockSizes.push_back(
          current[index] == sizes.block[loop] ? 0 : sizes.block[loop]);
    nodeHandle = fuseThrough(nodeHandle, containers);
    packPerOuterTile();
    // Producers fused into partial tiles would need their own masks.
    fuseInlined(*consumer, consumerProducers, containers, outer.loops.size(),
                current, /*vectorizeProducers=*/!plan.hasPartialTiles());
    Tiled consumerBlock = tileFor(rootOp, toConsumerLoops(blockSizes));
    SmallVector<int64_t> consumerBlockExtents;
    for (unsigned loop : spatialLoops)
      consumerBlockExtents.push_back(sizes.block[loop]);
    Operation *consumerOp = dag.getNode(*consumer).op;
    if (plan.vectorize && isVectorizable(*consumer) &&
        hasUnlowerableBF16Width(consumerOp, consumerBlockExtents))
      degrade(*consumer, "fused block left scalar: a bf16 vector of 8k + 1 "
                         "lanes, which LLVM's x86 backend cannot lower");
    else if (plan.vectorize && isVectorizable(*consumer) &&
             plan.hasPartialTiles() && ansor::dividesIntegers(consumerOp))
      degrade(*consumer, "fused blocks of an integer division left scalar "
                         "(masked lanes would divide by zero)");
    else if (plan.vectorize && isVectorizable(*consumer) &&
             plan.hasPartialTiles() &&
             !schedulePlan->canMaskElementsOf(consumerOp))
      degrade(*consumer, "fused blocks of elements narrower than 32 bits "
                         "left scalar (the target has no masked moves of "
                         "them)");
    else if (plan.vectorize && isVectorizable(*consumer) &&
             product(consumerBlockExtents) <= kMaxVectorTileElements)
      toVectorize.push_back(
          {consumerBlock.op, getMaskedSizes(plan.hasPartialTiles(), consumerOp,
                                            consumerBlockExtents)});
    else if (plan.vectorize && isVectorizable(*consumer))
      degrade(*consumer, "fused block of " +
                             Twine(product(consumerBlockExtents)) +
                             " elements left scalar (limit " +
                             Twine(kMaxVectorTileElements) + ")");
    rootOp = nodeHandle;
  }

  // The node's own spatial levels down to (but excluding) the register
  // block's enclosing level; reductions are tiled after the first.
  SmallVector<std::string> nodeContainers = containers;
  if (multiLevel && nextLevel == 1) {
    Tiled l1 =
        tileFor(rootOp, schedulePlan->toPackedLoops(node, sizes.spatial[1]));
    llvm::append_range(nodeContainers, l1.loops);
    rootOp = l1.op;
  }
  // Inlined producers go into every spatial container; the init only into
  // the containers its consumer does not carry as a loop value.
  SmallVector<int64_t> innerTile =
      multiLevel ? SmallVector<int64_t>(n.extents.size(), 1) : sizes.block;
  if (multiLevel)
    for (auto [loop, attr] : llvm::enumerate(plan.tile.getSplits()))
      innerTile[loop] = n.kinds[loop] == LoopKind::S
                            ? cast<SplitAttr>(attr).getInnerProduct(2)
                            : n.extents[loop];
  // Producers fused into a tiled pad read dynamically sized slices (a tile
  // may fall partly or wholly into the padding), which vectorize refuses.
  fuseInlined(node, producers, nodeContainers, outer.loops.size(), innerTile,
              /*vectorizeProducers=*/!isa<tensor::PadOp>(n.op) &&
                  !plan.hasPartialTiles());
  if (initOp) {
    SmallVector<std::string> initContainers =
        consumer ? containers : SmallVector<std::string>(outer.loops);
    fuseInit(node, initHandle, initContainers, sizes.block);
  }

  std::optional<LaneSplit> laneSplit = schedulePlan->getLaneSplit(node);
  bool vectorized =
      plan.vectorize &&
      schedulePlan->canVectorize(node, schedulePlan->getVectorBlock(node));
  if (plan.vectorize && !vectorized)
    degradeScalarBlock(node, sizes.block);
  // Partial tiles are peeled here, above the reduction loop, so that the
  // full blocks keep their accumulators in registers across it.
  SmallVector<PartialBlocks> partialTiles;
  if (vectorized && plan.hasPartialTiles()) {
    PeeledBlocks peeled = peelPartialBlocks(node, rootOp, innerTile);
    rootOp = peeled.full;
    partialTiles = peeled.partial;
  }
  // The reduction and register-block levels, unrolled in full tiles only.
  auto tileInner = [&](const std::string &op, bool unroll) {
    if (!multiLevel)
      return op;
    Tiled r0 =
        tileFor(op, schedulePlan->toPackedLoops(node, sizes.reduction[0]));
    Tiled l2 =
        tileFor(r0.op, schedulePlan->toPackedLoops(node, sizes.spatial[2]));
    if (!unroll)
      return l2.op;
    l2.tripCounts = schedulePlan->getBlockLoopTrips(node);
    toUnroll.push_back({node, l2, plan.unrollMaxStep, product(sizes.block)});
    return l2.op;
  };
  rootOp = tileInner(rootOp, /*unroll=*/true);
  // In a masked partial block, the register-block loops along its partial
  // loops have dynamic trip counts: they go above the reduction loop, so that
  // each of their blocks keeps its accumulators in registers across it (below
  // it, every step read and wrote the block's outputs: a 97x89x113 matmul ran
  // at 0.4x oneDNN). The others keep static trip counts and stay below it,
  // unrolled as in full blocks.
  auto tilePartialInner = [&](const PartialBlocks &partial) {
    if (!multiLevel)
      return partial.handle;
    SmallVector<int64_t> dynamicSteps(sizes.spatial[2].size(), 0),
        staticSteps(sizes.spatial[2]);
    for (unsigned loop : partial.loops)
      std::swap(dynamicSteps[loop], staticSteps[loop]);
    SmallVector<int64_t> trips;
    for (auto [loop, step] : llvm::enumerate(staticSteps))
      if (step != 0)
        trips.push_back(
            cast<SplitAttr>(plan.tile.getSplits()[loop]).getFactors()[2]);
    std::string op =
        tileFor(partial.handle, schedulePlan->toPackedLoops(node, dynamicSteps))
            .op;
    op = tileFor(op, schedulePlan->toPackedLoops(node, sizes.reduction[0])).op;
    // Those loops were full wherever the block was peeled: their trip count
    // is the S2 factor.
    Tiled l2 = tileFor(op, schedulePlan->toPackedLoops(node, staticSteps));
    l2.tripCounts = trips;
    if (!l2.loops.empty())
      toUnroll.push_back({node, l2, plan.unrollMaxStep, product(sizes.block)});
    return l2.op;
  };
  // Upstream vectorizes 1-D convolutions whole, 2-D and 3-D ones
  // decomposed.
  bool convolution = ansor::isConvolutionLike(n.op);
  bool decomposes = ansor::isDecomposedConvolution(n.op);
  auto decompose = [&](const std::string &handle) {
    return emitConvolutionDecomposition(
        os, n.op, handle, [&](StringRef prefix) { return fresh(prefix); });
  };
  // Where masks cannot build a partial block, unit steps over the loops it
  // may be partial along leave static blocks, vectorized along the others.
  // Left scalar, LLVM vectorized them across the unit-stride loop with
  // gathers and scatters. (A packed node has no partial tiles: SchedulePlan
  // refuses them.) Whole rows of a lane-split reduction are stepped too:
  // masked, rows of 65 or 129 16- or 32-bit elements crash LLVM 22's x86
  // backend ("Cannot emit physreg copy instruction").
  bool unmasked = convolution || readsTransposed(n.op) ||
                  ansor::dividesIntegers(n.op) || laneSplit.has_value();
  // Narrow elements on a target without masked moves of them are stepped
  // too, along outer loops. Partial along the loop their rows run, stepped
  // blocks would gather strided elements (an i1 comparison's partial
  // columns ran 6x slower than the untuned lowering); left scalar, LLVM's
  // loop vectorizer vectorizes those rows.
  bool narrowUnmasked = !schedulePlan->canMaskElementsOf(n.op);
  std::optional<unsigned> rowLoop = getRowLoop(n.op);
  for (const PartialBlocks &partial : partialTiles) {
    if (!unmasked && narrowUnmasked && rowLoop &&
        llvm::is_contained(partial.loops, *rowLoop) &&
        sizes.block[*rowLoop] > 1) {
      degrade(node, "partial rows of elements narrower than 32 bits left to "
                    "LLVM's loop vectorizer (the target has no masked moves "
                    "of them)");
      continue;
    }
    bool stepped = unmasked || narrowUnmasked;
    if (!stepped) {
      toVectorize.push_back(
          {tilePartialInner(partial), getMaskedSizes(true, n.op, sizes.block)});
      continue;
    }
    std::string blocks = tileInner(partial.handle, /*unroll=*/false);
    SmallVector<int64_t> unitSteps(sizes.block.size(), 0),
        unitBlock(sizes.block);
    for (unsigned loop : partial.loops)
      if (sizes.block[loop] > 1)
        unitSteps[loop] = unitBlock[loop] = 1;
    SmallVector<int64_t> vectorBlock =
        laneSplit ? schedulePlan->getLaneBlock(node, unitBlock, laneSplit->loop,
                                               laneSplit->lanes)
                  : unitBlock;
    if (schedulePlan->canVectorize(node, vectorBlock)) {
      std::string units =
          tileFor(blocks, schedulePlan->toPackedLoops(node, unitSteps)).op;
      if (laneSplit)
        splitIntoLanes(node, units, unitBlock, *laneSplit);
      else
        toVectorize.push_back({decomposes ? decompose(units) : units, {}});
    } else {
      degrade(node, "partial blocks left scalar (masks cannot build them "
                    "or LLVM cannot lower them, and their blocks stepped one "
                    "iteration at a time exceed the vector limits)");
    }
  }
  if (!vectorized)
    return;
  if (decomposes)
    rootOp = decompose(rootOp);
  if (laneSplit) {
    splitIntoLanes(node, rootOp, sizes.block, *laneSplit);
    return;
  }
  toVectorize.push_back({rootOp, {}});
}

void ScriptBuilder::splitIntoLanes(unsigned node, const std::string &handle,
                                   ArrayRef<int64_t> block,
                                   const LaneSplit &split) {
  const DAGNode &n = dag.getNode(node);
  // The block's other reductions (a max over dims 0 and 2) step one
  // iteration at a time inside the lanes' loop: vectorized with the lanes,
  // they were reduced across the lanes' vectors by transposes built element
  // by element (a 32x40x20 max over dims 0 and 2: 13.7 us, 3.1 us stepped).
  SmallVector<int64_t> lanes =
      schedulePlan->getLaneBlock(node, block, split.loop, split.lanes);
  SmallVector<int64_t> steps(n.extents.size(), 0);
  for (unsigned loop = 0; loop < n.extents.size(); ++loop)
    if (loop != split.loop && lanes[loop] < block[loop])
      steps[loop] = 1;
  bool stepped = llvm::any_of(steps, [](int64_t step) { return step != 0; });
  auto stepOthers = [&](const std::string &op) {
    return stepped ? tileFor(op, steps).op : op;
  };
  std::string covered = handle;
  // The rest of the loop, fewer elements than lanes, is a block of its own,
  // reduced after the covered part (upstream's split chains the two).
  // The block holds the loop whole (an rfactor partial: its part).
  int64_t extent = block[split.loop];
  if (split.covered < extent) {
    std::string parts = fresh("lane_parts"), halves = fresh("lane_part");
    os << "  " << parts << " = transform.structured.split " << handle
       << " after " << split.covered << " {dimension = " << split.loop
       << " : i64} : " << kAnyOp << "\n";
    os << "  " << halves << ":2 = transform.split_handle " << parts << " : ("
       << kAnyOp << ") -> (" << typeList(2) << ")\n";
    covered = halves + "#0";
    SmallVector<int64_t> rest = schedulePlan->getLaneBlock(
        node, block, split.loop, extent - split.covered);
    if (schedulePlan->canVectorize(node, rest))
      toVectorize.push_back({stepOthers(halves + "#1"), {}});
  }
  SmallVector<int64_t> sizes(n.extents.size(), 0);
  sizes[split.loop] = split.lanes;
  // Upstream makes a fill and a combining reduce per init but declares one
  // combining handle: with N inits its 2N + 2 results are the N fills, the
  // partial op, the N combines and the loop, read here by position.
  unsigned inits = cast<linalg::LinalgOp>(n.op).getNumDpsInits();
  std::string results = fresh("lane");
  os << "  " << results << ":" << 2 * inits + 2
     << " = transform.structured.tile_reduction_using_for " << covered
     << " by tile_sizes = " << sizeList(sizes) << " : (" << kAnyOp << ") -> ("
     << typeList(2 * inits + 2) << ")\n";
  for (unsigned index = 0; index <= 2 * inits; ++index) {
    std::string handle = results + "#" + std::to_string(index);
    toVectorize.push_back({index == inits ? stepOthers(handle) : handle, {}});
  }
}

static std::string concreteType(StringRef opName) {
  return ("!transform.op<\"" + opName + "\">").str();
}

/// Packs the op of `node` by `sizes` (one per loop, 0: not packed).
std::string ScriptBuilder::packNode(unsigned node, ArrayRef<int64_t> sizes) {
  std::string original = match(node), packed = fresh("packed");
  os << "  " << packed << " = transform.structured.pack " << original
     << " packed_sizes = " << sizeList(sizes) << " : (" << kAnyOp << ") -> "
     << kAnyOp << "\n";
  return packed;
}

/// Lowers a linalg.pack to a reshape (where it only splits a dimension) and
/// a transpose.
void ScriptBuilder::lowerPack(const std::string &pack) {
  os << "  " << fresh("pad") << ", " << fresh("expand") << ", "
     << fresh("transpose") << " = transform.structured.lower_pack " << pack
     << " : (" << concreteType("linalg.pack") << ") -> ("
     << concreteType("tensor.pad") << ", "
     << concreteType("tensor.expand_shape") << ", "
     << concreteType("linalg.transpose") << ")\n";
}

std::string ScriptBuilder::castTo(const std::string &handle, StringRef opName) {
  std::string result = fresh("c");
  os << "  " << result << " = transform.cast " << handle << " : " << kAnyOp
     << " to " << concreteType(opName) << "\n";
  return result;
}

void ScriptBuilder::annotate(const std::string &handle, unsigned node) {
  std::string tag = fresh("tag");
  os << "  " << tag << " = transform.param.constant " << node
     << " : i64 -> !transform.param<i64>\n";
  os << "  transform.annotate " << handle << " \"" << ansor::kNodeAttrName
     << "\" = " << tag << " : " << kAnyOp << ", !transform.param<i64>\n";
}

/// Lowers the linalg.unpack that reads the packed `op`'s result to a
/// reshape; the copy the lowering adds is an identity generic, which
/// canonicalization erases.
void ScriptBuilder::lowerUnpackOfResult(const std::string &op) {
  std::string unpack = fresh("unpack");
  os << "  " << unpack << " = transform.get_consumers_of_result " << op
     << "[0] : (" << kAnyOp << ") -> " << kAnyOp << "\n";
  std::string unpackOp = castTo(unpack, "linalg.unpack");
  std::string slice = fresh("slice"), copy = fresh("copy");
  os << "  " << fresh("empty") << ", " << fresh("transpose") << ", "
     << fresh("collapse") << ", " << slice
     << " = transform.structured.lower_unpack " << unpackOp << " : ("
     << concreteType("linalg.unpack") << ") -> ("
     << concreteType("tensor.empty") << ", " << concreteType("linalg.transpose")
     << ", " << concreteType("tensor.collapse_shape") << ", "
     << concreteType("tensor.extract_slice") << ")\n";
  os << "  " << copy << " = transform.get_consumers_of_result " << slice
     << "[0] : (" << concreteType("tensor.extract_slice") << ") -> " << kAnyOp
     << "\n";
  os << "  " << fresh("g") << " = transform.structured.generalize " << copy
     << " : (" << kAnyOp << ") -> " << kAnyOp << "\n";
}

/// Packs the fused consumer of a packed `node` along the same loop (its
/// last: the consumer writes the node's spatial loops in order), so that
/// the unpack of the node's result and the pack of the consumer's input
/// fold away and the consumer reads the packed result in place.
std::string ScriptBuilder::packFusedConsumer(unsigned node) {
  NodePlan &plan = plans[node];
  unsigned consumer = plan.fusedConsumer.getNode();
  auto op = cast<linalg::LinalgOp>(dag.getNode(consumer).op);
  SmallVector<int64_t> packedSizes(op.getNumLoops(), 0);
  packedSizes.back() = plan.packTile;
  std::string packed = packNode(consumer, packedSizes);
  annotate(packed, consumer);
  return packed;
}

/// The consumer's other operands read along the packed loop (func arguments
/// or constants whose last dimension is packed: canPackWithFusedConsumer,
/// and its init) are lowered to reshapes, and so is the unpack of its
/// result.
void ScriptBuilder::lowerFusedConsumerPacks(const std::string &consumer,
                                            unsigned node) {
  Operation *nodeOp = dag.getNode(node).op;
  auto op = cast<linalg::LinalgOp>(
      dag.getNode(plans[node].fusedConsumer.getNode()).op);
  unsigned packedLoop = op.getNumLoops() - 1;
  // Its init too: lowered to a reshape of the original, so that the result
  // (collapsed back) is still the func's out-param, written in place.
  for (OpOperand &operand : op->getOpOperands()) {
    if (operand.get().getDefiningOp() == nodeOp ||
        !op.getMatchingIndexingMap(&operand).isFunctionOfDim(packedLoop))
      continue;
    std::string pack =
        castTo(producerOf(consumer, operand.getOperandNumber()), "linalg.pack");
    lowerPack(pack);
  }
  lowerUnpackOfResult(consumer);
}

/// Packs the inputs of every node with a `sched.pack` step, before any
/// tiling: `transform.structured.pack` tiles the packed loop of the node and
/// of every operand it indexes, `pack_transpose` puts the input's panels
/// outermost, and the output's packing, which splits its innermost
/// dimension, is lowered to a reshape, as is the unpack that returns the
/// result (or, with a fused consumer, the consumer's: packFusedConsumer).
/// The packed ops take over the nodes' tags.
void ScriptBuilder::packInputs() {
  bool any = false;
  for (auto [node, plan] : llvm::enumerate(plans)) {
    if (!plan.pack)
      continue;
    any = true;
    auto op = cast<linalg::LinalgOp>(dag.getNode(node).op);
    unsigned operand = plan.pack.getOperand();
    SmallVector<int64_t> packedSizes(op.getNumLoops(), 0);
    packedSizes[plan.pack.getLoop()] = plan.packTile;
    std::string packed = packNode(node, packedSizes);
    unsigned rank = op.getMatchingIndexingMap(op.getDpsInputOperand(operand))
                        .getNumResults();
    // The panels outermost, the other dimensions in their order.
    unsigned packedDim =
        ansor::getPackedOperandDim(op, operand, plan.pack.getLoop());
    SmallVector<int64_t> perm = {packedDim};
    for (unsigned dim = 0; dim < rank; ++dim)
      if (dim != packedDim)
        perm.push_back(dim);
    std::string input = castTo(producerOf(packed, operand), "linalg.pack");
    std::string transposed = fresh("packed"), pack = fresh("pack");
    os << "  " << transposed << ", " << pack << ", " << fresh("none")
       << " = transform.structured.pack_transpose " << input
       << " with_compute_op(" << packed << ") outer_perm = " << sizeList(perm)
       << " : (" << concreteType("linalg.pack") << ", " << kAnyOp << ") -> ("
       << typeList(3) << ")\n";
    packHandles[node] = pack;
    // A constant's pack becomes a transpose of its reshape, which
    // canonicalization folds into a reshaped constant and
    // sched-fold-constant-transposes into the packed one.
    if (schedulePlan->isPackedAtCompileTime(node))
      lowerPack(castTo(pack, "linalg.pack"));
    std::string initPack =
        castTo(producerOf(transposed, op.getNumDpsInputs()), "linalg.pack");
    lowerPack(initPack);
    if (!plan.fusedConsumer)
      lowerUnpackOfResult(transposed);
    annotate(transposed, node);
  }
  if (!any)
    return;
  // With a fused consumer, the node's packed init is a temporary the fill
  // writes and the register block reads back: its reshape of an empty
  // tensor folds into an empty tensor, whose tiles are values, not memory.
  bool packsConsumers = llvm::any_of(plans, [](const NodePlan &plan) {
    return plan.pack && plan.fusedConsumer;
  });
  auto canonicalize = [&](bool foldEmpty) {
    os << "  transform.apply_patterns to %func {\n"
          "    transform.apply_patterns.canonicalization\n"
       << (foldEmpty ? "    transform.apply_patterns.tensor.fold_tensor_empty\n"
                     : "")
       << "  } : " << kAnyOp << "\n";
  };
  canonicalize(packsConsumers);
  if (packsConsumers) {
    // The consumer's other packs are lowered before canonicalization, which
    // would fold some of them (a splat constant's, a fill's) away from the
    // casts; only the pack of the node's result waits for it, to fold with
    // the node's unpack.
    for (auto [node, plan] : llvm::enumerate(plans))
      if (plan.pack && plan.fusedConsumer)
        lowerFusedConsumerPacks(packFusedConsumer(node), node);
    canonicalize(false);
  }
  for (auto [node, plan] : llvm::enumerate(plans))
    if (plan.pack && *plan.pack.getLevel().getSelected() == 0 &&
        !schedulePlan->isPackedAtCompileTime(node))
      tilePack(node, packHandles[node], /*parallel=*/true);
}

/// Tiles a pack (whole, or fused into a node's outer tile) to blocks of
/// rows of one panel, vectorized; a whole pack runs its panels in parallel.
void ScriptBuilder::tilePack(unsigned node, const std::string &pack,
                             bool parallel) {
  PackOp packStep = plans[node].pack;
  auto op = cast<linalg::LinalgOp>(dag.getNode(node).op);
  unsigned rank =
      op.getMatchingIndexingMap(op.getDpsInputOperand(packStep.getOperand()))
          .getNumResults();
  // The pack's loops: panels, then the input's other dimensions.
  int64_t rowBlock = schedulePlan->getPackRowBlock(node);
  std::string handle = pack;
  SmallVector<int64_t> sizes(rank, 1);
  if (parallel) {
    SmallVector<int64_t> panels(rank, 0);
    panels.front() = 1;
    handle = tileForall(handle, panels).op;
    sizes.front() = 0;
  }
  sizes.back() = rowBlock;
  toVectorize.push_back({tileFor(handle, sizes).op, {}, /*hasBody=*/false});
}

void ScriptBuilder::translateRfactor(unsigned node) {
  const DAGNode &n = dag.getNode(node);
  RfactorOp rfactor = plans[node].rfactor;
  unsigned loop = rfactor.getLoop();
  int64_t partials = rfactor.getSplit().getFactors().front();
  std::string handle = match(node);
  SmallVector<std::pair<unsigned, std::string>> producers =
      takeInlinedProducers(node, handle);
  SmallVector<int64_t> threads(n.extents.size(), 0);
  threads[loop] = partials;
  std::string fill = fresh("rf_fill"), split = fresh("rf_split"),
              combine = fresh("rf_combine"), forall = fresh("rf_forall");
  os << "  " << fill << ", " << split << ", " << combine << ", " << forall
     << " = transform.structured.tile_reduction_using_forall " << handle
     << " by num_threads = " << sizeList(threads) << " : (" << kAnyOp
     << ") -> (" << typeList(4) << ")\n";
  SmallVector<int64_t> block = schedulePlan->getRfactorBlock(node);
  fuseInlined(node, producers, {forall}, /*parallelLoops=*/1, block);
  std::optional<LaneSplit> laneSplit = schedulePlan->getLaneSplit(node);
  if (plans[node].vectorize &&
      schedulePlan->canVectorize(node, schedulePlan->getVectorBlock(node))) {
    if (laneSplit)
      splitIntoLanes(node, split, block, *laneSplit);
    else
      toVectorize.push_back({split, {}});
    // The combine reduces every output element's partials, contiguous in
    // their buffer. Left to LLVM, it was vectorized across output elements
    // with gathers; whole, it is one vector reduction per output element.
    int64_t outputs = 1;
    for (auto [extent, kind] : llvm::zip(n.extents, n.kinds))
      if (kind == LoopKind::S)
        outputs *= extent;
    if (outputs * partials <=
            (outputs > 1 ? kMaxCombineElements : kMaxVectorTileElements) &&
        !isCostlyReductionWidth(outputs, partials))
      toVectorize.push_back({combine, {}});
  } else if (plans[node].vectorize) {
    degradeScalarBlock(node, block);
  }
}

void ScriptBuilder::finish() {
  // Unit dimensions in the middle of a block would become n-D shape casts
  // whose lowering is element by element; drop them before vectorizing.
  // Peeled full blocks have constant sizes that only canonicalization turns
  // into static types (handles follow the ops through the casts it adds).
  bool peeled = llvm::any_of(
      plans, [](const NodePlan &plan) { return plan.hasPartialTiles(); });
  // A handle follows an op through the slices and casts this cleanup adds
  // only when one op defines all its replacements; a multi-result op gets
  // one per result. Such targets are found again after it, through a mark
  // on their body's terminator: the rewrites move or clone the body, but do
  // not keep the op's own attributes.
  // So are those of a copy: a transpose whose transposed loops have unit
  // blocks becomes an identity copy, which canonicalization erases (2 of 32
  // programs of a generic NCHW to NHWC transpose failed on a lost handle).
  bool rematch = llvm::any_of(dag.getNodes(), [](const DAGNode &n) {
    return n.op->getNumResults() > 1 ||
           (isa<linalg::GenericOp>(n.op) && ansor::isCopy(n.op));
  });
  if (rematch)
    for (auto [index, target] : llvm::enumerate(toVectorize))
      if (target.hasBody)
        markBody(index, target.handle);
  os << "  transform.apply_patterns to %func {\n"
        "    transform.apply_patterns.linalg.fold_unit_extent_dims_via_slices\n"
     << (peeled ? "    transform.apply_patterns.canonicalization\n" : "")
     << "  } : " << kAnyOp << "\n";
  for (auto [index, target] : llvm::enumerate(toVectorize)) {
    VectorizeTarget current = target;
    if (rematch && target.hasBody)
      current.handle = findMarked(index);
    vectorize(current);
  }
  for (auto &[node, loops, maxStep, blockElements] : toUnroll)
    unroll(node, loops, maxStep, blockElements);
  emitVectorLoweringPatterns(os, hasMultiStepReductionBlock());
}

/// Whether a tiled node's register block takes more than one step of a
/// reduction loop. Sinking a mixed contraction's operand extensions below
/// their broadcasts makes such blocks outer products (one horizontal
/// reduction per output before), but slowed blocks of one step: the best
/// program of an i8 and of an f16 into f32 matmul, both of reduction
/// step 1, ran 1.45x and 1.75x slower with it (docs/benchmarks.md).
bool ScriptBuilder::hasMultiStepReductionBlock() const {
  for (auto [node, plan] : llvm::enumerate(plans)) {
    TileOp tile = plan.tile;
    if (!tile)
      continue;
    const ansor::DAGNode &n = dag.getNode(node);
    for (auto [loop, attr] : llvm::enumerate(tile.getSplits()))
      if (n.kinds[loop] == LoopKind::R &&
          cast<SplitAttr>(attr).getFactors().back() > 1)
        return true;
  }
  return false;
}

FailureOr<std::string> ScriptBuilder::build(StringRef sequenceName) {
  if (!schedule.isComplete())
    return schedule.emitOpError()
           << "has unset tunables: sample or tune it before applying it";
  FailureOr<SchedulePlan> built = SchedulePlan::build(schedule, dag);
  if (failed(built))
    return failure();
  schedulePlan.emplace(std::move(*built));
  plans.assign(schedulePlan->getNodes().begin(),
               schedulePlan->getNodes().end());
  os << "transform.named_sequence @" << sequenceName
     << "(%root: !transform.any_op {transform.readonly}) {\n";
  os << "  %func = transform.structured.match ops{[\"func.func\"]} "
        "attributes{sym_name = \""
     << schedule.getFunc() << "\"} in %root : (" << kAnyOp << ") -> " << kAnyOp
     << "\n";
  packInputs();
  // Consumers before producers: fusion pulls producers into consumer tiles.
  for (int node = dag.size() - 1; node >= 0; --node) {
    const NodePlan &plan = plans[node];
    if (plan.rfactor)
      translateRfactor(node);
    else if (plan.tile)
      translateTiled(node);
  }
  finish();
  os << "  transform.yield\n}\n";
  return text;
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

std::string mlir::sched::emitConvolutionDecomposition(
    llvm::raw_ostream &os, Operation *op, StringRef handle,
    llvm::function_ref<std::string(StringRef)> fresh) {
  std::string input = handle.str();
  if (ansor::isConvolution3D(op)) {
    input = fresh("d");
    os << "  " << input << " = transform.sched.downscale_3d_convolution "
       << handle << " : (" << kAnyOp << ") -> " << kAnyOp << "\n";
  }
  std::string result = fresh("d");
  os << "  " << result << " = transform.structured.decompose " << input
     << " : (" << kAnyOp << ") -> " << kAnyOp << "\n";
  return result;
}

void mlir::sched::emitVectorLoweringPatterns(llvm::raw_ostream &os,
                                             bool sinkElementwise) {
  // An integer or mixed contraction's operands are extended after their
  // broadcast (`extsi(broadcast(a))`); sinking the extension below the
  // broadcast lets the broadcast fold into the contraction's maps, which
  // then lowers to outer products, not to one horizontal reduction per
  // output (an i8 block of 16x16 outputs: 4480 extracts, 256 reductions).
  // Callers ask for it where it pays (hasMultiStepReductionBlock).
  // Lowering patterns go in separate groups: together, transpose, transfer
  // and shape_cast lowering with canonicalization rewrite each other's
  // output without end. Slice chains are merged only after canonicalization
  // has folded constant offsets (from unrolling): MLIR 22's extract_slice
  // folder recomputes a rank-reduced type by dropping the first unit dims,
  // which miscompiles a merged slice that drops a later one (NCHW
  // convolutions decomposed to 1-D; llvm-project#178118, not in 22.1;
  // test/Dialect/Sched/upstream-slice-fold.mlir).
  os << R"(  transform.apply_patterns to %func {
    transform.apply_patterns.vector.lower_masked_transfers
    transform.apply_patterns.vector.reduction_to_contract
)";
  if (sinkElementwise)
    os << "    transform.apply_patterns.vector.sink_ops\n";
  os << R"(    transform.apply_patterns.vector.cast_away_vector_leading_one_dim
    transform.apply_patterns.vector.transfer_permutation_patterns
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_patterns to %func {
    transform.apply_patterns.tensor.merge_consecutive_insert_extract_slice
  } : !transform.any_op
  transform.apply_cse to %func : !transform.any_op
  %all_loops = transform.structured.match ops{["scf.for"]} in %func : (!transform.any_op) -> !transform.any_op
  transform.foreach %all_loops : !transform.any_op {
  ^bb0(%loop: !transform.any_op):
    transform.loop.hoist_loop_invariant_subsets %loop : !transform.any_op
  }
  transform.apply_patterns to %func {
    transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"
    transform.apply_patterns.vector.lower_outerproduct
  } : !transform.any_op
  transform.apply_patterns to %func {
    transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = "innerreduction"
  } : !transform.any_op
  transform.apply_patterns to %func {
    transform.apply_patterns.vector.transfer_permutation_patterns
    transform.apply_patterns.vector.lower_transfer max_transfer_rank = 1
  } : !transform.any_op
  transform.apply_patterns to %func {
    transform.apply_patterns.vector.lower_masks
    transform.apply_patterns.vector.lower_transpose lowering_strategy = "eltwise"
    transform.apply_patterns.vector.lower_shape_cast
  } : !transform.any_op
  transform.apply_patterns to %func {
    transform.apply_patterns.canonicalization
  } : !transform.any_op
  transform.apply_cse to %func : !transform.any_op
)";
}

//===----------------------------------------------------------------------===//

FailureOr<std::string>
mlir::sched::buildTransformScript(ScheduleOp schedule, func::FuncOp payload,
                                  StringRef name,
                                  SmallVectorImpl<std::string> *degradations) {
  FailureOr<ComputeDAG> dag = ComputeDAG::build(payload);
  if (failed(dag))
    return failure();
  ScriptBuilder builder(schedule, *dag);
  FailureOr<std::string> script = builder.build(name);
  if (succeeded(script) && degradations)
    llvm::append_range(*degradations, builder.getDegradations());
  return script;
}

FailureOr<OwningOpRef<ModuleOp>>
mlir::sched::parseTransformLibrary(MLIRContext *ctx,
                                   ArrayRef<std::string> sequences,
                                   ArrayRef<std::string> names) {
  std::string text = "module attributes {transform.with_named_sequence} {\n";
  for (const std::string &sequence : sequences)
    text += sequence;
  text += "transform.named_sequence @__transform_main(%root: "
          "!transform.any_op {transform.readonly}) {\n";
  for (const std::string &name : names)
    text += "  transform.include @" + name +
            " failures(propagate) (%root) : (!transform.any_op) -> ()\n";
  text += "  transform.yield\n}\n}\n";
  LLVM_DEBUG(llvm::dbgs() << text);
  // The scripts use transform.sched ops. The passes that parse scripts
  // register them as dependent (before any multi-threading, where appending
  // would assert), so this appends only for callers outside a pass, such as
  // unit tests; otherwise the registry is a subset and nothing happens.
  DialectRegistry registry;
  registerTransformDialectExtension(registry);
  ctx->appendDialectRegistry(registry);
  OwningOpRef<ModuleOp> library = parseSourceString<ModuleOp>(text, ctx);
  if (!library)
    return failure();
  return library;
}

FailureOr<func::FuncOp> mlir::sched::resolvePayload(ScheduleOp schedule,
                                                    ModuleOp module) {
  auto func = module.lookupSymbol<func::FuncOp>(schedule.getFunc());
  if (!func)
    return schedule.emitOpError()
           << "names payload func @" << schedule.getFunc()
           << ", which is not in the module";
  // A schedule applied to the payload as its author wrote it (records
  // applied to a fresh copy) sees the form sketches were derived from.
  ansor::normalizePayload(func);
  FailureOr<ComputeDAG> dag = ComputeDAG::build(func);
  if (failed(dag))
    return failure();
  ArrayAttr expected = dag->getNodeAttrs(module.getContext());
  if (expected != schedule.getNodes())
    return schedule.emitOpError()
           << "does not match payload func @" << schedule.getFunc()
           << ": its nodes are " << expected;
  dag->tagPayload();
  return func;
}

/// Gives every use of a `tensor.empty` in `func` an empty of its own, and
/// every linalg op whose init is shared with another use but never read a
/// fresh empty in its place. Fusing a producer into a consumer's
/// `scf.forall` retargets the producer's init to the forall's shared output
/// when both are the same value, so the producer writes its tile into the
/// consumer's result buffer. That is only right where the two tiles
/// coincide: a transpose sharing its consumer's init (an empty or an
/// argument) wrote its tile over other threads' results, a wrong attention
/// score. A fill's tile does coincide, but there the shared write costs a
/// copy per tile that a fresh tile, kept in registers, avoids. (An init
/// that every op sharing it reads, as a reduction reads its accumulator,
/// stays shared.)
static void giveSharedInitsTheirOwnEmpty(func::FuncOp func) {
  func.walk([](linalg::LinalgOp op) {
    for (OpOperand &init : op.getDpsInitsMutable()) {
      auto type = dyn_cast<RankedTensorType>(init.get().getType());
      if (init.get().hasOneUse() || !type || !type.hasStaticShape() ||
          init.get().getDefiningOp<tensor::EmptyOp>() ||
          op.payloadUsesValueFromOperand(&init))
        continue;
      OpBuilder builder(op);
      init.set(tensor::EmptyOp::create(builder, op.getLoc(), type.getShape(),
                                       type.getElementType()));
    }
  });
  SmallVector<tensor::EmptyOp> empties;
  func.walk([&](tensor::EmptyOp empty) { empties.push_back(empty); });
  for (tensor::EmptyOp empty : empties) {
    SmallVector<OpOperand *> uses = llvm::map_to_vector(
        empty->getUses(), [](OpOperand &use) { return &use; });
    if (uses.size() < 2)
      continue;
    OpBuilder builder(empty);
    builder.setInsertionPointAfter(empty);
    for (OpOperand *use : llvm::drop_begin(uses))
      use->set(builder.clone(*empty)->getResult(0));
  }
}

FailureOr<SmallVector<ScheduleScript>>
mlir::sched::buildScheduleScripts(ModuleOp module) {
  llvm::StringMap<ScheduleOp> byFunc;
  SmallVector<ScheduleScript> scripts;
  for (ScheduleOp schedule : module.getOps<ScheduleOp>()) {
    auto [it, inserted] = byFunc.try_emplace(schedule.getFunc(), schedule);
    if (!inserted)
      return schedule.emitOpError()
             << "is a second schedule for @" << schedule.getFunc()
             << " (the first is @" << it->second.getSymName()
             << "): materialization applies exactly one per func";
    FailureOr<func::FuncOp> payload = resolvePayload(schedule, module);
    if (failed(payload))
      return failure();
    giveSharedInitsTheirOwnEmpty(*payload);
    std::string sequence = ("apply_" + schedule.getSymName()).str();
    SmallVector<std::string> degradations;
    std::string error;
    FailureOr<ansor::Target> target =
        ansor::Target::parse(schedule.getTarget(), error);
    FailureOr<std::string> script =
        succeeded(target) && target->isGPU()
            ? buildGPUTransformScript(schedule, *payload, sequence,
                                      &degradations)
            : buildTransformScript(schedule, *payload, sequence, &degradations);
    if (failed(script))
      return failure();
    scripts.push_back({schedule, *script, sequence, degradations});
  }
  return scripts;
}

SmallVector<std::string> mlir::sched::getDegradations(ScheduleOp schedule,
                                                      func::FuncOp payload) {
  SmallVector<std::string> degradations;
  ScopedDiagnosticHandler quiet(payload.getContext(),
                                [](Diagnostic &) { return success(); });
  if (ansor::Target::namesGPU(schedule.getTarget()))
    (void)buildGPUTransformScript(schedule, payload, "probe", &degradations);
  else
    (void)buildTransformScript(schedule, payload, "probe", &degradations);
  return degradations;
}

LogicalResult mlir::sched::materializeSchedules(ModuleOp module) {
  FailureOr<SmallVector<ScheduleScript>> scripts = buildScheduleScripts(module);
  if (failed(scripts))
    return failure();
  struct Pending {
    std::string script, sequence, name, func;
    Location loc;
  };
  SmallVector<Pending> pending;
  for (ScheduleScript &s : *scripts) {
    pending.push_back({s.script, s.sequence, s.schedule.getSymName().str(),
                       s.schedule.getFunc().str(), s.schedule.getLoc()});
    s.schedule.erase();
  }
  // One schedule at a time, so that a failure names its schedule.
  for (const Pending &p : pending) {
    FailureOr<OwningOpRef<ModuleOp>> library =
        parseTransformLibrary(module.getContext(), {p.script}, {p.sequence});
    if (failed(library))
      return emitError(p.loc) << "internal error: the Transform script of "
                                 "schedule @"
                              << p.name << " does not parse:\n"
                              << p.script;
    auto main = (*library)->lookupSymbol<transform::NamedSequenceOp>(
        "__transform_main");
    if (failed(transform::applyTransformNamedSequence(
            module, main, **library, transform::TransformOptions())))
      return emitError(p.loc) << "applying schedule @" << p.name << " to @"
                              << p.func << " failed";
  }
  module.walk([](Operation *op) {
    op->removeAttr(ansor::kNodeAttrName);
    // Marks left on blocks that stayed scalar.
    for (NamedAttribute attr : llvm::to_vector(op->getDiscardableAttrs()))
      if (attr.getName().getValue().starts_with(kVectorizeMarkPrefix))
        op->removeDiscardableAttr(attr.getName());
  });
  return success();
}
