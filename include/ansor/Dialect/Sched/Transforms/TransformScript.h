//===- TransformScript.h - schedules as Transform dialect IR ----*- C++ -*-===//
//
// A complete schedule is applied by translating it into a Transform dialect
// named sequence of upstream ops (tile_using_forall, tile_using_for,
// fuse_into_containing_op, decompose, vectorize, loop.unroll,
// hoist_loop_invariant_subsets, vector lowering patterns). Materialization
// interprets that sequence, so `sched-export-transform` and
// `sched-materialize` give the same IR by construction.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_DIALECT_SCHED_TRANSFORMS_TRANSFORMSCRIPT_H
#define ANSOR_DIALECT_SCHED_TRANSFORMS_TRANSFORMSCRIPT_H

#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "ansor/Dialect/Sched/Transforms/SchedulePlan.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include <string>

namespace mlir {
namespace sched {

/// Builds the text of `transform.named_sequence @<sequenceName>` taking the
/// module as `%root` and applying `schedule` to its payload func, which must
/// be tagged with node indices. Emits a diagnostic at the schedule and fails
/// when the schedule is incomplete or does not match the payload. Where the
/// script cannot build what the schedule asks (a register block above the
/// vectorization limit left scalar, an unroll above its caps dropped), a line
/// saying so per case is added to `degradations` when given.
FailureOr<std::string>
buildTransformScript(ScheduleOp schedule, func::FuncOp payload,
                     StringRef sequenceName,
                     SmallVectorImpl<std::string> *degradations = nullptr);

/// Emits, into a named sequence with the payload func as `%func`, the
/// vector lowering both targets use after vectorization: contractions to
/// FMAs, accumulators hoisted out of their loops, transfers to rank 1.
/// With `sinkElementwise`, elementwise ops are first sunk below broadcasts
/// and transposes (upstream's `vector.sink_ops`).
void emitVectorLoweringPatterns(llvm::raw_ostream &os, bool sinkElementwise);

/// Emits the steps that take the block `handle` of `op`, a 2-D or 3-D
/// convolution or pooling (ansor::isDecomposedConvolution), to the 1-D
/// convolution the vectorizer builds: a 3-D block is downscaled to 2-D
/// first, as upstream decomposes 2-D windows only. Returns the handle of the
/// 1-D op; `fresh` names the new handles.
std::string
emitConvolutionDecomposition(llvm::raw_ostream &os, Operation *op,
                             StringRef handle,
                             llvm::function_ref<std::string(StringRef)> fresh);

/// Whether inlined `producer` feeds another of `producers` (node, handle):
/// fusing that one may bring a tile of it along, leaving its own fusion no
/// use, so both scripts fuse it in a sequence whose failures are suppressed.
bool feedsAnother(const ansor::ComputeDAG &dag, unsigned producer,
                  ArrayRef<std::pair<unsigned, std::string>> producers);

/// Builds the named sequence applying a complete GPU schedule (see
/// buildTransformScript): blocks and threads as `scf.forall` loops mapped to
/// `#gpu.block` / `#gpu.thread`, the rest as in each thread's code.
FailureOr<std::string>
buildGPUTransformScript(ScheduleOp schedule, func::FuncOp payload,
                        StringRef sequenceName,
                        SmallVectorImpl<std::string> *degradations = nullptr);

/// What materializing `schedule` on `payload` builds differently from what
/// it asks (the degradations of its target's script builder), silently; a
/// schedule the builder refuses has none.
SmallVector<std::string> getDegradations(ScheduleOp schedule,
                                         func::FuncOp payload);

/// Parses the named sequences and a `@__transform_main` calling each of them
/// into a new module (with `transform.with_named_sequence`).
FailureOr<OwningOpRef<ModuleOp>>
parseTransformLibrary(MLIRContext *ctx, ArrayRef<std::string> sequences,
                      ArrayRef<std::string> sequenceNames);

/// Looks up the payload func a schedule names in `module`, checks that the
/// func's ComputeDAG matches the schedule's nodes and tags the payload ops.
FailureOr<func::FuncOp> resolvePayload(ScheduleOp schedule, ModuleOp module);

/// A schedule and the named sequence that applies it.
struct ScheduleScript {
  ScheduleOp schedule;
  std::string script;
  std::string sequence;
  /// See buildTransformScript.
  SmallVector<std::string> degradations;
};

/// Builds the script of every schedule of `module` (at most one per func),
/// resolving and tagging their payloads (each fill given a `tensor.empty`
/// of its own, so that export and materialization apply the scripts to the
/// same payload).
FailureOr<SmallVector<ScheduleScript>> buildScheduleScripts(ModuleOp module);

/// Applies every complete schedule of `module` to its payload and erases
/// the schedules (and the payload's node tags).
LogicalResult materializeSchedules(ModuleOp module);

} // namespace sched
} // namespace mlir

#endif // ANSOR_DIALECT_SCHED_TRANSFORMS_TRANSFORMSCRIPT_H
