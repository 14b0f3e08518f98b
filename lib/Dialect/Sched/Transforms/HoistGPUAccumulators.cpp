//===- HoistGPUAccumulators.cpp - sched-hoist-gpu-accumulators pass -------===//
//
// A staged node's threads accumulate across the block's loop over reduction
// steps, whose body also holds the copies into the stages and the barriers.
// At the tensor level a thread forall stands between that loop and each
// thread's accumulator tile, so the tensor-level hoisting that keeps CPU
// accumulators in registers cannot apply. Once the foralls are mapped, each
// thread reads its tile at the start of a step and writes it back at the
// end: this pass turns that pair into a loop-carried vector. Upstream's
// hoist_redundant_vector_transfers refuses buffers reached through views,
// which every tile here is.
//
//===----------------------------------------------------------------------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDHOISTGPUACCUMULATORS
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

/// The buffer `memref` is a view of.
static Value getRootBuffer(Value memref) {
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>())
    memref = view.getViewSource();
  return memref;
}

/// The write in `loop`'s body, after `read`, that stores back to the same
/// elements `read` loads.
static vector::TransferWriteOp getMatchingWrite(vector::TransferReadOp read,
                                                scf::ForOp loop) {
  for (Operation *user : read.getBase().getUsers()) {
    auto write = dyn_cast<vector::TransferWriteOp>(user);
    if (!write || write->getBlock() != loop.getBody() ||
        !read->isBeforeInBlock(write) || write.getMask() ||
        write.getIndices() != read.getIndices() ||
        write.getVectorType() != read.getVectorType() ||
        write.getPermutationMap() != read.getPermutationMap() ||
        write.getInBoundsValues() != read.getInBoundsValues())
      continue;
    return write;
  }
  return {};
}

/// Whether `root` is a buffer of its own: a function or kernel argument
/// (distinct ones are distinct buffers: bufferization gives each tensor
/// argument and each result its own) or an allocation.
static bool isDistinctBuffer(Value root) {
  return isa<BlockArgument>(root) || root.getDefiningOp<memref::AllocOp>() ||
         root.getDefiningOp<memref::AllocaOp>();
}

/// Whether an op of `loop` other than `read` and `write` may touch the
/// buffer `root`: it uses a view of it, a buffer this pass cannot tell apart
/// from it, or has memory effects it does not declare.
static bool isTouchedElsewhere(scf::ForOp loop, Value root, Operation *read,
                               Operation *write) {
  WalkResult result = loop.getBody()->walk([&](Operation *op) {
    if (op == read || op == write || isa<gpu::BarrierOp>(op))
      return WalkResult::advance();
    if (!isa<MemoryEffectOpInterface>(op) &&
        !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::interrupt();
    for (Value operand : op->getOperands()) {
      if (!isa<MemRefType>(operand.getType()))
        continue;
      Value other = getRootBuffer(operand);
      if (other == root || !isDistinctBuffer(other))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Hoists one read/write pair out of `loop`, which it replaces by a loop
/// carrying the tile; returns that loop, or null when no pair qualifies.
static scf::ForOp hoistOnePair(scf::ForOp loop, IRRewriter &rewriter) {
  for (auto read : loop.getBody()->getOps<vector::TransferReadOp>()) {
    if (!isa<MemRefType>(read.getBase().getType()) || read.getMask() ||
        !loop.isDefinedOutsideOfLoop(read.getBase()) ||
        !loop.isDefinedOutsideOfLoop(read.getPadding()) ||
        !llvm::all_of(read.getIndices(), [&](Value index) {
          return loop.isDefinedOutsideOfLoop(index);
        }))
      continue;
    vector::TransferWriteOp write = getMatchingWrite(read, loop);
    Value root = getRootBuffer(read.getBase());
    if (!write || !isDistinctBuffer(root) ||
        isTouchedElsewhere(loop, root, read, write))
      continue;
    rewriter.moveOpBefore(read, loop);
    Value stored = write.getVector();
    FailureOr<LoopLikeOpInterface> widened =
        cast<LoopLikeOpInterface>(loop.getOperation())
            .replaceWithAdditionalYields(
                rewriter, read.getResult(),
                /*replaceInitOperandUsesInLoop=*/true,
                [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
                  return SmallVector<Value>{stored};
                });
    if (failed(widened))
      return {};
    auto newLoop = cast<scf::ForOp>(widened->getOperation());
    rewriter.setInsertionPointAfter(newLoop);
    rewriter.modifyOpInPlace(write, [&] {
      write.getValueToStoreMutable().assign(newLoop.getResults().back());
    });
    rewriter.moveOpAfter(write, newLoop);
    // A barrier in the loop ordered the write before what other threads do
    // next; the write now follows the loop, so it needs one of its own.
    bool synchronized = false;
    newLoop.getBody()->walk([&](gpu::BarrierOp) { synchronized = true; });
    if (synchronized) {
      rewriter.setInsertionPointAfter(write);
      gpu::BarrierOp::create(rewriter, write.getLoc());
    }
    return newLoop;
  }
  return {};
}

namespace {
struct SchedHoistGPUAccumulatorsPass
    : public sched::impl::SchedHoistGPUAccumulatorsBase<
          SchedHoistGPUAccumulatorsPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](gpu::LaunchOp launch) {
      SmallVector<scf::ForOp> loops;
      launch.getBody().walk([&](scf::ForOp loop) { loops.push_back(loop); });
      // Innermost loops first (post-order): a tile hoisted out of one loop
      // may then leave the loop around it. Hoisting replaces only the loop
      // it hoists from, which is not visited again.
      // Thread mapping computes each tile's view (thread ids, offsets) where
      // the forall was, inside the loop: move it out first.
      for (scf::ForOp loop : loops) {
        moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
        while (scf::ForOp widened = hoistOnePair(loop, rewriter))
          loop = widened;
      }
    });
  }
};
} // namespace
