#!/usr/bin/env bash
# Tunes gmm_1024 (64 trials by default) and times OpenBLAS cblas_sgemm on the
# same machine in the same run, both on THREADS threads; prints GFLOP/s of
# each and the ratio. Results go to bench/out/gmm_vs_openblas.txt.
#   bench/gmm_vs_openblas.sh [TRIALS] [THREADS] [SEED] [SEARCH]
# SEARCH is ansor-tune's search strategy: mutation (default) or random.
set -euo pipefail
cd "$(dirname "$0")/.."
TRIALS=${1:-64}
THREADS=${2:-2}
SEED=${3:-0}
SEARCH=${4:-mutation}
B=${BUILD_DIR:-build}/bin
OUT=bench/out
mkdir -p "$OUT"
cc -O2 -o "$OUT/openblas_sgemm" bench/openblas_sgemm.c -lopenblas
rm -f "$OUT/gmm.records.jsonl"
start=$(date +%s)
"$B/ansor-opt" examples/workloads/gmm_1024.mlir \
  --ansor-tune="trials=$TRIALS seed=$SEED search=$SEARCH threads=$THREADS records=$OUT/gmm.records.jsonl summary=$OUT/gmm.tune.json" \
  -o /dev/null 2> "$OUT/gmm.tune.log"
tune_s=$(( $(date +%s) - start ))
read -r blas_s blas_gflops < <(OPENBLAS_NUM_THREADS=$THREADS OMP_NUM_THREADS=$THREADS "$OUT/openblas_sgemm" 1024 5)
python3 - "$OUT/gmm.tune.json" "$blas_gflops" "$tune_s" "$TRIALS" "$THREADS" "$SEARCH" <<'PY' | tee "$OUT/gmm_vs_openblas.txt"
import json, sys
task = json.load(open(sys.argv[1]))["tasks"][0]
blas = float(sys.argv[2])
assert task["verified"], "no verified program"
print(f"gmm_1024, {sys.argv[6]} search, {sys.argv[4]} trials, {sys.argv[5]} threads, tuning {sys.argv[3]} s: "
      f"ansor {task['best_gflops']:.1f} GFLOP/s, OpenBLAS {blas:.1f} GFLOP/s, "
      f"ratio {task['best_gflops'] / blas:.2f}x")
PY
