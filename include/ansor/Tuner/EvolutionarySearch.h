//===- EvolutionarySearch.h - model-guided evolution ------------*- C++ -*-===//
//
// Ansor's fine-tuning (paper, section 5.1; TVM's
// SketchPolicy::EvolutionarySearch): a population of fresh samples of every
// sketch and the best measured programs evolves for a few generations, each
// child a mutation or a node-based crossover of parents drawn in proportion
// to the cost model's score; the best programs seen in any generation that
// were never measured are returned for measurement. With the Pareto
// objective, programs are ranked by non-dominated fronts of (predicted
// score, workspace bytes) instead of by score.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_TUNER_EVOLUTIONARYSEARCH_H
#define ANSOR_TUNER_EVOLUTIONARYSEARCH_H

#include "ansor/Analysis/ComputeDAG/ComputeDAG.h"
#include "ansor/Model/CostModel.h"
#include "ansor/Search/InitRules.h"
#include "ansor/Search/Mutations.h"
#include <random>

namespace mlir {
namespace ansor {

struct EvolutionOptions {
  unsigned population = 2048;
  unsigned generations = 4;
  /// The share of children made by mutation; the rest by crossover.
  double mutationProbability = 0.85;
  /// Up to this share of the first generation is the best measured
  /// programs (TVM's sample_init_use_measured_ratio).
  double measuredShare = 0.2;
  /// Without it every child is a mutation (the ablation of crossover).
  bool crossover = true;
  /// Rank by Pareto fronts of (score, workspace) instead of by score.
  bool pareto = false;
  /// At most this many of the returned programs share a micro-kernel
  /// (0: no cap, Ansor's); programs over the cap fill what the others
  /// leave. A model trained on a few programs ranks one micro-kernel first
  /// and would fill a round with it.
  unsigned maxPerBlock = 0;
  /// This share of the returned programs is the best scored of the first
  /// generation's fresh samples, not bred (0: none, Ansor's). Breeding
  /// climbs the model's score, which a model trained on a few programs
  /// overrates in one region; its ranking of unbred samples errs less.
  double freshShare = 0;
};

/// A program of the search: a complete schedule of sketch `sketch`.
struct Candidate {
  sched::ScheduleOp program;
  unsigned sketch = 0;
  /// The model's score (higher is faster).
  double score = 0;
  int64_t workspace = 0;
  /// Identifies the program's steps (equal steps, equal hashes).
  size_t hash = 0;
  /// Identifies its micro-kernel (set when scored with a `maxPerBlock`).
  size_t block = 0;
};

/// Where the search's time went, in seconds.
struct EvolutionTimes {
  /// Fresh samples of the sketches.
  double sampling = 0;
  /// Mutation, crossover and deduplication.
  double evolution = 0;
  /// Feature extraction and prediction.
  double scoring = 0;
  unsigned scored = 0;
};

/// The indices of `candidates`, best first: by score, or with `pareto` by
/// non-dominated front of (higher score, smaller workspace), then by score.
std::vector<unsigned> rankCandidates(ArrayRef<Candidate> candidates,
                                     bool pareto);

/// Up to `count` of `ranked` (indices into `blocks`, best first) that
/// `isNew` accepts, in order, at most `maxPerBlock` of one block (0: no
/// cap); then, while fewer than `count`, the best of those over the cap.
std::vector<unsigned> pickRanked(ArrayRef<unsigned> ranked,
                                 ArrayRef<size_t> blocks, unsigned count,
                                 unsigned maxPerBlock,
                                 function_ref<bool(unsigned)> isNew);

class EvolutionarySearch {
public:
  EvolutionarySearch(ArrayRef<sched::ScheduleOp> sketches,
                     const ComputeDAG &dag, const EvolutionOptions &options,
                     const SampleOptions &sample,
                     const MutationOptions &mutation)
      : sketches(sketches), dag(dag), options(options), sample(sample),
        mutation(mutation) {}

  /// Evolves a population seeded with fresh samples and `measured` (best
  /// first) and returns up to `count` programs, best first, that were
  /// never proposed before (`isNew`), built at `builder`'s insertion point;
  /// the caller owns them.
  SmallVector<Candidate> search(OpBuilder &builder, const XGBoostModel &model,
                                ArrayRef<Candidate> measured, unsigned count,
                                function_ref<bool(sched::ScheduleOp)> isNew,
                                std::mt19937 &rng);

  const EvolutionTimes &getTimes() const { return times; }

private:
  /// Scores `population` in place; drops (and erases) the programs without
  /// features, which the materializer would refuse.
  void score(std::vector<Candidate> &population, const XGBoostModel &model);
  /// The next generation, bred from `parents`.
  std::vector<Candidate> breed(OpBuilder &builder, ArrayRef<Candidate> parents,
                               std::mt19937 &rng);

  ArrayRef<sched::ScheduleOp> sketches;
  const ComputeDAG &dag;
  const EvolutionOptions &options;
  const SampleOptions &sample;
  const MutationOptions &mutation;
  EvolutionTimes times;
};

} // namespace ansor
} // namespace mlir

#endif // ANSOR_TUNER_EVOLUTIONARYSEARCH_H
