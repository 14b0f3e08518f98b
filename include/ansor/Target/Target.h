//===- Target.h - the machine a schedule is tuned for -----------*- C++ -*-===//

#ifndef ANSOR_TARGET_TARGET_H
#define ANSOR_TARGET_TARGET_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include <array>
#include <string>

namespace mlir {
namespace ansor {

/// The limits of an NVIDIA GPU that schedules must respect (TVM's
/// HardwareParams for CUDA, with its defaults for sm_80 and sm_90).
struct GPULimits {
  int64_t maxThreadsPerBlock = 1024;
  /// Largest extent of each block and grid dimension (x, y, z): a block's z
  /// holds at most 64 threads, whatever its total.
  std::array<int64_t, 3> maxBlockDims = {1024, 1024, 64};
  std::array<int64_t, 3> maxGridDims = {2147483647, 65535, 65535};
  /// Static shared memory per block without opting in to more.
  int64_t maxSharedMemoryPerBlock = 48 * 1024;
  /// Alignment of each shared buffer (128-bit vector accesses); a buffer
  /// takes its size rounded up to it.
  int64_t sharedBufferAlignment = 16;
  int64_t maxRegistersPerThread = 255;
  int64_t warpSize = 32;
  /// Largest product of virtual-thread extents (Ansor's max_vthread_extent).
  int64_t maxVThreadExtent = 8;
  /// Largest per-thread private buffer kept on the stack of a kernel.
  int64_t maxPrivateBytes = 16 * 1024;
  /// What one multiprocessor holds at once, for the cost model's occupancy
  /// estimate: threads, blocks, and shared memory (sm_90's 228 KiB; sm_80
  /// has 164 KiB), of which each block reserves 1 KiB besides its own.
  int64_t maxThreadsPerSM = 2048;
  int64_t maxBlocksPerSM = 32;
  int64_t sharedMemoryPerSM = 228 * 1024;
  int64_t sharedReservedPerBlock = 1024;
};

/// The target machine, printed TVM-style: a CPU as
/// `llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2
/// -vector-bits=256`, an NVIDIA GPU as `cuda -arch=sm_90`.
struct Target {
  enum class Kind { CPU, CUDA };
  Kind kind = Kind::CPU;
  /// The GPU's compute capability (`sm_90`), for a CUDA target.
  std::string arch;
  GPULimits gpu;

  std::string triple;
  std::string cpu;
  /// Comma-separated `+feature` list given to LLVM's code generator.
  std::string features;
  unsigned numCores = 1;
  /// Widest SIMD register, in bits.
  unsigned vectorBits = 128;

  /// The machine this process runs on, as LLVM sees it.
  static Target host();
  /// Parses the printed form; `host` names the host. Fails on unknown keys.
  static FailureOr<Target> parse(StringRef text, std::string &error);
  /// Whether `text` names a GPU target, without parsing it (parsing a CPU
  /// target queries the host, too slow for every scored candidate).
  static bool namesGPU(StringRef text) {
    return text.trim().split(' ').first == "cuda";
  }

  std::string str() const;
  bool isGPU() const { return kind == Kind::CUDA; }
  /// PTX ISA features LLVM needs for `arch` (`+ptx80` for sm_90: without
  /// it LLVM picks a PTX version too old for the chip and aborts).
  std::string ptxFeatures() const;
  /// fp32 lanes of one SIMD register.
  unsigned vectorLanes() const { return vectorBits / 32; }
  /// Whether the CPU has masked vector loads and stores of 8- and 16-bit
  /// elements (AVX-512BW). Without them LLVM expands each such masked access
  /// into a branch per lane. Decided by the CPU's name, or by the host's
  /// features where the target is the host's CPU (code is generated with
  /// them); true for other ISAs.
  bool hasMaskedNarrowMoves() const;
};

} // namespace ansor
} // namespace mlir

#endif // ANSOR_TARGET_TARGET_H
