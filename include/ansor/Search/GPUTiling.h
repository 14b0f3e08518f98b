//===- GPUTiling.h - a tiling bound to GPU blocks and threads ---*- C++ -*-===//
//
// What a `sched.tile` with a `sched.bind` asks of the GPU: how many blocks
// and threads run along each loop, which loops become grid and block
// dimensions, and what each thread computes. The sampler draws only tilings
// the target can launch, and the GPU materializer builds from the same
// numbers.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_SEARCH_GPUTILING_H
#define ANSOR_SEARCH_GPUTILING_H

#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "ansor/Target/Target.h"
#include <optional>
#include <string>

namespace mlir {
namespace ansor {

struct GPUTiling {
  /// Whether each loop of the node is spatial.
  SmallVector<bool> spatial;
  /// Per loop of the node (reduction loops: 1).
  SmallVector<int64_t> blocks, vthreads, threads;
  /// Per loop: the extent each block, each vthread step and each thread
  /// covers (reduction loops: their extent).
  SmallVector<int64_t> blockTile, vthreadTile, threadTile;
  /// Per loop: the extent one block stages in shared memory per step
  /// (spatial: the block tile; reduction: one step of the outermost
  /// reduction level).
  SmallVector<int64_t> stageTile;
  /// Structure levels after the thread level, outermost first.
  unsigned firstInnerLevel = 0;

  /// The tiling of a complete `tile` bound by `bind`.
  static GPUTiling get(sched::TileOp tile, sched::BindOp bind);

  int64_t numThreads() const;
  int64_t numVThreads() const;
  /// Loops with more than one block (grid dimensions, x innermost).
  SmallVector<unsigned> gridLoops() const { return mapped(blocks); }
  /// Loops with more than one thread (block dimensions, x innermost).
  SmallVector<unsigned> threadLoops() const { return mapped(threads); }
  /// Elements of the node's output one thread computes.
  int64_t elementsPerThread() const;
  /// Elements of the node's output one thread computes per virtual-thread
  /// step: its private buffer when a consumer is fused into the thread tile.
  int64_t elementsPerThreadStep() const;

  /// The shape of the stage of an operand read through `access`, or
  /// nothing when an index is not a sum of loop multiples and constants.
  std::optional<SmallVector<int64_t>> getStageShape(AffineMap access) const;

  /// Why the target cannot run this tiling with the stages of `reads` (and,
  /// with `privateElementBytes`, each thread's output tile per virtual-thread
  /// step in a private buffer of elements that size: a consumer fused into
  /// it), or nothing when it can.
  std::optional<std::string> check(const GPULimits &limits,
                                   ArrayRef<sched::CacheReadOp> reads = {},
                                   int64_t privateElementBytes = 0) const;

private:
  SmallVector<unsigned> mapped(ArrayRef<int64_t> counts) const;
};

/// Threads per dimension of a copy of `shape` by `threads` threads, the
/// innermost dimension first in vectors of 16 bytes (`vector` elements, made
/// to divide the innermost extent), so neighbouring threads copy neighbouring
/// vectors; each count divides its dimension and their product is at most
/// `threads`. How a block's threads copy a stage into shared memory.
SmallVector<int64_t> distributeCopy(ArrayRef<int64_t> shape, int64_t threads,
                                    int64_t &vector);

/// Whether every index of `access` is a sum of loop multiples and
/// constants (a stage of it has a static shape).
bool isSumOfLoopMultiples(AffineMap access);

/// Why the target cannot run `program`, a complete GPU schedule (a tiling
/// with its stages over the target's limits, a reduction split across more
/// threads than a block has), or nothing when it can. What sampling
/// guarantees, mutations and crossover must keep.
std::optional<std::string> checkGPULimits(sched::ScheduleOp program,
                                          const GPULimits &limits);

/// Whether `program` still runs on its target: checkGPULimits for a GPU
/// target, always for a CPU one.
bool keepsGPULimits(sched::ScheduleOp program);

/// The element size to check `node`'s private output tile with when a
/// consumer is fused into it in `schedule` (the schedule does not know the
/// element type: the widest a payload has, 8 bytes), else 0.
int64_t getPrivateElementBytes(sched::ScheduleOp schedule, int64_t node);

/// The bind step of `node` in `schedule`, if any.
sched::BindOp getBindOp(sched::ScheduleOp schedule, int64_t node);

/// The cache_read steps of `node` in `schedule`.
SmallVector<sched::CacheReadOp> getCacheReadOps(sched::ScheduleOp schedule,
                                                int64_t node);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_SEARCH_GPUTILING_H
