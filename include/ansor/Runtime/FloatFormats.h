//===- FloatFormats.h - 16-bit float conversions ----------------*- C++ -*-===//
//
// The measurer fills and compares buffers of 16-bit floats (IEEE binary16
// and bfloat16) through float: the runner has no LLVM (APFloat) to convert
// with, so these are exact, dependency-free conversions, rounding to nearest
// even as the hardware does. Unit tests check them against APFloat.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_RUNTIME_FLOATFORMATS_H
#define ANSOR_RUNTIME_FLOATFORMATS_H

#include <cstdint>
#include <cstring>

namespace mlir {
namespace ansor {

inline uint32_t bitsOfFloat(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  return bits;
}

inline float floatOfBits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

/// IEEE binary16 to float, exactly.
inline float halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16, exp = (h >> 10) & 0x1f,
           mant = h & 0x3ff, bits;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000 | (mant << 13);
  } else if (exp != 0) {
    bits = sign | ((exp + 112) << 23) | (mant << 13);
  } else if (mant == 0) {
    bits = sign;
  } else {
    // A subnormal half is a normal float: shift its leading one up.
    int shift = 0;
    while (!(mant & 0x400)) {
      mant <<= 1;
      ++shift;
    }
    bits = sign | uint32_t(113 - shift) << 23 | ((mant & 0x3ff) << 13);
  }
  return floatOfBits(bits);
}

/// Float to IEEE binary16, rounding to nearest even (overflow to infinity).
inline uint16_t floatToHalf(float f) {
  uint32_t bits = bitsOfFloat(f);
  uint16_t sign = (bits >> 16) & 0x8000;
  uint32_t exp = (bits >> 23) & 0xff, mant = bits & 0x7fffff;
  if (exp == 0xff)
    return sign | 0x7c00 | (mant ? 0x200 : 0);
  int e = int(exp) - 127 + 15;
  if (e >= 0x1f)
    return sign | 0x7c00;
  // The kept bits of the significand (with its implicit one), then round.
  uint32_t significand = mant | 0x800000;
  int drop = e > 0 ? 13 : 14 - e;
  if (drop > 24)
    return sign;
  uint32_t kept = significand >> drop, rest = significand & ((1u << drop) - 1),
           half = 1u << (drop - 1);
  if (rest > half || (rest == half && (kept & 1)))
    ++kept;
  // A carry out of the significand moves to the exponent by itself.
  return sign | uint16_t(e > 0 ? ((uint32_t(e) << 10) + (kept - 0x400)) : kept);
}

/// bfloat16 (the high half of a float) to float, and back rounding to
/// nearest even.
inline float bfloatToFloat(uint16_t h) {
  return floatOfBits(uint32_t(h) << 16);
}
inline uint16_t floatToBfloat(float f) {
  uint32_t bits = bitsOfFloat(f);
  if ((bits & 0x7fffffff) > 0x7f800000)
    return uint16_t(bits >> 16) | 0x40;
  bits += 0x7fff + ((bits >> 16) & 1);
  return uint16_t(bits >> 16);
}

} // namespace ansor
} // namespace mlir

#endif // ANSOR_RUNTIME_FLOATFORMATS_H
