"""Writes one seed's bench/search.sh output with given best throughputs:
   make-search-runs.py DIR CONFIG:TRIALS:GFLOPS...
Each run's records reach GFLOPS (1 GFLOP per program) at its last trial,
earlier trials are half as fast."""
import json
import os
import sys

directory = sys.argv[1]
os.makedirs(directory, exist_ok=True)
for spec in sys.argv[2:]:
    config, trials, gflops = spec.split(":")
    trials, gflops = int(trials), float(gflops)
    with open(os.path.join(directory, f"w.{config}.jsonl"), "w") as f:
        for trial in range(trials):
            speed = gflops if trial == trials - 1 else gflops / 2
            f.write(json.dumps({"trial": trial, "timestamp": 100.0 + trial,
                                "error": "none", "costs": [1 / speed]}) + "\n")
    with open(os.path.join(directory, f"w.{config}.json"), "w") as f:
        json.dump({"tasks": [{"flop": 1e9, "wall_seconds": trials}]}, f)
