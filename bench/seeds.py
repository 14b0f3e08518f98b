#!/usr/bin/env python3
"""Issue 11's criterion over several seeds (standard library only).

Each directory holds one seed's bench/search.sh output. For every workload
and configuration it prints the best GFLOP/s after 128 and after 512 trials
per seed, and their medians, then whether evolution's median at 128 trials
reaches random's median at 512.
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
    for workload in sorted({w for w, _, _ in table}):
        evolution = table.get((workload, "evolution", 128))
        random = table.get((workload, "random", 512))
        if not evolution or not random:
            continue
        e = statistics.median(b for _, b in evolution)
        r = statistics.median(b for _, b in random)
        verdict = "reaches" if e >= r else "does not reach"
        print(f"{workload}: evolution @128 (median {e:.1f} GFLOP/s over "
              f"{len(evolution)} seeds) {verdict} random @512 (median "
              f"{r:.1f} over {len(random)})")


if __name__ == "__main__":
    main()
