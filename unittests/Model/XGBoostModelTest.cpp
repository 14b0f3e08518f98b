//===- XGBoostModelTest.cpp - the pack-sum cost model ---------------------===//

#include "ansor/Features/Features.h"
#include "ansor/Model/CostModel.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::ansor;

namespace {

/// A program of `statements` identical rows whose first feature is `x`.
ProgramFeatures makeProgram(unsigned statements, float x) {
  ProgramFeatures program;
  program.numRows = statements;
  program.rows.assign(statements * feature::kCount, 0.0f);
  for (unsigned r = 0; r < statements; ++r)
    program.rows[r * feature::kCount] = x;
  return program;
}

class XGBoostObjectiveTest : public ::testing::TestWithParam<ModelObjective> {};

// A softmax has up to 11 statements. When a tree puts all rows of a program
// in one leaf, a per-row Hessian of w moved the program's sum 11 times too
// far (11 x eta 0.2 > 2): training diverged and scored programs in the
// thousands with the wrong sign (seen on the H100 records). The sums must
// stay near the labels, in order.
TEST_P(XGBoostObjectiveTest, ManyStatementsPerProgramConverge) {
  std::vector<ProgramFeatures> programs;
  std::vector<double> y;
  for (unsigned i = 1; i <= 40; ++i) {
    programs.push_back(makeProgram(11, static_cast<float>(i)));
    y.push_back(i / 40.0);
  }
  ModelOptions options;
  options.objective = GetParam();
  options.threads = 1;
  XGBoostModel model(options);
  std::string error;
  ASSERT_TRUE(succeeded(model.train(programs, y, error))) << error;
  FailureOr<std::vector<double>> scores = model.predict(programs, error);
  ASSERT_TRUE(succeeded(scores)) << error;
  // The loss is weighted by y, so the fast programs are fitted closely.
  for (unsigned i = 0; i < programs.size(); ++i)
    EXPECT_NEAR((*scores)[i], y[i], y[i] >= 0.25 ? 0.05 : 0.15)
        << "program " << i;
  for (unsigned i = 1; i < programs.size(); ++i)
    EXPECT_LE((*scores)[i - 1], (*scores)[i] + 0.02) << "program " << i;
}

INSTANTIATE_TEST_SUITE_P(Objectives, XGBoostObjectiveTest,
                         ::testing::Values(ModelObjective::PackSum,
                                           ModelObjective::LogSumExp));

/// A program of `fast` statements taking 1 unit each and `slow` statements
/// taking 10, told apart by their first feature.
ProgramFeatures makeMixedProgram(unsigned fast, unsigned slow) {
  ProgramFeatures program = makeProgram(fast + slow, 1.0f);
  for (unsigned r = fast; r < fast + slow; ++r)
    program.rows[r * feature::kCount] = 2.0f;
  return program;
}

// Statement times add up to a program's time, and the log-sum-exp objective
// models exactly that: trained on some mixes of fast and slow statements,
// it predicts the throughput of mixes it never saw, which no sum of
// per-statement throughputs (pack-sum) can represent.
TEST(XGBoostModelTest, LogSumExpAddsStatementTimes) {
  std::vector<ProgramFeatures> train, test;
  std::vector<double> trainY, testY;
  // The fastest program (one fast statement) costs 1.
  for (unsigned fast = 0; fast <= 6; ++fast)
    for (unsigned slow = 0; slow <= 3; ++slow) {
      if (fast + slow == 0)
        continue;
      bool held = (fast + slow) % 3 == 0 && fast != 1;
      (held ? test : train).push_back(makeMixedProgram(fast, slow));
      (held ? testY : trainY).push_back(1.0 / (fast + 10.0 * slow));
    }
  ModelOptions options;
  options.objective = ModelObjective::LogSumExp;
  options.threads = 1;
  XGBoostModel model(options);
  std::string error;
  ASSERT_TRUE(succeeded(model.train(train, trainY, error))) << error;
  FailureOr<std::vector<double>> scores = model.predict(test, error);
  ASSERT_TRUE(succeeded(scores)) << error;
  ASSERT_FALSE(test.empty());
  for (unsigned i = 0; i < test.size(); ++i)
    EXPECT_NEAR((*scores)[i] / testY[i], 1.0, 0.1) << "held-out program " << i;
}

// A saved model keeps its objective: the loaded one scores alike.
TEST(XGBoostModelTest, SavedModelKeepsItsObjective) {
  std::vector<ProgramFeatures> programs;
  std::vector<double> y;
  for (unsigned i = 1; i <= 8; ++i) {
    programs.push_back(makeMixedProgram(i, i % 3));
    y.push_back(1.0 / (i + 10.0 * (i % 3)));
  }
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("ansor-model", "json", path));
  for (ModelObjective objective :
       {ModelObjective::PackSum, ModelObjective::LogSumExp}) {
    ModelOptions options;
    options.objective = objective;
    options.threads = 1;
    options.rounds = 20;
    XGBoostModel model(options);
    std::string error;
    ASSERT_TRUE(succeeded(model.train(programs, y, error))) << error;
    ASSERT_TRUE(succeeded(model.save(path, "t", error))) << error;
    FailureOr<XGBoostModel> loaded = XGBoostModel::load(path, "t", error);
    ASSERT_TRUE(succeeded(loaded)) << error;
    EXPECT_EQ(loaded->getObjective(), objective);
    FailureOr<std::vector<double>> a = model.predict(programs, error);
    FailureOr<std::vector<double>> b = loaded->predict(programs, error);
    ASSERT_TRUE(succeeded(a) && succeeded(b)) << error;
    for (unsigned i = 0; i < programs.size(); ++i)
      EXPECT_NEAR((*a)[i], (*b)[i], 1e-6);
  }
  llvm::sys::fs::remove(path);
}

} // namespace
