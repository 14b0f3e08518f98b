#!/usr/bin/env bash
# Random search on an NVIDIA GPU, built here and run there. The GPU machine
# has CUDA but no MLIR (libMLIR is too big to carry), and random search needs
# no feedback from its measurements, so:
#
#   bench/gpu.sh bundle [N] [ARCH]   # here: N programs per workload (200),
#                                    # sampled for ARCH (sm_90), compiled to
#                                    # shared libraries, with each workload's
#                                    # reference output from the host CPU's
#                                    # untuned lowering, and the cuBLAS bench;
#                                    # in $GPU_OUT/bundle (GPU_OUT defaults
#                                    # to bench/out/gpu)
#   bench/gpu.sh run [BUNDLE]        # on the GPU machine (BUNDLE: the
#                                    # directory or bundle.tar.xz): every program run
#                                    # and verified by ansor-runner --device
#                                    # cuda, then cuBLAS SGEMM on the GEMM
#                                    # shapes; results to $OUT (or BUNDLE)
#   bench/gpu_report.py RESULTS      # here: best per workload, errors, cuBLAS
#
# With the device tool: run bundle here, then
#   run(command="OUT=$OUT bench/gpu.sh run bench/out/gpu/bundle.tar.xz",
#       carry=["bench/out/gpu/bundle.tar.xz"])
# and bench/gpu_report.py on the results.jsonl it brings back.
set -euo pipefail
SELF=$(realpath "$0")
cd "$(dirname "$SELF")/.."
B=${BUILD_DIR:-build}
CUDA=${CUDA_HOME:-/usr/local/cuda}
GPU_OUT=${GPU_OUT:-bench/out/gpu}

bundle() {
  local count=${1:-200} arch=${2:-sm_90}
  local dir=$GPU_OUT/bundle
  rm -rf "$dir" && mkdir -p "$dir/bin" "$dir/lib" "$dir/programs"
  cp "$B/bin/ansor-runner" "$dir/bin/"
  cp "$B/lib/libAnsorCUDARuntime.so" "$dir/lib/"
  cc -O2 bench/cublas_sgemm.c -I"$CUDA/include" -L"$CUDA/lib64" \
    -Wl,-rpath,"$CUDA/lib64" -lcublas -lcudart -o "$dir/bin/cublas_sgemm"
  : > "$dir/manifest.tsv"
  for w in examples/workloads/*.mlir; do
    local name sig func inputs outputs flop
    name=$(basename "$w" .mlir)
    # The func's name, argument and result specs, FLOP (from the untuned
    # lowering's summary, which also times it on this CPU).
    "$B/bin/ansor-opt" "$w" --ansor-measure="summary=$dir/$name.cpu.json" -o /dev/null
    sig=$(python3 - "$w" "$dir/$name.cpu.json" <<'PY'
import json, re, sys
text = open(sys.argv[1]).read()
m = re.search(r"func\.func @(\w+)\((.*?)\)\s*->\s*\(?(.*?)\)?\s*\{", text, re.S)
def specs(s):
    out = []
    for dims, elem in re.findall(r"tensor<((?:\d+x)*)(f32|f64|i32|i64)>", s):
        out.append(f"{elem}:{dims.rstrip('x')}")
    return ",".join(out)
flop = json.load(open(sys.argv[2]))["tasks"][0]["flop"]
print(m.group(1), specs(m.group(2)), specs(m.group(3)), flop)
PY
)
    read -r func inputs outputs flop <<< "$sig"
    "$B/bin/ansor-opt" "$w" --ansor-compile="output=$dir/$name.ref.so" -o /dev/null
    "$B/bin/ansor-runner" --lib "$dir/$name.ref.so" --func "$func" --inputs "$inputs" \
      --outputs "$outputs" --repeat 1 --min-repeat-ms 1 --write-ref "$dir/$name.ref.bin" > /dev/null
    rm "$dir/$name.ref.so"
    # Two compiles at a time (each is one core's work).
    seq 1 "$count" | xargs -P 2 -I{} "$SELF" compile-one "$w" {} "$arch" "$dir"
    local built
    built=$(ls "$dir/programs/$name".*.so 2>/dev/null | wc -l)
    for seed in $(seq 1 "$count"); do
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$seed" "programs/$name.$seed.so" \
        "$func" "$inputs" "$outputs" "$flop" >> "$dir/manifest.tsv"
    done
    echo "$name: $built of $count programs built" >&2
  done
  # PTX compresses well: the archive is what a device run carries.
  tar cJf "$GPU_OUT/bundle.tar.xz" -C "$GPU_OUT" bundle
  ls -la "$GPU_OUT/bundle.tar.xz" >&2
}

# One sampled program of workload $1 (seed $2, from sketch $2 modulo the
# workload's sketches, so seeds alternate staged and unstaged programs;
# arch $3) into $4/programs.
compile_one() {
  local w=$1 seed=$2 arch=$3 dir=$4 name
  name=$(basename "$w" .mlir)
  if "$B/bin/ansor-opt" "$w" \
      --sched-derive-sketches="target='cuda -arch=$arch' sketch=$seed" \
      --sched-sample="seed=$seed" --ansor-compile="output=$dir/programs/$name.$seed.so" \
      -o /dev/null 2> "$dir/programs/$name.$seed.err"; then
    rm "$dir/programs/$name.$seed.err"
  fi
}

run() {
  local dir=${1:-$GPU_OUT/bundle.tar.xz}
  if [[ $dir == *.tar.xz ]]; then
    local unpacked
    unpacked=$(mktemp -d)
    tar xJf "$dir" -C "$unpacked"
    dir=$unpacked/bundle
  fi
  local out=${OUT:-$dir}
  local results="$out/results.jsonl"
  : > "$results"
  export LD_LIBRARY_PATH="$dir/lib:${LD_LIBRARY_PATH:-}"
  "$dir/bin/ansor-runner" --probe --device cuda | tee "$out/device.json"
  while IFS=$'\t' read -r name seed so func inputs outputs flop; do
    local line
    if [ ! -e "$dir/$so" ]; then
      line='{"ok": false, "error": "compile", "message": "not built"}'
    else
      # A hung kernel is cut by the timeout; its line says so.
      line=$(timeout 60 "$dir/bin/ansor-runner" --device cuda --lib "$dir/$so" \
        --func "$func" --inputs "$inputs" --outputs "$outputs" \
        --check-ref "$dir/$name.ref.bin" --repeat 3 --min-repeat-ms 100 2>/dev/null ||
        true)
      [ -n "$line" ] || line='{"ok": false, "error": "runtime", "message": "the runner died or timed out"}'
    fi
    printf '{"workload": "%s", "seed": %s, "flop": %s, "result": %s}\n' \
      "$name" "$seed" "$flop" "$line" >> "$results"
  done < "$dir/manifest.tsv"
  for shape in "1024 1024 1024" "512 512 512"; do
    "$dir/bin/cublas_sgemm" $shape 5 100 >> "$out/cublas.jsonl" || true
  done
  echo "results: $results, $out/cublas.jsonl" >&2
}

case "${1:-}" in
bundle) shift; bundle "$@" ;;
compile-one) shift; compile_one "$@" ;;
run) shift; run "$@" ;;
*) sed -n '2,22p' "$SELF"; exit 2 ;;
esac
