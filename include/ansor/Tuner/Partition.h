//===- Partition.h - split a network into subgraph tasks --------*- C++ -*-===//
//
// Ansor's task extraction (section 6): a whole network in one func is split
// into subgraphs, each a compute-heavy op with its fusible elementwise
// producers and consumers, outlined into its own func. Identical subgraphs
// are outlined once and called wherever they occur, so the number of calls
// of a task func is its weight in the network's latency.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_TUNER_PARTITION_H
#define ANSOR_TUNER_PARTITION_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/MapVector.h"

namespace mlir {
namespace ansor {

/// Partitions every func of `module` that holds more than one subgraph:
/// each subgraph becomes a func (named after its compute-heavy op) that the
/// network func calls, and structurally identical subgraphs share one func.
/// A func that is one subgraph already, or that calls funcs already, is left
/// as it is. Fails, with an error naming the op, when a subgraph would take a
/// value that is not a static-shaped tensor.
LogicalResult partitionModule(ModuleOp module);

/// The number of subgraphs partitionModule would split `func` into (without
/// normalizing it first).
unsigned countSubgraphs(func::FuncOp func);

/// The tasks of a module and their weights: the non-external funcs called by
/// another func of the module (a network), with how many times each network
/// calls them; a func that neither calls nor is called is a network of one
/// task, itself, with weight 1.
struct NetworkTasks {
  /// The funcs that call tasks, in module order, each with its tasks
  /// (callee name to number of calls).
  llvm::MapVector<func::FuncOp, llvm::MapVector<StringRef, unsigned>> networks;
  /// Every task func in module order.
  SmallVector<func::FuncOp> tasks;
};
NetworkTasks collectNetworkTasks(ModuleOp module);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_TUNER_PARTITION_H
