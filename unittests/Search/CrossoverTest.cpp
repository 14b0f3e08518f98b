//===- CrossoverTest.cpp - node-based crossover ---------------------------===//

#include "ansor/Search/Crossover.h"
#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::ansor;

// Two programs of one sketch with two tiled nodes (a matmul and its
// consumer), and one of another sketch.
static const char *kModule = R"mlir(
sched.schedule @a for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>,
           #sched.node<"linalg.generic", [64, 64], [S, S]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[2, 4, 2, 4] of 64>, #sched.split<[1, 2, 2, 16] of 64>,
              #sched.split<[8, 8] of 64>]
  sched.unroll node 0 max_step #sched.choice<16 in [0, 16, 64, 512]>
  sched.tile node 1 structure #sched.structure<[S, S]>
      splits [#sched.split<[8, 8] of 64>, #sched.split<[4, 16] of 64>]
  sched.parallel node 1 loops #sched.choice<1 in [1, 2]>
}
sched.schedule @b for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>,
           #sched.node<"linalg.generic", [64, 64], [S, S]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[4, 2, 4, 2] of 64>, #sched.split<[2, 1, 2, 16] of 64>,
              #sched.split<[16, 4] of 64>]
  sched.unroll node 0 max_step #sched.choice<512 in [0, 16, 64, 512]>
  sched.tile node 1 structure #sched.structure<[S, S]>
      splits [#sched.split<[16, 4] of 64>, #sched.split<[2, 32] of 64>]
  sched.parallel node 1 loops #sched.choice<2 in [1, 2]>
}
sched.schedule @other for @f target "t"
    nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>,
           #sched.node<"linalg.generic", [64, 64], [S, S]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[4, 2, 4, 2] of 64>, #sched.split<[2, 1, 2, 16] of 64>,
              #sched.split<[16, 4] of 64>]
  sched.unroll node 0 max_step #sched.choice<512 in [0, 16, 64, 512]>
}
)mlir";

namespace {
struct Parsed {
  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  SmallVector<sched::ScheduleOp> schedules;
  Parsed() {
    context.loadDialect<sched::SchedDialect>();
    module = parseSourceString<ModuleOp>(kModule, &context);
    if (module)
      schedules = llvm::to_vector(module->getOps<sched::ScheduleOp>());
  }
};

SmallVector<DictionaryAttr> stepAttrs(sched::ScheduleOp op) {
  SmallVector<DictionaryAttr> attrs;
  for (Operation &step : op.getBody().front())
    attrs.push_back(step.getAttrDictionary());
  return attrs;
}
} // namespace

TEST(Crossover, EachNodeComesWholeFromOneParent) {
  Parsed p;
  ASSERT_EQ(p.schedules.size(), 3u);
  sched::ScheduleOp a = p.schedules[0], b = p.schedules[1];
  SmallVector<DictionaryAttr> fromA = stepAttrs(a), fromB = stepAttrs(b);
  OpBuilder builder(&p.context);
  builder.setInsertionPointToEnd(p.module->getBody());
  std::mt19937 rng(5);
  for (int i = 0; i < 20; ++i) {
    sched::ScheduleOp child = crossoverSchedules(builder, a, b, rng);
    ASSERT_TRUE(child);
    SmallVector<DictionaryAttr> got = stepAttrs(child);
    // Steps 0-1 are node 0's, steps 2-3 node 1's: each pair from one
    // parent, and the two nodes from different parents.
    bool node0FromA = got[0] == fromA[0];
    EXPECT_EQ(got[0], node0FromA ? fromA[0] : fromB[0]);
    EXPECT_EQ(got[1], node0FromA ? fromA[1] : fromB[1]);
    EXPECT_EQ(got[2], node0FromA ? fromB[2] : fromA[2]);
    EXPECT_EQ(got[3], node0FromA ? fromB[3] : fromA[3]);
    child.erase();
  }
}

TEST(Crossover, SingleNodeProgramsExchangeSteps) {
  Parsed p;
  sched::ScheduleOp a = p.schedules[2];
  OpBuilder builder(&p.context);
  builder.setInsertionPointToEnd(p.module->getBody());
  auto b = cast<sched::ScheduleOp>(builder.clone(*a));
  auto unroll = *b.getBody().getOps<sched::UnrollOp>().begin();
  unroll.setMaxStepAttr(
      sched::ChoiceAttr::get(&p.context, 0, unroll.getMaxStep().getDomain()));
  // The parents differ in the unroll step only: a child either repeats a
  // parent (refused) or has `a`'s tile and `b`'s unroll.
  std::mt19937 rng(1);
  unsigned children = 0;
  for (int i = 0; i < 16; ++i) {
    sched::ScheduleOp child = crossoverSchedules(builder, a, b, rng);
    if (!child)
      continue;
    ++children;
    EXPECT_EQ(stepAttrs(child)[0], stepAttrs(a)[0]);
    EXPECT_EQ(stepAttrs(child)[1], stepAttrs(b)[1]);
    child.erase();
  }
  EXPECT_GT(children, 0u);
}

TEST(Crossover, RefusesProgramsOfDifferentSketches) {
  Parsed p;
  OpBuilder builder(&p.context);
  builder.setInsertionPointToEnd(p.module->getBody());
  std::mt19937 rng(1);
  EXPECT_FALSE(haveSameSketch(p.schedules[0], p.schedules[2]));
  EXPECT_FALSE(
      crossoverSchedules(builder, p.schedules[0], p.schedules[2], rng));
  EXPECT_TRUE(haveSameSketch(p.schedules[0], p.schedules[1]));
}
