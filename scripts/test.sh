#!/usr/bin/env bash
# Builds ansor-mlir (installing what is missing) and runs every test: the
# lit suite (which includes the C++ unit tests) through `check-ansor`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
BUILD_DIR=${BUILD_DIR:-build}
cmake --build "$BUILD_DIR" --target check-ansor -j "${JOBS:-2}"
