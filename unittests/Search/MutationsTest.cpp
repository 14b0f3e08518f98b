//===- MutationsTest.cpp - mutation of complete programs ------------------===//

#include "ansor/Search/Mutations.h"
#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "ansor/Search/GPUTiling.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"
#include <set>

using namespace mlir;
using namespace mlir::ansor;

static const char *kModule = R"mlir(
sched.schedule @sketch for @f target "t"
    nodes [#sched.node<"linalg.matmul", [512, 256, 128], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[?, ?, ?, ?] of 512>, #sched.split<[?, ?, ?, 1] of 256>,
              #sched.split<[?, ?] of 128>]
  sched.parallel node 0 loops #sched.choice<? in [1, 2]>
  sched.unroll node 0 max_step #sched.choice<? in [0, 16, 64, 512]>
}
sched.schedule @program for @f target "t"
    nodes [#sched.node<"linalg.matmul", [512, 256, 128], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[4, 8, 2, 8] of 512>, #sched.split<[4, 8, 8, 1] of 256>,
              #sched.split<[16, 8] of 128>]
  sched.parallel node 0 loops #sched.choice<1 in [1, 2]>
  sched.unroll node 0 max_step #sched.choice<16 in [0, 16, 64, 512]>
}
)mlir";

TEST(Mutations, KeepProgramsLegalAndStructuralFactorsFixed) {
  MLIRContext context;
  context.loadDialect<sched::SchedDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kModule, &context);
  ASSERT_TRUE(module);
  auto ops = module->getOps<sched::ScheduleOp>();
  sched::ScheduleOp sketch = *ops.begin();
  sched::ScheduleOp program = *std::next(ops.begin());
  std::mt19937 rng(9);
  MutationOptions options;
  options.maxInnermostFactor = 16;
  unsigned changed = 0;
  std::string before;
  for (int i = 0; i < 200; ++i) {
    llvm::raw_string_ostream os(before);
    before.clear();
    program.print(os);
    ASSERT_TRUE(mutateSchedule(program, sketch, rng, options));
    std::string after;
    llvm::raw_string_ostream os2(after);
    program.print(os2);
    changed += before != after;
    ASSERT_TRUE(succeeded(mlir::verify(program))) << after;
    auto tile = *program.getBody().getOps<sched::TileOp>().begin();
    auto j = cast<sched::SplitAttr>(tile.getSplits()[1]);
    EXPECT_EQ(j.getFactors().back(), 1) << "structural factor mutated";
    for (Attribute attr : tile.getSplits())
      EXPECT_LE(cast<sched::SplitAttr>(attr).getFactors().back(), 16);
  }
  EXPECT_EQ(changed, 200u) << "every mutation changes the program";
}

static const char *kPartialModule = R"mlir(
sched.schedule @sketch for @f target "t"
    nodes [#sched.node<"linalg.matmul", [457, 330, 128], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[?, ?, ?, ?] of 457>, #sched.split<[?, ?, ?, ?] of 330>,
              #sched.split<[?, ?] of 128>]
}
sched.schedule @program for @f target "t"
    nodes [#sched.node<"linalg.matmul", [457, 330, 128], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[39, 2, 1, 6] of 457>, #sched.split<[6, 1, 1, 64] of 330>,
              #sched.split<[16, 8] of 128>]
}
)mlir";

TEST(Mutations, PartialTilingsRecountTheirOutermostTiles) {
  MLIRContext context;
  context.loadDialect<sched::SchedDialect>();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kPartialModule, &context);
  ASSERT_TRUE(module);
  auto ops = module->getOps<sched::ScheduleOp>();
  sched::ScheduleOp sketch = *ops.begin();
  sched::ScheduleOp program = *std::next(ops.begin());
  std::mt19937 rng(4);
  MutationOptions options;
  unsigned partial = 0;
  for (int i = 0; i < 100; ++i) {
    ASSERT_TRUE(mutateSchedule(program, sketch, rng, options));
    // The verifier checks that the outermost factor is ceil(extent / tile).
    ASSERT_TRUE(succeeded(mlir::verify(program)));
    auto tile = *program.getBody().getOps<sched::TileOp>().begin();
    partial += cast<sched::SplitAttr>(tile.getSplits()[0]).hasPartialTile();
  }
  EXPECT_GT(partial, 0u) << "457 is prime: only partial tilings split it";
}

static const char *kPackedModule = R"mlir(
sched.schedule @sketch for @f target "t"
    nodes [#sched.node<"linalg.matmul", [96, 480, 128], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[?, ?, ?, ?] of 96>, #sched.split<[?, ?, ?, ?] of 480>,
              #sched.split<[?, ?] of 128>]
  sched.pack node 0 operand 1 loop 1 at #sched.choice<? in [0, 1]>
}
sched.schedule @program for @f target "t"
    nodes [#sched.node<"linalg.matmul", [96, 480, 128], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[4, 3, 1, 8] of 96>, #sched.split<[5, 2, 3, 16] of 480>,
              #sched.split<[16, 8] of 128>]
  sched.pack node 0 operand 1 loop 1 at #sched.choice<0 in [0, 1]>
}
)mlir";

TEST(Mutations, PackedNodesKeepWholePanelsAndMoveTheirPacks) {
  MLIRContext context;
  context.loadDialect<sched::SchedDialect>();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kPackedModule, &context);
  ASSERT_TRUE(module);
  auto ops = module->getOps<sched::ScheduleOp>();
  sched::ScheduleOp sketch = *ops.begin();
  sched::ScheduleOp program = *std::next(ops.begin());
  std::mt19937 rng(5);
  MutationOptions options;
  options.tileSize = 0.5;
  options.computeLocation = 0.5;
  options.unroll = options.parallel = 0;
  unsigned levelChanges = 0;
  int64_t level = 0;
  for (int i = 0; i < 200; ++i) {
    ASSERT_TRUE(mutateSchedule(program, sketch, rng, options));
    ASSERT_TRUE(succeeded(mlir::verify(program)));
    auto tile = *program.getBody().getOps<sched::TileOp>().begin();
    for (Attribute attr : tile.getSplits())
      EXPECT_FALSE(cast<sched::SplitAttr>(attr).hasPartialTile())
          << "a packed node got a partial tile";
    auto pack = *program.getBody().getOps<sched::PackOp>().begin();
    int64_t now = *pack.getLevel().getSelected();
    levelChanges += now != level;
    level = now;
  }
  EXPECT_GT(levelChanges, 20u) << "the pack level is a compute location";
}

static const char *kRfactorModule = R"mlir(
sched.schedule @sketch for @f target "t"
    nodes [#sched.node<"linalg.generic", [4096], [R]>] rules [] {
  sched.rfactor node 0 loop 0 split #sched.split<[?, ?] of 4096>
}
sched.schedule @program for @f target "t"
    nodes [#sched.node<"linalg.generic", [4096], [R]>] rules [] {
  sched.rfactor node 0 loop 0 split #sched.split<[16, 256] of 4096>
}
)mlir";

TEST(Mutations, RfactorSplitsMoveDivisorsAndKeepTheirExtent) {
  MLIRContext context;
  context.loadDialect<sched::SchedDialect>();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kRfactorModule, &context);
  ASSERT_TRUE(module);
  auto ops = module->getOps<sched::ScheduleOp>();
  sched::ScheduleOp sketch = *ops.begin();
  sched::ScheduleOp program = *std::next(ops.begin());
  auto rfactor = *program.getBody().getOps<sched::RfactorOp>().begin();
  std::mt19937 rng(4);
  std::set<int64_t> inner;
  for (int i = 0; i < 50; ++i) {
    sched::SplitAttr before = rfactor.getSplit();
    ASSERT_TRUE(mutateSchedule(program, sketch, rng, MutationOptions()));
    ASSERT_NE(rfactor.getSplit(), before);
    ArrayRef<int64_t> factors = rfactor.getSplit().getFactors();
    EXPECT_EQ(factors[0] * factors[1], 4096);
    EXPECT_GT(factors[0], 1) << "one partial factors nothing";
    inner.insert(factors[1]);
  }
  EXPECT_GT(inner.size(), 3u);
}

static const char *kGPUModule = R"mlir(
sched.schedule @sketch for @f target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.matmul", [2048, 2048, 64], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[?, ?, ?, ?, ?] of 2048>,
              #sched.split<[?, ?, ?, ?, ?] of 2048>,
              #sched.split<[?, ?, ?] of 64>]
  sched.bind node 0 block 0 vthread 1 thread 2
}
sched.schedule @program for @f target "cuda -arch=sm_90"
    nodes [#sched.node<"linalg.matmul", [2048, 2048, 64], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, S, R, R, S, R, S]>
      splits [#sched.split<[16, 1, 32, 2, 2] of 2048>,
              #sched.split<[16, 1, 32, 2, 2] of 2048>,
              #sched.split<[4, 4, 4] of 64>]
  sched.bind node 0 block 0 vthread 1 thread 2
}
)mlir";

TEST(Mutations, KeepTheGPUsLimits) {
  // The program runs 32 x 32 = 1024 threads per block, the limit: a tile
  // size mutation that moves any factor into the thread level breaks it
  // and is dropped.
  MLIRContext context;
  context.loadDialect<sched::SchedDialect>();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kGPUModule, &context);
  ASSERT_TRUE(module);
  auto ops = module->getOps<sched::ScheduleOp>();
  sched::ScheduleOp sketch = *ops.begin();
  sched::ScheduleOp program = *std::next(ops.begin());
  GPULimits limits;
  ASSERT_FALSE(checkGPULimits(program, limits));
  OpBuilder builder(&context);
  builder.setInsertionPointToEnd(module->getBody());
  std::mt19937 rng(5);
  unsigned mutated = 0;
  for (int i = 0; i < 300; ++i) {
    auto child = cast<sched::ScheduleOp>(builder.clone(*program));
    if (mutateSchedule(child, sketch, rng, MutationOptions())) {
      ++mutated;
      std::optional<std::string> violation = checkGPULimits(child, limits);
      EXPECT_FALSE(violation) << *violation;
    }
    child.erase();
  }
  EXPECT_GT(mutated, 0u);

  // 64 x 32 threads: over the limit, said as such; the same tiling for a
  // CPU target has no GPU limit to keep.
  auto over = cast<sched::ScheduleOp>(builder.clone(*program));
  auto tile = *over.getBody().getOps<sched::TileOp>().begin();
  SmallVector<Attribute> splits(tile.getSplits().begin(),
                                tile.getSplits().end());
  splits[0] = sched::SplitAttr::get(&context, {8, 1, 64, 2, 2}, 2048);
  tile.setSplitsAttr(ArrayAttr::get(&context, splits));
  std::optional<std::string> violation = checkGPULimits(over, limits);
  ASSERT_TRUE(violation);
  EXPECT_NE(violation->find("2048"), std::string::npos) << *violation;
  EXPECT_FALSE(keepsGPULimits(over));
  over.setTarget("t");
  EXPECT_TRUE(keepsGPULimits(over));
}
