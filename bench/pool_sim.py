#!/usr/bin/python3
"""Offline check of a selection rule for the model-guided search (issue 11).

Replays active learning on a pool of programs already measured (the random
search records of bench/search.sh, several seeds pooled): 16 random picks,
then rounds of 48 and 64 picks (128 in all, as evolution's rounds at 128
trials), each round chosen by one rule from the programs not yet picked:
  random   uniformly;
  greedy   the best scored by Ansor's cost model (pack-sum, weighted squared
           error, trees 10 deep, eta 0.2, 200 rounds) trained on the picks;
  ucb      five such models trained on Poisson(1) bootstrap weights, scored
           by mean + kappa * standard deviation (an ensemble's upper
           confidence bound);
with an epsilon-greedy share of 0.05 skipped, as the tuner does. Prints the
best normalized throughput found (1 = the pool's best) over 30 replays.
Needs Debian's python3-xgboost and python3-numpy (not the project's build).
  build/bin/ansor-model eval DIR/W.random.jsonl --rows=W.sN.csv   (per seed)
  bench/pool_sim.py W DIR0:W.s0.csv DIR1:W.s1.csv ...
"""
import collections
import csv
import json
import sys

import numpy as np
import xgboost as xgb


def load(path):
    programs = collections.OrderedDict()
    with open(path) as f:
        reader = csv.reader(f)
        next(reader)
        for row in reader:
            entry = programs.setdefault(int(row[0]), [float(row[2]), []])
            entry[1].append([float(v) for v in row[4:]])
    y = np.array([p[0] for p in programs.values()])
    rows = [np.array(p[1], dtype=np.float32) for p in programs.values()]
    return y, rows


def train(rows, y, picked, seed, bootstrap):
    rng = np.random.RandomState(seed)
    weights = rng.poisson(1.0, len(picked)) if bootstrap else np.ones(
        len(picked))
    keep = [i for i, w in zip(picked, weights) if w > 0]
    weights = np.array([w for w in weights if w > 0], float)
    owner = np.concatenate([[j] * len(rows[i]) for j, i in enumerate(keep)])
    statements = np.array([len(rows[i]) for i in keep], float)
    labels = y[keep] / y[keep].max()
    weights = weights * np.maximum(labels, 1e-3)

    def packsum(predictions, _):
        sums = np.bincount(owner, weights=predictions, minlength=len(keep))
        return ((sums - labels) * weights)[owner], (statements *
                                                    weights)[owner]

    params = {"max_depth": 10, "eta": 0.2, "gamma": 0.001,
              "min_child_weight": 0, "lambda": 1, "tree_method": "hist",
              "seed": seed, "nthread": 2}
    matrix = xgb.DMatrix(np.concatenate([rows[i] for i in keep]))
    return xgb.train(params, matrix, 200, obj=packsum)


def score(booster, rows, candidates):
    owner = np.concatenate([[j] * len(rows[i])
                            for j, i in enumerate(candidates)])
    margins = booster.predict(
        xgb.DMatrix(np.concatenate([rows[i] for i in candidates])),
        output_margin=True)
    return np.bincount(owner, weights=margins, minlength=len(candidates))


def replay(y, rows, rule, seed, kappa=1.0, ensemble=5):
    rng = np.random.RandomState(seed)
    picked = list(rng.choice(len(y), 16, replace=False))
    for count in (48, 64):
        taken = set(picked)
        candidates = [i for i in range(len(y)) if i not in taken]
        if rule == "random":
            picked += list(rng.choice(candidates, count, replace=False))
            continue
        if rule == "greedy":
            scores = score(train(rows, y, picked, seed, False), rows,
                           candidates)
        else:
            all_scores = np.array([
                score(train(rows, y, picked, seed * 100 + j, True), rows,
                      candidates) for j in range(ensemble)])
            scores = all_scores.mean(0) + kappa * all_scores.std(0)
        chosen = []
        for at in np.argsort(-scores):
            if len(chosen) == count:
                break
            if rng.rand() >= 0.05:
                chosen.append(candidates[at])
        while len(chosen) < count:
            pick = candidates[rng.randint(len(candidates))]
            if pick not in chosen:
                chosen.append(pick)
        picked += chosen
    return y[picked].max()


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    workload, ys, rows = sys.argv[1], [], []
    for spec in sys.argv[2:]:
        directory, path = spec.split(":")
        # Labels are normalized per records file: scale them by that run's
        # best GFLOP/s to pool several runs.
        with open(f"{directory}/{workload}.random.json") as f:
            best = json.load(f)["tasks"][0]["best_gflops"]
        y, r = load(path)
        ys.append(y * best)
        rows += r
    y = np.concatenate(ys)
    y /= y.max()
    print(f"{workload}: a pool of {len(y)} programs, 128 picks, 30 replays")
    for rule, kappa in (("random", 0), ("greedy", 0), ("ucb", 0.5),
                        ("ucb", 1.0), ("ucb", 2.0)):
        found = [replay(y, rows, rule, seed, kappa) for seed in range(30)]
        name = rule if rule != "ucb" else f"ucb kappa={kappa}"
        print(f"  {name:16} mean {np.mean(found):.4f}  median "
              f"{np.median(found):.4f}  share >= 0.98: "
              f"{np.mean(np.array(found) >= 0.98):.2f}", flush=True)


if __name__ == "__main__":
    main()
