//===- ComputeDAG.h - the compute DAG of a payload func ---------*- C++ -*-===//
//
// Ansor's ComputeDAG over MLIR: the compute nodes of a func of linalg ops on
// static-shaped tensors (linalg structured ops and tensor.pad), their
// producer/consumer edges, loop extents and kinds, indexing maps and FLOPs.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_ANALYSIS_COMPUTEDAG_COMPUTEDAG_H
#define ANSOR_ANALYSIS_COMPUTEDAG_COMPUTEDAG_H

#include "ansor/Dialect/Sched/IR/SchedAttrs.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AffineMap.h"
#include "llvm/ADT/SmallVector.h"
#include <vector>

namespace mlir {
namespace ansor {

/// The attribute that names a payload op's node index.
constexpr llvm::StringLiteral kNodeAttrName = "sched.node";

/// One compute node: a linalg structured op or a tensor.pad.
struct DAGNode {
  Operation *op = nullptr;
  unsigned index = 0;
  /// Static loop extents and kinds, in the op's loop order.
  SmallVector<int64_t> extents;
  SmallVector<sched::LoopKind> kinds;
  /// Indexing maps of the inputs, then of the inits (linalg ops only).
  SmallVector<AffineMap> inputMaps;
  SmallVector<AffineMap> initMaps;
  /// Nodes that produce this node's operands, and that use its results.
  SmallVector<unsigned> producers;
  SmallVector<unsigned> consumers;
  /// Floating-point (or integer) operations of one execution.
  int64_t flops = 0;
  /// A result is returned from the func.
  bool isOutput = false;
  /// A linalg.fill whose only use is the init operand of one linalg op: the
  /// init statement of a reduction, which belongs to that consumer.
  bool isInit = false;

  int64_t spatialSize() const;
  int64_t reductionSize() const;
  unsigned numLoops(sched::LoopKind kind) const;
};

/// Whether a func argument of this type is a scalar a task may take (an
/// signless integer or a float of at most 64 bits): measurement fixes its
/// value (specializeScalarArguments).
bool isMeasurableScalar(Type type);

/// The compute DAG of one payload func.
class ComputeDAG {
public:
  /// Analyzes `func`. Emits an error at the offending op and fails when the
  /// func is not a static-shaped tensor program of supported ops.
  static FailureOr<ComputeDAG> build(func::FuncOp func);

  ArrayRef<DAGNode> getNodes() const { return nodes; }
  const DAGNode &getNode(unsigned index) const { return nodes[index]; }
  unsigned size() const { return nodes.size(); }
  int64_t getTotalFlops() const;
  func::FuncOp getFunc() const { return func; }

  /// The node attributes a `sched.schedule` lists for this DAG.
  ArrayAttr getNodeAttrs(MLIRContext *ctx) const;

  /// Writes each node's index into its op's `sched.node` attribute so that
  /// schedules (and Transform scripts) can find it.
  void tagPayload() const;

private:
  func::FuncOp func;
  std::vector<DAGNode> nodes;
};

/// Refuses, with an error at the op, what a payload func analyzed by
/// ComputeDAG::build may hold but a GPU program cannot run: a scalar read
/// from a tensor outside every linalg op, which would be a host load of
/// device memory.
LogicalResult verifyGPUPayload(func::FuncOp func);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_ANALYSIS_COMPUTEDAG_COMPUTEDAG_H
