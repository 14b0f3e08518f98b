//===- ApproximateMath.cpp - f32 math functions to polynomials ------------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSet.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDAPPROXIMATEMATH
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

/// The f32 functions LLVM lowers to one libm call per element whose
/// approximations stay within a few ulp of glibc's over their useful ranges
/// and keep its special values (unit test `ApproximateMathTest`); results
/// below the normal range flush to zero. Left to the rest of the lowering:
/// sin and cos (upstream's range reduction is off by up to 2.6% at |x| near
/// 100), expm1 (3.7e-4 relative near 0; math-to-llvm makes it exp(x) - 1),
/// log1p (wrong for large x), cbrt (NaN at infinity), and rsqrt (its
/// approximation needs AVX2; the op has an instruction sequence of its own).
static bool isApproximated(StringRef name) {
  static const llvm::StringSet<> names = {
      "math.acos", "math.asin", "math.atan", "math.erf", "math.erfc",
      "math.exp",  "math.log",  "math.log2", "math.tanh"};
  return names.contains(name);
}

namespace {
struct SchedApproximateMathPass
    : public sched::impl::SchedApproximateMathBase<SchedApproximateMathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // Every function of f16 or bf16 is computed in f32 (approximated there
    // or not): LLVM would round a bf16 result by a call per element. The
    // casts carry no fast-math flags, so no fold drops their rounding.
    populateMathF32ExpansionPatterns(patterns, [](StringRef) { return true; });
    populateMathPolynomialApproximationPatterns(patterns, isApproximated);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
