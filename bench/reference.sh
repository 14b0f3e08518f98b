#!/usr/bin/env bash
# Measures the reference schedules of examples/schedules/ (complete programs
# the sampler could have drawn) against the best vendor library on the same
# problem, in the same run and on THREADS threads, ROUNDS times interleaved;
# prints the median GFLOP/s of each and the ratios.
#   bench/reference.sh [ROUNDS] [THREADS]
# gmm_1024 is compared with the faster of OpenBLAS cblas_sgemm and oneDNN's
# matmul, c2d_bias_relu with oneDNN's convolution with fused bias and ReLU
# (bench/libraries.cpp). Results go to bench/out/reference.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD_DIR:-build}/bin
OUT=bench/out
ROUNDS=${1:-3}
THREADS=${2:-2}
mkdir -p "$OUT"
g++ -O2 -o "$OUT/libraries" bench/libraries.cpp -ldnnl -lopenblas
declare -A libargs=([gmm_1024]="gemm 1024 1024 1024" [c2d_bias_relu]="conv 1 56 56 64 64 3 3 1 1")
for round in $(seq "$ROUNDS"); do
  for name in gmm_1024 c2d_bias_relu; do
    "$B/ansor-opt" "examples/schedules/$name.mlir" \
      --ansor-measure="threads=$THREADS repeat=5 summary=$OUT/reference.$name.$round.json" \
      -o /dev/null
    # shellcheck disable=SC2086
    OMP_NUM_THREADS=$THREADS OPENBLAS_NUM_THREADS=$THREADS \
      "$OUT/libraries" ${libargs[$name]} > "$OUT/reference.$name.$round.times"
  done
done
python3 - "$OUT" "$ROUNDS" "$THREADS" <<'PY' | tee "$OUT/reference.txt"
import json, statistics, sys
out, rounds, threads = sys.argv[1], int(sys.argv[2]), sys.argv[3]
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo")
            if l.startswith("model name")), "unknown CPU")
print(f"{cpu}, {threads} threads, median of {rounds} rounds")
for name in ["gmm_1024", "c2d_bias_relu"]:
    ours, libs = [], {}
    for r in range(1, rounds + 1):
        task = json.load(open(f"{out}/reference.{name}.{r}.json"))["tasks"][0]
        assert task["verified"], f"{name}: the reference schedule did not verify"
        ours.append(task["best_seconds"])
        flop = task["flop"]
        for line in open(f"{out}/reference.{name}.{r}.times"):
            lib, seconds = line.split()
            libs.setdefault(lib, []).append(float(seconds))
    ours_gflops = flop / statistics.median(ours) / 1e9
    gflops = {lib: flop / statistics.median(t) / 1e9 for lib, t in libs.items()}
    best = max(gflops, key=gflops.get)
    line = f"{name}: reference schedule {ours_gflops:.1f} GFLOP/s"
    for lib, g in gflops.items():
        line += f", {lib} {g:.1f}"
    line += f"; ratio to the best library ({best}) {ours_gflops / gflops[best]:.2f}x"
    print(line)
PY
