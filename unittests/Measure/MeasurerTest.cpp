//===- MeasurerTest.cpp - the measurer's handling of its child processes --===//
//
// The compiler and the runner are replaced by shell scripts that hang, fail
// or print a given report, so that timeouts and the runner's reports are
// checked on any machine without compiling anything.
//
//===----------------------------------------------------------------------===//

#include "ansor/Measure/Measurer.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"
#include <chrono>
#include <fstream>

using namespace mlir;
using namespace mlir::ansor;

namespace {

class MeasurerTest : public ::testing::Test {
protected:
  void SetUp() override {
    SmallString<128> path;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("measurer-test", path));
    dir = path.str().str();
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir); }

  /// An executable shell script `name` in the test directory.
  std::string script(StringRef name, StringRef body) {
    SmallString<128> path(dir);
    llvm::sys::path::append(path, name);
    {
      std::ofstream out(path.c_str());
      out << "#!/bin/sh\n" << body.str() << "\n";
    }
    llvm::sys::fs::setPermissions(path, llvm::sys::fs::all_read |
                                            llvm::sys::fs::all_exe |
                                            llvm::sys::fs::owner_write);
    return path.str().str();
  }

  /// A measurer whose compiler and runner are `compiler` and `runner`.
  std::unique_ptr<Measurer> makeMeasurer(std::string compiler,
                                         std::string runner,
                                         unsigned buildTimeout = 20,
                                         bool cacheFlush = false) {
    MeasureOptions options;
    options.cacheFlush = cacheFlush;
    options.compilerPath = std::move(compiler);
    options.runnerPath = std::move(runner);
    options.workDir = dir + "/work";
    options.buildTimeout = buildTimeout;
    options.maxMemoryMb = 64;
    KernelSignature signature;
    signature.funcName = "f";
    signature.inputs = "f32:4";
    signature.outputs = "f32:4";
    signature.bytes = 48;
    auto measurer =
        std::make_unique<Measurer>(options, signature, Target::host());
    std::string error;
    EXPECT_TRUE(succeeded(measurer->initialize(error))) << error;
    return measurer;
  }

  /// Measures one candidate with a compiler that succeeds and a runner that
  /// prints `report`, under a cut of 0.01 s.
  MeasureResult runnerReport(StringRef report) {
    auto measurer =
        makeMeasurer(script("cc", "exit 0"),
                     script("runner", "echo '" + report.str() + "'"));
    measurer->setCutSeconds(0.01);
    std::vector<MeasureResult> results = measurer->measure({MeasureInput()});
    EXPECT_EQ(results.size(), 1u);
    return results.front();
  }

  std::string dir;
};

TEST_F(MeasurerTest, BuildPastItsTimeoutIsKilledAndRecordedAsATimeout) {
  auto measurer = makeMeasurer(script("cc", "exec sleep 60"),
                               script("runner", "exit 1"), /*buildTimeout=*/1);
  auto start = std::chrono::steady_clock::now();
  std::vector<MeasureResult> results =
      measurer->measure({MeasureInput(), MeasureInput(), MeasureInput()});
  double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  ASSERT_EQ(results.size(), 3u);
  for (const MeasureResult &result : results) {
    EXPECT_EQ(result.error, MeasureError::Timeout);
    EXPECT_EQ(result.message, "build timed out after 1 s");
  }
  // Two builds at a time, each killed at its timeout: not the 60 s sleep.
  EXPECT_LT(elapsed, 20.0);
}

TEST_F(MeasurerTest, FailingBuildReportsTheCompilersDiagnostics) {
  auto measurer =
      makeMeasurer(script("cc", "echo 'x.mlir:1:1: error: bad' >&2; exit 1"),
                   script("runner", "exit 1"));
  std::vector<MeasureResult> results = measurer->measure({MeasureInput()});
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].error, MeasureError::Compile);
  EXPECT_EQ(results[0].message, "x.mlir:1:1: error: bad");
}

TEST_F(MeasurerTest, CacheFlushIsAskedOfTheRunner) {
  std::string runner = script(
      "runner", "case \" $* \" in *' --flush-cache '*) echo '{\"ok\": true, "
                "\"number\": 1, \"costs\": [0.5]}' ;; *) echo '{\"ok\": "
                "false, \"error\": \"runtime\", \"message\": \"no "
                "flush\"}' ;; esac");
  for (bool flush : {false, true}) {
    auto measurer = makeMeasurer(script("cc", "exit 0"), runner,
                                 /*buildTimeout=*/20, /*cacheFlush=*/flush);
    MeasureResult result = measurer->measure({MeasureInput()}).front();
    EXPECT_EQ(result.error, flush ? MeasureError::None : MeasureError::Runtime);
  }
}

TEST_F(MeasurerTest, GPUFailuresKeepTheirKinds) {
  EXPECT_EQ(runnerReport(
                R"({"ok": false, "error": "illegal_address", "message": "x"})")
                .error,
            MeasureError::IllegalAddress);
  EXPECT_EQ(runnerReport(
                R"({"ok": false, "error": "launch_failure", "message": "x"})")
                .error,
            MeasureError::LaunchFailure);
  EXPECT_EQ(
      runnerReport(R"({"ok": false, "error": "no_device", "message": "x"})")
          .error,
      MeasureError::Runtime);
}

TEST_F(MeasurerTest, FirstCallPastItsLimitIsATimeoutNamingTheCut) {
  MeasureResult result = runnerReport(
      R"({"ok": false, "error": "timeout", "message": "its first call ran past 1 s"})");
  EXPECT_EQ(result.error, MeasureError::Timeout);
  EXPECT_EQ(result.message, "its first call ran past 1 s (10x the cut of "
                            "1.000e-02 s, and at least 1 s)");
  EXPECT_TRUE(result.costs.empty());
}

TEST_F(MeasurerTest, WarmCallStoppedAtTheCutIsALowerBound) {
  MeasureResult result = runnerReport(
      R"({"ok": true, "number": 1, "costs": [0.01], "max_abs_err": 0, "verified": true, "cut": true, "lower_bound": true})");
  EXPECT_EQ(result.error, MeasureError::None);
  ASSERT_EQ(result.costs.size(), 1u);
  EXPECT_EQ(result.costs[0], 0.01);
  EXPECT_NE(result.message.find("a lower bound"), std::string::npos)
      << result.message;
}

TEST_F(MeasurerTest, RunnerThatDiesIsARuntimeError) {
  MeasureResult result = runnerReport("not json");
  EXPECT_EQ(result.error, MeasureError::Runtime);
  EXPECT_NE(result.message.find("the runner died"), std::string::npos)
      << result.message;
}

} // namespace

namespace {

// The signature of a network reads its tasks: an embedding lookup in a
// callee bounds the integer inputs, a log there asks for positive inputs,
// and a scalar argument (fixed in the measured module) is not passed.
TEST(KernelSignatureTest, NetworkSignatureLooksIntoItsTasks) {
  MLIRContext context;
  context.loadDialect<func::FuncDialect, linalg::LinalgDialect,
                      tensor::TensorDialect, arith::ArithDialect,
                      math::MathDialect>();
  const char *source = R"mlir(
func.func @lookup(%ids: tensor<4xi32>, %table: tensor<50x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<4xi32>) outs(%e : tensor<4x8xf32>) {
    ^bb0(%id: i32, %o: f32):
      %row = arith.index_cast %id : i32 to index
      %j = linalg.index 1 : index
      %v = tensor.extract %table[%row, %j] : tensor<50x8xf32>
      %l = math.log %v : f32
      linalg.yield %l : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
func.func @net(%ids: tensor<4xi32>, %scale: f32, %table: tensor<50x8xf32>) -> tensor<4x8xf32> {
  %r = func.call @lookup(%ids, %table) : (tensor<4xi32>, tensor<50x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
)mlir";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  ASSERT_TRUE(module);
  auto net = module->lookupSymbol<func::FuncOp>("net");
  std::string error;
  FailureOr<KernelSignature> signature = getKernelSignature(net, error);
  ASSERT_TRUE(succeeded(signature)) << error;
  EXPECT_EQ(signature->inputs, "i32:4,f32:50x8");
  EXPECT_EQ(signature->outputs, "f32:4x8");
  // The row (an id), not the column (an iteration index).
  EXPECT_EQ(signature->indexBound, 50);
  EXPECT_TRUE(signature->positiveInputs);
}

} // namespace
