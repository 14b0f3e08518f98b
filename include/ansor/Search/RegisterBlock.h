//===- RegisterBlock.h - register blocks that fit the target ----*- C++ -*-===//
//
// The innermost spatial tile of a multi-level tiling (Ansor's S3 level) is
// the register block: its accumulators stay in vector registers while the
// inner reduction runs, and its last spatial loop is the vectorized one (the
// contiguous dimension of the result). A block whose accumulator vectors,
// one row of the other operand and a broadcast scalar do not fit the
// target's registers spills; a vectorized extent that is not a
// whole number of vectors leaves a partial vector in every block; a block of
// very few vectors waits on the FMA latency. The sampler and the mutations
// keep to blocks that fit, so no trial is spent on one that does not.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_SEARCH_REGISTERBLOCK_H
#define ANSOR_SEARCH_REGISTERBLOCK_H

#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "ansor/Target/Target.h"

namespace mlir {
namespace ansor {

/// The vector registers a register block may use.
struct RegisterLimits {
  /// fp32 lanes of one vector register.
  int64_t lanes = 4;
  /// Vector registers of the target: the accumulators, one row of the
  /// other operand and a broadcast must fit them.
  int64_t registers = 16;
  /// Whether tiles may be partial, so that an extent of at least one vector
  /// always has blocks of whole vectors (the last tile masked).
  bool partialTiles = false;

  static RegisterLimits forTarget(const Target &target);
  /// The limits of `schedule`'s target; std::nullopt if it does not parse.
  static std::optional<RegisterLimits> forSchedule(sched::ScheduleOp schedule);
};

/// How well the register block of a complete multi-level `tile` suits the
/// registers.
enum class BlockFit {
  /// Spills, or splits vectors where whole ones were possible.
  Unfit,
  /// Fits, but with fewer accumulators than hide the FMA latency.
  Small,
  /// Fits with enough accumulators.
  Good,
};

/// The fit of `tile`'s register block, whose accumulator vectors are the
/// product of its spatial extents, the last counted in whole vectors (with
/// one more row of those and a broadcast, they must fit the registers); Good
/// for tiles that are not complete, not multi-level (no register block) or
/// whose node is not vectorized.
BlockFit getBlockFit(sched::TileOp tile, const RegisterLimits &limits);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_SEARCH_REGISTERBLOCK_H
