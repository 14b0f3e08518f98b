//===- InitRules.h - random annotation of sketches --------------*- C++ -*-===//
//
// Ansor's initial sampling: fill every unset tunable of a sketch at random
// (InitFillTileSize, InitChangeComputeLocation, InitParallel, InitUnroll).
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_SEARCH_INITRULES_H
#define ANSOR_SEARCH_INITRULES_H

#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "mlir/IR/Builders.h"
#include <random>

namespace mlir {
namespace ansor {

struct SampleOptions {
  /// Largest innermost tile factor (Ansor's max_innermost_split_factor).
  int64_t maxInnermostFactor = 64;
  /// Parallel loop counts giving fewer outer iterations than this are only
  /// chosen when nothing reaches it.
  int64_t minParallelIterations = 2;
  /// Multi-level tilings are drawn until their register block fits the
  /// target's vector registers (RegisterBlock.h); false samples as Ansor.
  bool registerBlocks = true;
  /// Spatial loops are also split into tiles that do not divide them (the
  /// last tile partial), drawn for extents padded to small multiples and to
  /// whole vectors; false draws divisors only, as Ansor.
  bool partialTiles = true;
};

/// Fills the unset tunables of `schedule` in place with random legal values.
/// Fails (with a diagnostic on the step) when a split has no factorization.
LogicalResult annotateSchedule(sched::ScheduleOp schedule, std::mt19937 &rng,
                               const SampleOptions &options);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_SEARCH_INITRULES_H
