#!/usr/bin/env bash
# Compares two builds' lowerings on the same programs: random search with the
# same seed proposes the same programs, so the best of each run differs only
# by how the programs were lowered. Interleaves the two builds per workload.
#   BASE=/path/to/old/bin bench/lowering_ab.sh [TRIALS] [THREADS] WORKLOAD.mlir...
# Prints per workload and build: the untuned lowering's time, the best
# program's time, and the ratio of the base's best to the new best.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${BASE:?set BASE to the bin directory of the old build}"
TRIALS=${1:-32}
THREADS=${2:-2}
shift 2
NEW=${BUILD_DIR:-build}/bin
OUT=bench/out/lowering_ab
mkdir -p "$OUT"
printf '%-16s %14s %14s %14s %14s %8s\n' workload base_untuned_s base_best_s new_untuned_s new_best_s speedup
for w in "$@"; do
  name=$(basename "$w" .mlir)
  for v in base new; do
    bin=$NEW
    [ "$v" = base ] && bin=$BASE
    rm -f "$OUT/$name.$v.jsonl"
    "$bin/ansor-opt" "$w" -o /dev/null 2> "$OUT/$name.$v.log" \
      --ansor-tune="trials=$TRIALS seed=0 search=random threads=$THREADS records=$OUT/$name.$v.jsonl summary=$OUT/$name.$v.json"
  done
  python3 - "$OUT/$name.base.json" "$OUT/$name.new.json" "$name" <<'PY'
import json, sys
b = json.load(open(sys.argv[1]))["tasks"][0]
n = json.load(open(sys.argv[2]))["tasks"][0]
print(f'{sys.argv[3]:<16} {b["untuned_seconds"]:14.3e} {b["best_seconds"]:14.3e} '
      f'{n["untuned_seconds"]:14.3e} {n["best_seconds"]:14.3e} {b["best_seconds"] / n["best_seconds"]:7.2f}x')
PY
done
