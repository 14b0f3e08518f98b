//===- NormalizePayload.h - payload funcs in the form ansor schedules -*- C++
//-*-===//
//
// A user's func may hold tensors built without a destination
// (tensor.splat, tensor.generate), elementwise ops on whole tensors
// (arith.addf on tensors), ops that stand for several others (linalg.softmax,
// tensor.concat) or boolean tensors between its ops. Before any pass reads
// a payload func it is rewritten into the form the compute DAG and the
// materializer handle, the same way at every entry point so that task keys
// agree: elementwise ops on tensors turned into linalg.generic ops, aggregated
// ops decomposed by upstream's AggregatedOpInterface, convolutions given
// the filter layout upstream vectorizes, mixed-precision contractions
// generalized, chains of elementwise generics fused, and i1 tensors passed
// between linalg.generic ops stored as i8 (vectorized code stores i1 vectors as
// packed bits and scalar code a byte per element, so an i1 buffer written one
// way and read the other is wrong).
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_ANALYSIS_COMPUTEDAG_NORMALIZEPAYLOAD_H
#define ANSOR_ANALYSIS_COMPUTEDAG_NORMALIZEPAYLOAD_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace ansor {

/// Replaces each load of an immutable `ml_program.global` that holds a value
/// (`ml_program.global_load_const`, how torch-mlir's importer may keep a
/// model's weights) by an `arith.constant` of that value, so that the func
/// is a linalg program of constants like one whose weights are inlined.
/// Loads of a global whose value is not an elements attribute
/// (`#ml_program.extern`) stay, and so do `global_load`s of mutable ones:
/// the DAG refuses them by name.
void inlineConstantGlobals(func::FuncOp func);

/// Drops tensor.cast chains that come back to their source's type (a static
/// tensor cast to a dynamic shape and back, as frontends emit around
/// shape-generic ops), with upstream's tensor.cast canonicalization. Casts
/// that stay dynamic are left, for the DAG to refuse.
void foldCastRoundTrips(func::FuncOp func);

/// Splits each loop of a static linalg.generic that a map reads as
/// `d floordiv c` or `d mod c` (c dividing its extent; a nearest upsample)
/// into an outer loop of extent / c and an inner one of c, so that every
/// map is a projected permutation, which tiling and vectorization need:
/// operands indexed by `d` itself are expanded to both, results collapsed
/// back. Upstream's tiling sizes a `d floordiv c` slice as if the tile
/// started at a multiple of c, so such ops were left untiled.
void splitDividedLoops(func::FuncOp func);

/// Rewrites tensors built without a destination into linalg ops: static
/// tensor.splat into a linalg.fill of an empty tensor, tensor.generate into
/// a linalg.generic (upstream's rewriteInDestinationPassingStyle).
void convertToDestinationStyle(func::FuncOp func);

/// Rewrites elementwise arith and math ops on static-shaped tensors
/// (`arith.addf %a, %b : tensor<...>`) into linalg.generic ops
/// (upstream's convert-elementwise-to-linalg), each initialized with an
/// empty tensor.
void convertElementwiseToLinalg(func::FuncOp func);

/// Rewrites the aggregated linalg ops of `func` (linalg.softmax) into the
/// linalg ops they stand for, tensor.concat into insert_slices, and
/// linalg.pack and linalg.unpack into pads, reshapes, slices and
/// linalg.transpose ops (upstream's lowerPack and lowerUnPack), where they
/// compute on static-shaped tensors; one that does not decompose is left as
/// it is with a warning (the compute DAG refuses it, per task). A static
/// tensor.reshape (TOSA's and StableHLO's reshapes lower to it) becomes a
/// collapse_shape to one dimension and an expand_shape to its result.
void decomposeAggregatedOps(func::FuncOp func);

/// Stores the i1 results of `func`'s linalg.generic ops as i8 where every
/// user is a linalg.generic reading it as an input: the producer yields the
/// bit zero-extended, each consumer truncates it back in its body. Named
/// linalg ops that read or write i1 tensors (linalg.map, ...) are
/// generalized first, so their masks are widened too.
void widenBooleanTensors(func::FuncOp func);

/// Collapses away the unit dimensions of a linalg.generic's operands that
/// its maps read at the constant 0 (torch-mlir's broadcasts and keepdim
/// reductions, `(d0, d1) -> (d0, 0)`); a collapsed output is expanded back
/// for its readers, and a reader collapsing it again reads the generic's
/// result itself. Upstream's vectorizer refuses an output so indexed (a
/// row sum into a 64x1 tensor failed to build in 15 of 16 programs).
void dropConstantUnitDims(func::FuncOp func);

/// Gives each linalg op reading a static linalg.fill as its init (its
/// accumulator) a fill of its own, where one fill was shared: by the two
/// outputs of a multi-result reduction, or by several ops. A fill used once
/// as an init is the init of that op (scheduled with it); a shared one was
/// a node of its own, which the GPU script could not fuse into the loop of a
/// two-result reduction (0 of 4 programs built).
void splitSharedInitFills(func::FuncOp func);

/// Rewrites each static linalg.generic that upstream recognizes as a named
/// convolution or pooling (`linalg::specializeGenericOp`: window reads like
/// `h + kh`, a multiply-add or max/min/sum body) into that named op, which
/// decomposes to 1-D and vectorizes: a 3x3 convolution written as a generic
/// stayed scalar, 2.7x slower than its named form (best of 24 random
/// programs). Generics that mix element types are left as they are.
void specializeConvolutions(func::FuncOp func);

/// Rewrites each static 2-D convolution of one image and one channel in and
/// out, unit strides and dilations (linalg.conv_2d_nhwc_hwcf,
/// conv_2d_nhwc_fhwc, conv_2d_nchw_fchw, depthwise_conv_2d_nhwc_hwc and
/// depthwise_conv_2d_nchw_chw: an image filter such as a Sobel or a blur)
/// into a plain linalg.conv_2d between collapses of its operands and an
/// expansion of its result. Upstream vectorizes the channeled forms along
/// their channels, a vector of one lane here: a 256x256 5x5 filter's best
/// of 16 random programs ran at 0.4x its untuned lowering; as conv_2d,
/// whose 1-D form upstream vectorizes along the row, 2.1x.
void convertSingleChannelConvolutions(func::FuncOp func);

/// Rewrites each static quantized convolution (the `_q` named ops: 2-D,
/// grouped, 3-D and depthwise, as TOSA lowers quantized models) into the
/// op without zero points reading its input and filter minus theirs (a
/// linalg.generic each, which sketches inline; none where the zero point is
/// a constant 0). Upstream decomposes and vectorizes the unquantized ops
/// only: the quantized ones stayed scalar.
void convertQuantizedConvolutions(func::FuncOp func);

/// Rewrites each static NCHW convolution, depthwise convolution and max or
/// sum pooling (PyTorch's layout: linalg.conv_2d_nchw_fchw,
/// depthwise_conv_2d_nchw_chw, pooling_nchw_max, pooling_nchw_sum) into its
/// NHWC form between linalg.transposes of its input, filter and init and of
/// its result back. Decomposed to 1-D, upstream vectorizes the NCHW forms
/// with their channels in the vector lanes, transposing each block in and
/// out: a 3x3, 32 -> 48 channel convolution with bias and ReLU reached 84
/// GFLOP/s in 128 trials, 207 converted (its NHWC form alone: 377 in 64).
/// 1x1 convolutions, matrix products upstream vectorizes well in NCHW, stay.
/// The 1-D NCW forms (conv_1d_ncw_fcw, depthwise_conv_1d_ncw_cw, which
/// upstream does not vectorize at all, pooling_ncw_max and _sum) become
/// their NWC forms the same way, and conv_3d_ncdhw_fcdhw its NDHWC form
/// (1.3-1.8x, docs/benchmarks.md). The NCDHW depthwise convolution stays:
/// converted, its best program ran 0.8x the best scalar one (LLVM
/// vectorizes the latter along its rows), the transposes costing more than
/// the vectorized convolution saves.
void convertNCHWToNHWC(func::FuncOp func);

/// Folds the transposes that layout conversion leaves between chained ops:
/// a transpose of a transpose becomes one (or none), and an elementwise op
/// between a transpose and its inverse computes in the transposed layout
/// (conv -> relu -> pool in NCHW: conv, relu and pool in NHWC). Only
/// transposes and the ops they rewrite change.
void foldLayoutTransposes(func::FuncOp func);

/// Rewrites each static linalg.conv_2d_nhwc_fhwc (TOSA's layout) into a
/// linalg.transpose of its filter to HWCF and a linalg.conv_2d_nhwc_hwcf:
/// upstream decomposes and vectorizes the latter (its output channels
/// contiguous in the filter), not the former, whose programs stayed scalar
/// (112 GFLOP/s on a 28x28, 32 -> 64 channel 3x3 convolution, 245 after).
///
/// Rewrites each static linalg.depthwise_conv_2d_nhwc_hwcm (TOSA's
/// depthwise convolution, multiplier 1), depthwise_conv_1d_nwc_wcm and
/// depthwise_conv_3d_ndhwc_dhwcm into the HWC (WC, DHWC) op over C * M
/// channels: upstream vectorizes that one, not
/// the HWCM one, whose programs stayed scalar. A multiplier M above 1 first
/// repeats each input channel M times (a linalg.generic, then a
/// collapse_shape). The quantized forms (`_q`) were made unquantized
/// before (convertQuantizedConvolutions).
void convertFilterLayouts(func::FuncOp func);

/// Rewrites each static named contraction that reads another element type
/// than it accumulates in (`linalg.matmul` of i8 into i32, of f16 into f32)
/// into its linalg.generic: the unit-dimension folding before vectorization
/// applies to generics only, and a named one's register block with a
/// reduction tile of 1 was lowered element by element (an i8 matmul ran 10x
/// slower than its generic form under the same schedule). So is every
/// `linalg.mmt4d` and `linalg.batch_mmt4d`: upstream's vectorizer builds the
/// named op's masked partial blocks wrong (MLIR 22; a 16x16x16x16 mmt4d
/// with partial blocks along its inner N tile gave wrong results, its
/// generic form right ones, under the same schedule).
void generalizeMixedContractions(func::FuncOp func);

/// Fuses each elementwise linalg op (a generic, or a named op generalized
/// first; not a fill) whose one result only another elementwise op reads,
/// element for element (identity maps), and that reads its own inputs
/// without transposing them, into that reader (upstream's
/// fuseElementwiseOps). First, a fill an elementwise op reads as an input
/// is read as its value in the op's body instead (a named ReLU's max
/// against a fill of zeros), so it is no node. This is what Ansor's
/// inlining computes, done before the DAG is built: a contraction followed
/// by a bias add and an activation written as two generics otherwise has no
/// single elementwise consumer (the bias add, inlined, stands between), so
/// no sketch fused its epilogue (a 3x3 convolution, bias and ReLU as two
/// generics: see docs/benchmarks.md). A producer read twice, or read
/// through a broadcast or a window, stays a node of its own: computing it
/// once or inlining it is then a sketch decision.
void fuseElementwiseChains(func::FuncOp func);

/// Rewrites a reduction whose reduction loops all have an extent of 1 and
/// whose init is a fill (an outer product written as a batch matmul with a
/// reduction of 1, a depthwise convolution or pooling with a 1x1 window)
/// as the elementwise op it is: each element combines the fill's value
/// with its one term, in the same order. Tiled as a reduction, every tile
/// was filled, then read and written again: such an outer product ran at
/// 0.5x the untuned lowering.
void foldUnitReductions(func::FuncOp func);

/// Splits a reduction with several results, each computed from the inputs
/// and its own init only (a row's sum and sum of squares), into one
/// reduction per result. The schedules split a reduction into vector lanes
/// or rfactor it only with one init; such an op stayed scalar, 17x slower
/// than its parts (a row's sum and sum of squares over 4x8192). Results whose
/// updates read each other's inits (an argmax's value and index) stay together.
void splitIndependentReductions(func::FuncOp func);

/// Reads each scalar that a linalg op's body takes from a tensor at
/// constant indices (`tensor.extract %t[%c1]` at the func's level, a clamp's
/// bound or a full reduction's sum) as a 0-d input of the op (a
/// rank-reducing slice of the tensor) instead. The reduction's result is
/// then read by a linalg op (the extract hid it: such funcs were refused);
/// a 0-d one is an edge of the compute DAG, a slice of a larger one leaves
/// the reduction and its reader nodes apart, computed in order (the DAG
/// does not look through slices). On the GPU the kernel reads the scalar
/// from device memory
/// (the host would have read it). Named ops are generalized first; reads by
/// other ops (a fill's value) stay.
void readScalarsAsInputs(func::FuncOp func);

/// Fuses a transposition (a linalg.transpose, or a generic that only
/// copies its input in another order) that one reduction alone reads into
/// that reduction, where the reduction then reads the transposition's
/// input once and along its rows (its innermost loop a reduction that
/// input's last index is, every spatial loop longer than 1 indexing it):
/// torch's linear layer on a batch of one, `matmul(x, transpose(W))` with W
/// in [out][in]. Left a node, the transposition was inlined into the
/// matmul's tiles (a transposed copy of the whole matrix per call); fused,
/// the matmul reads W along its rows, which AddRowReduction's sketch
/// vectorizes in lanes of partial sums. A transposition is also fused where
/// its input then becomes the input packing lays out (getPackableInput; not
/// a splat): the same layer on a batch of many, whose inlined transposition
/// kept W from being packed.
void foldTransposesIntoReductions(func::FuncOp func);

/// All ten, on `func`.
void normalizePayload(func::FuncOp func);

/// All ten, on every func of `module` with a body.
void normalizePayloads(ModuleOp module);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_ANALYSIS_COMPUTEDAG_NORMALIZEPAYLOAD_H
