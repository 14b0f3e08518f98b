#!/usr/bin/env bash
# The main job: builds ansor-mlir (installing what is missing), then derives
# the Ansor sketches of the given linalg program and prints them.
#   scripts/tune.sh [FILE.mlir] [extra ansor-opt options...]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
BUILD_DIR=${BUILD_DIR:-build}
input=${1:-examples/matmul_relu.mlir}
shift || true
"$BUILD_DIR/bin/ansor-opt" "$input" --sched-derive-sketches "$@"
