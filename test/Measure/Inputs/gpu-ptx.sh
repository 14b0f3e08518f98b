#!/usr/bin/env bash
# gpu-ptx.sh ANSOR_OPT WORKLOAD_DIR OUT_DIR COUNT PTXAS: samples COUNT GPU programs
# (seeds 1..COUNT, seed N from sketch N modulo the workload's sketches) of
# every workload, compiles each to PTX with --ansor-compile and assembles it
# with ptxas; prints per workload how many were accepted, how many of those
# use shared memory (cache stages, cross-thread reductions), and every
# failure.
set -u
opt=$1 dir=$2 out=$3 count=$4 ptxas=$5
mkdir -p "$out"
for file in "$dir"/*.mlir; do
  name=$(basename "$file" .mlir)
  ok=0 staged=0
  for seed in $(seq 1 "$count"); do
    ptx="$out/$name.$seed.ptx"
    if "$opt" "$file" \
        --sched-derive-sketches="target='cuda -arch=sm_90' sketch=$seed" \
        --sched-sample="seed=$seed" --ansor-compile="output=$ptx" \
        -o /dev/null 2>"$out/$name.$seed.err" &&
      grep -q '\.entry' "$ptx" &&
      "$ptxas" -arch=sm_90 "$ptx" -o /dev/null 2>>"$out/$name.$seed.err"; then
      ok=$((ok + 1))
      if grep -q '\.shared' "$ptx"; then staged=$((staged + 1)); fi
    else
      echo "$name seed $seed failed:"
      cat "$out/$name.$seed.err"
    fi
  done
  echo "$name: $ok of $count accepted, $staged using shared memory"
done
