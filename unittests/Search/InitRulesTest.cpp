//===- InitRulesTest.cpp - random annotation of sketches ------------------===//

#include "ansor/Search/InitRules.h"
#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

#include <set>

using namespace mlir;
using namespace mlir::ansor;

static const char *kSketch = R"mlir(
sched.schedule @s for @f target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.matmul", [512, 256, 128], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[?, ?, ?, ?] of 512>, #sched.split<[?, ?, ?, 1] of 256>,
              #sched.split<[?, ?] of 128>]
  sched.parallel node 0 loops #sched.choice<? in [1, 2]>
  sched.unroll node 0 max_step #sched.choice<? in [0, 16, 64, 512]>
}
)mlir";

namespace {
class InitRules : public ::testing::Test {
protected:
  InitRules() { context.loadDialect<sched::SchedDialect>(); }
  sched::ScheduleOp parse() {
    module = parseSourceString<ModuleOp>(kSketch, &context);
    return *module->getOps<sched::ScheduleOp>().begin();
  }
  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};
} // namespace

TEST_F(InitRules, AnnotationIsCompleteAndLegal) {
  sched::ScheduleOp schedule = parse();
  ASSERT_FALSE(schedule.isComplete());
  std::mt19937 rng(3);
  ASSERT_TRUE(succeeded(annotateSchedule(schedule, rng, SampleOptions())));
  EXPECT_TRUE(schedule.isComplete());
  EXPECT_TRUE(succeeded(mlir::verify(schedule)));
  auto tile = *schedule.getBody().getOps<sched::TileOp>().begin();
  auto j = cast<sched::SplitAttr>(tile.getSplits()[1]);
  EXPECT_EQ(j.getFactors().back(), 1) << "a factor set in the sketch stays";
  for (Attribute attr : tile.getSplits())
    EXPECT_LE(cast<sched::SplitAttr>(attr).getFactors().back(), 64);
}

TEST_F(InitRules, SameSeedSameProgram) {
  std::string first, second;
  for (std::string *out : {&first, &second}) {
    sched::ScheduleOp schedule = parse();
    std::mt19937 rng(11);
    ASSERT_TRUE(succeeded(annotateSchedule(schedule, rng, SampleOptions())));
    llvm::raw_string_ostream os(*out);
    schedule.print(os);
  }
  EXPECT_EQ(first, second);
}

TEST(InitRulesPacked, PackedNodesGetWholeTilesAndAPackLevel) {
  // 457 and 330 have no whole vectors of 8: unpacked, half the draws would
  // be partial tilings.
  static const char *kPacked = R"mlir(
sched.schedule @s for @f target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.matmul", [457, 330, 128], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[?, ?, ?, ?] of 457>, #sched.split<[?, ?, ?, ?] of 330>,
              #sched.split<[?, ?] of 128>]
  sched.pack node 0 operand 1 loop 1 at #sched.choice<? in [0, 1]>
}
)mlir";
  MLIRContext context;
  context.loadDialect<sched::SchedDialect>();
  std::mt19937 rng(4);
  unsigned levels[2] = {0, 0};
  for (int i = 0; i < 64; ++i) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kPacked, &context);
    auto schedule = *module->getOps<sched::ScheduleOp>().begin();
    ASSERT_TRUE(succeeded(annotateSchedule(schedule, rng, SampleOptions())));
    ASSERT_TRUE(schedule.isComplete());
    auto tile = *schedule.getBody().getOps<sched::TileOp>().begin();
    for (Attribute attr : tile.getSplits())
      EXPECT_FALSE(cast<sched::SplitAttr>(attr).hasPartialTile());
    auto pack = *schedule.getBody().getOps<sched::PackOp>().begin();
    ++levels[*pack.getLevel().getSelected()];
  }
  EXPECT_GT(levels[0], 0u);
  EXPECT_GT(levels[1], 0u);
}

static const char *kRfactorSketch = R"mlir(
sched.schedule @s for @f target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.generic", [1, 32, 6], [S, S, R]>] rules [] {
  sched.rfactor node 0 loop 2 split #sched.split<[?, ?] of 6>
}
)mlir";

// One partial would be drawn a quarter of the time from the splits of 6;
// it factors nothing and fails to build where the output has unit dims.
TEST(InitRulesRfactor, AnRfactorGetsAtLeastTwoPartials) {
  MLIRContext context;
  context.loadDialect<sched::SchedDialect>();
  std::set<int64_t> partials;
  for (unsigned seed = 0; seed < 64; ++seed) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kRfactorSketch, &context);
    ASSERT_TRUE(module);
    auto schedule = *module->getOps<sched::ScheduleOp>().begin();
    std::mt19937 rng(seed);
    ASSERT_TRUE(succeeded(annotateSchedule(schedule, rng, SampleOptions())));
    auto rfactor = *schedule.getBody().getOps<sched::RfactorOp>().begin();
    ArrayRef<int64_t> factors = rfactor.getSplit().getFactors();
    EXPECT_EQ(factors[0] * factors[1], 6);
    partials.insert(factors[0]);
  }
  EXPECT_FALSE(partials.count(1));
  EXPECT_EQ(partials.size(), 3u) << "2, 3 and 6 partials are all drawn";
}
