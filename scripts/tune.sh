#!/usr/bin/env bash
# The main job: builds ansor-mlir (installing what is missing), then tunes a
# linalg program with Ansor's sketch search (random sampling for now),
# prints the tuned (materialized) module on stdout and the JSON summary on
# stderr. Every measurement is appended to the records file.
#   scripts/tune.sh [FILE.mlir] [TRIALS] [extra ansor-opt options...]
# Environment: RECORDS (default FILE.records.jsonl in build/), SUMMARY,
# THREADS (default: all cores), SEED (default 0).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
BUILD_DIR=${BUILD_DIR:-build}
input=${1:-examples/matmul_relu.mlir}
trials=${2:-16}
shift $(( $# > 2 ? 2 : $# )) || true
name=$(basename "$input" .mlir)
records=${RECORDS:-$BUILD_DIR/$name.records.jsonl}
summary=${SUMMARY:-$BUILD_DIR/$name.summary.json}
"$BUILD_DIR/bin/ansor-opt" "$input" \
  --ansor-tune="trials=$trials seed=${SEED:-0} threads=${THREADS:-0} records=$records summary=$summary" "$@"
echo "summary ($summary):" >&2
cat "$summary" >&2
