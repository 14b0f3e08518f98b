//===- XGBoostModelTest.cpp - the pack-sum cost model ---------------------===//

#include "ansor/Features/Features.h"
#include "ansor/Model/CostModel.h"
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

// A softmax has up to 11 statements. When a tree puts all rows of a program
// in one leaf, a per-row Hessian of w moved the program's sum 11 times too
// far (11 x eta 0.2 > 2): training diverged and scored programs in the
// thousands with the wrong sign (seen on the H100 records). The sums must
// stay near the labels, in order.
TEST(XGBoostModelTest, ManyStatementsPerProgramConverge) {
  std::vector<ProgramFeatures> programs;
  std::vector<double> y;
  for (unsigned i = 1; i <= 40; ++i) {
    programs.push_back(makeProgram(11, static_cast<float>(i)));
    y.push_back(i / 40.0);
  }
  ModelOptions options;
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

} // namespace
