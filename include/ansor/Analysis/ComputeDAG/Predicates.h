//===- Predicates.h - Ansor's sketch rule predicates ------------*- C++ -*-===//
//
// The conditions of Ansor's derivation rules (TVM's search_policy/utils.h),
// answered from the ComputeDAG.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_ANALYSIS_COMPUTEDAG_PREDICATES_H
#define ANSOR_ANALYSIS_COMPUTEDAG_PREDICATES_H

#include "ansor/Analysis/ComputeDAG/ComputeDAG.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include <optional>

namespace mlir {
namespace ansor {

/// All loops spatial, every access a projected permutation, a side-effect
/// free body: the node can be recomputed inside its consumers.
bool isStrictlyInlinable(const ComputeDAG &dag, unsigned node);

/// Whether inlining the node recomputes a costly op: its body calls a
/// transcendental `math` op (exp, log, tanh, erf, pow, ...; TVM's
/// HasExpensiveOp counts exp) and more than one consumer reads it, or one
/// reads it again across a loop that does not index it, directly or
/// through consumers inlined as well.
bool isRecomputedExpensively(const ComputeDAG &dag, unsigned node);

/// Whether the node has data reuse worth multi-level tiling: at least two
/// inputs miss a spatial loop of extent > 1, or one when the node reduces.
bool needsMultiLevelTiling(const ComputeDAG &dag, unsigned node);

/// Whether the node reduces, has no data reuse, and reads an input whose
/// contiguous dimension is a spatial loop (a column sum): left alone, its
/// block would hold the whole reduction, strided, with the spatial loop
/// outside it; multi-level tiling can put the reduction outside a block of
/// that spatial loop, which vectorizes along the contiguous rows.
bool reducesAcrossContiguousRows(const ComputeDAG &dag, unsigned node);

/// Whether the node is a multi-level tiling candidate whose innermost loop
/// is a reduction that an input reads contiguously (its last index) and
/// only once (every spatial loop longer than 1 indexes it): a matrix-vector
/// product with the matrix in torch's [out][in] layout (a linear layer on a
/// batch of one). Its register blocks vectorize along the spatial loops
/// and read that input across its rows; left whole, as Skip leaves a row
/// sum, the block reads it along its rows into lanes of partial sums.
bool reducesOnceAlongContiguousRows(const ComputeDAG &dag, unsigned node);

/// Whether an op whose loops have `extents` (`reduction` set for its
/// reduction loops) reads an input through `map` once and along its rows:
/// its innermost loop is a reduction that is the map's last result, and
/// every other loop longer than 1 indexes the input.
bool readsOnceAlongRows(AffineMap map, ArrayRef<int64_t> extents,
                        ArrayRef<bool> reduction);

/// Whether the body of `op` reads the index of a reduction loop
/// (`linalg.index`). Upstream's reduction tilings (tile_reduction_using_for
/// and _forall) leave such an index relative to the tile: a cross-entropy
/// that gathers each row's label logit by `linalg.index` read the wrong
/// rows once factored.
bool indexesReductionLoop(linalg::LinalgOp op);
/// Whether the body of `op` combines a value into each of its inits by an op
/// upstream's reduction tiling knows the neutral element of (an add, a max,
/// ...), the combined value being what it yields for that init (a sum and a
/// product of one `linalg.reduce`: upstream tiles each init's reduction),
/// and that tiling computes it right: no value combined reads an init's
/// running value, and not indexesReductionLoop.
bool hasKnownCombiner(linalg::LinalgOp op);

/// Whether every init of `op` is combined by an op upstream's vectorizer
/// recognises as a reduction (as for hasKnownCombiner, but the body may
/// read a reduction loop's index: a masked or position-weighted sum
/// vectorizes). An argmax's select carrying an index does not.
bool hasVectorizableCombiner(linalg::LinalgOp op);
/// Whether, besides, `op` has one init and the value combined varies along
/// the reduction loops (it reads an input along one), unlike a count's
/// `c + 1.0` or an add of a value broadcast along them.
bool combinesVaryingValue(linalg::LinalgOp op);

/// Whether a reduction should be factored to gain parallelism on `cores`.
/// Only one with a known combiner of a varying value (combinesVaryingValue)
/// is.
bool needsRfactor(const ComputeDAG &dag, unsigned node, unsigned cores);

/// The single consumer of `node`, when it is elementwise and reads the
/// node's result with the same loop nest as it writes its own (so it can be
/// computed inside the node's tiles).
std::optional<unsigned>
getSingleElementwiseMatchedConsumer(const ComputeDAG &dag, unsigned node);

inline bool hasSingleElementwiseMatchedConsumer(const ComputeDAG &dag,
                                                unsigned node) {
  return getSingleElementwiseMatchedConsumer(dag, node).has_value();
}

/// Whether the node has one output, indexed by its spatial loops in loop
/// order (so an op over its output, such as its init, has those loops).
bool isOutputIndexedBySpatialLoops(const ComputeDAG &dag, unsigned node);

/// Whether a GPU tiling of `node` must keep one thread loop for its init and
/// computation: its init (a fill) would get a thread forall of its own with
/// virtual threads or shared stages, laid out over the spatial loops in
/// order, which its output is not indexed by (a depthwise NCHW convolution
/// iterates n, h, w, c).
bool needsSharedInitThreads(const ComputeDAG &dag, unsigned node);

/// Whether `op` is a linalg op whose body only yields inputs (a copy,
/// transposed or broadcast or not).
bool isCopy(Operation *op);

/// Whether `op` is a copy (isCopy) of its one input, read in another order
/// than its loops run (linalg.transpose, or a generic doing the same).
bool isTransposition(Operation *op);

/// Whether `op` is an integer division or remainder, which traps on a zero
/// divisor (SIGFPE on x86, also lane by lane in vector code).
bool isIntegerDivision(Operation *op);

/// Whether `op` or an op nested in it divides integers (isIntegerDivision).
/// x86 has no vector integer division, so LLVM divides a vector lane by
/// lane: masked partial blocks would divide by the zeros past their end
/// (SIGFPE), and wide blocks take long to build.
bool dividesIntegers(Operation *op);

/// The named convolutions and poolings that upstream vectorizes as 1-D
/// convolutions: the 1-D ones (isConvolution1D) as they are, the 2-D and
/// 3-D ones once their blocks decompose (isDecomposedConvolution).
bool isConvolutionLike(Operation *op);

/// The named 1-D convolutions and poolings that upstream's vectorizer
/// builds whole (not the NCW depthwise one, which it refuses).
bool isConvolution1D(Operation *op);

/// The named 2-D convolutions and poolings whose blocks upstream decomposes
/// into 1-D ones (`transform.structured.decompose`).
bool isConvolution2D(Operation *op);

/// The named 3-D convolutions and poolings whose blocks ansor downscales to
/// 2-D ones (`transform.sched.downscale_3d_convolution`), which upstream
/// then decomposes.
bool isConvolution3D(Operation *op);

/// A 2-D or 3-D convolution or pooling: its blocks are vectorized once
/// decomposed into 1-D ones, which needs a unit block along every window
/// but the last (getLoopsNeedingUnitInnerTile).
bool isDecomposedConvolution(Operation *op);

/// The loops that must have an innermost tile of 1: for a 2-D or 3-D
/// convolution or pooling, so that the innermost tile decomposes into a 1-D
/// one (the output-height and filter-height loops, and the output-depth and
/// filter-depth ones of a 3-D one; none for a 1-D one, which upstream
/// vectorizes as it is); for a reduction across
/// contiguous rows, its reduction loops, so that they stay outside the
/// vectorized block; empty for other nodes.
SmallVector<unsigned> getLoopsNeedingUnitInnerTile(const ComputeDAG &dag,
                                                   unsigned node);

/// Whether `expr` is a sum of constants and loops times positive constants,
/// whose values over a tile start at the tile's first iteration (upstream's
/// tiling slices such an index where the tile's elements are).
bool isIncreasingSum(AffineExpr expr);

/// The loops that must not be tiled: those of an index expression with a
/// negative coefficient (`127 - j`, `oh - kh`) or that is not a sum of
/// multiples of loops (`j mod 4`). Upstream's tiling takes the slice of
/// such an expression from the values at the tile's first iteration, which
/// is not where it starts, so the tiled op reads outside its slice.
SmallVector<unsigned> getLoopsKeptWhole(const ComputeDAG &dag, unsigned node);

/// Whether the vectorizer reads or writes an operand with this indexing map
/// as a (broadcast, transposed) vector: a projected permutation, constant 0
/// results allowed (`(i, j) -> (i, 0)` reads a column broadcast).
bool isVectorizableAccess(AffineMap map);

/// Whether the linalg vectorizer accepts the node's blocks: its reductions
/// combine with a kind it recognises and its body holds nothing it refuses
/// (upstream's vectorizeOpPrecondition on the untiled op); convolutions
/// count when their blocks decompose into 1-D convolutions.
bool isVectorizable(const ComputeDAG &dag, unsigned node);

/// An input of a node that packing lays out for the node's register block:
/// input `operand` (of rank 2 or more) is indexed by spatial loop `loop`
/// (the loop of the output's contiguous dimension), so its elements along
/// `loop` are strided (a matmul's B[K][N] by rows of N, a transposed
/// B[N][K] by whole rows of K), and it is re-read across another spatial
/// loop.
struct PackCandidate {
  unsigned operand;
  unsigned loop;
};

/// The input that packing would lay out for an op of these maps, iterators
/// and loop extents (the map-level half of getPackCandidates): every map a
/// projected permutation, the init's last dimension a parallel loop that
/// exactly one input indexes, that input of rank 2 or more and re-read
/// across another parallel loop.
std::optional<PackCandidate>
getPackableInput(ArrayRef<AffineMap> inputMaps, AffineMap init,
                 ArrayRef<utils::IteratorType> iterators,
                 ArrayRef<int64_t> extents);

/// The dimension of input `operand` of linalg op `op` that loop `loop`
/// indexes: the one a pack splits into panels of the register block.
unsigned getPackedOperandDim(linalg::LinalgOp op, unsigned operand,
                             unsigned loop);

/// The inputs of a multi-level tiled contraction-like node that `sched.pack`
/// can lay out: one projected-permutation linalg op with a single init whose
/// last dimension is spatial loop `loop`, which exactly one input (not
/// produced by an inlinable node, nor a splat constant) indexes.
SmallVector<PackCandidate> getPackCandidates(const ComputeDAG &dag,
                                             unsigned node);

/// The row-major bytes of the constant `value` is, seen through
/// `expand_shape` and `collapse_shape` (which keep that order): a dense
/// constant (not a splat) or a `dense_resource` blob of whole-byte integer
/// or float elements. None otherwise (a splat, i1, a resource whose blob is
/// missing or of another size).
std::optional<ArrayRef<char>> getConstantBytes(Value value);

/// Whether the pack of input `operand` of `op` can be computed at compile
/// time: the input's bytes are known (getConstantBytes), so its packed
/// layout is a constant too (sched-fold-constant-transposes, which folds
/// exactly such constants) and a pack of the whole operand costs nothing per
/// call.
bool canPackAtCompileTime(linalg::LinalgOp op, unsigned operand);

/// Whether `node`, packed as `candidate` says, can keep its single
/// elementwise consumer fused: the consumer is packed along the same loop
/// too, so it reads the node's packed result directly, and every other
/// input it reads along that loop is a tensor no node computes (a func
/// argument or a constant) that the loop indexes as its last dimension
/// only, so that its packing is a reshape and no copy. A consumer that only
/// copies is not packed (canonicalization erases it).
bool canPackWithFusedConsumer(const ComputeDAG &dag, unsigned node,
                              const PackCandidate &candidate);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_ANALYSIS_COMPUTEDAG_PREDICATES_H
