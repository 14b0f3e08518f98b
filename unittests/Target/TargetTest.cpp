//===- TargetTest.cpp - target descriptions -------------------------------===//

#include "ansor/Target/Target.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::ansor;

TEST(Target, RoundTrip) {
  std::string error;
  FailureOr<Target> t = Target::parse(
      "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=skylake-avx512 -num-cores=4 "
      "-vector-bits=512",
      error);
  ASSERT_TRUE(succeeded(t)) << error;
  EXPECT_EQ(t->cpu, "skylake-avx512");
  EXPECT_EQ(t->numCores, 4u);
  EXPECT_EQ(t->vectorLanes(), 16u);
  EXPECT_EQ(t->str(), "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=skylake-avx512 "
                      "-num-cores=4 -vector-bits=512");
}

TEST(Target, HostIsDescribed) {
  Target host = Target::host();
  EXPECT_FALSE(host.cpu.empty());
  EXPECT_FALSE(host.triple.empty());
  EXPECT_GE(host.numCores, 1u);
  std::string error;
  FailureOr<Target> reparsed = Target::parse(host.str(), error);
  ASSERT_TRUE(succeeded(reparsed)) << error;
  EXPECT_EQ(reparsed->str(), host.str());
}

TEST(Target, ParsesCUDA) {
  std::string error;
  FailureOr<Target> target = Target::parse("cuda -arch=sm_90", error);
  ASSERT_TRUE(succeeded(target)) << error;
  EXPECT_TRUE(target->isGPU());
  EXPECT_EQ(target->arch, "sm_90");
  EXPECT_EQ(target->str(), "cuda -arch=sm_90");
  EXPECT_EQ(target->gpu.maxThreadsPerBlock, 1024);
  EXPECT_FALSE(Target::host().isGPU());
}

TEST(Target, RejectsMalformed) {
  std::string error;
  EXPECT_TRUE(failed(Target::parse("rocm -mcpu=gfx90a", error)));
  EXPECT_NE(error.find("must start with 'llvm' or 'cuda'"), std::string::npos);
  EXPECT_TRUE(failed(Target::parse("cuda -arch=sm_20", error)));
  EXPECT_NE(error.find("'-arch=sm_20'"), std::string::npos);
  EXPECT_TRUE(failed(Target::parse("cuda", error)));
  EXPECT_NE(error.find("needs -arch"), std::string::npos);
  EXPECT_TRUE(failed(Target::parse("llvm -mcpu=x -bogus=1", error)));
  EXPECT_NE(error.find("'-bogus=1'"), std::string::npos);
  EXPECT_TRUE(
      failed(Target::parse("llvm -mtriple=x -mcpu=y -num-cores=0", error)));
  EXPECT_TRUE(failed(Target::parse("llvm -mcpu=y", error)));
}

TEST(Target, MaskedNarrowMovesByCPU) {
  auto masks = [](const std::string &cpu, unsigned bits) {
    std::string error;
    FailureOr<Target> target =
        Target::parse("llvm -mtriple=x86_64-pc-linux-gnu -mcpu=" + cpu +
                          " -num-cores=2 -vector-bits=" + std::to_string(bits),
                      error);
    EXPECT_TRUE(succeeded(target)) << error;
    return succeeded(target) && target->hasMaskedNarrowMoves();
  };
  // AVX-512BW, also when tuned for 256-bit vectors.
  EXPECT_TRUE(masks("rocketlake", 512));
  EXPECT_TRUE(masks("znver4", 256));
  EXPECT_TRUE(masks("x86-64-v4", 512));
  // AVX2 and AVX-512 without BW.
  EXPECT_FALSE(masks("znver3", 256));
  EXPECT_FALSE(masks("x86-64-v3", 256));
  EXPECT_FALSE(masks("knl", 512));
  // A CPU LLVM does not know as x86 falls back on the vector width.
  EXPECT_TRUE(masks("unknown-cpu", 512));
  EXPECT_FALSE(masks("unknown-cpu", 256));
  std::string error;
  EXPECT_FALSE(
      Target::parse("cuda -arch=sm_90", error)->hasMaskedNarrowMoves());
  // The host's features decide where code is generated with them (a VM
  // that hides AVX-512 from an AVX-512 CPU).
  Target trimmed;
  trimmed.triple = "x86_64-pc-linux-gnu";
  trimmed.cpu = "skylake-avx512";
  trimmed.features = "+avx,+avx2,+fma";
  EXPECT_FALSE(trimmed.hasMaskedNarrowMoves());
  trimmed.features = "+avx2,+avx512bw,+avx512f";
  EXPECT_TRUE(trimmed.hasMaskedNarrowMoves());
  // Other ISAs mask every width.
  Target arm;
  arm.triple = "aarch64-unknown-linux-gnu";
  arm.cpu = "neoverse-v1";
  EXPECT_TRUE(arm.hasMaskedNarrowMoves());
}
