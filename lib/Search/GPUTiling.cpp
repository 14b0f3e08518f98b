//===- GPUTiling.cpp - a tiling bound to GPU blocks and threads -----------===//

#include "ansor/Search/GPUTiling.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"

using namespace mlir;
using namespace mlir::ansor;
using namespace mlir::sched;

/// GPU grids and blocks have three dimensions.
static constexpr unsigned kMaxMappedLoops = 3;
/// Bytes of the widest element type a payload has (f64, i64).
static constexpr int64_t kWidestElementBytes = 8;

GPUTiling GPUTiling::get(TileOp tile, BindOp bind) {
  GPUTiling tiling;
  StructureAttr structure = tile.getStructure();
  // The position among the S levels of each bound level.
  unsigned block = bind.getBlock(), thread = bind.getThread();
  std::optional<uint64_t> vthread = bind.getVthread();
  for (auto attr : tile.getSplits()) {
    auto split = cast<SplitAttr>(attr);
    ArrayRef<int64_t> factors = split.getFactors();
    bool spatial = factors.size() == structure.count(LoopKind::S);
    tiling.spatial.push_back(spatial);
    if (!spatial) {
      for (auto *list : {&tiling.blocks, &tiling.vthreads, &tiling.threads})
        list->push_back(1);
      for (auto *list :
           {&tiling.blockTile, &tiling.vthreadTile, &tiling.threadTile})
        list->push_back(split.getExtent());
      tiling.stageTile.push_back(split.getInnerProduct(1));
      continue;
    }
    tiling.blocks.push_back(factors[block]);
    tiling.vthreads.push_back(vthread ? factors[*vthread] : 1);
    tiling.threads.push_back(factors[thread]);
    tiling.blockTile.push_back(split.getInnerProduct(block + 1));
    tiling.stageTile.push_back(tiling.blockTile.back());
    tiling.vthreadTile.push_back(
        split.getInnerProduct((vthread ? *vthread : block) + 1));
    tiling.threadTile.push_back(split.getInnerProduct(thread + 1));
  }
  // The structure level just after the thread level.
  unsigned sLevels = 0;
  for (auto [index, kind] : llvm::enumerate(structure.getLevels())) {
    if (kind != LoopKind::S)
      continue;
    if (sLevels++ == thread) {
      tiling.firstInnerLevel = index + 1;
      break;
    }
  }
  return tiling;
}

int64_t GPUTiling::numThreads() const { return computeProduct(threads); }

int64_t GPUTiling::numVThreads() const { return computeProduct(vthreads); }

int64_t GPUTiling::elementsPerThread() const {
  int64_t n = elementsPerThreadStep();
  for (auto [loop, count] : llvm::enumerate(vthreads))
    if (spatial[loop])
      n *= count;
  return n;
}

int64_t GPUTiling::elementsPerThreadStep() const {
  int64_t n = 1;
  for (auto [loop, tile] : llvm::enumerate(threadTile))
    if (spatial[loop])
      n *= tile;
  return n;
}

SmallVector<unsigned> GPUTiling::mapped(ArrayRef<int64_t> counts) const {
  SmallVector<unsigned> loops;
  for (auto [loop, count] : llvm::enumerate(counts))
    if (count > 1)
      loops.push_back(loop);
  return loops;
}

/// The multiple of each dim in `expr`, or nothing when `expr` is not a sum
/// of dim multiples and constants.
static std::optional<SmallVector<int64_t>> getDimMultiples(AffineExpr expr,
                                                           unsigned numDims) {
  SmallVector<int64_t> multiples(numDims, 0);
  if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
    multiples[dim.getPosition()] = 1;
    return multiples;
  }
  if (isa<AffineConstantExpr>(expr))
    return multiples;
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return std::nullopt;
  if (binary.getKind() == AffineExprKind::Add) {
    auto lhs = getDimMultiples(binary.getLHS(), numDims);
    auto rhs = getDimMultiples(binary.getRHS(), numDims);
    if (!lhs || !rhs)
      return std::nullopt;
    for (unsigned d = 0; d < numDims; ++d)
      multiples[d] = (*lhs)[d] + (*rhs)[d];
    return multiples;
  }
  if (binary.getKind() == AffineExprKind::Mul) {
    auto constant = dyn_cast<AffineConstantExpr>(binary.getRHS());
    auto inner = getDimMultiples(binary.getLHS(), numDims);
    if (!constant || !inner)
      return std::nullopt;
    for (int64_t &m : *inner)
      m *= constant.getValue();
    return inner;
  }
  return std::nullopt;
}

bool mlir::ansor::isSumOfLoopMultiples(AffineMap access) {
  return llvm::all_of(access.getResults(), [&](AffineExpr expr) {
    return getDimMultiples(expr, access.getNumDims()).has_value();
  });
}

std::optional<SmallVector<int64_t>>
GPUTiling::getStageShape(AffineMap access) const {
  if (access.getNumDims() != stageTile.size())
    return std::nullopt;
  SmallVector<int64_t> shape;
  for (AffineExpr expr : access.getResults()) {
    std::optional<SmallVector<int64_t>> multiples =
        getDimMultiples(expr, access.getNumDims());
    if (!multiples)
      return std::nullopt;
    int64_t extent = 1;
    for (auto [m, tile] : llvm::zip(*multiples, stageTile))
      extent += std::abs(m) * (tile - 1);
    shape.push_back(extent);
  }
  return shape;
}

/// Why `loops` (x innermost) with `counts` per loop exceed the extent of a
/// dimension, or nothing when they fit.
static std::optional<std::string>
checkDims(ArrayRef<unsigned> loops, ArrayRef<int64_t> counts,
          const std::array<int64_t, 3> &limits, StringRef what) {
  static constexpr char kDims[] = {'x', 'y', 'z'};
  for (auto [i, loop] : llvm::enumerate(llvm::reverse(loops)))
    if (counts[loop] > limits[i])
      return (Twine(counts[loop]) + " " + what + " along loop " + Twine(loop) +
              ", dimension " + Twine(kDims[i]) + " (limit " + Twine(limits[i]) +
              ")")
          .str();
  return std::nullopt;
}

std::optional<std::string> GPUTiling::check(const GPULimits &limits,
                                            ArrayRef<sched::CacheReadOp> reads,
                                            int64_t privateElementBytes) const {
  if (gridLoops().size() > kMaxMappedLoops)
    return "blocks along " + std::to_string(gridLoops().size()) +
           " loops (a grid has 3 dimensions)";
  if (threadLoops().size() > kMaxMappedLoops)
    return "threads along " + std::to_string(threadLoops().size()) +
           " loops (a block has 3 dimensions)";
  if (numThreads() > limits.maxThreadsPerBlock)
    return std::to_string(numThreads()) + " threads per block (limit " +
           std::to_string(limits.maxThreadsPerBlock) + ")";
  if (std::optional<std::string> violation =
          checkDims(threadLoops(), threads, limits.maxBlockDims, "threads"))
    return violation;
  if (std::optional<std::string> violation =
          checkDims(gridLoops(), blocks, limits.maxGridDims, "blocks"))
    return violation;
  if (numVThreads() > limits.maxVThreadExtent)
    return std::to_string(numVThreads()) + " virtual threads (limit " +
           std::to_string(limits.maxVThreadExtent) + ")";
  // A thread's output tile is a private buffer when a consumer is fused into
  // it, one per virtual-thread step.
  if (privateElementBytes > 0 &&
      elementsPerThreadStep() * privateElementBytes > limits.maxPrivateBytes)
    return std::to_string(elementsPerThreadStep()) +
           " output elements per thread step (limit " +
           std::to_string(limits.maxPrivateBytes / privateElementBytes) + ": " +
           std::to_string(limits.maxPrivateBytes) + " private bytes at " +
           std::to_string(privateElementBytes) + " bytes each)";
  int64_t stagedBytes = 0;
  for (sched::CacheReadOp read : reads) {
    if (!read.getAccess())
      continue;
    std::optional<SmallVector<int64_t>> shape =
        getStageShape(*read.getAccess());
    if (!shape)
      return "operand " + std::to_string(read.getOperand()) +
             " is read through an access the stage cannot size";
    int64_t bits = read.getElementType()->getIntOrFloatBitWidth();
    stagedBytes +=
        llvm::alignTo(computeProduct(*shape) * llvm::divideCeil(bits, 8),
                      limits.sharedBufferAlignment);
  }
  if (stagedBytes > limits.maxSharedMemoryPerBlock)
    return std::to_string(stagedBytes) + " bytes of shared-memory stages " +
           "(limit " + std::to_string(limits.maxSharedMemoryPerBlock) + ")";
  return std::nullopt;
}

SmallVector<CacheReadOp> mlir::ansor::getCacheReadOps(ScheduleOp schedule,
                                                      int64_t node) {
  SmallVector<CacheReadOp> reads;
  for (auto read : schedule.getBody().getOps<CacheReadOp>())
    if (static_cast<int64_t>(read.getNode()) == node)
      reads.push_back(read);
  return reads;
}

int64_t mlir::ansor::getPrivateElementBytes(ScheduleOp schedule, int64_t node) {
  bool fused = llvm::any_of(
      schedule.getBody().getOps<FuseConsumerOp>(), [&](FuseConsumerOp fuse) {
        return static_cast<int64_t>(fuse.getInto()) == node;
      });
  return fused ? kWidestElementBytes : 0;
}

BindOp mlir::ansor::getBindOp(ScheduleOp schedule, int64_t node) {
  for (auto bind : schedule.getBody().getOps<BindOp>())
    if (static_cast<int64_t>(bind.getNode()) == node)
      return bind;
  return {};
}

std::optional<std::string>
mlir::ansor::checkGPULimits(ScheduleOp program, const GPULimits &limits) {
  for (auto tile : program.getBody().getOps<TileOp>())
    if (BindOp bind = getBindOp(program, tile.getNode()))
      if (std::optional<std::string> violation =
              GPUTiling::get(tile, bind)
                  .check(limits, getCacheReadOps(program, tile.getNode()),
                         getPrivateElementBytes(program, tile.getNode())))
        return "node " + std::to_string(tile.getNode()) + ": " + *violation;
  for (auto rfactor : program.getBody().getOps<RfactorOp>()) {
    int64_t threads = rfactor.getSplit().getFactors().front();
    if (threads > limits.maxThreadsPerBlock)
      return "node " + std::to_string(rfactor.getNode()) + ": " +
             std::to_string(threads) + " threads reduce (limit " +
             std::to_string(limits.maxThreadsPerBlock) + ")";
  }
  return std::nullopt;
}

bool mlir::ansor::keepsGPULimits(ScheduleOp program) {
  if (!Target::namesGPU(program.getTarget()))
    return true;
  std::string error;
  FailureOr<Target> target = Target::parse(program.getTarget(), error);
  return failed(target) || !checkGPULimits(program, target->gpu);
}

SmallVector<int64_t> mlir::ansor::distributeCopy(ArrayRef<int64_t> shape,
                                                 int64_t threads,
                                                 int64_t &vector) {
  auto largestDivisorUpTo = [](int64_t n, int64_t bound) {
    for (int64_t d = std::min(n, bound); d > 1; --d)
      if (n % d == 0)
        return d;
    return int64_t(1);
  };
  // The vector divides the innermost extent however many threads there
  // are: a single thread copies its stage in vectors too.
  while (vector > 1 && shape.back() % vector != 0)
    vector /= 2;
  SmallVector<int64_t> counts(shape.size(), 1);
  int64_t left = threads;
  for (int i = shape.size() - 1; i >= 0 && left > 1; --i) {
    int64_t units = shape[i];
    if (i + 1 == static_cast<int>(shape.size()))
      units /= vector;
    counts[i] = largestDivisorUpTo(units, left);
    left /= counts[i];
  }
  return counts;
}
