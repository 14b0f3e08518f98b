//===- RegisterBlockTest.cpp - register blocks that fit the target --------===//
//
// Checked for an AVX2 target (16 registers of 8 fp32 lanes) and an AVX-512
// one (32 registers of 16 lanes), whatever machine runs the test.
//
//===----------------------------------------------------------------------===//

#include "ansor/Search/RegisterBlock.h"
#include "ansor/Search/InitRules.h"
#include "ansor/Search/Mutations.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::ansor;

static const char *kAvx2 =
    "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 "
    "-vector-bits=256";
static const char *kAvx512 =
    "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 "
    "-vector-bits=512";

/// A vectorized matmul node (or an NHWC convolution, whose vectorized
/// output channels are its last spatial loop) with the given splits.
static std::string matmulSchedule(StringRef target, StringRef splits) {
  return (R"mlir(
sched.schedule @s for @f target ")mlir" +
          target + R"mlir("
    nodes [#sched.node<"linalg.matmul", [1024, 1024, 1024], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [)mlir" +
          splits + R"mlir(]
  sched.parallel node 0 loops #sched.choice<? in [1, 2]>
  sched.vectorize node 0
  sched.unroll node 0 max_step #sched.choice<? in [0, 16, 64, 512]>
}
)mlir")
      .str();
}

static const char *kMatmulSplits = "#sched.split<[?, ?, ?, ?] of 1024>, "
                                   "#sched.split<[?, ?, ?, ?] of 1024>, "
                                   "#sched.split<[?, ?] of 1024>";

static const char *kConvSplits =
    "#sched.split<[?, ?, ?, ?] of 1>, #sched.split<[?, ?, ?, ?] of 56>, "
    "#sched.split<[?, ?, ?, ?] of 56>, #sched.split<[?, ?, ?, ?] of 64>, "
    "#sched.split<[?, ?] of 3>, #sched.split<[?, ?] of 3>, "
    "#sched.split<[?, ?] of 64>";

static std::string convSchedule(StringRef target) {
  return (R"mlir(
sched.schedule @s for @f target ")mlir" +
          target + R"mlir("
    nodes [#sched.node<"linalg.conv_2d_nhwc_hwcf", [1, 56, 56, 64, 3, 3, 64], [S, S, S, S, R, R, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [)mlir" +
          kConvSplits + R"mlir(]
  sched.parallel node 0 loops #sched.choice<? in [1, 2, 3, 4]>
  sched.vectorize node 0
  sched.unroll node 0 max_step #sched.choice<? in [0, 16, 64, 512]>
}
)mlir")
      .str();
}

namespace {
class RegisterBlock : public ::testing::Test {
protected:
  RegisterBlock() { context.loadDialect<sched::SchedDialect>(); }
  sched::ScheduleOp parse(const std::string &text) {
    modules.push_back(parseSourceString<ModuleOp>(text, &context));
    EXPECT_TRUE(modules.back());
    return *modules.back()->getOps<sched::ScheduleOp>().begin();
  }
  static sched::TileOp tileOf(sched::ScheduleOp schedule) {
    return *schedule.getBody().getOps<sched::TileOp>().begin();
  }
  BlockFit fit(StringRef target, StringRef splits) {
    sched::ScheduleOp schedule = parse(matmulSchedule(target, splits));
    return getBlockFit(tileOf(schedule),
                       *RegisterLimits::forSchedule(schedule));
  }
  MLIRContext context;
  SmallVector<OwningOpRef<ModuleOp>> modules;
};
} // namespace

TEST_F(RegisterBlock, LimitsFollowTheTarget) {
  std::optional<RegisterLimits> avx2 =
      RegisterLimits::forSchedule(parse(matmulSchedule(kAvx2, kMatmulSplits)));
  std::optional<RegisterLimits> avx512 = RegisterLimits::forSchedule(
      parse(matmulSchedule(kAvx512, kMatmulSplits)));
  ASSERT_TRUE(avx2 && avx512);
  EXPECT_EQ(avx2->lanes, 8);
  EXPECT_EQ(avx2->registers, 16);
  EXPECT_EQ(avx512->lanes, 16);
  EXPECT_EQ(avx512->registers, 32);
}

TEST_F(RegisterBlock, BlockFitCountsAccumulatorVectors) {
  // 8 x 32: 16 accumulators of 16 lanes, 2 for a row of B and a broadcast
  // (19 of 32 registers); with 8 lanes, 32 accumulators.
  StringRef b8x32 = "#sched.split<[8, 16, 1, 8] of 1024>, "
                    "#sched.split<[2, 16, 1, 32] of 1024>, "
                    "#sched.split<[256, 4] of 1024>";
  EXPECT_EQ(fit(kAvx512, b8x32), BlockFit::Good);
  EXPECT_EQ(fit(kAvx2, b8x32), BlockFit::Unfit);
  // 8 x 64 and 16 x 32: 32 accumulators fill AVX-512's 32 registers and
  // leave none for B or the broadcast.
  StringRef b8x64 = "#sched.split<[8, 16, 1, 8] of 1024>, "
                    "#sched.split<[2, 8, 1, 64] of 1024>, "
                    "#sched.split<[256, 4] of 1024>";
  StringRef b16x32 = "#sched.split<[8, 8, 1, 16] of 1024>, "
                     "#sched.split<[2, 16, 1, 32] of 1024>, "
                     "#sched.split<[256, 4] of 1024>";
  EXPECT_EQ(fit(kAvx512, b8x64), BlockFit::Unfit);
  EXPECT_EQ(fit(kAvx512, b16x32), BlockFit::Unfit);
  // With 8 lanes, 8 x 16 is 16 accumulators: AVX2's 16 registers, full.
  StringRef b8x16 = "#sched.split<[8, 16, 1, 8] of 1024>, "
                    "#sched.split<[2, 32, 1, 16] of 1024>, "
                    "#sched.split<[256, 4] of 1024>";
  EXPECT_EQ(fit(kAvx2, b8x16), BlockFit::Unfit);
  EXPECT_EQ(fit(kAvx512, b8x16), BlockFit::Good);
  // 4 x 16: 4 vectors of 16 lanes (too few to hide the FMA latency), 8 of 8
  // (with 2 for B and one broadcast, 11 of 16).
  StringRef b4x16 = "#sched.split<[8, 16, 2, 4] of 1024>, "
                    "#sched.split<[2, 8, 4, 16] of 1024>, "
                    "#sched.split<[256, 4] of 1024>";
  EXPECT_EQ(fit(kAvx512, b4x16), BlockFit::Small);
  EXPECT_EQ(fit(kAvx2, b4x16), BlockFit::Good);
  // A vectorized extent of 4 splits vectors where 1024 has whole ones.
  StringRef b16x4 = "#sched.split<[8, 8, 1, 16] of 1024>, "
                    "#sched.split<[2, 8, 16, 4] of 1024>, "
                    "#sched.split<[256, 4] of 1024>";
  EXPECT_EQ(fit(kAvx512, b16x4), BlockFit::Unfit);
  EXPECT_EQ(fit(kAvx2, b16x4), BlockFit::Unfit);
}

TEST_F(RegisterBlock, BlocksTheMaterializerLeavesScalarAreUnfit) {
  // 8 x 32 fits AVX-512's registers, but with a k step of 32 its block has
  // 8192 elements, above the vectorization limit of 4096; 8 x 32 x 16 is 4096.
  StringRef wideK = "#sched.split<[8, 16, 1, 8] of 1024>, "
                    "#sched.split<[2, 16, 1, 32] of 1024>, "
                    "#sched.split<[32, 32] of 1024>";
  StringRef k16 = "#sched.split<[8, 16, 1, 8] of 1024>, "
                  "#sched.split<[2, 16, 1, 32] of 1024>, "
                  "#sched.split<[64, 16] of 1024>";
  EXPECT_EQ(fit(kAvx512, wideK), BlockFit::Unfit);
  EXPECT_EQ(fit(kAvx512, k16), BlockFit::Good);
}

TEST_F(RegisterBlock, SampledBlocksFitEachTarget) {
  for (StringRef target : {kAvx2, kAvx512}) {
    for (bool conv : {false, true}) {
      std::string text =
          conv ? convSchedule(target) : matmulSchedule(target, kMatmulSplits);
      std::mt19937 rng(7);
      int unfitWithout = 0, good = 0;
      for (int i = 0; i < 100; ++i) {
        sched::ScheduleOp schedule = parse(text);
        RegisterLimits limits = *RegisterLimits::forSchedule(schedule);
        ASSERT_TRUE(
            succeeded(annotateSchedule(schedule, rng, SampleOptions())));
        BlockFit fit = getBlockFit(tileOf(schedule), limits);
        EXPECT_NE(fit, BlockFit::Unfit)
            << target.str() << (conv ? " conv" : " matmul") << " sample " << i;
        good += fit == BlockFit::Good;
        // Ansor's unconstrained sampling draws blocks that do not fit.
        sched::ScheduleOp ansor = parse(text);
        SampleOptions unconstrained;
        unconstrained.registerBlocks = false;
        ASSERT_TRUE(succeeded(annotateSchedule(ansor, rng, unconstrained)));
        unfitWithout += getBlockFit(tileOf(ansor), limits) == BlockFit::Unfit;
      }
      EXPECT_GE(good, 95) << target.str();
      EXPECT_GT(unfitWithout, 10) << target.str();
    }
  }
}

TEST_F(RegisterBlock, MutationsKeepBlocksFitting) {
  for (StringRef target : {kAvx2, kAvx512}) {
    std::string sketchText = matmulSchedule(target, kMatmulSplits);
    sched::ScheduleOp sketch = parse(sketchText);
    sched::ScheduleOp program = parse(sketchText);
    RegisterLimits limits = *RegisterLimits::forSchedule(program);
    std::mt19937 rng(5);
    ASSERT_TRUE(succeeded(annotateSchedule(program, rng, SampleOptions())));
    for (int i = 0; i < 300; ++i) {
      mutateSchedule(program, sketch, rng, MutationOptions());
      ASSERT_NE(getBlockFit(tileOf(program), limits), BlockFit::Unfit)
          << target.str() << " mutation " << i;
    }
  }
}

TEST_F(RegisterBlock, PartialTilesAskForWholeVectorsOnAnyExtent) {
  auto fitWith = [&](bool partialTiles, StringRef nSplit) {
    sched::ScheduleOp schedule =
        parse((R"mlir(
sched.schedule @s for @f target ")mlir" +
               Twine(kAvx512) + R"mlir("
    nodes [#sched.node<"linalg.matmul", [256, 330, 128], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[64, 1, 1, 4] of 256>, )mlir" +
               nSplit + R"mlir(, #sched.split<[64, 2] of 128>]
  sched.vectorize node 0
}
)mlir")
                  .str());
    RegisterLimits limits = *RegisterLimits::forSchedule(schedule);
    limits.partialTiles = partialTiles;
    return getBlockFit(tileOf(schedule), limits);
  };
  // 330 has no whole 16-lane vectors: a 30-wide block is all divisors allow.
  EXPECT_EQ(fitWith(false, "#sched.split<[11, 1, 1, 30] of 330>"),
            BlockFit::Good);
  // With partial tiles, 32 columns (the last tile partial) fit instead.
  EXPECT_EQ(fitWith(true, "#sched.split<[11, 1, 1, 30] of 330>"),
            BlockFit::Unfit);
  EXPECT_EQ(fitWith(true, "#sched.split<[11, 1, 1, 32] of 330>"),
            BlockFit::Good);
}
