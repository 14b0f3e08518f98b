#!/usr/bin/env bash
# Whole-network tuning (issue 13): a network of our Python package,
# partitioned into tasks, tuned with one trial budget under each task
# scheduler (same seed, fresh records, 2 threads, one run after the other on
# the same machine), then timed end to end against the untuned lowering in
# the same run. Summaries and logs go to bench/out/network/;
# bench/network_report.py compares the schedulers' curves.
#   bench/network.sh [NETWORK] [BUDGET] [SCHEDULERS]
#   (defaults: resnet50 1000 "gradient round-robin"; SEED=N for another
#   seed than 0; EXTRA="cache-flush=true" adds --ansor-tune options)
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD_DIR:-build}/bin
OUT=bench/out/network
NET=${1:-resnet50}
BUDGET=${2:-1000}
SCHEDULERS=${3:-gradient round-robin}
SEED=${SEED:-0}
EXTRA=${EXTRA:-}
mkdir -p "$OUT"
PYTHONPATH=python python3 -m ansor_mlir.networks "$NET" -o "$OUT/$NET.mlir"
"$B/ansor-opt" "$OUT/$NET.mlir" --ansor-partition -o "$OUT/$NET.partitioned.mlir"
for s in $SCHEDULERS; do
  rm -f "$OUT/$NET.$s.jsonl"
  start=$(date +%s)
  "$B/ansor-opt" "$OUT/$NET.partitioned.mlir" -o "$OUT/$NET.$s.tuned.mlir" \
    --ansor-tune="budget=$BUDGET task-scheduler=$s threads=2 seed=$SEED records=$OUT/$NET.$s.jsonl summary=$OUT/$NET.$s.json $EXTRA" \
    2> "$OUT/$NET.$s.log" || true
  echo "$NET $s: $(( $(date +%s) - start )) s"
  grep -E "untuned .* tuned|could not be measured" "$OUT/$NET.$s.log" || true
done
# oneDNN's time for the network's convolutions (bias and ReLU fused), summed,
# for scale: bench/libraries conv on each shape, on 2 threads.
if [[ $NET != bert_layer ]]; then
  g++ -O2 -o "$OUT/libraries" bench/libraries.cpp -ldnnl -lopenblas
  PYTHONPATH=python python3 -m ansor_mlir.networks "$NET" --convs |
    while read -r n h w c f kh kw pad stride; do
      OMP_NUM_THREADS=2 OPENBLAS_NUM_THREADS=2 \
        "$OUT/libraries" conv "$n" "$h" "$w" "$c" "$f" "$kh" "$kw" "$pad" "$stride" 3
    done > "$OUT/$NET.onednn"
fi
python3 bench/network_report.py "$NET" "$OUT"
