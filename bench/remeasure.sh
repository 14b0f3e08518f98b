#!/usr/bin/env bash
# Re-measures the best program each search configuration found, interleaved
# in one run, so the comparison of issue 11 does not rest on each run's own
# best timing alone: a search that measures 512 programs keeps the luckiest
# of 512 noisy timings (the winner's curse), one of 128 the luckiest of 128.
#   bench/remeasure.sh DIR...     (directories of bench/search.sh output)
# ROUNDS (default 7) rounds of every best program, one after the other, each
# timed with repeat=5; prints per workload and configuration the recorded
# best and the re-measured median (min-max), in GFLOP/s.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD_DIR:-build}/bin
ROUNDS=${ROUNDS:-7}
[[ $# -gt 0 ]] || { echo "usage: bench/remeasure.sh DIR..." >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
programs=()
for dir in "$@"; do
  for summary in "$dir"/*.json; do
    base=$(basename "$summary" .json)        # workload.config
    workload=${base%%.*}
    [[ -f examples/workloads/$workload.mlir && -f $dir/$base.jsonl ]] || continue
    tuned=$work/$(basename "$dir").$base.mlir
    "$B/ansor-opt" "examples/workloads/$workload.mlir" -o "$tuned" \
      --ansor-apply-best="records=$dir/$base.jsonl"
    programs+=("$dir|$base|$tuned")
  done
done
[[ ${#programs[@]} -gt 0 ]] || { echo "no records in $*" >&2; exit 1; }
for round in $(seq "$ROUNDS"); do
  for entry in "${programs[@]}"; do
    IFS='|' read -r dir base tuned <<< "$entry"
    "$B/ansor-opt" "$tuned" -o /dev/null \
      --ansor-measure="threads=2 repeat=5 summary=$work/m.json" 2> /dev/null
    python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["tasks"][0]; print(sys.argv[2], sys.argv[3], t["best_seconds"])' \
      "$work/m.json" "$dir" "$base" >> "$work/times"
  done
done
python3 - "$work/times" <<'PY'
import collections, json, statistics, sys
times = collections.defaultdict(list)
for line in open(sys.argv[1]):
    d, base, seconds = line.split()
    times[(d, base)].append(float(seconds))
print("| runs | workload.config | recorded best | re-measured median (min-max) |")
print("|---|---|---|---|")
for (d, base), ts in sorted(times.items(), key=lambda kv: (kv[0][1], kv[0][0])):
    task = json.load(open(f"{d}/{base}.json"))["tasks"][0]
    flop = task["flop"] / 1e9
    print(f"| {d} | {base} | {task['best_gflops']:.1f} | "
          f"{flop / statistics.median(ts):.1f} ({flop / max(ts):.1f}-{flop / min(ts):.1f}) |")
PY
