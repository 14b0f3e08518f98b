//===- Mutations.cpp - mutation of complete programs ----------------------===//

#include "ansor/Search/Mutations.h"
#include "ansor/Search/Factorization.h"
#include "ansor/Search/GPUTiling.h"
#include "ansor/Search/RegisterBlock.h"

using namespace mlir;
using namespace mlir::ansor;
using namespace mlir::sched;

namespace {
/// A split factor that the sketch left tunable: loop `loop` of a tile step,
/// or the split of an rfactor step (`tile` null).
struct MutableSplit {
  TileOp tile;
  RfactorOp rfactor;
  unsigned loop;
  SmallVector<unsigned> levels;

  SplitAttr get() {
    return tile ? cast<SplitAttr>(tile.getSplits()[loop]) : rfactor.getSplit();
  }
  void set(SplitAttr split) {
    if (rfactor)
      return rfactor.setSplitAttr(split);
    SmallVector<Attribute> splits(tile.getSplits().begin(),
                                  tile.getSplits().end());
    splits[loop] = split;
    tile.setSplitsAttr(ArrayAttr::get(split.getContext(), splits));
  }
};
} // namespace

/// The levels a sketch's split leaves unset.
static SmallVector<unsigned> getUnsetLevels(SplitAttr sketchSplit) {
  SmallVector<unsigned> levels;
  for (auto [level, factor] : llvm::enumerate(sketchSplit.getFactors()))
    if (factor == SplitAttr::kUnset)
      levels.push_back(level);
  return levels;
}

/// MutateTileSize: moves a divisor of one level's factor to another level
/// of the same loop (of a tile step, or an rfactor's split). The outermost
/// factor then counts the tiles anew: the product stays the loop extent
/// where the tiles divide it, and a partial tiling stays one.
static bool mutateTileSize(ScheduleOp program, ScheduleOp sketch,
                           std::mt19937 &rng, const MutationOptions &options) {
  SmallVector<MutableSplit> candidates;
  for (auto [step, sketchStep] :
       llvm::zip(program.getBody().front(), sketch.getBody().front())) {
    if (auto rfactor = dyn_cast<RfactorOp>(&step)) {
      auto sketchRfactor = dyn_cast<RfactorOp>(&sketchStep);
      MutableSplit candidate{nullptr, rfactor, 0, {}};
      if (sketchRfactor)
        candidate.levels = getUnsetLevels(sketchRfactor.getSplit());
      if (candidate.levels.size() >= 2)
        candidates.push_back(std::move(candidate));
      continue;
    }
    auto tile = dyn_cast<TileOp>(&step);
    auto sketchTile = dyn_cast<TileOp>(&sketchStep);
    if (!tile || !sketchTile)
      continue;
    for (auto [loop, attr] : llvm::enumerate(sketchTile.getSplits())) {
      MutableSplit candidate{tile, nullptr, static_cast<unsigned>(loop),
                             getUnsetLevels(cast<SplitAttr>(attr))};
      if (candidate.levels.size() >= 2)
        candidates.push_back(std::move(candidate));
    }
  }
  if (candidates.empty())
    return false;
  std::optional<RegisterLimits> limits;
  if (options.keepRegisterBlocks)
    limits = RegisterLimits::forSchedule(program);
  if (limits)
    limits->partialTiles = options.partialTiles;
  for (int attempt = 0; attempt < 16; ++attempt) {
    std::uniform_int_distribution<size_t> pick(0, candidates.size() - 1);
    MutableSplit &c = candidates[pick(rng)];
    SplitAttr split = c.get();
    SmallVector<int64_t> factors(split.getFactors());
    std::uniform_int_distribution<size_t> level(0, c.levels.size() - 1);
    unsigned from = c.levels[level(rng)], to = c.levels[level(rng)];
    if (from == to || factors[from] == 1)
      continue;
    SmallVector<int64_t> divisors = getDivisors(factors[from]);
    std::uniform_int_distribution<size_t> div(1, divisors.size() - 1);
    int64_t d = divisors[div(rng)];
    factors[from] /= d;
    factors[to] *= d;
    if (c.tile && to == factors.size() - 1 &&
        factors[to] > options.maxInnermostFactor)
      continue;
    if (c.levels.front() == 0) {
      int64_t inner = 1;
      for (int64_t factor : ArrayRef(factors).drop_front())
        inner *= factor;
      if (inner > split.getExtent())
        continue;
      // The materializer packs only nodes whose tiles divide their extents;
      // an rfactor's inner part is any divisor.
      if (split.getExtent() % inner != 0 &&
          (!c.tile || program.isPacked(c.tile.getNode())))
        continue;
      factors.front() = llvm::divideCeil(split.getExtent(), inner);
    }
    // An rfactor keeps at least two partials (InitRules: one fails to build).
    if (c.rfactor && factors.front() == 1)
      continue;
    bool fitted =
        c.tile && limits && getBlockFit(c.tile, *limits) != BlockFit::Unfit;
    c.set(SplitAttr::get(split.getContext(), factors, split.getExtent()));
    // No mutation makes a register block spill or split its vectors.
    if (fitted && getBlockFit(c.tile, *limits) == BlockFit::Unfit) {
      c.set(split);
      continue;
    }
    return true;
  }
  return false;
}

/// Selects another value of the choice of one step of type `OpTy`.
template <typename OpTy>
static bool mutateChoice(ScheduleOp program, std::mt19937 &rng,
                         function_ref<ChoiceAttr(OpTy)> get,
                         function_ref<void(OpTy, ChoiceAttr)> set) {
  SmallVector<OpTy> steps;
  for (auto op : program.getBody().getOps<OpTy>())
    if (get(op).getDomain().size() > 1)
      steps.push_back(op);
  if (steps.empty())
    return false;
  std::uniform_int_distribution<size_t> pick(0, steps.size() - 1);
  OpTy op = steps[pick(rng)];
  ChoiceAttr choice = get(op);
  SmallVector<int64_t> others;
  for (int64_t v : choice.getDomain())
    if (v != choice.getSelected())
      others.push_back(v);
  std::uniform_int_distribution<size_t> value(0, others.size() - 1);
  set(op, ChoiceAttr::get(choice.getContext(), others[value(rng)],
                          choice.getDomain()));
  return true;
}

/// MutateComputeLocation: where a fused consumer is computed or where a
/// packed input is copied. A program with both picks one kind at random.
static bool mutateComputeLocation(ScheduleOp program, std::mt19937 &rng) {
  auto fuse = [&] {
    return mutateChoice<FuseConsumerOp>(
        program, rng, [](FuseConsumerOp op) { return op.getLevel(); },
        [](FuseConsumerOp op, ChoiceAttr c) { op.setLevelAttr(c); });
  };
  auto pack = [&] {
    return mutateChoice<PackOp>(
        program, rng, [](PackOp op) { return op.getLevel(); },
        [](PackOp op, ChoiceAttr c) { op.setLevelAttr(c); });
  };
  bool hasFuse = !program.getBody().getOps<FuseConsumerOp>().empty();
  bool hasPack = !program.getBody().getOps<PackOp>().empty();
  if (hasFuse && hasPack)
    return std::bernoulli_distribution(0.5)(rng) ? pack() : fuse();
  return hasPack ? pack() : fuse();
}

bool mlir::ansor::mutateSchedule(ScheduleOp program, ScheduleOp sketch,
                                 std::mt19937 &rng,
                                 const MutationOptions &options) {
  std::discrete_distribution<int> rule({options.tileSize,
                                        options.computeLocation, options.unroll,
                                        options.parallel});
  for (int attempt = 0; attempt < 8; ++attempt) {
    bool changed = false;
    switch (rule(rng)) {
    case 0:
      changed = mutateTileSize(program, sketch, rng, options);
      break;
    case 1:
      changed = mutateComputeLocation(program, rng);
      break;
    case 2:
      changed = mutateChoice<UnrollOp>(
          program, rng, [](UnrollOp op) { return op.getMaxStep(); },
          [](UnrollOp op, ChoiceAttr c) { op.setMaxStepAttr(c); });
      break;
    default:
      changed = mutateChoice<ParallelOp>(
          program, rng, [](ParallelOp op) { return op.getLoops(); },
          [](ParallelOp op, ChoiceAttr c) { op.setLoopsAttr(c); });
      break;
    }
    if (changed)
      return keepsGPULimits(program);
  }
  return false;
}
