//===- GPUTiling.cpp - a tiling bound to GPU blocks and threads -----------===//

#include "ansor/Search/GPUTiling.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"

using namespace mlir;
using namespace mlir::ansor;
using namespace mlir::sched;

/// GPU grids and blocks have three dimensions.
static constexpr unsigned kMaxMappedLoops = 3;

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
      continue;
    }
    tiling.blocks.push_back(factors[block]);
    tiling.vthreads.push_back(vthread ? factors[*vthread] : 1);
    tiling.threads.push_back(factors[thread]);
    tiling.blockTile.push_back(split.getInnerProduct(block + 1));
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
  int64_t n = 1;
  for (auto [loop, tile] : llvm::enumerate(threadTile))
    if (spatial[loop])
      n *= tile * vthreads[loop];
  return n;
}

SmallVector<unsigned> GPUTiling::mapped(ArrayRef<int64_t> counts) const {
  SmallVector<unsigned> loops;
  for (auto [loop, count] : llvm::enumerate(counts))
    if (count > 1)
      loops.push_back(loop);
  return loops;
}

std::optional<std::string> GPUTiling::check(const GPULimits &limits) const {
  if (gridLoops().size() > kMaxMappedLoops)
    return "blocks along " + std::to_string(gridLoops().size()) +
           " loops (a grid has 3 dimensions)";
  if (threadLoops().size() > kMaxMappedLoops)
    return "threads along " + std::to_string(threadLoops().size()) +
           " loops (a block has 3 dimensions)";
  if (numThreads() > limits.maxThreadsPerBlock)
    return std::to_string(numThreads()) + " threads per block (limit " +
           std::to_string(limits.maxThreadsPerBlock) + ")";
  if (numVThreads() > limits.maxVThreadExtent)
    return std::to_string(numVThreads()) + " virtual threads (limit " +
           std::to_string(limits.maxVThreadExtent) + ")";
  return std::nullopt;
}

BindOp mlir::ansor::getBindOp(ScheduleOp schedule, int64_t node) {
  for (auto bind : schedule.getBody().getOps<BindOp>())
    if (static_cast<int64_t>(bind.getNode()) == node)
      return bind;
  return {};
}
