//===- SketchRules.h - Ansor's sketch derivation rules ----------*- C++ -*-===//
//
// Each rule is a condition and an application (TVM's SketchGenerationRule).
// Derivation visits nodes from the last to the first and tries the rules in
// order on each state: `Apply` adds the rule's states and goes on with the
// next rule, `ApplyAndSkipRest` adds them and stops.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_SEARCH_SKETCHRULES_H
#define ANSOR_SEARCH_SKETCHRULES_H

#include "ansor/Search/Sketch.h"
#include <memory>

namespace mlir {
namespace ansor {

enum class RuleCondition { Skip, Apply, ApplyAndSkipRest };

class SketchRule {
public:
  virtual ~SketchRule() = default;
  virtual StringRef name() const = 0;
  virtual RuleCondition matches(const ComputeDAG &dag, const SketchState &state,
                                unsigned node) const = 0;
  /// The states the rule derives; each names the node to process next.
  virtual SmallVector<SketchState> apply(const ComputeDAG &dag,
                                         const SketchState &state,
                                         unsigned node) const = 0;
};

using SketchRuleList = SmallVector<std::unique_ptr<SketchRule>>;

/// Ansor's CPU rules in Ansor's order: AlwaysInline, AddRfactor,
/// AddCacheWrite, MultiLevelTilingWithFusion, MultiLevelTiling, Skip.
/// Without `computeOnceBranches`, AlwaysInline inlines a node whose
/// inlining recomputes a transcendental op instead of also deriving the
/// sketches that compute it once (each such node doubles the sketches).
SketchRuleList getCPUSketchRules(const Target &target,
                                 bool computeOnceBranches = true);

/// Ansor's GPU rules that exist here, in Ansor's order: AlwaysInline (pads
/// excepted; an expensive node is always inlined, with no compute-once
/// branch: on an H200 that branch lost, docs/benchmarks.md), AddCacheRead,
/// CrossThreadReduction, MultiLevelTilingWithFusion, MultiLevelTiling
/// ("SSSRRSRS"), Skip. AddCacheWrite is not derived.
SketchRuleList getGPUSketchRules(const Target &target);

/// The most sketches derived for one func (before the CPU's scalar twins,
/// which can double them).
constexpr unsigned kMaxSketches = 64;

/// Every terminal sketch of `dag` under `rules`, in derivation order.
/// Fails (leaving `error` set) when derivation exceeds `maxSketches`, unless
/// `pruned` is given: then a node derived when its alternatives would pass
/// the cap keeps its last rule's only, and `*pruned` says whether one did.
FailureOr<SmallVector<SketchState>>
generateSketches(const ComputeDAG &dag, const SketchRuleList &rules,
                 std::string &error, unsigned maxSketches = kMaxSketches,
                 bool *pruned = nullptr);

} // namespace ansor
} // namespace mlir

namespace mlir {
namespace ansor {

/// Analyzes `func`, tags its nodes, and builds one `sched.schedule` per
/// sketch for `target` (CPU or GPU rules) at the builder's insertion point (named `<func>_sketch<i>`).
/// Emits a diagnostic and fails when the func cannot be scheduled.
FailureOr<SmallVector<sched::ScheduleOp>>
deriveSketchOps(func::FuncOp func, const Target &target, OpBuilder &builder);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_SEARCH_SKETCHRULES_H
