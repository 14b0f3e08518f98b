//===- ComputeDAG.cpp - the compute DAG of a payload func -----------------===//

#include "ansor/Analysis/ComputeDAG/ComputeDAG.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

#define DEBUG_TYPE "ansor-compute-dag"

using namespace mlir;
using namespace mlir::ansor;
using sched::LoopKind;

int64_t DAGNode::spatialSize() const {
  int64_t size = 1;
  for (auto [extent, kind] : llvm::zip_equal(extents, kinds))
    if (kind == LoopKind::S)
      size *= extent;
  return size;
}

int64_t DAGNode::reductionSize() const {
  int64_t size = 1;
  for (auto [extent, kind] : llvm::zip_equal(extents, kinds))
    if (kind == LoopKind::R)
      size *= extent;
  return size;
}

unsigned DAGNode::numLoops(LoopKind kind) const {
  return llvm::count(kinds, kind);
}

/// Ops that may appear in a payload func without being compute nodes: they
/// are left as they are by every schedule. A scalar read at constant indices
/// from a tensor the func takes or holds as a constant (a fill value) is
/// one; read from a node's result it would hide that edge.
static bool isPassiveOp(Operation *op) {
  if (auto extract = dyn_cast<tensor::ExtractOp>(op))
    return llvm::all_of(extract.getIndices(),
                        [](Value index) {
                          return getConstantIntValue(index).has_value();
                        }) &&
           (isa<BlockArgument>(extract.getTensor()) ||
            extract.getTensor().getDefiningOp<arith::ConstantOp>());
  return isa<arith::ConstantOp, tensor::EmptyOp, tensor::ExtractSliceOp,
             tensor::InsertSliceOp, tensor::CollapseShapeOp,
             tensor::ExpandShapeOp, func::ReturnOp>(op);
}

static LogicalResult verifyStaticTypes(Operation *op) {
  for (Type type :
       llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes())) {
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped)
      continue;
    if (!isa<RankedTensorType>(shaped))
      return op->emitError() << "ansor schedules tensor programs only, but "
                             << "this op uses " << type;
    if (!shaped.hasStaticShape())
      return op->emitError() << "dynamic shape " << type
                             << " is not supported: ansor needs static shapes";
    // A loop of no iterations has no tiling: sketches would split it as 0.
    if (shaped.getNumElements() == 0)
      return op->emitError() << "empty tensor " << type
                             << " is not supported: nothing to schedule";
  }
  return success();
}

/// Counts the arithmetic ops of one iteration of a linalg body.
static int64_t countBodyOps(linalg::LinalgOp op) {
  int64_t count = 0;
  op.getBlock()->walk([&](Operation *inner) {
    if (!isa<linalg::YieldOp>(inner) && inner->getNumResults() > 0 &&
        !isa<linalg::IndexOp, arith::ConstantOp>(inner))
      ++count;
  });
  return count;
}

static FailureOr<DAGNode> buildLinalgNode(linalg::LinalgOp op) {
  DAGNode node;
  node.op = op;
  for (int64_t extent : op.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(extent))
      return op->emitError() << "loop extents must be static";
    node.extents.push_back(extent);
  }
  for (utils::IteratorType it : op.getIteratorTypesArray())
    node.kinds.push_back(it == utils::IteratorType::reduction ? LoopKind::R
                                                              : LoopKind::S);
  for (OpOperand *operand : op.getDpsInputOperands())
    node.inputMaps.push_back(op.getMatchingIndexingMap(operand));
  for (OpOperand &operand : op.getDpsInitsMutable())
    node.initMaps.push_back(op.getMatchingIndexingMap(&operand));
  int64_t iterations = 1;
  for (int64_t extent : node.extents)
    iterations *= extent;
  node.flops = iterations * countBodyOps(op);
  return node;
}

static DAGNode buildPadNode(tensor::PadOp pad) {
  DAGNode node;
  node.op = pad;
  for (int64_t extent : pad.getResultType().getShape()) {
    node.extents.push_back(extent);
    node.kinds.push_back(LoopKind::S);
  }
  return node;
}

bool mlir::ansor::isMeasurableScalar(Type type) {
  return type.isSignlessIntOrFloat() && type.getIntOrFloatBitWidth() <= 64;
}

FailureOr<ComputeDAG> ComputeDAG::build(func::FuncOp func) {
  ComputeDAG dag;
  dag.func = func;
  if (func.isExternal())
    return func.emitError()
           << "func @" << func.getSymName() << " has no body to schedule";
  if (!func.getBody().hasOneBlock())
    return func.emitError()
           << "func @" << func.getSymName() << " must have a single block";
  auto checkTypes = [&](TypeRange types, StringRef role,
                        bool scalars) -> LogicalResult {
    for (Type type : types) {
      if (scalars && isMeasurableScalar(type))
        continue;
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor || !tensor.hasStaticShape())
        return func.emitError()
               << "func @" << func.getSymName() << " " << role << " of type "
               << type << " is not a static-shaped tensor"
               << (scalars ? " or an integer or float scalar" : "");
    }
    return success();
  };
  if (failed(checkTypes(func.getFunctionType().getInputs(), "argument",
                        /*scalars=*/true)) ||
      failed(checkTypes(func.getFunctionType().getResults(), "result",
                        /*scalars=*/false)))
    return failure();

  llvm::DenseMap<Operation *, unsigned> indexOf;
  for (Operation &op : func.getBody().front()) {
    if (failed(verifyStaticTypes(&op)))
      return failure();
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(&op)) {
      if (!linalgOp.hasPureTensorSemantics())
        return op.emitError() << "linalg op must have tensor semantics";
      FailureOr<DAGNode> node = buildLinalgNode(linalgOp);
      if (failed(node))
        return failure();
      dag.nodes.push_back(std::move(*node));
    } else if (auto pad = dyn_cast<tensor::PadOp>(&op)) {
      dag.nodes.push_back(buildPadNode(pad));
    } else if (isPassiveOp(&op)) {
      continue;
    } else {
      return op.emitError() << "op '" << op.getName()
                            << "' is not supported in a payload func: ansor "
                               "schedules linalg structured ops and tensor.pad";
    }
    dag.nodes.back().index = dag.nodes.size() - 1;
    indexOf[&op] = dag.nodes.size() - 1;
  }
  if (dag.nodes.empty() || llvm::none_of(dag.nodes, [](const DAGNode &n) {
        return isa<linalg::LinalgOp>(n.op) && !isa<linalg::FillOp>(n.op);
      }))
    return func.emitError()
           << "func @" << func.getSymName()
           << " has no linalg op to schedule (fills alone are left to the "
              "lowering)";

  for (DAGNode &node : dag.nodes) {
    for (Value operand : node.op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      auto it = def ? indexOf.find(def) : indexOf.end();
      if (it != indexOf.end() &&
          !llvm::is_contained(node.producers, it->second))
        node.producers.push_back(it->second);
    }
    for (Operation *user : node.op->getUsers()) {
      if (isa<func::ReturnOp>(user)) {
        node.isOutput = true;
        continue;
      }
      auto it = indexOf.find(user);
      if (it != indexOf.end() &&
          !llvm::is_contained(node.consumers, it->second))
        node.consumers.push_back(it->second);
    }
  }
  // A fill is an init when it feeds exactly one use, as the init of a linalg
  // op: that op's reduction starts from it.
  for (DAGNode &node : dag.nodes) {
    auto fill = dyn_cast<linalg::FillOp>(node.op);
    if (!fill || !fill->getResult(0).hasOneUse())
      continue;
    OpOperand &use = *fill->getResult(0).getUses().begin();
    auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
    node.isInit = consumer && consumer.isDpsInit(&use) && !node.isOutput;
  }
  return dag;
}

int64_t ComputeDAG::getTotalFlops() const {
  int64_t total = 0;
  for (const DAGNode &node : nodes)
    total += node.flops;
  return total;
}

ArrayAttr ComputeDAG::getNodeAttrs(MLIRContext *ctx) const {
  SmallVector<Attribute> attrs;
  for (const DAGNode &node : nodes)
    attrs.push_back(sched::NodeAttr::get(ctx, node.op->getName().getStringRef(),
                                         node.extents, node.kinds));
  return ArrayAttr::get(ctx, attrs);
}

void ComputeDAG::tagPayload() const {
  for (const DAGNode &node : nodes) {
    Builder b(node.op->getContext());
    node.op->setAttr(kNodeAttrName, b.getI64IntegerAttr(node.index));
  }
}

LogicalResult mlir::ansor::verifyGPUPayload(func::FuncOp func) {
  for (auto extract : func.getBody().getOps<tensor::ExtractOp>())
    return extract.emitError()
           << "a scalar read from a tensor outside linalg op bodies is not "
              "supported on the GPU yet";
  return success();
}
