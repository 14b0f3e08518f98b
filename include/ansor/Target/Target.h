//===- Target.h - the machine a schedule is tuned for -----------*- C++ -*-===//

#ifndef ANSOR_TARGET_TARGET_H
#define ANSOR_TARGET_TARGET_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace mlir {
namespace ansor {

/// The target machine, printed TVM-style:
/// `llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2
/// -vector-bits=256`.
struct Target {
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

  std::string str() const;
  /// fp32 lanes of one SIMD register.
  unsigned vectorLanes() const { return vectorBits / 32; }
};

} // namespace ansor
} // namespace mlir

#endif // ANSOR_TARGET_TARGET_H
