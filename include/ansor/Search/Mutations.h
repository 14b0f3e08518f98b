//===- Mutations.h - mutation of complete programs --------------*- C++ -*-===//
//
// Ansor's mutation rules (TVM's MutateTileSize, MutateComputeLocation,
// MutateAutoUnroll, MutateParallel) as edits of a complete schedule's
// tunable attributes. Factors set in the program's sketch are structural and
// never mutated.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_SEARCH_MUTATIONS_H
#define ANSOR_SEARCH_MUTATIONS_H

#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include <random>

namespace mlir {
namespace ansor {

/// Rule weights (Ansor's CPU defaults) and the innermost factor bound.
struct MutationOptions {
  double tileSize = 0.90;
  double computeLocation = 0.05;
  double unroll = 0.04;
  double parallel = 0.01;
  int64_t maxInnermostFactor = 64;
  /// No tile mutation makes a fitting register block unfit
  /// (RegisterBlock.h).
  bool keepRegisterBlocks = true;
  /// Whether the programs may have partial tiles (InitRules.h); the fit of
  /// a register block depends on it.
  bool partialTiles = true;
};

/// Applies one randomly chosen mutation to `program`, a complete schedule
/// sampled from `sketch` (same steps, in the same order). Returns false when
/// no rule could change anything.
bool mutateSchedule(sched::ScheduleOp program, sched::ScheduleOp sketch,
                    std::mt19937 &rng, const MutationOptions &options);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_SEARCH_MUTATIONS_H
