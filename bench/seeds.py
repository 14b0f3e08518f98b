#!/usr/bin/env python3
"""Issue 11's criterion over several seeds (standard library only).

Each directory holds one seed's bench/search.sh output. For every workload
and configuration it prints the best GFLOP/s after 128 and after 512 trials
per seed, and their medians, then whether each evolution configuration's median at
128 trials reaches random's median at 512, and in how many seeds it does.
  bench/seeds.py DIR...        (e.g. bench/out/search-s*)
"""
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from curves import load  # noqa: E402


def best_at(points, trials):
    if not points or points[-1][0] < trials:
        return None
    return [p for p in points if p[0] <= trials][-1][2]


def main():
    directories = sys.argv[1:]
    if not directories:
        sys.exit("usage: bench/seeds.py DIR...")
    table = {}  # (workload, config, trials) -> [best per seed]
    for directory in directories:
        if not os.path.isdir(directory):
            sys.exit(f"error: no directory {directory}")
        for (workload, config), (points, _) in load(directory).items():
            for trials in (128, 512):
                best = best_at(points, trials)
                if best is not None:
                    table.setdefault((workload, config, trials),
                                     []).append((directory, best))
    if not table:
        sys.exit("no finished run in " + " ".join(directories))
    print("| workload | search | trials | best per seed | median |")
    print("|---|---|---|---|---|")
    for (workload, config, trials), runs in sorted(table.items()):
        per_seed = ", ".join(f"{b:.1f}" for _, b in runs)
        median = statistics.median(b for _, b in runs)
        print(f"| {workload} | {config} | {trials} | {per_seed} | "
              f"{median:.1f} |")
    # Every evolution configuration (evolution, evolution-r32, ...) at 128
    # trials against random at 512: by median, and seed by seed.
    for workload, config, trials in sorted(table):
        if not config.startswith("evolution") or trials != 128:
            continue
        evolution = table[(workload, config, 128)]
        random = table.get((workload, "random", 512))
        if not random:
            continue
        e = statistics.median(b for _, b in evolution)
        r = statistics.median(b for _, b in random)
        verdict = "reaches" if e >= r else "does not reach"
        by_seed = dict(random)
        wins = sum(b >= by_seed[d] for d, b in evolution if d in by_seed)
        print(f"{workload}: {config} @128 (median {e:.1f} GFLOP/s over "
              f"{len(evolution)} seeds) {verdict} random @512 (median "
              f"{r:.1f} over {len(random)}); at least as fast in {wins} of "
              f"{sum(d in by_seed for d, _ in evolution)} seeds")


if __name__ == "__main__":
    main()
