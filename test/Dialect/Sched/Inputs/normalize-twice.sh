#!/usr/bin/env bash
# normalize-twice.sh ANSOR_OPT OUT_DIR FILE...: normalizes each file once and
# its result again, and prints one line per file: "same" when the second
# normalization changed nothing, else the diff.
set -u
opt=$1 out=$2
shift 2
mkdir -p "$out"
for file in "$@"; do
  name=$(basename "$file" .mlir)
  if ! "$opt" "$file" --split-input-file --sched-normalize-payload \
      -o "$out/$name.once.mlir" 2>"$out/$name.err"; then
    echo "$name: failed"; cat "$out/$name.err"; continue
  fi
  "$opt" "$out/$name.once.mlir" --split-input-file --sched-normalize-payload \
    -o "$out/$name.twice.mlir"
  if diff -q "$out/$name.once.mlir" "$out/$name.twice.mlir" >/dev/null; then
    echo "$name: same"
  else
    echo "$name: changed"; diff "$out/$name.once.mlir" "$out/$name.twice.mlir"
  fi
done
