#!/usr/bin/env bash
# Tunes every benchmark workload with random search and compares the best
# program with the untuned lowering measured in the same run.
#   bench/workloads.sh [TRIALS] [THREADS] [SEARCH]
# (defaults: 64 trials, 2 threads, random search; SEARCH may be mutation)
# Writes bench/out/<workload>.{records.jsonl,tune.json,untuned.json} and
# prints one line per workload: tuned/untuned times and the speedup.
set -euo pipefail
cd "$(dirname "$0")/.."
TRIALS=${1:-64}
THREADS=${2:-2}
SEARCH=${3:-random}
B=${BUILD_DIR:-build}/bin
OUT=bench/out
mkdir -p "$OUT"
printf '%-16s %12s %12s %9s %9s %8s\n' workload untuned_s tuned_s speedup GFLOP/s tune_s
for w in examples/workloads/*.mlir; do
  name=$(basename "$w" .mlir)
  rm -f "$OUT/$name.records.jsonl"
  "$B/ansor-opt" "$w" --ansor-measure="summary=$OUT/$name.untuned.json threads=$THREADS" -o /dev/null
  "$B/ansor-opt" "$w" --ansor-tune="trials=$TRIALS threads=$THREADS search=$SEARCH records=$OUT/$name.records.jsonl summary=$OUT/$name.tune.json" \
    -o "$OUT/$name.tuned.mlir" 2> "$OUT/$name.tune.log"
  python3 - "$OUT/$name.untuned.json" "$OUT/$name.tune.json" "$name" <<'PY'
import json, sys
u = json.load(open(sys.argv[1]))["tasks"][0]
t = json.load(open(sys.argv[2]))
task = t["tasks"][0]
assert task["verified"], f"{sys.argv[3]}: no verified program"
print(f'{sys.argv[3]:<16} {u["best_seconds"]:12.6f} {task["best_seconds"]:12.6f} '
      f'{u["best_seconds"] / task["best_seconds"]:8.1f}x {task["best_gflops"]:9.1f} {t["wall_seconds"]:8.1f}')
PY
done
