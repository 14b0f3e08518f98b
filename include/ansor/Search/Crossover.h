//===- Crossover.h - node-based crossover of complete programs --*- C++ -*-===//
//
// Ansor's crossover (paper, section 5.1; TVM never implemented it): a child
// of two programs of the same sketch takes, for each node of the DAG, the
// tunables of all that node's steps from one parent or the other, so good
// tilings of different nodes can meet in one program. Where only one node
// carries steps (a lone matmul), there is nothing to exchange node by node,
// and the steps themselves are exchanged instead.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_SEARCH_CROSSOVER_H
#define ANSOR_SEARCH_CROSSOVER_H

#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "mlir/IR/Builders.h"
#include <random>

namespace mlir {
namespace ansor {

/// Whether `a` and `b` are complete programs of the same sketch: the same
/// steps, on the same nodes, in the same order.
bool haveSameSketch(sched::ScheduleOp a, sched::ScheduleOp b);

/// A child of `a` and `b` (programs of the same sketch), built at
/// `builder`'s insertion point: each node's (or, for a single node, each
/// step's) tunables come from a parent drawn at random, both parents giving
/// at least one. Null when the parents are not of the same sketch, have
/// nothing to exchange, or the child fails the schedule verifier (it is then
/// erased).
sched::ScheduleOp crossoverSchedules(OpBuilder &builder, sched::ScheduleOp a,
                                     sched::ScheduleOp b, std::mt19937 &rng);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_SEARCH_CROSSOVER_H
