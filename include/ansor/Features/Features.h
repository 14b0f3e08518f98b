//===- Features.h - per-statement features of a program ---------*- C++ -*-===//
//
// Ansor's program features (paper section 5.2): one fixed-length vector per
// statement of the loop nest a schedule materializes, in seven groups:
// arithmetic operation counts, loop annotations (vectorize, unroll,
// parallel), access features of up to five buffers, the arithmetic
// intensity curve, allocation, the outer loops, and a memory-traffic
// model (beyond Ansor: bytes each cache level moves). docs/features.md names
// and explains every entry. The cost model scores each statement; a
// program's score is the sum over its statements.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_FEATURES_FEATURES_H
#define ANSOR_FEATURES_FEATURES_H

#include "ansor/Features/LoopNest.h"
#include <cmath>
#include <string>
#include <vector>

namespace mlir {
namespace ansor {

/// Bumped whenever a feature's meaning or position changes: models trained
/// on other features are refused.
constexpr unsigned kFeatureVersion = 4;

/// Offsets of the groups in a statement's vector.
namespace feature {
constexpr unsigned kOps = 0;
constexpr unsigned kNumOps = OpCounts::NumKinds;
/// Per annotation (vectorize, unroll, parallel): innermost length, length
/// product, loop count and the one-hot position (8).
constexpr unsigned kAnnotation = kOps + kNumOps;
constexpr unsigned kPerAnnotation = 11;
constexpr unsigned kBuffers = kAnnotation + 3 * kPerAnnotation;
constexpr unsigned kMaxBuffers = 5;
constexpr unsigned kPerBuffer = 18;
constexpr unsigned kIntensity = kBuffers + kMaxBuffers * kPerBuffer;
constexpr unsigned kIntensitySamples = 10;
constexpr unsigned kAlloc = kIntensity + kIntensitySamples;
constexpr unsigned kOuter = kAlloc + 4;
/// Bytes moved into each memory level (registers, L1, L2, L3), the vector
/// instructions, and the cycles they bound.
constexpr unsigned kTraffic = kOuter + 3;
constexpr unsigned kTrafficLevels = 4;
/// On a GPU: the kernel's blocks, threads per block, virtual threads per
/// thread and shared bytes per block, the blocks a multiprocessor holds,
/// and the largest byte distance between consecutive threads' global reads
/// and writes.
constexpr unsigned kGPU = kTraffic + kTrafficLevels + 2;
constexpr unsigned kCount = kGPU + 7;
} // namespace feature

/// The name of every feature, in order.
std::vector<std::string> getFeatureNames();

/// Appends one row of `feature::kCount` values per statement of `nest` to
/// `rows`; returns the number of statements.
unsigned extractFeatures(const LoopNest &nest, std::vector<float> &rows);

/// Sign-preserving log2(1 + |x|), the scale of count features.
inline float slog(double x) {
  return x < 0 ? -std::log2(1 - x) : std::log2(1 + x);
}

} // namespace ansor
} // namespace mlir

#endif // ANSOR_FEATURES_FEATURES_H
