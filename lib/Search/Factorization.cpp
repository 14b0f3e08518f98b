//===- Factorization.cpp - tile size factorizations -----------------------===//

#include "ansor/Search/Factorization.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::ansor;

SmallVector<int64_t> mlir::ansor::getDivisors(int64_t n) {
  SmallVector<int64_t> low, high;
  for (int64_t d = 1; d * d <= n; ++d) {
    if (n % d)
      continue;
    low.push_back(d);
    if (d * d != n)
      high.push_back(n / d);
  }
  low.append(high.rbegin(), high.rend());
  return low;
}

static void enumerateInto(int64_t remaining, unsigned left,
                          int64_t maxInnermost,
                          SmallVectorImpl<int64_t> &prefix,
                          SmallVectorImpl<SmallVector<int64_t>> &out) {
  if (left == 1) {
    if (remaining <= maxInnermost) {
      prefix.push_back(remaining);
      out.emplace_back(prefix.begin(), prefix.end());
      prefix.pop_back();
    }
    return;
  }
  for (int64_t d : getDivisors(remaining)) {
    prefix.push_back(d);
    enumerateInto(remaining / d, left - 1, maxInnermost, prefix, out);
    prefix.pop_back();
  }
}

SmallVector<SmallVector<int64_t>>
mlir::ansor::enumerateFactorizations(int64_t extent, unsigned numFactors,
                                     int64_t maxInnermost) {
  SmallVector<SmallVector<int64_t>> out;
  if (extent <= 0 || numFactors == 0)
    return out;
  SmallVector<int64_t> prefix;
  enumerateInto(extent, numFactors, maxInnermost, prefix, out);
  return out;
}

bool mlir::ansor::sampleFactorization(MutableArrayRef<int64_t> factors,
                                      int64_t extent, int64_t maxInnermost,
                                      std::mt19937 &rng) {
  int64_t fixedProduct = 1;
  SmallVector<unsigned> unset;
  for (auto [index, factor] : llvm::enumerate(factors)) {
    if (factor < 0)
      unset.push_back(index);
    else
      fixedProduct *= factor;
  }
  if (extent % fixedProduct)
    return false;
  // A factor set in the sketch is structural: the bound is for sampling.
  bool lastUnset = !unset.empty() && unset.back() == factors.size() - 1;
  if (unset.empty())
    return fixedProduct == extent;
  SmallVector<SmallVector<int64_t>> options =
      enumerateFactorizations(extent / fixedProduct, unset.size(),
                              lastUnset ? maxInnermost : extent / fixedProduct);
  if (options.empty())
    return false;
  std::uniform_int_distribution<size_t> pick(0, options.size() - 1);
  const SmallVector<int64_t> &chosen = options[pick(rng)];
  for (auto [slot, value] : llvm::zip_equal(unset, chosen))
    factors[slot] = value;
  return true;
}

bool mlir::ansor::samplePartialFactorization(MutableArrayRef<int64_t> factors,
                                             int64_t extent, int64_t padTo,
                                             int64_t maxInnermost,
                                             std::mt19937 &rng) {
  if (factors.size() < 2 || factors.front() >= 0 || padTo < 1)
    return false;
  int64_t padded = llvm::divideCeil(extent, padTo) * padTo;
  SmallVector<int64_t> drawn(factors.begin(), factors.end());
  if (!sampleFactorization(drawn, padded, maxInnermost, rng))
    return false;
  int64_t inner = 1;
  for (int64_t factor : ArrayRef(drawn).drop_front())
    inner *= factor;
  if (inner > extent)
    return false;
  drawn.front() = llvm::divideCeil(extent, inner);
  llvm::copy(drawn, factors.begin());
  return true;
}
