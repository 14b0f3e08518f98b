//===- ApproximateMathTest.cpp - compiled f32 math functions vs glibc -----===//
//
// The CPU lowering replaces f32 math functions by polynomial approximations
// (sched-approximate-math). Each function is compiled through the whole
// pipeline into a shared library, called on inputs over its useful range
// and on special values, and compared with glibc's result.
//
//===----------------------------------------------------------------------===//

#include "ansor/Measure/Compile.h"
#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <random>

using namespace mlir;

namespace {

constexpr int64_t kSize = 4096;

/// A 1-D memref descriptor, as `_mlir_ciface_` functions take it.
using Descriptor = StridedMemRefType<float, 1>;

using Kernel = void (*)(Descriptor *, Descriptor *);

struct Function {
  const char *name;
  std::function<float(float)> reference;
  float low, high;
  bool logScale; // inputs spread over exp(low)..exp(high)
  double maxUlp;
};

/// The distance between a and b in units of the last place of b; infinite
/// where they differ and one is NaN or infinite.
double ulpDistance(float a, float b) {
  if (a == b || (std::isnan(a) && std::isnan(b)))
    return 0;
  if (!std::isfinite(a) || !std::isfinite(b))
    return INFINITY;
  double ulp = std::nextafter(std::fabs(b), INFINITY) - std::fabs(b);
  return std::fabs(double(a) - double(b)) / ulp;
}

class ApproximateMathTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    DialectRegistry registry;
    registerAllDialects(registry);
    registerAllExtensions(registry);
    registerAllToLLVMIRTranslations(registry);
    context = new MLIRContext(registry);
    context->loadAllAvailableDialects();
    std::string source = "#id = affine_map<(i) -> (i)>\n";
    for (const Function &f : functions())
      source += llvm::formatv(R"mlir(
func.func @approx_{0}(%a: tensor<{1}xf32>) -> tensor<{1}xf32> {{
  %e = tensor.empty() : tensor<{1}xf32>
  %r = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<{1}xf32>) outs(%e : tensor<{1}xf32>) {{
    ^bb0(%x: f32, %o: f32):
      %y = math.{0} %x : f32
      linalg.yield %y : f32
  } -> tensor<{1}xf32>
  return %r : tensor<{1}xf32>
}
)mlir",
                              f.name, kSize)
                    .str();
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, context);
    ASSERT_TRUE(module);
    SmallString<128> path;
    ASSERT_FALSE(
        llvm::sys::fs::createTemporaryFile("approximate-math", "so", path));
    library = path.str().str();
    ASSERT_TRUE(succeeded(ansor::compileToSharedLibrary(
        *module, ansor::Target::host(), library)));
    std::string error;
    handle =
        llvm::sys::DynamicLibrary::getPermanentLibrary(library.c_str(), &error);
    ASSERT_TRUE(handle.isValid()) << error;
  }
  static void TearDownTestSuite() {
    llvm::sys::fs::remove(library);
    delete context;
  }

  static const std::vector<Function> &functions() {
    static const std::vector<Function> list = {
        {"exp", [](float x) { return std::exp(x); }, -87, 88, false, 2},
        {"log", [](float x) { return std::log(x); }, -30, 30, true, 2},
        {"log2", [](float x) { return std::log2(x); }, -30, 30, true, 2},
        {"erf", [](float x) { return std::erf(x); }, -5, 5, false, 8},
        {"erfc", [](float x) { return std::erfc(x); }, -4, 9, false, 8},
        {"tanh", [](float x) { return std::tanh(x); }, -10, 10, false, 8},
        {"atan", [](float x) { return std::atan(x); }, -1000, 1000, false, 8},
        {"asin", [](float x) { return std::asin(x); }, -1, 1, false, 8},
        {"acos", [](float x) { return std::acos(x); }, -1, 1, false, 4},
    };
    return list;
  }

  /// Runs the compiled function `name` on `inputs` (kSize of them).
  static std::vector<float> run(const char *name, std::vector<float> inputs) {
    std::vector<float> outputs(kSize, 0);
    Descriptor in{inputs.data(), inputs.data(), 0, {kSize}, {1}};
    Descriptor out{outputs.data(), outputs.data(), 0, {kSize}, {1}};
    auto kernel = reinterpret_cast<Kernel>(handle.getAddressOfSymbol(
        (std::string("_mlir_ciface_approx_") + name).c_str()));
    EXPECT_NE(kernel, nullptr) << name;
    if (kernel)
      kernel(&in, &out);
    return outputs;
  }

  static MLIRContext *context;
  static std::string library;
  static llvm::sys::DynamicLibrary handle;
};

MLIRContext *ApproximateMathTest::context = nullptr;
std::string ApproximateMathTest::library;
llvm::sys::DynamicLibrary ApproximateMathTest::handle;

TEST_F(ApproximateMathTest, StaysWithinItsUlpBoundOfGlibc) {
  std::mt19937 random(0);
  for (const Function &f : functions()) {
    std::uniform_real_distribution<float> spread(f.low, f.high);
    std::vector<float> inputs(kSize);
    for (float &x : inputs)
      x = f.logScale ? std::exp(spread(random)) : spread(random);
    std::vector<float> outputs = run(f.name, inputs);
    double worst = 0;
    float worstInput = 0;
    for (int64_t i = 0; i < kSize; ++i) {
      double distance = ulpDistance(outputs[i], f.reference(inputs[i]));
      if (!(distance <= worst))
        worst = distance, worstInput = inputs[i];
    }
    EXPECT_LE(worst, f.maxUlp)
        << f.name << "(" << worstInput << ") is " << worst << " ulp off";
  }
}

TEST_F(ApproximateMathTest, KeepsSpecialValues) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> specials = {inf,   -inf, nan,  0.0f,
                                       -0.0f, 1.0f, -1.0f};
  for (const Function &f : functions()) {
    std::vector<float> inputs(kSize, 0.5f);
    std::copy(specials.begin(), specials.end(), inputs.begin());
    std::vector<float> outputs = run(f.name, inputs);
    for (size_t i = 0; i < specials.size(); ++i) {
      float expected = f.reference(specials[i]);
      if (std::isnan(expected))
        EXPECT_TRUE(std::isnan(outputs[i]))
            << f.name << "(" << specials[i] << ") is " << outputs[i];
      else
        EXPECT_LE(ulpDistance(outputs[i], expected), f.maxUlp)
            << f.name << "(" << specials[i] << ") is " << outputs[i]
            << ", glibc " << expected;
    }
  }
}

} // namespace
