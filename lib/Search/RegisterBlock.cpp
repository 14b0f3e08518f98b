//===- RegisterBlock.cpp - register blocks that fit the target ------------===//

#include "ansor/Search/RegisterBlock.h"
#include "ansor/Dialect/Sched/Transforms/TransformScript.h"

using namespace mlir;
using namespace mlir::ansor;
using namespace mlir::sched;

RegisterLimits RegisterLimits::forTarget(const Target &target) {
  RegisterLimits limits;
  limits.lanes = std::max(1u, target.vectorLanes());
  // x86-64 has 32 vector registers with AVX-512, 16 without; AArch64 32.
  bool x86 = StringRef(target.triple).starts_with("x86_64");
  limits.registers = !x86 || target.vectorBits >= 512 ? 32 : 16;
  return limits;
}

std::optional<RegisterLimits> RegisterLimits::forSchedule(ScheduleOp schedule) {
  std::string error;
  FailureOr<Target> target = Target::parse(schedule.getTarget(), error);
  if (failed(target) || target->isGPU())
    return std::nullopt;
  return forTarget(*target);
}

/// Whether `tile` tiles a node the schedule vectorizes.
static bool isVectorized(TileOp tile) {
  auto schedule = tile->getParentOfType<ScheduleOp>();
  return schedule && llvm::any_of(schedule.getBody().getOps<VectorizeOp>(),
                                  [&](VectorizeOp v) {
                                    return v.getNode() == tile.getNode();
                                  });
}

/// The spatial loops of `tile`'s node and their register-block extents.
static SmallVector<std::pair<int64_t, int64_t>> spatialBlock(TileOp tile) {
  auto schedule = tile->getParentOfType<ScheduleOp>();
  NodeAttr node = schedule.getNode(tile.getNode());
  SmallVector<std::pair<int64_t, int64_t>> block; // (extent, block)
  for (auto [attr, kind] : llvm::zip_equal(tile.getSplits(), node.getKinds())) {
    auto split = cast<SplitAttr>(attr);
    if (kind == LoopKind::S)
      block.push_back({split.getExtent(), split.getFactors().back()});
  }
  return block;
}

/// Accumulator vectors of a register block: the product of its spatial
/// extents, the last one counted in whole vectors.
static int64_t accumulatorVectors(ArrayRef<std::pair<int64_t, int64_t>> block,
                                  const RegisterLimits &limits) {
  int64_t vectors = 1;
  for (auto [index, pair] : llvm::enumerate(block))
    vectors *= index + 1 == block.size()
                   ? llvm::divideCeil(pair.second, limits.lanes)
                   : pair.second;
  return vectors;
}

BlockFit mlir::ansor::getBlockFit(TileOp tile, const RegisterLimits &limits) {
  if (!llvm::all_of(
          tile.getSplits(),
          [](Attribute a) { return cast<SplitAttr>(a).isComplete(); }) ||
      !isVectorized(tile))
    return BlockFit::Good;
  // The materializer leaves larger innermost blocks (spatial and reduction
  // extents) scalar: never propose one.
  int64_t elements = 1;
  for (Attribute attr : tile.getSplits())
    elements *= cast<SplitAttr>(attr).getFactors().back();
  if (elements > sched::kMaxVectorTileElements)
    return BlockFit::Unfit;
  // Only a multi-level tiling has a register block across a reduction loop.
  if (tile.getStructure().count(LoopKind::S) < 3)
    return BlockFit::Good;
  SmallVector<std::pair<int64_t, int64_t>> block = spatialBlock(tile);
  if (block.empty())
    return BlockFit::Good;
  auto [extent, vectorized] = block.back();
  // Whole vectors wherever the extent has them, or, with partial tiles,
  // wherever it has one.
  bool wholeVectors =
      limits.partialTiles ? extent >= limits.lanes : extent % limits.lanes == 0;
  if (wholeVectors && vectorized % limits.lanes != 0)
    return BlockFit::Unfit;
  // Each step of the reduction also holds one row of the other operand
  // (a vector per accumulator column) and a broadcast scalar. Blocks whose
  // accumulators alone fill the registers spill: on gmm_1024 (AVX-512) an
  // 8 x 64 or 16 x 32 block ran at 0.7x the speed of an 8 x 32 one.
  int64_t vectors = accumulatorVectors(block, limits);
  int64_t row = llvm::divideCeil(vectorized, limits.lanes);
  if (vectors + row + 1 > limits.registers)
    return BlockFit::Unfit;
  // Two FMA pipes of four cycles' latency need eight independent
  // accumulators; a quarter of the registers on any x86-64 target.
  return vectors >= limits.registers / 4 ? BlockFit::Good : BlockFit::Small;
}
