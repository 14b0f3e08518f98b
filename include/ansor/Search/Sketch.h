//===- Sketch.h - sketch states and their sched IR --------------*- C++ -*-===//
//
// A sketch under derivation: the structural decisions taken for each node of
// the ComputeDAG (Ansor's State, without its loop nest: our materializer
// derives loops from the decisions), and its emission as `sched` IR with
// every tunable unset.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_SEARCH_SKETCH_H
#define ANSOR_SEARCH_SKETCH_H

#include "ansor/Analysis/ComputeDAG/ComputeDAG.h"
#include "ansor/Analysis/ComputeDAG/Predicates.h"
#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "ansor/Target/Target.h"
#include "mlir/IR/Builders.h"
#include <optional>
#include <string>

namespace mlir {
namespace ansor {

/// The decisions of one node in a sketch.
struct NodeSketch {
  /// Left to the lowering, without steps (KeepLoopNest).
  bool untouched = false;
  bool inlined = false;
  bool rfactor = false;
  unsigned rfactorLoop = 0;
  bool cacheWrite = false;
  bool multiLevelTiled = false;
  /// Set on a consumer computed inside the tiles of its producer.
  bool fusedIntoProducer = false;
  /// Set on a producer: the consumer computed inside its tiles.
  std::optional<unsigned> fusedConsumer;
  /// Set on a node whose input is packed: the input and the packed loop.
  std::optional<PackCandidate> pack;
  /// GPU: the inputs (operand numbers) staged in shared memory.
  SmallVector<unsigned> cacheReads;
  /// CPU: a tiled node whose output rows are narrower than a vector, left
  /// without `sched.vectorize` in a sketch of its own (LeaveLanesToLLVM).
  bool lanesLeftToLLVM = false;
};

/// A (partial) sketch: per-node decisions, the rules applied so far, and the
/// node to process next (-1 when derivation is done).
struct SketchState {
  SmallVector<NodeSketch> nodes;
  SmallVector<std::string> rules;
  int current = -1;

  static SketchState initial(const ComputeDAG &dag);
};

/// The CPU multi-level tiling structure, Ansor's "SSRSRS".
ArrayRef<sched::LoopKind> getCPUTileStructure();

/// The GPU multi-level tiling structure, Ansor's "SSSRRSRS": block,
/// vthread and thread levels, then the reductions and the thread's tiles.
ArrayRef<sched::LoopKind> getGPUTileStructure();

/// Builds the `sched.schedule` of a derived sketch, all tunables unset.
sched::ScheduleOp buildSketchOp(OpBuilder &builder, Location loc,
                                const ComputeDAG &dag, const SketchState &state,
                                StringRef name, const Target &target);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_SEARCH_SKETCH_H
