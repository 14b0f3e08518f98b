#!/usr/bin/env bash
# Tunes a workload and times the vendor libraries on the same problem in the
# same run, all on THREADS threads; prints GFLOP/s of each and the ratios.
#   bench/libraries.sh gemm M N K [TRIALS] [THREADS] [SEED]
#   bench/libraries.sh c2d [TRIALS] [THREADS] [SEED]
# gemm tunes a fresh M x N x K fp32 matmul against OpenBLAS cblas_sgemm and
# oneDNN's matmul; c2d tunes examples/workloads/c2d_bias_relu.mlir against
# oneDNN's convolution with fused bias and ReLU (bench/libraries.cpp).
# Results go to bench/out/libraries-*.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD_DIR:-build}/bin
OUT=bench/out
mkdir -p "$OUT"
g++ -O2 -o "$OUT/libraries" bench/libraries.cpp -ldnnl -lopenblas
mode=$1
shift
if [[ $mode == gemm ]]; then
  M=$1 N=$2 K=$3
  shift 3
  name="mm_${M}x${N}x${K}"
  workload="$OUT/$name.mlir"
  cat > "$workload" <<MLIR
func.func @$name(%a: tensor<${M}x${K}xf32>, %b: tensor<${K}x${N}xf32>) -> tensor<${M}x${N}xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<${M}x${N}xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  %c = linalg.matmul ins(%a, %b : tensor<${M}x${K}xf32>, tensor<${K}x${N}xf32>)
      outs(%acc : tensor<${M}x${N}xf32>) -> tensor<${M}x${N}xf32>
  return %c : tensor<${M}x${N}xf32>
}
MLIR
  libargs=(gemm "$M" "$N" "$K")
elif [[ $mode == c2d ]]; then
  name=c2d_bias_relu
  workload=examples/workloads/c2d_bias_relu.mlir
  libargs=(conv 1 56 56 64 64 3 3 1 1)
else
  echo "usage: bench/libraries.sh gemm M N K [TRIALS] [THREADS] [SEED] | c2d [TRIALS] [THREADS] [SEED]" >&2
  exit 2
fi
TRIALS=${1:-64}
THREADS=${2:-2}
SEED=${3:-0}
rm -f "$OUT/$name.lib.records.jsonl"
"$B/ansor-opt" "$workload" \
  --ansor-tune="trials=$TRIALS seed=$SEED threads=$THREADS records=$OUT/$name.lib.records.jsonl summary=$OUT/$name.lib.tune.json" \
  -o /dev/null 2> "$OUT/$name.lib.tune.log"
OMP_NUM_THREADS=$THREADS OPENBLAS_NUM_THREADS=$THREADS "$OUT/libraries" "${libargs[@]}" > "$OUT/$name.lib.times"
python3 - "$OUT/$name.lib.tune.json" "$OUT/$name.lib.times" "$TRIALS" "$THREADS" <<'PY' | tee "$OUT/libraries-$name.txt"
import json, sys
task = json.load(open(sys.argv[1]))["tasks"][0]
assert task["verified"], "no verified program"
libs = dict((l.split()[0], float(l.split()[1])) for l in open(sys.argv[2]))
line = (f"{task['name']}, {sys.argv[3]} trials, {sys.argv[4]} threads: "
        f"ansor {task['best_gflops']:.1f} GFLOP/s")
for lib, seconds in libs.items():
    gflops = task["flop"] / seconds / 1e9
    line += f", {lib} {gflops:.1f} GFLOP/s (ratio {task['best_gflops'] / gflops:.2f}x)"
print(line)
PY
