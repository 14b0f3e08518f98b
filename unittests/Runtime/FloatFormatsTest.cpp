//===- FloatFormatsTest.cpp - the runner's 16-bit float conversions -------===//

#include "ansor/Runtime/FloatFormats.h"
#include "llvm/ADT/APFloat.h"
#include "gtest/gtest.h"
#include <cmath>
#include <random>

using namespace mlir::ansor;
using llvm::APFloat;

/// What APFloat makes of `f` in `semantics`, rounding to nearest even.
static uint16_t apfloatBits(float f, const llvm::fltSemantics &semantics) {
  APFloat value(f);
  bool losesInfo;
  value.convert(semantics, APFloat::rmNearestTiesToEven, &losesInfo);
  return uint16_t(value.bitcastToAPInt().getZExtValue());
}

/// Every 16-bit pattern widens to the float APFloat gives (NaNs to NaNs).
static void checkEveryWidening(const llvm::fltSemantics &semantics,
                               float (*widen)(uint16_t)) {
  for (uint32_t h = 0; h <= 0xffff; ++h) {
    APFloat value(semantics, llvm::APInt(16, h));
    float ours = widen(uint16_t(h));
    if (value.isNaN()) {
      EXPECT_TRUE(std::isnan(ours)) << h;
      continue;
    }
    EXPECT_EQ(bitsOfFloat(ours), bitsOfFloat(value.convertToFloat())) << h;
  }
}

TEST(FloatFormats, HalfWidensExactly) {
  checkEveryWidening(APFloat::IEEEhalf(), halfToFloat);
}

TEST(FloatFormats, BfloatWidensExactly) {
  checkEveryWidening(APFloat::BFloat(), bfloatToFloat);
}

/// Floats around every rounding boundary of the 16-bit formats (halfway
/// points, subnormals, overflow) and random ones narrow as APFloat does.
static void checkNarrowing(const llvm::fltSemantics &semantics,
                           uint16_t (*narrow)(float)) {
  std::vector<float> values = {0.0f,     -0.0f,    1.0f,     -1.0f,    65504.0f,
                               65520.0f, 65519.0f, 1e-8f,    3e-8f,    6e-8f,
                               1e-30f,   3.4e38f,  INFINITY, -INFINITY};
  for (uint32_t h = 0; h <= 0xffff; ++h) {
    APFloat value(semantics, llvm::APInt(16, h));
    if (!value.isFinite())
      continue;
    float f = value.convertToFloat();
    uint32_t bits = bitsOfFloat(f);
    // The value, its neighbours in float, and the halfway points to the
    // next 16-bit value (its float's low bits at the tie).
    for (int32_t delta : {-1, 0, 1})
      values.push_back(floatOfBits(bits + delta));
    unsigned dropped = &semantics == &APFloat::BFloat() ? 16 : 13;
    for (int32_t delta : {-1, 0, 1})
      values.push_back(floatOfBits(bits + (1u << (dropped - 1)) + delta));
  }
  std::mt19937 random(7);
  for (int i = 0; i < 200000; ++i)
    values.push_back(floatOfBits(random()));
  for (float f : values) {
    if (std::isnan(f)) {
      APFloat ours(semantics, llvm::APInt(16, narrow(f)));
      EXPECT_TRUE(ours.isNaN());
      continue;
    }
    EXPECT_EQ(narrow(f), apfloatBits(f, semantics)) << f;
  }
}

TEST(FloatFormats, HalfNarrowsToNearestEven) {
  checkNarrowing(APFloat::IEEEhalf(), floatToHalf);
}

TEST(FloatFormats, BfloatNarrowsToNearestEven) {
  checkNarrowing(APFloat::BFloat(), floatToBfloat);
}
