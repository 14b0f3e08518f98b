#!/usr/bin/env bash
# Model-guided tuning on an NVIDIA GPU: ansor-opt itself runs on the GPU
# machine. That machine has CUDA but no MLIR, so this packs the tools with
# the LLVM and MLIR libraries they load into one archive small enough for a
# device run to carry (libLLVM needs libxml2 and libz3 only for Windows
# manifests and the static analyzer: they are replaced by stubs that abort
# if ever called, which saves 55 MB of the 64 MB a run carries).
#
#   bench/gpu_tune.sh pack                 # here: $GPU_OUT/ansor-pkg.tar.xz
#   bench/gpu_tune.sh start PKG [TRIALS] [ARCH] [WORKLOAD...]
#                                          # there: unpack, probe the device,
#                                          # cuBLAS SGEMM on the GEMM shapes,
#                                          # then tune each workload (all of
#                                          # examples/workloads by default,
#                                          # 200 trials, sm_90) in a detached
#                                          # session, records flushed as they
#                                          # are measured
#                                          # (GPU_SEED: the search seed, 0;
#                                          # GPU_TUNE_EXTRA: more --ansor-tune
#                                          # options, e.g. "search=random";
#                                          # GPU_NO_CUBLAS=1: skip cuBLAS)
#   bench/gpu_tune.sh wait SECONDS         # there: follow the progress until
#                                          # the tuning ends or SECONDS pass,
#                                          # then copy what exists to $OUT
#
# With the device tool (pack takes a few minutes here):
#   run(command="bench/gpu_tune.sh start .devcarry/ansor-pkg.tar.xz &&
#                OUT=$OUT bench/gpu_tune.sh wait 520",
#       carry=[".devcarry"])
#   run(command="OUT=$OUT bench/gpu_tune.sh wait 420")   # while still warm
# and bench/gpu_report.py on what comes back.
set -euo pipefail
SELF=$(realpath "$0")
cd "$(dirname "$SELF")/.."
B=${BUILD_DIR:-build}
GPU_OUT=${GPU_OUT:-.devcarry}
WORK=${GPU_WORK:-/tmp/ansor-gpu}

# A library exporting every symbol LIB takes from SONAME, each an abort().
stub() {
  local lib=$1 soname=$2 dir=$3 real syms
  real=$(ldd "$lib" | awk -v s="$soname" '$1 == s { print $3 }')
  [ -n "$real" ] || { echo "$lib does not load $soname: no stub" >&2; return; }
  local data
  data=$(nm -D --defined-only "$real" | awk '$2 ~ /^[DBR]$/ { sub(/@.*/, "", $3); print $3 }')
  # LIB's undefined symbols (NAME@VERSION where versioned) that REAL defines.
  syms=$(awk 'NR == FNR { defined[$0]; next }
              { name = $0; sub(/@.*/, "", name); if (name in defined) print }' \
    <(nm -D --defined-only "$real" | awk '{ print $3 }' | sed 's/@.*//') \
    <(nm -D --undefined-only "$lib" | awk '{ print $2 }'))
  {
    echo '#include <stdlib.h>'
    for s in $(echo "$syms" | sed 's/@.*//' | sort -u); do
      # Data symbols stay data: their relocations are resolved at load time.
      if grep -qx "$s" <<< "$data"; then
        echo "void *$s;"
      else
        echo "void $s(void) { abort(); }"
      fi
    done
  } > "$dir/stub.c"
  # The loader checks that the version nodes LIB needs exist.
  local v map=()
  for v in $(echo "$syms" | grep -o '@.*' | tr -d @ | sort -u); do
    echo "$v { global: $(echo "$syms" | grep "@$v\$" | sed 's/@.*/;/' | tr '\n' ' ')};"
  done > "$dir/stub.map"
  [ -s "$dir/stub.map" ] && map=("-Wl,--version-script=$dir/stub.map")
  cc -shared -fPIC -O1 -o "$dir/$soname" -Wl,-soname,"$soname" "${map[@]}" \
    "$dir/stub.c"
  rm "$dir/stub.c" "$dir/stub.map"
}

pack() {
  local dir
  dir=$(mktemp -d)
  mkdir -p "$dir/bin" "$dir/lib" "$GPU_OUT"
  cp "$B/bin/ansor-opt" "$B/bin/ansor-runner" "$dir/bin/"
  cp "$B/lib/libAnsorCUDARuntime.so" "$dir/lib/"
  local llvm
  llvm=$(ldd "$B/bin/ansor-opt" | awk '$1 ~ /^libLLVM/ { print $3 }')
  # Every library the tools load but glibc's own (the GPU machine's glibc
  # is newer), with libxml2 and libz3 stubbed.
  ldd "$B/bin/ansor-opt" "$B/bin/ansor-runner" | awk '$3 ~ /^\// { print $1, $3 }' |
    sort -u | while read -r name path; do
      case $name in
      libc.so* | libm.so* | libpthread.so* | libdl.so* | librt.so* | ld-linux*) ;;
      libxml2.so* | libz3.so* | libicu*) ;;
      libAnsorCUDARuntime.so) ;;
      *) cp -L "$path" "$dir/lib/$name" ;;
      esac
    done
  # What a CPU program (the reference lowering) links and loads.
  local llvmlib
  llvmlib=$(sed -n 's/.*ANSOR_LLVM_LIBRARY_DIR=\\"\([^\\]*\)\\".*/\1/p' \
    "$B/build.ninja" | head -1)
  [ -n "$llvmlib" ] || { echo "no ANSOR_LLVM_LIBRARY_DIR in $B/build.ninja" >&2; exit 1; }
  for l in libmlir_c_runner_utils.so libomp.so; do
    cp -L "$llvmlib/$l" "$dir/lib/$l"
    cp -L "$llvmlib/$l" "$dir/lib/$(readelf -d "$llvmlib/$l" |
      sed -n 's/.*soname: \[\(.*\)\]/\1/p')"
  done
  for l in $(readelf -d "$llvmlib/libmlir_c_runner_utils.so" |
    sed -n 's/.*NEEDED.*\[\(libmlir_.*\)\]/\1/p'); do
    cp -L "$llvmlib/$l" "$dir/lib/$l"
  done
  stub "$llvm" libxml2.so.2 "$dir/lib"
  stub "$llvm" libz3.so.4 "$dir/lib"
  # The packed tools must work with nothing else: compile a GPU program.
  LD_LIBRARY_PATH="$dir/lib" "$dir/bin/ansor-opt" examples/workloads/gmm_1024.mlir \
    --sched-derive-sketches="target='cuda -arch=sm_90' sketch=0" \
    --sched-sample="seed=1" --ansor-compile="output=$dir/check.so" -o /dev/null
  rm "$dir/check.so"
  # and a CPU program, linked against the packed runtime libraries.
  LD_LIBRARY_PATH="$dir/lib" "$dir/bin/ansor-opt" examples/workloads/gmm_relu_512.mlir \
    --ansor-compile="output=$dir/check.so" -o /dev/null
  readelf -d "$dir/check.so" | grep -q "RUNPATH.*$dir/lib" ||
    { echo "the packed ansor-opt links against the system's LLVM" >&2; exit 1; }
  rm "$dir/check.so"
  tar cf - -C "$dir" bin lib | xz -T2 "${GPU_PACK_XZ:--9}" > "$GPU_OUT/ansor-pkg.tar.xz"
  rm -rf "$dir"
  ls -la "$GPU_OUT/ansor-pkg.tar.xz" >&2
}

start() {
  local pkg=$1 trials=${2:-200} arch=${3:-sm_90}
  shift $(($# < 3 ? $# : 3))
  local workloads=("$@")
  [ ${#workloads[@]} -gt 0 ] || workloads=(examples/workloads/*.mlir)
  if [ -e "$WORK/out/worker.pid" ] && kill -0 "$(cat "$WORK/out/worker.pid")" 2>/dev/null; then
    echo "a tuning run is still going in $WORK: wait for it" >&2
    exit 1
  fi
  rm -rf "$WORK" && mkdir -p "$WORK/out"
  tar xJf "$pkg" -C "$WORK"
  export LD_LIBRARY_PATH="$WORK/lib:${LD_LIBRARY_PATH:-}"
  "$WORK/bin/ansor-runner" --probe --device cuda | tee "$WORK/out/device.json"
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv \
    >> "$WORK/out/device.json" 2>&1 || true
  local cuda=${CUDA_HOME:-/usr/local/cuda}
  if [ -z "${GPU_NO_CUBLAS:-}" ]; then
    cc -O2 bench/cublas_sgemm.c -I"$cuda/include" -L"$cuda/lib64" \
      -Wl,-rpath,"$cuda/lib64" -lcublas -lcudart -o "$WORK/cublas_sgemm"
    for shape in "1024 1024 1024" "512 512 512"; do
      "$WORK/cublas_sgemm" $shape 5 100 >> "$WORK/out/cublas.jsonl" || true
    done
    cat "$WORK/out/cublas.jsonl"
  fi
  local jobs
  jobs=$(($(nproc) > 2 ? $(nproc) - 2 : 1))
  cp "${workloads[@]}" "$WORK/"
  # Detached, so that it outlives this command; each workload's records are
  # flushed per measurement, so a machine taken back loses nothing measured.
  setsid bash -c '
    cd "$1"; trials=$2; arch=$3; jobs=$4; shift 4
    for w in "$@"; do
      n=$(basename "$w" .mlir)
      bin/ansor-opt "$n.mlir" --ansor-tune="target='"'"'cuda -arch=$arch'"'"' \
trials=$trials build-jobs=$jobs batch-size=$((2 * jobs)) seed=${GPU_SEED:-0} \
records=out/$n.jsonl summary=out/$n.summary.json ${GPU_TUNE_EXTRA:-}" \
        -o out/$n.tuned.mlir \
        2> out/$n.log || echo "ansor-tune failed: $?" >> out/$n.log
    done
    touch out/done' _ "$WORK" "$trials" "$arch" "$jobs" "${workloads[@]}" \
    < /dev/null > "$WORK/out/worker.log" 2>&1 &
  echo $! > "$WORK/out/worker.pid"
  echo "tuning ${#workloads[@]} workloads, $trials trials each, $jobs build jobs" >&2
}

wait_for() {
  local end=$((SECONDS + $1))
  [ -d "$WORK/out" ] || { echo "no tuning run in $WORK (start it first)" >&2; exit 1; }
  local pid
  pid=$(cat "$WORK/out/worker.pid" 2>/dev/null || echo 0)
  while [ ! -e "$WORK/out/done" ] && [ $SECONDS -lt $end ] &&
    kill -0 "$pid" 2>/dev/null; do
    sleep 15
    tail -qn1 "$WORK"/out/*.log 2>/dev/null | grep -v '^$' | tail -2 || true
  done
  if [ -e "$WORK/out/done" ]; then
    echo "all workloads tuned" >&2
  elif ! kill -0 "$pid" 2>/dev/null; then
    echo "the tuning run in $WORK died before it finished" >&2
  fi
  local out=${OUT:-$WORK/out}
  # What comes back is at most 8 files: the records and summaries travel as
  # one archive (gpu_report.py reads it), taken from a snapshot because the
  # worker may still be appending.
  if [ "$out" != "$WORK/out" ]; then
    rm -rf "$WORK/snapshot" && cp -r "$WORK/out" "$WORK/snapshot"
    tar cJf "$out/tuned.tar.xz" -C "$WORK/snapshot" --transform 's,^\.,out,' .
    cp "$WORK/out/cublas.jsonl" "$WORK/out/device.json" "$out/" 2>/dev/null || true
  fi
  tail -qn2 "$WORK"/out/*.log || true
}

case "${1:-}" in
pack) shift; pack "$@" ;;
start) shift; start "$@" ;;
wait) shift; wait_for "$@" ;;
*) sed -n '2,28p' "$SELF"; exit 2 ;;
esac
