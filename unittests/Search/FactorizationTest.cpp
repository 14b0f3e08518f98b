//===- FactorizationTest.cpp - tile size factorizations -------------------===//

#include "ansor/Search/Factorization.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::ansor;

TEST(Factorization, Divisors) {
  EXPECT_EQ(getDivisors(12), (SmallVector<int64_t>{1, 2, 3, 4, 6, 12}));
  EXPECT_EQ(getDivisors(49), (SmallVector<int64_t>{1, 7, 49}));
  EXPECT_EQ(getDivisors(1), (SmallVector<int64_t>{1}));
}

TEST(Factorization, EnumeratesEveryOrderedFactorization) {
  // 8 = 2^3 into 2 factors: (1,8) (2,4) (4,2) (8,1).
  auto all = enumerateFactorizations(8, 2, 64);
  ASSERT_EQ(all.size(), 4u);
  EXPECT_EQ(all.front(), (SmallVector<int64_t>{1, 8}));
  EXPECT_EQ(all.back(), (SmallVector<int64_t>{8, 1}));
  // Compositions of 10 into 4 parts, as powers of two: C(13, 3).
  EXPECT_EQ(enumerateFactorizations(1024, 4, 1024).size(), 286u);
}

TEST(Factorization, InnermostBound) {
  for (const auto &f : enumerateFactorizations(1024, 4, 16)) {
    EXPECT_LE(f.back(), 16);
    int64_t product = 1;
    for (int64_t v : f)
      product *= v;
    EXPECT_EQ(product, 1024);
  }
  EXPECT_TRUE(enumerateFactorizations(97, 2, 16).size() == 1u); // (97, 1)
}

TEST(Factorization, SampleKeepsSetFactors) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 50; ++trial) {
    SmallVector<int64_t> factors = {-1, -1, -1, 1};
    ASSERT_TRUE(sampleFactorization(factors, 56, 64, rng));
    EXPECT_EQ(factors[3], 1);
    EXPECT_EQ(factors[0] * factors[1] * factors[2], 56);
  }
}

TEST(Factorization, SampleFailsWithoutSolution) {
  std::mt19937 rng(1);
  SmallVector<int64_t> factors = {-1, 3};
  EXPECT_FALSE(sampleFactorization(factors, 64, 64, rng));
  SmallVector<int64_t> big = {1, -1};
  EXPECT_FALSE(sampleFactorization(big, 128, 64, rng));
}

TEST(Factorization, SameSeedSameSample) {
  std::mt19937 a(42), b(42);
  for (int trial = 0; trial < 20; ++trial) {
    SmallVector<int64_t> x = {-1, -1, -1, -1}, y = {-1, -1, -1, -1};
    ASSERT_TRUE(sampleFactorization(x, 3136, 64, a));
    ASSERT_TRUE(sampleFactorization(y, 3136, 64, b));
    EXPECT_EQ(x, y);
  }
}

TEST(Factorization, PartialTilesCoverThePrimeExtent) {
  std::mt19937 rng(5);
  unsigned partial = 0;
  for (int trial = 0; trial < 100; ++trial) {
    SmallVector<int64_t> factors = {-1, -1, -1, -1};
    if (!samplePartialFactorization(factors, 457, 6, 64, rng))
      continue;
    int64_t inner = factors[1] * factors[2] * factors[3];
    // The inner factors tile 462 (457 padded to a multiple of 6); the
    // outermost counts the tiles of 457, the last one partial.
    EXPECT_EQ(462 % inner, 0);
    EXPECT_LE(inner, 457);
    EXPECT_EQ(factors[0], (457 + inner - 1) / inner);
    EXPECT_LE(factors[3], 64);
    partial += 457 % inner != 0;
  }
  EXPECT_GT(partial, 50u);
}

TEST(Factorization, PartialNeedsATunableOutermostFactor) {
  std::mt19937 rng(5);
  SmallVector<int64_t> fixed = {2, -1, -1, -1};
  EXPECT_FALSE(samplePartialFactorization(fixed, 457, 6, 64, rng));
  // Padding 5 to 6 leaves a single tile of 6 > 5, which cannot tile it.
  SmallVector<int64_t> single = {-1, 6};
  EXPECT_FALSE(samplePartialFactorization(single, 5, 6, 64, rng));
}
