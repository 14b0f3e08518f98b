#!/usr/bin/env bash
# The cost model's benchmark: its ranking quality on the committed dataset
# (data/records/zen5.jsonl.gz; random splits with seeds 0..SEEDS-1 and the
# time split) and its scoring speed on one core (features and prediction of
# sampled candidates of every workload, ROUNDS runs). Results go to
# bench/out/model.txt, the scatter plot of seed 0 to bench/out/model.png.
#   bench/model.sh [SEEDS] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD_DIR:-build}/bin
OUT=bench/out
SEEDS=${1:-5}
ROUNDS=${2:-3}
mkdir -p "$OUT"
gunzip -c data/records/zen5.jsonl.gz > "$OUT/dataset.jsonl"
{
  echo "== ranking (held-out 20%)"
  for seed in $(seq 0 $((SEEDS - 1))); do
    extra=()
    [[ $seed == 0 ]] && extra=(--png="$OUT/model.png" --save-model="$OUT/model.json")
    echo "seed $seed: $("$B/ansor-model" eval "$OUT/dataset.jsonl" --seed="$seed" "${extra[@]}" | tail -n 1)"
  done
  echo "time split: $("$B/ansor-model" eval "$OUT/dataset.jsonl" --split=time | tail -n 1)"
  echo "== scoring speed, one core"
  for round in $(seq "$ROUNDS"); do
    taskset -c 0 "$B/ansor-model" bench examples/workloads/*.mlir \
      --model="$OUT/model.json" --count=4000
  done | sort
} | tee "$OUT/model.txt"
