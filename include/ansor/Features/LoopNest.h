//===- LoopNest.h - the loop nests a schedule materializes ------*- C++ -*-===//
//
// The program a complete schedule becomes, as the cost model sees it: one
// statement per store of the materialized program (a node's computation, its
// init fill, a fused consumer, a fused producer's tile, a pack, a cache
// write's copy-back), each with the loops that enclose it, outermost first,
// their annotations as materialization builds them (parallel foralls,
// vectorized and unrolled register blocks, unrolls kept or dropped by the
// caps), and its buffer accesses. It is derived from the same SchedulePlan
// the Transform script is emitted from, without materializing anything, so
// thousands of candidates can be described per second.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_FEATURES_LOOPNEST_H
#define ANSOR_FEATURES_LOOPNEST_H

#include "ansor/Dialect/Sched/Transforms/SchedulePlan.h"
#include "ansor/Target/Target.h"
#include <array>
#include <string>
#include <vector>

namespace mlir {
namespace ansor {

enum class LoopAnnotation { None, Parallel, Vectorized, Unrolled };

/// One loop around a statement. Per iteration it advances the statement's
/// iteration domain by `delta` (one entry per domain iterator).
struct NestLoop {
  int64_t extent = 1;
  LoopAnnotation annotation = LoopAnnotation::None;
  /// Whether it iterates a reduction of the statement.
  bool reduction = false;
  SmallVector<int64_t> delta;
};

struct Buffer {
  std::string name;
  SmallVector<int64_t> shape;
  int64_t elementBytes = 4;
  /// Allocated by the program (a pack, a cache stage, a fused tile).
  bool temporary = false;
  /// Neither an argument, a result nor a constant only read (a global) of
  /// the func: a temporary, or an intermediate between nodes. It counts in
  /// the program's workspace.
  bool workspace = false;
  /// Elements the program allocates for it, where that is not its whole
  /// shape: a fused consumer's producer is allocated a fused tile at a time,
  /// and not at all when that tile is one vectorized register block
  /// (sched-forward-vector-transfers keeps it in registers); a pad's tile
  /// read in place (sched-forward-padded-reads) is not allocated.
  std::optional<int64_t> allocatedElements;
};

enum class AccessKind { Read, Write, ReadWrite };

/// An access of a statement to a buffer: buffer index `d` is
/// `sum_i coefficients[d][i] * iterator_i` (plus a constant offset, which
/// the features ignore).
struct BufferAccess {
  unsigned buffer = 0;
  AccessKind kind = AccessKind::Read;
  SmallVector<SmallVector<int64_t>> coefficients;
};

/// Operations of one execution of a statement's body, by Ansor's groups.
struct OpCounts {
  enum Kind {
    FloatMad,
    FloatAddSub,
    FloatMul,
    FloatDivMod,
    FloatCmp,
    FloatMath,
    FloatOther,
    IntMad,
    IntAddSub,
    IntMul,
    IntDivMod,
    IntCmp,
    IntMath,
    IntOther,
    BoolOp,
    Select,
    NumKinds
  };
  std::array<int64_t, NumKinds> counts = {};
  int64_t total() const;
};

struct Statement {
  unsigned node = 0;
  /// What it computes ("node 1", "node 1 init", "node 1 pack", ...).
  std::string name;
  /// Extents of its iteration domain, one per iterator.
  SmallVector<int64_t> domain;
  SmallVector<NestLoop> loops;
  SmallVector<BufferAccess> accesses;
  OpCounts ops;
  /// The unroll step of its node's schedule.
  int64_t unrollMaxStep = 0;
  /// A temporary buffer this statement writes, allocated inside its first
  /// `allocDepth` loops.
  std::optional<unsigned> allocated;
  unsigned allocDepth = 0;
  /// On a GPU: the blocks of the kernel that runs the statement, the
  /// threads of each block, the virtual threads of each thread and the
  /// bytes of shared memory each block holds (all 0 on a CPU).
  int64_t gpuBlocks = 0, gpuThreads = 0, gpuVThreads = 0, gpuSharedBytes = 0;
  /// On a GPU: the blocks one multiprocessor holds at once (by threads,
  /// blocks and shared memory; registers are not known), and how the
  /// statement's iterators advance from one thread to the next along
  /// threadIdx.x (what decides whether a warp's accesses coalesce).
  int64_t gpuBlocksPerSM = 0;
  SmallVector<int64_t> threadDelta;
};

struct LoopNest {
  std::vector<Buffer> buffers;
  std::vector<Statement> statements;
};

/// How far one iteration of a loop advancing the iterators by `delta` moves
/// each result (buffer dimension) of an access with `coefficients`.
SmallVector<int64_t> advanceOf(ArrayRef<SmallVector<int64_t>> coefficients,
                               ArrayRef<int64_t> delta);

/// The bytes of the buffers a program allocates besides its arguments,
/// results and constants (Buffer::workspace): packed panels, cache-write tiles,
/// rfactor partials, fused producer tiles, intermediates between nodes; each
/// counted once, at its allocated size.
int64_t getWorkspaceBytes(const LoopNest &nest);

/// Describes what `plan` materializes.
LoopNest buildLoopNest(const sched::SchedulePlan &plan);

/// The loop nest of a complete `schedule` of `dag`'s payload for its
/// target (buildLoopNest or buildGPULoopNest); fails, with a diagnostic, on
/// a schedule its materializer refuses.
FailureOr<LoopNest> buildScheduleLoopNest(sched::ScheduleOp schedule,
                                          const ComputeDAG &dag);

/// Describes what the GPU materializer builds of a complete GPU `schedule`
/// of `dag`'s payload; fails, with a diagnostic at the schedule, on one the
/// target cannot run (a tiling over its limits).
FailureOr<LoopNest> buildGPULoopNest(sched::ScheduleOp schedule,
                                     const ComputeDAG &dag,
                                     const GPULimits &limits);

/// Operations of the body of a linalg op (or of a pad, per element).
OpCounts countOps(Operation *op);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_FEATURES_LOOPNEST_H
