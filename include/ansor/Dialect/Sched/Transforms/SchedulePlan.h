//===- SchedulePlan.h - what the CPU materializer builds per node -*- C++
//-*-===//
//
// The planning half of CPU materialization: the steps of a complete schedule
// gathered per node and checked against its payload, and the decisions the
// materializer takes beyond what the schedule says (which register blocks
// are vectorized, which unrolls fit the caps, how a pack is blocked). The
// Transform script builder emits from this plan, and the cost model's loop
// nests are derived from it, so both describe the same program.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_DIALECT_SCHED_TRANSFORMS_SCHEDULEPLAN_H
#define ANSOR_DIALECT_SCHED_TRANSFORMS_SCHEDULEPLAN_H

#include "ansor/Analysis/ComputeDAG/ComputeDAG.h"
#include "ansor/Dialect/Sched/IR/SchedOps.h"

namespace mlir {
namespace sched {

/// Largest iteration space of one tile that is vectorized; larger tiles stay
/// scalar loops (their vectors would not fit the register file anyway).
constexpr int64_t kMaxVectorTileElements = 4096;

/// Most register blocks one unrolled loop nest may repeat.
constexpr int64_t kMaxUnrolledBlocks = 64;

/// The most elements a vectorized block of a pack copies (rows of a panel).
constexpr int64_t kMaxPackBlockElements = 1024;

/// The most partial results of several outputs an rfactor's combine
/// vectorizes whole: it reads them as one vector and extracts each output's,
/// and LLVM's DAG combining is quadratic in that vector's width (16 outputs
/// of 256 partials, 4096 floats: 2 s to compile; 2048: 0.6 s; 1024: 0.3 s).
/// Above it the combine is left to LLVM, which vectorizes it across outputs
/// with gathers (materialize-rfactor.mlir: 32 rows of 64 partials stay
/// whole). One output's partials are one reduction (isCostlyReductionWidth
/// bounds it).
constexpr int64_t kMaxCombineElements = 2048;

/// The most rows of a panel a vectorized block of a pack copies. Each row is
/// a load of its own from the input, inserted into the block's vector: a
/// panel one element wide copied 1024 rows at a time took 9 s to compile (a
/// 4 x 4096 x 4 matmul; LLVM's instruction selection is quadratic in the
/// inserts of one block).
constexpr int64_t kMaxPackBlockRows = 128;

/// A whole reduction loop of a register block split into lanes of partial
/// results (getLaneSplit).
struct LaneSplit {
  unsigned loop;
  int64_t lanes;
  /// The part of the loop the lanes cover, a multiple of them; the rest of
  /// the loop is reduced after them, vectorized whole.
  int64_t covered;
};

/// The steps of one node, gathered from a schedule.
struct NodePlan {
  TileOp tile;
  RfactorOp rfactor;
  /// Set on a producer whose consumer is computed inside its tiles.
  FuseConsumerOp fusedConsumer;
  bool fusedIntoProducer = false;
  bool inlined = false;
  bool cacheWrite = false;
  bool vectorize = false;
  int64_t parallel = 1;
  int64_t unrollMaxStep = 0;
  /// Loops of the node whose split leaves a partial last tile.
  SmallVector<bool> partial;
  /// The input packed into panels of the register block, if any.
  PackOp pack;
  /// The packed loop's register tile (the panel width).
  int64_t packTile = 0;
  /// The block's whole reduction split into lanes, if it is
  /// (SchedulePlan::getLaneSplit).
  std::optional<LaneSplit> laneSplit;
  bool hasPartialTiles() const { return llvm::is_contained(partial, true); }
};

/// Tile sizes of the levels of one node's tiling.
struct LevelSizes {
  /// Per loop of the node: the tile size at each level; 0 where the level
  /// has a single iteration (no loop).
  SmallVector<SmallVector<int64_t>> spatial; // [level][loop]
  SmallVector<SmallVector<int64_t>> reduction;
  /// Extent of the innermost tile, per loop.
  SmallVector<int64_t> block;
};

/// What becomes of an unroll step.
enum class UnrollDecision {
  /// Not asked, or the loops run more iterations than the max step.
  None,
  Unrolled,
  /// Asked but above the caps on unrolled blocks: dropped.
  Capped,
};

/// Whether `extent` is a vector width of bf16 that LLVM 22's x86 backend
/// cannot build (8k + 1 lanes).
bool isUnlowerableBF16Width(int64_t extent);

/// Whether vectorizing a block `block` of `op` on the CPU would make a
/// vector of bf16 with 9, 17, 25, ... (8k + 1) lanes, which LLVM 22's x86
/// backend aborts on, even for a plain load and store (docs/reliability.md):
/// `op` reads or writes bf16 and a block extent, or the extent the block
/// reads of a bf16 operand (a convolution's window), is such a width.
bool hasUnlowerableBF16Width(Operation *op, ArrayRef<int64_t> block);

/// The most elements a vectorized block of more than one output element
/// reduces per element (hasCostlyVectorReduction).
constexpr int64_t kMaxBlockReductionWidth = 256;
/// The most that flattening a block's reductions may cost: the rows it is
/// built from times the flattened width (hasCostlyVectorReduction).
constexpr int64_t kMaxFlattenedReductionCost = 16384;

/// Whether vectorizing a block `block` of `op` would reduce along vectors
/// too wide for LLVM to build in bounded time (its DAG combiner takes time
/// quadratic in the width of the vectors it extracts from):
/// - more than one output element, each reducing more than
///   kMaxBlockReductionWidth elements: each step of the reduction extracts
///   from the whole block (a 2 x 2048 sum weighted by the loop's index,
///   lowered as a contraction: 45 s to compile; 2 x 256: 0.5 s);
/// - a reduction other than a contraction along several of the block's
///   loops, which the multi-reduction lowering flattens into one vector,
///   each row of the innermost non-unit loop inserted by a shuffle of its
///   whole width, when rows times width exceed kMaxFlattenedReductionCost:
///   an 8x64x2 max (512 rows of 2, 1024 wide) took 42 s to compile and an
///   8x64x4 one 93 s; 8x64x1 (8 rows of 64, 512 wide) 0.35 s.
/// A block split into lanes (SchedulePlan::getLaneSplit) reduces a lane
/// block, which is within both.
bool hasCostlyVectorReduction(Operation *op, ArrayRef<int64_t> block);
/// The most lanes of a vectorized block that divides integers
/// (hasCostlyIntegerDivision).
constexpr int64_t kMaxIntegerDivisionLanes = 256;

/// Whether vectorizing a block `block` of `op` would divide (or take the
/// remainder of) integers in vectors of more than kMaxIntegerDivisionLanes
/// lanes. x86 has no vector integer division: LLVM divides lane by lane,
/// and its build time grows with the lanes (a 64 x 64 block of an i32
/// quotient: 14 s alone, past the 20 s build timeout with two builds at
/// once), for no speed the scalar loop lacks.
bool hasCostlyIntegerDivision(Operation *op, ArrayRef<int64_t> block);

/// The most elements a vectorized block may write of one output whose
/// innermost dimension the block does not walk (hasCostlyStridedWrite).
constexpr int64_t kMaxStridedWriteElements = 256;

/// Whether vectorizing a block `block` of `op` would write more than
/// kMaxStridedWriteElements elements of one output one at a time: the
/// output's innermost dimension has extent 1 in the block (a transpose into
/// NHWC whose block holds one channel), so the transfer is lowered to one
/// store per element, each extracted from the block's vector, and LLVM's
/// instruction selection takes time quadratic in such a basic block (a
/// 34x34x1 block of an NCHW-to-NHWC transpose: 26 s to compile; 17x17x1:
/// 1.1 s; 34x1x16, which writes whole channel rows: 0.5 s).
bool hasCostlyStridedWrite(Operation *op, ArrayRef<int64_t> block);

/// The most elements a vectorized block may read of one input whose
/// innermost dimension the block does not walk (hasCostlyStridedRead).
constexpr int64_t kMaxStridedReadElements = 1024;

/// Whether vectorizing a block `block` of `op` would read more than
/// kMaxStridedReadElements elements of one input one at a time, each loaded
/// on its own and inserted into the block's vector. Cheaper per element
/// than such writes, the same growth: the reverse transpose (NHWC to NCHW)
/// blocked 1x32x32 per channel takes 1 s to compile, 2x32x32 2.9 s, and
/// runs no faster vectorized than left to LLVM (1x34x34: 37 us against
/// 33 us scalar).
bool hasCostlyStridedRead(Operation *op, ArrayRef<int64_t> block);

/// Whether vectors reducing `width` elements into each of `outputs`
/// elements are too wide: more than kMaxBlockReductionWidth for several
/// outputs, more than half kMaxVectorTileElements for one (an ordered sum
/// of 4096 elements, an rfactor's combine of 4096 partials: 18 s to
/// compile; of 2048: 0.3 s).
bool isCostlyReductionWidth(int64_t outputs, int64_t width);

class SchedulePlan {
public:
  /// Gathers the steps of the complete `schedule` per node of `dag` and
  /// rejects combinations the CPU materializer would otherwise ignore or
  /// mistranslate, with a diagnostic at the step.
  static FailureOr<SchedulePlan> build(ScheduleOp schedule,
                                       const ansor::ComputeDAG &dag);

  ScheduleOp getSchedule() const { return schedule; }
  const ansor::ComputeDAG &getDAG() const { return *dag; }
  ArrayRef<NodePlan> getNodes() const { return plans; }
  const NodePlan &getNode(unsigned node) const { return plans[node]; }

  /// Tile sizes per level of a tiled node.
  LevelSizes getLevelSizes(unsigned node) const;
  /// Sizes of the packed op's loops (or of its init's dimensions) from those
  /// of the node's: the packed dimension counts panels, and the panel
  /// dimension, appended innermost by the packing, is never tiled.
  SmallVector<int64_t> toPacked(unsigned node, ArrayRef<int64_t> sizes,
                                unsigned packedDim) const;
  SmallVector<int64_t> toPackedLoops(unsigned node,
                                     ArrayRef<int64_t> sizes) const {
    PackOp pack = plans[node].pack;
    return toPacked(node, sizes, pack ? pack.getLoop() : 0);
  }
  /// Whether a tile `block` of `node` can be vectorized (small enough,
  /// convolution windows reduced to a point, no bf16 vector LLVM cannot
  /// lower: hasUnlowerableBF16Width).
  bool canVectorize(unsigned node, ArrayRef<int64_t> block) const;
  /// Where a node's register block holds a whole reduction loop that an
  /// input reads contiguously (a row sum, a softmax's max and sum, a layer
  /// norm's mean), the loop and the partial results it is split into: the
  /// block then accumulates `lanes` partials per output element along that
  /// loop in vector registers and adds them up once at the end (upstream's
  /// tile_reduction_using_for; TVM's rfactor with its factor axis
  /// vectorized). Vectorized whole, the block reduced each row in order, one
  /// element at a time (no reassociation): a 64x1024 row sum ran 13x slower
  /// than split. Twice the target's vector lanes (two independent chains),
  /// or fewer where the loop is shorter, over the largest multiple of them
  /// the loop holds; none where no count of at least 4 leaves two steps,
  /// where the combiner is not one upstream knows the neutral element of, or
  /// where the split block cannot be vectorized. A factored node's partials
  /// (rfactor) each split their part of the loop alike: each of a full
  /// sum's partials reduced in order ran 6-20x slower than one thread with
  /// lanes.
  std::optional<LaneSplit> getLaneSplit(unsigned node) const {
    return plans[node].laneSplit;
  }
  /// The register block of `node` as vectorized: the lane split's loop
  /// holds its lanes.
  SmallVector<int64_t> getVectorBlock(unsigned node) const;
  /// The part of a factored node (rfactor) one partial reduces: its loops,
  /// the factored one divided by the partials.
  SmallVector<int64_t> getRfactorBlock(unsigned node) const;
  /// `block`, a block of `node`, as a lane split with `lanes` lanes along
  /// `loop` vectorizes it: those lanes, the node's other reductions stepped
  /// one iteration at a time inside the lanes' loop (unit here).
  SmallVector<int64_t> getLaneBlock(unsigned node, ArrayRef<int64_t> block,
                                    unsigned loop, int64_t lanes) const;

  /// Whether masked vectorization may build partial blocks of `op`: not where
  /// `op` reads or writes elements narrower than 32 bits (i1 as bytes) on a
  /// target without masked moves of them (Target::hasMaskedNarrowMoves). On
  /// AVX2 LLVM 22 expands each such masked access into a branch per lane: a
  /// 64 x 56 partial block of an f32 comparison into i1 took 14-20 s to
  /// compile, most of it in machine code sinking.
  bool canMaskElementsOf(Operation *op) const;

  /// The operand index through which `node` reads its init fill, if any.
  std::optional<unsigned> getInitOperand(unsigned node) const;
  /// Inlined producers (tensor.pad or elementwise) of `node`, as (producer
  /// node, operand index of the consumer) pairs, deduplicated; producers of
  /// inits are not fused and not listed.
  SmallVector<std::pair<unsigned, unsigned>>
  getInlinedProducers(unsigned node) const;
  /// Trip counts of the loops that enclose a multi-level tiled node's
  /// register block inside its reduction loop (the level-2 spatial loops
  /// with more than one iteration), which its unroll step repeats; empty
  /// when one of them has a dynamic trip count (a partial tile not peeled).
  SmallVector<int64_t> getBlockLoopTrips(unsigned node) const;
  /// Whether unrolling loops of `tripCounts` repeating blocks of
  /// `blockElements` is done with `maxStep`.
  static UnrollDecision decideUnroll(int64_t maxStep,
                                     ArrayRef<int64_t> tripCounts,
                                     int64_t blockElements);
  /// Rows of one panel a vectorized block of the node's pack copies.
  int64_t getPackRowBlock(unsigned node) const;
  /// Whether the node's pack is whole (level 0) and of a constant, so it is
  /// computed at compile time: no loop packs it per call.
  bool isPackedAtCompileTime(unsigned node) const;

private:
  SchedulePlan(ScheduleOp schedule, const ansor::ComputeDAG &dag)
      : schedule(schedule), dag(&dag) {}
  LogicalResult collect();
  LogicalResult verify(unsigned node);
  std::optional<LaneSplit> planLaneSplit(unsigned node,
                                         unsigned vectorBits) const;

  ScheduleOp schedule;
  const ansor::ComputeDAG *dag;
  SmallVector<NodePlan> plans;
  bool maskedNarrowMoves = true;
};

} // namespace sched
} // namespace mlir

#endif // ANSOR_DIALECT_SCHED_TRANSFORMS_SCHEDULEPLAN_H
