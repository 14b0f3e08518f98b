#!/usr/bin/env bash
# Installs the Debian packages ansor-mlir needs (when missing), configures
# with CMake + Ninja against the system MLIR 22, and builds.
#   BUILD_DIR  build directory (default: build)
#   JOBS       parallel build jobs (default: 2)
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools libomp-22-dev
          libxgboost-dev libopenblas-dev libgtest-dev liblld-22-dev zlib1g-dev
          libzstd-dev cmake ninja-build ccache
          python3 gcc g++ binutils xz-utils)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""; [[ $(id -u) != 0 ]] && SUDO="sudo"
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >&2 || {
    $SUDO apt-get update -q >&2
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >&2
  }
fi

# Benchmarks only (bench/libraries.sh): its absence must not stop a build.
if ! dpkg-query -W -f='${Status}' libdnnl-dev 2>/dev/null | grep -q "install ok installed"; then
  SUDO=""; [[ $(id -u) != 0 ]] && SUDO="sudo"
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q libdnnl-dev >&2 ||
    echo "setup: libdnnl-dev (oneDNN, for bench/libraries.sh) could not be installed" >&2
fi

BUILD_DIR=${BUILD_DIR:-build}
JOBS=${JOBS:-2}
if [[ ! -f "$BUILD_DIR/build.ninja" ]]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ >&2
fi
cmake --build "$BUILD_DIR" -j "$JOBS" >&2
