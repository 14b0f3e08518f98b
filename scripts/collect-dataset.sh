#!/usr/bin/env bash
# Measures randomly sampled programs of every shared workload and coverage
# example into one records file: the cost model's training and test set.
# Random search, so the set spans the whole space, not only good programs.
#   scripts/collect-dataset.sh OUT.jsonl [TRIALS_PER_TASK] [THREADS]
# EXTRA adds --ansor-tune options (e.g. EXTRA="cut-ratio=0" times slow
# programs fully instead of by their warm-up call).
# Each task's payload is stored in the file, so it trains a model alone.
# Killed, it resumes: the tuner appends to OUT and reuses its records.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
out=${1:?usage: collect-dataset.sh OUT.jsonl [TRIALS_PER_TASK] [THREADS]}
trials=${2:-144}
threads=${3:-2}
seed=0
for input in examples/workloads/*.mlir examples/coverage/*.mlir; do
  seed=$((seed + 1))
  echo "== $input" >&2
  # A task the tuner cannot handle is reported and skipped; the rest go on.
  "$BUILD_DIR/bin/ansor-opt" "$input" -o /dev/null \
    --ansor-tune="trials=$trials seed=$seed threads=$threads search=random \
repeat=3 min-repeat-ms=40 records=$out ${EXTRA:-}" || echo "!! $input failed" >&2
done
