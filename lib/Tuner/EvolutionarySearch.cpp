//===- EvolutionarySearch.cpp - model-guided evolution --------------------===//

#include "ansor/Tuner/EvolutionarySearch.h"
#include "ansor/Model/Dataset.h"
#include "ansor/Search/Crossover.h"
#include "llvm/ADT/DenseSet.h"
#include <chrono>
#include <limits>
#include <numeric>

using namespace mlir;
using namespace mlir::ansor;

static double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// Identifies a program by its steps: attributes are uniqued, so equal
/// steps have the same attribute dictionaries. Much cheaper than printing.
static size_t hashSteps(sched::ScheduleOp program) {
  llvm::hash_code hash = 0;
  for (Operation &step : program.getBody().front())
    hash = llvm::hash_combine(hash, step.getName().getAsOpaquePointer(),
                              step.getAttrDictionary().getAsOpaquePointer());
  return hash;
}

/// Identifies a program's micro-kernel: the innermost factor of every
/// split of its tiled nodes (the register block and its innermost
/// reduction step), and its packing steps.
static size_t hashBlocks(sched::ScheduleOp program) {
  llvm::hash_code hash = 0;
  for (Operation &step : program.getBody().front()) {
    if (auto tile = dyn_cast<sched::TileOp>(step)) {
      for (Attribute split : tile.getSplits())
        hash = llvm::hash_combine(
            hash, cast<sched::SplitAttr>(split).getFactors().back());
    } else if (isa<sched::PackOp, sched::LayoutRewriteOp>(step)) {
      hash = llvm::hash_combine(hash, step.getName().getAsOpaquePointer(),
                                step.getAttrDictionary().getAsOpaquePointer());
    }
  }
  return hash;
}

std::vector<unsigned>
mlir::ansor::pickRanked(ArrayRef<unsigned> ranked, ArrayRef<size_t> blocks,
                        unsigned count, unsigned maxPerBlock,
                        function_ref<bool(unsigned)> isNew) {
  std::vector<unsigned> picked, overCap;
  llvm::DenseMap<size_t, unsigned> perBlock;
  for (unsigned index : ranked) {
    if (picked.size() == count)
      return picked;
    if (maxPerBlock && perBlock.lookup(blocks[index]) >= maxPerBlock) {
      overCap.push_back(index);
      continue;
    }
    if (!isNew(index))
      continue;
    ++perBlock[blocks[index]];
    picked.push_back(index);
  }
  for (unsigned index : overCap) {
    if (picked.size() == count)
      break;
    if (isNew(index))
      picked.push_back(index);
  }
  return picked;
}

std::vector<unsigned> mlir::ansor::rankCandidates(ArrayRef<Candidate> all,
                                                  bool pareto) {
  std::vector<unsigned> order(all.size());
  std::iota(order.begin(), order.end(), 0);
  std::vector<unsigned> front(all.size(), 0);
  if (pareto) {
    // In order of workspace (then score, best first), a program joins the
    // first front none of whose members, all of no more workspace, scores
    // at least as well.
    std::vector<unsigned> byWorkspace = order;
    std::stable_sort(byWorkspace.begin(), byWorkspace.end(),
                     [&](unsigned a, unsigned b) {
                       if (all[a].workspace != all[b].workspace)
                         return all[a].workspace < all[b].workspace;
                       return all[a].score > all[b].score;
                     });
    std::vector<double> frontBest;
    for (unsigned index : byWorkspace) {
      unsigned f = 0;
      while (f < frontBest.size() && frontBest[f] >= all[index].score)
        ++f;
      if (f == frontBest.size())
        frontBest.push_back(all[index].score);
      frontBest[f] = std::max(frontBest[f], all[index].score);
      front[index] = f;
    }
  }
  std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
    if (front[a] != front[b])
      return front[a] < front[b];
    return all[a].score > all[b].score;
  });
  return order;
}

void EvolutionarySearch::score(std::vector<Candidate> &population,
                               const XGBoostModel &model) {
  double start = now();
  std::vector<ProgramFeatures> features;
  std::vector<Candidate> kept;
  features.reserve(population.size());
  kept.reserve(population.size());
  for (Candidate &candidate : population) {
    std::string error;
    FailureOr<ProgramFeatures> f =
        extractProgramFeatures(candidate.program, dag, error);
    if (failed(f)) {
      candidate.program.erase();
      continue;
    }
    candidate.workspace = f->workspaceBytes;
    // Only the cap reads it.
    if (options.maxPerBlock)
      candidate.block = hashBlocks(candidate.program);
    features.push_back(std::move(*f));
    kept.push_back(candidate);
  }
  std::string error;
  FailureOr<std::vector<double>> predicted = model.predict(features, error);
  for (auto [index, candidate] : llvm::enumerate(kept))
    candidate.score = succeeded(predicted) ? (*predicted)[index] : 0.0;
  times.scored += kept.size();
  population = std::move(kept);
  times.scoring += now() - start;
}

std::vector<Candidate> EvolutionarySearch::breed(OpBuilder &builder,
                                                 ArrayRef<Candidate> parents,
                                                 std::mt19937 &rng) {
  double start = now();
  // Parents are drawn in proportion to their score; a model that scores
  // nothing above zero leaves the draw uniform.
  std::vector<double> weights;
  for (const Candidate &parent : parents)
    weights.push_back(std::max(parent.score, 0.0));
  if (llvm::all_of(weights, [](double w) { return w == 0; }))
    llvm::fill(weights, 1.0);
  std::discrete_distribution<size_t> pick(weights.begin(), weights.end());
  std::uniform_real_distribution<double> coin(0, 1);
  std::vector<Candidate> next;
  llvm::DenseSet<size_t> hashes;
  for (unsigned attempts = 0;
       next.size() < options.population && attempts < 2 * options.population;
       ++attempts) {
    const Candidate &parent = parents[pick(rng)];
    sched::ScheduleOp child;
    if (options.crossover && coin(rng) >= options.mutationProbability) {
      // A second parent of the same sketch; failing that, a mutation.
      for (int tries = 0; tries < 4 && !child; ++tries) {
        const Candidate &other = parents[pick(rng)];
        if (other.sketch == parent.sketch && other.program != parent.program)
          child =
              crossoverSchedules(builder, parent.program, other.program, rng);
      }
    }
    if (!child) {
      child = cast<sched::ScheduleOp>(builder.clone(*parent.program));
      if (!mutateSchedule(child, sketches[parent.sketch], rng, mutation)) {
        child.erase();
        continue;
      }
    }
    size_t hash = hashSteps(child);
    if (!hashes.insert(hash).second) {
      child.erase();
      continue;
    }
    next.push_back({child, parent.sketch, 0, 0, hash});
  }
  times.evolution += now() - start;
  return next;
}

SmallVector<Candidate>
EvolutionarySearch::search(OpBuilder &builder, const XGBoostModel &model,
                           ArrayRef<Candidate> measured, unsigned count,
                           function_ref<bool(sched::ScheduleOp)> isNew,
                           std::mt19937 &rng) {
  double start = now();
  std::vector<Candidate> population;
  llvm::DenseSet<size_t> hashes;
  size_t fromMeasured = std::min<size_t>(
      measured.size(), options.measuredShare * options.population);
  for (const Candidate &m : measured.take_front(fromMeasured)) {
    auto program = cast<sched::ScheduleOp>(builder.clone(*m.program));
    size_t hash = hashSteps(program);
    hashes.insert(hash);
    population.push_back({program, m.sketch, 0, 0, hash});
  }
  llvm::DenseSet<size_t> measuredHashes = hashes;
  // Fresh samples of every sketch in turn.
  for (unsigned attempts = 0; population.size() < options.population &&
                              attempts < 2 * options.population;
       ++attempts) {
    unsigned sketch = attempts % sketches.size();
    auto program = cast<sched::ScheduleOp>(builder.clone(*sketches[sketch]));
    if (failed(annotateSchedule(program, rng, sample))) {
      program.erase();
      continue;
    }
    size_t hash = hashSteps(program);
    if (!hashes.insert(hash).second) {
      program.erase();
      continue;
    }
    population.push_back({program, sketch, 0, 0, hash});
  }
  times.sampling += now() - start;

  // The best new programs of every generation so far (owned copies).
  std::vector<Candidate> best;
  llvm::DenseSet<size_t> bestHashes;
  auto keepBest = [&] {
    double mergeStart = now();
    std::vector<Candidate> merged = best;
    size_t firstNew = merged.size();
    for (const Candidate &c : population)
      if (!bestHashes.contains(c.hash))
        merged.push_back(c);
    std::vector<size_t> blocks;
    for (const Candidate &c : merged)
      blocks.push_back(c.block);
    std::vector<Candidate> kept;
    llvm::DenseSet<size_t> keptHashes;
    for (unsigned index :
         pickRanked(rankCandidates(merged, options.pareto), blocks, count,
                    options.maxPerBlock, [&](unsigned index) {
                      return index < firstNew || isNew(merged[index].program);
                    })) {
      Candidate c = merged[index];
      if (index >= firstNew)
        c.program = cast<sched::ScheduleOp>(builder.clone(*c.program));
      keptHashes.insert(c.hash);
      kept.push_back(c);
    }
    for (Candidate &c : best)
      if (!keptHashes.contains(c.hash))
        c.program.erase();
    best = std::move(kept);
    bestHashes = std::move(keptHashes);
    times.evolution += now() - mergeStart;
  };
  // The best scored fresh samples (owned copies), taken ahead of the bred.
  unsigned freshCount = options.freshShare * count;
  std::vector<Candidate> fresh;
  auto keepFresh = [&] {
    std::vector<Candidate> unbred;
    for (const Candidate &c : population)
      if (!measuredHashes.contains(c.hash))
        unbred.push_back(c);
    for (unsigned index : rankCandidates(unbred, options.pareto)) {
      if (fresh.size() == freshCount)
        break;
      if (!isNew(unbred[index].program))
        continue;
      Candidate c = unbred[index];
      c.program = cast<sched::ScheduleOp>(builder.clone(*c.program));
      fresh.push_back(c);
    }
  };
  for (unsigned generation = 0;; ++generation) {
    score(population, model);
    if (generation == 0 && freshCount)
      keepFresh();
    keepBest();
    if (generation == options.generations || population.empty())
      break;
    std::vector<Candidate> next = breed(builder, population, rng);
    for (Candidate &c : population)
      c.program.erase();
    population = std::move(next);
  }
  for (Candidate &c : population)
    c.program.erase();
  if (fresh.empty())
    return SmallVector<Candidate>(best.begin(), best.end());
  SmallVector<Candidate> picked(fresh.begin(), fresh.end());
  llvm::DenseSet<size_t> pickedHashes;
  for (const Candidate &c : fresh)
    pickedHashes.insert(c.hash);
  for (Candidate &c : best) {
    if (picked.size() < count && pickedHashes.insert(c.hash).second)
      picked.push_back(c);
    else
      c.program.erase();
  }
  return picked;
}
