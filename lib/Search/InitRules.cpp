//===- InitRules.cpp - random annotation of sketches ----------------------===//

#include "ansor/Search/InitRules.h"
#include "ansor/Search/Factorization.h"
#include "ansor/Search/GPUTiling.h"
#include "ansor/Search/RegisterBlock.h"

using namespace mlir;
using namespace mlir::ansor;
using namespace mlir::sched;

template <typename T>
static const T &pickOne(ArrayRef<T> values, std::mt19937 &rng) {
  std::uniform_int_distribution<size_t> pick(0, values.size() - 1);
  return values[pick(rng)];
}

static FailureOr<SplitAttr> sampleSplit(SplitAttr split, std::mt19937 &rng,
                                        int64_t maxInnermost) {
  SmallVector<int64_t> factors(split.getFactors());
  if (!sampleFactorization(factors, split.getExtent(), maxInnermost, rng))
    return failure();
  return SplitAttr::get(split.getContext(), factors, split.getExtent());
}

static ChoiceAttr select(ChoiceAttr choice, int64_t value) {
  return ChoiceAttr::get(choice.getContext(), value, choice.getDomain());
}

static ChoiceAttr sampleChoice(ChoiceAttr choice, std::mt19937 &rng) {
  return select(choice, pickOne(choice.getDomain(), rng));
}

/// InitParallel: among the parallel loop counts whose outer tile loops give
/// enough iterations, and no parallel loop where the sketch offers it (a
/// small node), pick one at random.
static ChoiceAttr sampleParallel(ParallelOp op, ChoiceAttr choice,
                                 std::mt19937 &rng,
                                 const SampleOptions &options) {
  auto schedule = op->getParentOfType<ScheduleOp>();
  TileOp tile;
  for (auto candidate : schedule.getBody().getOps<TileOp>())
    if (candidate.getNode() == op.getNode())
      tile = candidate;
  if (!tile)
    return sampleChoice(choice, rng);
  NodeAttr node = schedule.getNode(op.getNode());
  SmallVector<int64_t> outer;
  for (auto [attr, kind] : llvm::zip_equal(tile.getSplits(), node.getKinds())) {
    auto split = cast<SplitAttr>(attr);
    if (kind == LoopKind::S)
      outer.push_back(split.isComplete() ? split.getFactors().front() : 1);
  }
  SmallVector<int64_t> good;
  for (int64_t count : choice.getDomain()) {
    int64_t iterations = 1;
    for (int64_t i = 0; i < count && i < (int64_t)outer.size(); ++i)
      iterations *= outer[i];
    if (count == 0 || iterations >= options.minParallelIterations)
      good.push_back(count);
  }
  if (good.empty())
    return sampleChoice(choice, rng);
  return select(choice, pickOne(ArrayRef(good), rng));
}

/// The multiples a partial tiling of `extent` pads it to: small row counts
/// and whole vectors of up to four registers.
static SmallVector<int64_t> getPaddingChoices(int64_t extent, int64_t lanes,
                                              int64_t maxInnermost) {
  SmallVector<int64_t> choices;
  auto add = [&](int64_t padTo) {
    if (padTo >= 2 && padTo <= std::min(extent, maxInnermost) &&
        extent % padTo != 0 && !llvm::is_contained(choices, padTo))
      choices.push_back(padTo);
  };
  for (int64_t padTo = 2; padTo <= 16; ++padTo)
    add(padTo);
  for (int64_t vectors = 1; vectors <= 4; ++vectors)
    add(vectors * lanes);
  return choices;
}

/// A spatial split: with some probability (higher where the extent has no
/// whole vectors) one whose last tile is partial, else Ansor's divisors.
static FailureOr<SplitAttr> sampleSpatialSplit(SplitAttr split, int64_t lanes,
                                               std::mt19937 &rng,
                                               const SampleOptions &options) {
  int64_t extent = split.getExtent();
  if (options.partialTiles && split.getFactors().size() >= 2 &&
      split.getFactors().front() == SplitAttr::kUnset) {
    std::bernoulli_distribution partial(extent % lanes == 0 ? 0.25 : 0.5);
    SmallVector<int64_t> choices =
        getPaddingChoices(extent, lanes, options.maxInnermostFactor);
    if (partial(rng) && !choices.empty()) {
      SmallVector<int64_t> factors(split.getFactors());
      if (samplePartialFactorization(factors, extent,
                                     pickOne(ArrayRef(choices), rng),
                                     options.maxInnermostFactor, rng))
        return SplitAttr::get(split.getContext(), factors, extent);
    }
  }
  return sampleSplit(split, rng, options.maxInnermostFactor);
}

/// InitFillTileSize: one random factorization per loop.
static FailureOr<ArrayAttr> sampleSplits(TileOp tile, ArrayAttr sketchSplits,
                                         int64_t lanes, std::mt19937 &rng,
                                         const SampleOptions &options) {
  auto schedule = tile->getParentOfType<ScheduleOp>();
  ArrayRef<LoopKind> kinds = schedule.getNode(tile.getNode()).getKinds();
  // The materializer packs only nodes whose tiles divide their extents.
  bool packed = schedule.isPacked(tile.getNode());
  SmallVector<Attribute> splits;
  for (auto [index, attr] : llvm::enumerate(sketchSplits)) {
    auto sketchSplit = cast<SplitAttr>(attr);
    FailureOr<SplitAttr> split =
        kinds[index] == LoopKind::S && !packed
            ? sampleSpatialSplit(sketchSplit, lanes, rng, options)
            : sampleSplit(sketchSplit, rng, options.maxInnermostFactor);
    if (failed(split))
      return tile.emitOpError() << "split #" << index
                                << " has no factorization with an innermost "
                                   "factor of at most "
                                << options.maxInnermostFactor;
    splits.push_back(*split);
  }
  return ArrayAttr::get(tile.getContext(), splits);
}

/// Draws of a tiling's splits looking for a good register block.
static constexpr unsigned kMaxBlockAttempts = 256;

/// Samples the splits of `tile` until its register block fits the target's
/// registers (RegisterBlock.h): the first draw with enough accumulators, else
/// the first that fits, else the first draw, as Ansor would have it.
static LogicalResult sampleTile(TileOp tile, std::mt19937 &rng,
                                const SampleOptions &options) {
  ArrayAttr sketchSplits = tile.getSplits();
  // The target is parsed once per tiling, not per draw.
  std::optional<RegisterLimits> target =
      RegisterLimits::forSchedule(tile->getParentOfType<ScheduleOp>());
  int64_t lanes = target ? target->lanes : 1;
  std::optional<RegisterLimits> limits;
  if (options.registerBlocks && target) {
    limits = target;
    limits->partialTiles = options.partialTiles;
  }
  ArrayAttr first, fitting;
  for (unsigned attempt = 0; attempt < kMaxBlockAttempts; ++attempt) {
    FailureOr<ArrayAttr> splits =
        sampleSplits(tile, sketchSplits, lanes, rng, options);
    if (failed(splits))
      return failure();
    tile.setSplitsAttr(*splits);
    BlockFit fit = limits ? getBlockFit(tile, *limits) : BlockFit::Good;
    if (fit == BlockFit::Good)
      return success();
    if (!first)
      first = *splits;
    if (fit == BlockFit::Small && !fitting)
      fitting = *splits;
  }
  tile.setSplitsAttr(fitting ? fitting : first);
  return success();
}

/// Samples the divisor splits of a GPU tiling until the target can launch
/// it (GPUTiling::check): the first draw with at least a warp of threads,
/// else the first that fits; a tiling nothing fits is refused here, not when
/// it runs.
static LogicalResult sampleGPUTile(TileOp tile, BindOp bind,
                                   const GPULimits &limits, std::mt19937 &rng,
                                   const SampleOptions &options) {
  ArrayAttr sketchSplits = tile.getSplits();
  auto schedule = tile->getParentOfType<ScheduleOp>();
  SmallVector<CacheReadOp> reads = getCacheReadOps(schedule, tile.getNode());
  int64_t privateBytes = getPrivateElementBytes(schedule, tile.getNode());
  ArrayAttr fitting;
  std::optional<std::string> firstViolation;
  for (unsigned attempt = 0; attempt < kMaxBlockAttempts; ++attempt) {
    SmallVector<Attribute> splits;
    for (auto [index, attr] : llvm::enumerate(sketchSplits)) {
      FailureOr<SplitAttr> split =
          sampleSplit(cast<SplitAttr>(attr), rng, options.maxInnermostFactor);
      if (failed(split))
        return tile.emitOpError()
               << "split #" << index
               << " has no factorization with an innermost factor of at most "
               << options.maxInnermostFactor;
      splits.push_back(*split);
    }
    tile.setSplitsAttr(ArrayAttr::get(tile.getContext(), splits));
    GPUTiling tiling = GPUTiling::get(tile, bind);
    std::optional<std::string> violation =
        tiling.check(limits, reads, privateBytes);
    if (!violation && tiling.numThreads() >= limits.warpSize)
      return success();
    if (!violation && !fitting)
      fitting = tile.getSplits();
    if (violation && !firstViolation)
      firstViolation = violation;
  }
  if (fitting) {
    tile.setSplitsAttr(fitting);
    return success();
  }
  tile.setSplitsAttr(sketchSplits);
  return tile.emitOpError()
         << "no tiling the GPU can launch in " << kMaxBlockAttempts
         << " draws (first: " << *firstViolation << ")";
}

/// Samples the split of a GPU rfactor, whose outer factor is the threads of
/// a block: the first draw with at least a warp and at most a block of
/// threads, else the first within a block.
static LogicalResult sampleGPURfactor(RfactorOp rfactor,
                                      const GPULimits &limits,
                                      std::mt19937 &rng) {
  SplitAttr sketch = rfactor.getSplit();
  std::optional<SplitAttr> fitting;
  for (unsigned attempt = 0; attempt < kMaxBlockAttempts; ++attempt) {
    FailureOr<SplitAttr> split = sampleSplit(sketch, rng, sketch.getExtent());
    if (failed(split))
      return rfactor.emitOpError() << "rfactor split has no factorization";
    int64_t threads = split->getFactors().front();
    if (threads > limits.maxThreadsPerBlock)
      continue;
    if (threads >= limits.warpSize) {
      rfactor.setSplitAttr(*split);
      return success();
    }
    if (!fitting)
      fitting = *split;
  }
  if (!fitting)
    return rfactor.emitOpError()
           << "no split puts at most " << limits.maxThreadsPerBlock
           << " threads on the reduction in " << kMaxBlockAttempts << " draws";
  rfactor.setSplitAttr(*fitting);
  return success();
}

static LogicalResult annotateStep(Operation *step, std::mt19937 &rng,
                                  const SampleOptions &options) {
  if (auto tile = dyn_cast<TileOp>(step)) {
    auto schedule = tile->getParentOfType<ScheduleOp>();
    std::string error;
    FailureOr<Target> target = Target::parse(schedule.getTarget(), error);
    if (succeeded(target) && target->isGPU()) {
      BindOp bind = getBindOp(schedule, tile.getNode());
      if (!bind)
        return tile.emitOpError() << "tiles a node without a sched.bind step "
                                     "in a GPU schedule";
      return sampleGPUTile(tile, bind, target->gpu, rng, options);
    }
    return sampleTile(tile, rng, options);
  }
  if (auto rfactor = dyn_cast<RfactorOp>(step)) {
    auto schedule = rfactor->getParentOfType<ScheduleOp>();
    std::string error;
    FailureOr<Target> target = Target::parse(schedule.getTarget(), error);
    if (succeeded(target) && target->isGPU())
      return sampleGPURfactor(rfactor, target->gpu, rng);
    // The inner part of an rfactor is a sequential reduction; any divisor.
    // One partial factors nothing, and its single-iteration loop makes
    // MLIR 22's extract_slice folder drop the wrong unit dimension of the
    // partial's slice (a compile error where the output has unit dims):
    // drawn again.
    SplitAttr sketch = rfactor.getSplit();
    FailureOr<SplitAttr> split = failure();
    for (unsigned attempt = 0; attempt < kMaxBlockAttempts; ++attempt) {
      split = sampleSplit(sketch, rng, sketch.getExtent());
      if (failed(split))
        return rfactor.emitOpError() << "rfactor split has no factorization";
      if (split->getFactors().front() > 1)
        break;
    }
    rfactor.setSplitAttr(*split);
    return success();
  }
  if (auto fuse = dyn_cast<FuseConsumerOp>(step)) {
    if (!fuse.getLevel().isComplete())
      fuse.setLevelAttr(sampleChoice(fuse.getLevel(), rng));
    return success();
  }
  if (auto parallel = dyn_cast<ParallelOp>(step)) {
    if (!parallel.getLoops().isComplete())
      parallel.setLoopsAttr(
          sampleParallel(parallel, parallel.getLoops(), rng, options));
    return success();
  }
  if (auto pack = dyn_cast<PackOp>(step)) {
    if (!pack.getLevel().isComplete())
      pack.setLevelAttr(sampleChoice(pack.getLevel(), rng));
    return success();
  }
  if (auto unroll = dyn_cast<UnrollOp>(step)) {
    if (!unroll.getMaxStep().isComplete())
      unroll.setMaxStepAttr(sampleChoice(unroll.getMaxStep(), rng));
    return success();
  }
  return success();
}

LogicalResult mlir::ansor::annotateSchedule(ScheduleOp schedule,
                                            std::mt19937 &rng,
                                            const SampleOptions &options) {
  // Tiles first: parallel choices depend on the sampled tile sizes.
  for (auto tile : schedule.getBody().getOps<TileOp>())
    if (failed(annotateStep(tile, rng, options)))
      return failure();
  for (Operation &step : schedule.getBody().front())
    if (!isa<TileOp>(step) && failed(annotateStep(&step, rng, options)))
      return failure();
  return success();
}
