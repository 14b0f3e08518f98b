//===- NormalizePayloadPass.cpp - the payload as ansor schedules it -------===//

#include "ansor/Analysis/ComputeDAG/NormalizePayload.h"
#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDNORMALIZEPAYLOAD
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

namespace {
struct SchedNormalizePayloadPass
    : public sched::impl::SchedNormalizePayloadBase<SchedNormalizePayloadPass> {
  void runOnOperation() override { ansor::normalizePayloads(getOperation()); }
};
} // namespace
