//===- GPUSchedulePlan.h - the steps of a GPU schedule per node -*- C++ -*-===//
//
// The planning half of GPU materialization: the steps of a complete GPU
// schedule gathered per node and checked against its payload and the
// target's limits. The GPU Transform script is emitted from this plan and
// the cost model's GPU loop nests are derived from it, so both accept the
// same schedules and describe the same program.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_DIALECT_SCHED_TRANSFORMS_GPUSCHEDULEPLAN_H
#define ANSOR_DIALECT_SCHED_TRANSFORMS_GPUSCHEDULEPLAN_H

#include "ansor/Analysis/ComputeDAG/ComputeDAG.h"
#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "ansor/Target/Target.h"

namespace mlir {
namespace sched {

/// The steps of one node of a GPU schedule.
struct GPUNodeSteps {
  TileOp tile;
  BindOp bind;
  FuseConsumerOp fusedConsumer;
  bool fusedIntoProducer = false;
  bool inlined = false;
  bool vectorize = false;
  int64_t unrollMaxStep = 0;
  /// Operand numbers of the inputs staged in shared memory.
  SmallVector<unsigned> cacheReads;
  /// A reduction split across the threads of a block.
  RfactorOp rfactor;
};

class GPUSchedulePlan {
public:
  /// Gathers and checks the steps of `schedule`; emits a diagnostic at the
  /// offending step and fails on one the GPU materializer cannot build.
  static FailureOr<GPUSchedulePlan> build(ScheduleOp schedule,
                                          const ansor::ComputeDAG &dag,
                                          const ansor::GPULimits &limits);

  ScheduleOp getSchedule() const { return schedule; }
  const ansor::ComputeDAG &getDAG() const { return *dag; }
  const ansor::GPULimits &getLimits() const { return limits; }
  ArrayRef<GPUNodeSteps> getNodes() const { return nodes; }
  const GPUNodeSteps &getNode(unsigned node) const { return nodes[node]; }
  /// The node that computes `value`, if any.
  std::optional<unsigned> getNodeOf(Value value) const;
  /// The operand of `node` its init fill writes, if it has one.
  std::optional<unsigned> getInitOperand(unsigned node) const;

private:
  GPUSchedulePlan(ScheduleOp schedule, const ansor::ComputeDAG &dag,
                  const ansor::GPULimits &limits)
      : schedule(schedule), dag(&dag), limits(limits) {}
  LogicalResult collect();

  ScheduleOp schedule;
  const ansor::ComputeDAG *dag;
  ansor::GPULimits limits;
  SmallVector<GPUNodeSteps> nodes;
};

} // namespace sched
} // namespace mlir

#endif // ANSOR_DIALECT_SCHED_TRANSFORMS_GPUSCHEDULEPLAN_H
