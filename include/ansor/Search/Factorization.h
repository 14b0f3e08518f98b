//===- Factorization.h - tile size factorizations ---------------*- C++ -*-===//
//
// Ansor's SplitFactorizationMemo: the ways to split a loop extent into a
// product of tile factors.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_SEARCH_FACTORIZATION_H
#define ANSOR_SEARCH_FACTORIZATION_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <random>

namespace mlir {
namespace ansor {

/// Divisors of `n` in increasing order.
SmallVector<int64_t> getDivisors(int64_t n);

/// Every way to write `extent` as a product of `numFactors` positive factors
/// (outermost first) whose last factor is at most `maxInnermost`, in
/// lexicographic order.
SmallVector<SmallVector<int64_t>> enumerateFactorizations(int64_t extent,
                                                          unsigned numFactors,
                                                          int64_t maxInnermost);

/// Completes `factors` (where -1 marks an unset factor) to a factorization of
/// `extent` drawn uniformly from those that keep the set factors and the
/// innermost bound. Returns false when none exists.
bool sampleFactorization(MutableArrayRef<int64_t> factors, int64_t extent,
                         int64_t maxInnermost, std::mt19937 &rng);

/// Completes `factors` like sampleFactorization, but for the extent rounded
/// up to a multiple of `padTo`: the factors below the outermost are drawn
/// from the factorizations of that padded extent and the outermost (which
/// must be unset) counts ceil(extent / their product) tiles, so the last
/// tile may be partial. Returns false when the draw cannot tile `extent`
/// (its tiles would exceed it) or the outermost factor is set.
bool samplePartialFactorization(MutableArrayRef<int64_t> factors,
                                int64_t extent, int64_t padTo,
                                int64_t maxInnermost, std::mt19937 &rng);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_SEARCH_FACTORIZATION_H
