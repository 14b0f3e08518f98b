//===- SchedOps.cpp - sched dialect operations ----------------------------===//

#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/InterleavedRange.h"

using namespace mlir;
using namespace mlir::sched;

#define GET_OP_CLASSES
#include "ansor/Dialect/Sched/IR/SchedOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared step verification
//===----------------------------------------------------------------------===//

/// Returns the node `index` of the enclosing schedule, or emits an error on
/// `op` naming the role (`what`) of the index.
static FailureOr<NodeAttr> verifyNodeIndex(Operation *op, int64_t index,
                                           StringRef what = "node") {
  auto schedule = op->getParentOfType<ScheduleOp>();
  NodeAttr node = schedule.getNode(index);
  if (!node)
    return op->emitOpError()
           << what << " index " << index << " does not name a node (the "
           << "schedule has " << schedule.getNodes().size() << " nodes)";
  return node;
}

/// Checks that `loop` is a loop of kind `kind` of node `index`.
static FailureOr<NodeAttr> verifyLoop(Operation *op, int64_t index,
                                      uint64_t loop, LoopKind kind) {
  FailureOr<NodeAttr> node = verifyNodeIndex(op, index);
  if (failed(node))
    return failure();
  if (loop >= node->getKinds().size())
    return op->emitOpError()
           << "loop " << loop << " does not exist (node " << index << " has "
           << node->getKinds().size() << " loops)";
  if (node->getKinds()[loop] != kind)
    return op->emitOpError()
           << "loop " << loop << " of node " << index << " is not a "
           << (kind == LoopKind::S ? "spatial" : "reduction") << " loop";
  return node;
}

/// The `sched.tile` step of `node` in the enclosing schedule, if any.
static TileOp findTile(Operation *op, int64_t node) {
  auto schedule = op->getParentOfType<ScheduleOp>();
  for (auto tile : schedule.getBody().getOps<TileOp>())
    if (tile.getNode() == static_cast<uint64_t>(node))
      return tile;
  return {};
}

/// Checks that every value of `choice` is a spatial level of the tiling of
/// `node`, which must exist.
static LogicalResult verifySpatialLevels(Operation *op, int64_t node,
                                         ArrayRef<int64_t> levels,
                                         StringRef what) {
  TileOp tile = findTile(op, node);
  if (!tile)
    return op->emitOpError()
           << "node " << node << " has no sched.tile step to " << what;
  unsigned spatialLevels = tile.getStructure().count(LoopKind::S);
  for (int64_t level : levels)
    if (level < 0 || level >= static_cast<int64_t>(spatialLevels))
      return op->emitOpError()
             << "level " << level << " is not a spatial tile level of node "
             << node << " (its tiling has " << spatialLevels << " S levels)";
  return success();
}

//===----------------------------------------------------------------------===//
// ScheduleOp
//===----------------------------------------------------------------------===//

NodeAttr ScheduleOp::getNode(int64_t index) {
  ArrayAttr nodes = getNodes();
  if (index < 0 || index >= static_cast<int64_t>(nodes.size()))
    return {};
  return cast<NodeAttr>(nodes[index]);
}

bool ScheduleOp::isPacked(int64_t node) {
  return llvm::any_of(getBody().getOps<PackOp>(), [&](PackOp pack) {
    return static_cast<int64_t>(pack.getNode()) == node;
  });
}

bool ScheduleOp::isComplete() {
  bool complete = true;
  getBody().walk([&](Operation *step) {
    step->getAttrDictionary().walk([&](Attribute attr) {
      if (auto split = dyn_cast<SplitAttr>(attr))
        complete &= split.isComplete();
      else if (auto choice = dyn_cast<ChoiceAttr>(attr))
        complete &= choice.isComplete();
    });
  });
  return complete;
}

LogicalResult ScheduleOp::verify() {
  // Tunables built in C++ (by the search) bypass the parser's checks.
  for (Operation &step : getBody().front()) {
    LogicalResult valid = success();
    step.getAttrDictionary().walk([&](Attribute attr) {
      auto emit = [&] { return step.emitOpError(); };
      if (auto split = dyn_cast<SplitAttr>(attr))
        valid = SplitAttr::verify(emit, split.getFactors(), split.getExtent());
      else if (auto choice = dyn_cast<ChoiceAttr>(attr))
        valid =
            ChoiceAttr::verify(emit, choice.getSelected(), choice.getDomain());
      return failed(valid) ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (failed(valid))
      return failure();
  }
  llvm::SmallDenseSet<uint64_t> tiled;
  for (auto tile : getBody().getOps<TileOp>())
    if (!tiled.insert(tile.getNode()).second)
      return tile.emitOpError() << "node " << tile.getNode()
                                << " has more than one sched.tile step";
  // One consumer fused into one producer: its loops are built once.
  llvm::SmallDenseSet<uint64_t> consumers, producers;
  for (auto fuse : getBody().getOps<FuseConsumerOp>()) {
    if (!consumers.insert(fuse.getNode()).second)
      return fuse.emitOpError()
             << "fuses node " << fuse.getNode() << " into a second producer";
    if (!producers.insert(fuse.getInto()).second)
      return fuse.emitOpError()
             << "fuses a second consumer into node " << fuse.getInto();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// InlineOp
//===----------------------------------------------------------------------===//

LogicalResult InlineOp::verify() {
  FailureOr<NodeAttr> node = verifyNodeIndex(*this, getNode());
  if (failed(node))
    return failure();
  if (llvm::is_contained(node->getKinds(), LoopKind::R))
    return emitOpError() << "node " << getNode()
                         << " has a reduction loop and cannot be inlined";
  return success();
}

//===----------------------------------------------------------------------===//
// TileOp
//===----------------------------------------------------------------------===//

LogicalResult TileOp::verify() {
  FailureOr<NodeAttr> node = verifyNodeIndex(*this, getNode());
  if (failed(node))
    return failure();
  ArrayRef<LoopKind> kinds = node->getKinds();
  ArrayAttr splits = getSplits();
  if (splits.size() != kinds.size())
    return emitOpError() << "has " << splits.size() << " splits but node "
                         << getNode() << " has " << kinds.size() << " loops";
  StructureAttr structure = getStructure();
  for (auto [index, attr] : llvm::enumerate(splits)) {
    auto split = cast<SplitAttr>(attr);
    LoopKind kind = kinds[index];
    unsigned levels = structure.count(kind);
    if (split.getFactors().size() != levels)
      return emitOpError() << "split #" << index << " has "
                           << split.getFactors().size() << " factors but the "
                           << "structure has " << levels << " "
                           << stringifyLoopKind(kind) << " levels";
    if (split.getExtent() != node->getExtents()[index])
      return emitOpError() << "split #" << index << " is of extent "
                           << split.getExtent() << " but loop " << index
                           << " of node " << getNode() << " has extent "
                           << node->getExtents()[index];
  }
  return success();
}

//===----------------------------------------------------------------------===//
// FuseConsumerOp
//===----------------------------------------------------------------------===//

LogicalResult FuseConsumerOp::verify() {
  if (failed(verifyNodeIndex(*this, getNode())) ||
      failed(verifyNodeIndex(*this, getInto(), "producer node")))
    return failure();
  if (getNode() == getInto())
    return emitOpError() << "cannot fuse node " << getNode() << " into itself";
  return verifySpatialLevels(*this, getInto(), getLevel().getDomain(),
                             "fuse into");
}

//===----------------------------------------------------------------------===//
// CacheWriteOp, CacheReadOp, VectorizeOp, LayoutRewriteOp
//===----------------------------------------------------------------------===//

LogicalResult CacheWriteOp::verify() {
  return verifyNodeIndex(*this, getNode());
}

LogicalResult VectorizeOp::verify() {
  return verifyNodeIndex(*this, getNode());
}

LogicalResult CacheReadOp::verify() {
  FailureOr<NodeAttr> node = verifyNodeIndex(*this, getNode());
  if (failed(node))
    return failure();
  if (getScope() != "shared" && getScope() != "local")
    return emitOpError()
           << "cache scope must be \"shared\" or \"local\", got \""
           << getScope() << "\"";
  std::optional<AffineMap> access = getAccess();
  if (access.has_value() != getElementType().has_value())
    return emitOpError() << "access map and element type go together";
  if (getElementType() && !getElementType()->isIntOrFloat())
    return emitOpError() << "stages elements of " << *getElementType()
                         << ", not an integer or float type";
  if (access && access->getNumDims() != node->getExtents().size())
    return emitOpError() << "access map has " << access->getNumDims()
                         << " dims, node " << getNode() << " has "
                         << node->getExtents().size() << " loops";
  return success();
}

LogicalResult LayoutRewriteOp::verify() {
  return verifyNodeIndex(*this, getNode());
}

//===----------------------------------------------------------------------===//
// PackOp
//===----------------------------------------------------------------------===//

LogicalResult PackOp::verify() {
  if (failed(verifyLoop(*this, getNode(), getLoop(), LoopKind::S)))
    return failure();
  for (int64_t value : getLevel().getDomain())
    if (value != 0 && value != 1)
      return emitOpError() << "pack level must be 0 (whole operand) or 1 "
                              "(per outer tile), got "
                           << value;
  return success();
}

//===----------------------------------------------------------------------===//
// RfactorOp
//===----------------------------------------------------------------------===//

LogicalResult RfactorOp::verify() {
  FailureOr<NodeAttr> node =
      verifyLoop(*this, getNode(), getLoop(), LoopKind::R);
  if (failed(node))
    return failure();
  uint64_t loop = getLoop();
  if (getSplit().getFactors().size() != 2)
    return emitOpError() << "rfactor split needs 2 factors, got "
                         << getSplit().getFactors().size();
  if (getSplit().getExtent() != node->getExtents()[loop])
    return emitOpError() << "split is of extent " << getSplit().getExtent()
                         << " but loop " << loop << " has extent "
                         << node->getExtents()[loop];
  return success();
}

//===----------------------------------------------------------------------===//
// ParallelOp
//===----------------------------------------------------------------------===//

LogicalResult ParallelOp::verify() {
  FailureOr<NodeAttr> node = verifyNodeIndex(*this, getNode());
  if (failed(node))
    return failure();
  int64_t spatial = llvm::count(node->getKinds(), LoopKind::S);
  // 0: no parallel loop (the node runs on one core).
  for (int64_t value : getLoops().getDomain())
    if (value < 0 || value > spatial)
      return emitOpError() << "parallel loop count " << value
                           << " is out of range [0, " << spatial
                           << "] for node " << getNode();
  return success();
}

//===----------------------------------------------------------------------===//
// UnrollOp
//===----------------------------------------------------------------------===//

LogicalResult UnrollOp::verify() {
  if (failed(verifyNodeIndex(*this, getNode())))
    return failure();
  for (int64_t value : getMaxStep().getDomain())
    if (value < 0)
      return emitOpError() << "unroll max_step must be non-negative, got "
                           << value;
  return success();
}

//===----------------------------------------------------------------------===//
// BindOp
//===----------------------------------------------------------------------===//

LogicalResult BindOp::verify() {
  if (failed(verifyNodeIndex(*this, getNode())))
    return failure();
  SmallVector<int64_t> levels = {static_cast<int64_t>(getBlock())};
  if (std::optional<uint64_t> vthread = getVthread())
    levels.push_back(static_cast<int64_t>(*vthread));
  levels.push_back(static_cast<int64_t>(getThread()));
  for (unsigned i = 1; i < levels.size(); ++i)
    if (levels[i] <= levels[i - 1])
      return emitOpError() << "block, vthread and thread levels must increase "
                              "from the outermost, got "
                           << llvm::interleaved(levels);
  return verifySpatialLevels(*this, getNode(), levels, "bind");
}
