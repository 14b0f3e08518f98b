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

} // namespace ansor
} // namespace mlir

#endif // ANSOR_SEARCH_FACTORIZATION_H
