//===- Target.cpp - the machine a schedule is tuned for -------------------===//

#include "ansor/Target/Target.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Threading.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/TargetParser/X86TargetParser.h"

using namespace mlir;
using namespace mlir::ansor;

static std::string hostFeatures() {
  SmallVector<std::string> enabled;
  for (const auto &feature : llvm::sys::getHostCPUFeatures())
    if (feature.getValue())
      enabled.push_back("+" + feature.getKey().str());
  llvm::sort(enabled);
  return llvm::join(enabled, ",");
}

static unsigned vectorBitsOf(StringRef features) {
  SmallVector<StringRef> list;
  features.split(list, ',');
  if (llvm::is_contained(list, "+avx512f"))
    return 512;
  if (llvm::is_contained(list, "+avx"))
    return 256;
  return 128;
}

/// Compute capabilities the NVPTX backend and the GPU rules are known to
/// work for.
static constexpr StringLiteral kCUDAArchs[] = {"sm_80", "sm_86", "sm_89",
                                               "sm_90"};

static FailureOr<Target> parseCUDA(ArrayRef<StringRef> options,
                                   std::string &error) {
  Target target;
  target.kind = Target::Kind::CUDA;
  target.triple = "nvptx64-nvidia-cuda";
  for (StringRef word : options) {
    auto [key, value] = word.split('=');
    if (key != "-arch" || !llvm::is_contained(kCUDAArchs, value)) {
      error = "unknown or malformed CUDA target option '" + word.str() +
              "' (expected -arch=" + llvm::join(ArrayRef(kCUDAArchs), "|") +
              ")";
      return failure();
    }
    target.arch = value.str();
  }
  if (target.arch.empty()) {
    error = "a CUDA target needs -arch (e.g. 'cuda -arch=sm_90')";
    return failure();
  }
  target.cpu = target.arch;
  target.numCores = 1;
  target.vectorBits = 128;
  return target;
}

Target Target::host() {
  Target target;
  target.triple = llvm::sys::getProcessTriple();
  target.cpu = llvm::sys::getHostCPUName().str();
  target.features = hostFeatures();
  target.numCores =
      std::max(1u, llvm::get_physical_cores() > 0
                       ? unsigned(llvm::get_physical_cores())
                       : llvm::hardware_concurrency().compute_thread_count());
  target.vectorBits = vectorBitsOf(target.features);
  return target;
}

FailureOr<Target> Target::parse(StringRef text, std::string &error) {
  text = text.trim();
  if (text == "host" || text.empty())
    return host();
  SmallVector<StringRef> words;
  text.split(words, ' ', -1, /*KeepEmpty=*/false);
  if (!words.empty() && words.front() == "cuda")
    return parseCUDA(ArrayRef(words).drop_front(), error);
  if (words.empty() || words.front() != "llvm") {
    error = "target must start with 'llvm' or 'cuda' (or be 'host'), got '" +
            text.str() + "'";
    return failure();
  }
  // Features are not printed: a target names its CPU, and code for it is
  // generated with the features the host reports when the CPU matches.
  Target target;
  Target hostTarget = host();
  for (StringRef word : ArrayRef(words).drop_front()) {
    auto [key, value] = word.split('=');
    unsigned number = 0;
    if (key == "-mtriple") {
      target.triple = value.str();
    } else if (key == "-mcpu") {
      target.cpu = value.str();
    } else if (key == "-num-cores" && !value.getAsInteger(10, number) &&
               number > 0) {
      target.numCores = number;
    } else if (key == "-vector-bits" && !value.getAsInteger(10, number) &&
               (number == 128 || number == 256 || number == 512)) {
      target.vectorBits = number;
    } else {
      error = "unknown or malformed target option '" + word.str() + "'";
      return failure();
    }
  }
  if (target.triple.empty() || target.cpu.empty()) {
    error = "target needs -mtriple and -mcpu";
    return failure();
  }
  if (target.cpu == hostTarget.cpu && target.triple == hostTarget.triple)
    target.features = hostTarget.features;
  return target;
}

std::string Target::str() const {
  if (isGPU())
    return "cuda -arch=" + arch;
  return "llvm -mtriple=" + triple + " -mcpu=" + cpu +
         " -num-cores=" + std::to_string(numCores) +
         " -vector-bits=" + std::to_string(vectorBits);
}

std::string Target::ptxFeatures() const {
  // PTX 7.0 introduced sm_80, 7.8 sm_89 and sm_90; 8.0 is what CUDA 12 and
  // later accept for all of them.
  return "+ptx80";
}

bool Target::hasMaskedNarrowMoves() const {
  if (isGPU())
    return false;
  // Other ISAs mask every element width they vectorize (SVE, RVV).
  if (!llvm::Triple(triple).isX86())
    return true;
  // Code for the host's CPU is generated with the host's features, which a
  // VM may trim below what the CPU's name implies.
  if (!features.empty()) {
    SmallVector<StringRef> list;
    StringRef(features).split(list, ',');
    return llvm::is_contained(list, "+avx512bw");
  }
  // An x86 CPU LLVM does not know: AVX-512 is the only x86 vector ISA of
  // 512 bits, and all of it but the first (Xeon Phi) has BW.
  if (llvm::X86::parseArchX86(cpu, /*Only64Bit=*/true) == llvm::X86::CK_None)
    return vectorBits >= 512;
  SmallVector<StringRef> cpuFeatures;
  llvm::X86::getFeaturesForCPU(cpu, cpuFeatures);
  return llvm::is_contained(cpuFeatures, "avx512bw");
}
