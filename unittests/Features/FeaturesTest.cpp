//===- FeaturesTest.cpp - per-statement features, checked by hand ---------===//

#include "ansor/Features/Features.h"
#include "ansor/Dialect/Sched/IR/SchedDialect.h"
#include "ansor/Dialect/Sched/Transforms/TransformScript.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::ansor;

namespace {
class FeaturesTest : public ::testing::Test {
protected:
  FeaturesTest() {
    ctx.loadDialect<arith::ArithDialect, func::FuncDialect,
                    linalg::LinalgDialect, tensor::TensorDialect,
                    sched::SchedDialect>();
  }
  /// The feature rows of the module's schedule, by statement.
  std::vector<std::vector<float>> features(StringRef text, LoopNest &nest) {
    module = parseSourceString<ModuleOp>(text, &ctx);
    EXPECT_TRUE(module);
    auto schedule = *module->getOps<sched::ScheduleOp>().begin();
    FailureOr<func::FuncOp> payload = sched::resolvePayload(schedule, *module);
    EXPECT_TRUE(succeeded(payload));
    dag.emplace(*ComputeDAG::build(*payload));
    FailureOr<sched::SchedulePlan> plan =
        sched::SchedulePlan::build(schedule, *dag);
    EXPECT_TRUE(succeeded(plan));
    nest = buildLoopNest(*plan);
    std::vector<float> flat;
    unsigned rows = extractFeatures(nest, flat);
    std::vector<std::vector<float>> result;
    for (unsigned r = 0; r < rows; ++r)
      result.emplace_back(flat.begin() + r * feature::kCount,
                          flat.begin() + (r + 1) * feature::kCount);
    return result;
  }
  static float get(const std::vector<float> &row, StringRef name) {
    std::vector<std::string> names = getFeatureNames();
    auto it = llvm::find(names, name.str());
    EXPECT_NE(it, names.end()) << name.str();
    return row[it - names.begin()];
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
  std::optional<ComputeDAG> dag;
};
} // namespace

// C[64][64] += A[64][64] * B[64][64], tiled [S, S, R]: m by 16 (4 tiles,
// parallel), n by 32 (2 tiles), k whole, not vectorized. The loop nest is
// m0(4) n0(2) m1(16) n1(32) k(64): 2^18 multiply-adds.
static const char *kMatmul = R"mlir(
func.func @f(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
sched.schedule @s for @f target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [64, 64], [S, S]>, #sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>] rules [] {
  sched.tile node 1 structure <[S, S, R]> splits [#sched.split<[4, 16] of 64>, #sched.split<[2, 32] of 64>, #sched.split<[64] of 64>]
  sched.parallel node 1 loops <1 in [1, 2]>
}
)mlir";

TEST_F(FeaturesTest, TwoLevelTiledMatmul) {
  LoopNest nest;
  std::vector<std::vector<float>> rows = features(kMatmul, nest);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(nest.statements[0].name, "node 1 init");
  // The matmul: 5 loops, the outermost parallel.
  const std::vector<float> &mm = rows[1];
  ASSERT_EQ(nest.statements[1].loops.size(), 5u);
  EXPECT_FLOAT_EQ(get(mm, "num_loops"), 5);
  EXPECT_FLOAT_EQ(get(mm, "outer_prod"), slog(1 << 18));
  EXPECT_FLOAT_EQ(get(mm, "float_mad"), slog(1 << 18));
  EXPECT_FLOAT_EQ(get(mm, "float_addsub"), 0);
  EXPECT_FLOAT_EQ(get(mm, "parallel_loop_num"), 1);
  EXPECT_FLOAT_EQ(get(mm, "parallel_len_prod"), slog(4));
  EXPECT_FLOAT_EQ(get(mm, "parallel_loop_pos.outer_spatial"), 1);
  EXPECT_FLOAT_EQ(get(mm, "vec_loop_num"), 0);
  // Buffers by cache lines touched. B[k][n] moves 64 elements (a whole
  // line) per k step: 2^18 lines; it is reused across m1 (16 times, 32 * 64
  // iterations apart, touching A 64 + B 2048 + C 32 elements meanwhile).
  EXPECT_FLOAT_EQ(get(mm, "B0.acc_type.read"), 1);
  EXPECT_FLOAT_EQ(get(mm, "B0.stride"), slog(64));
  EXPECT_FLOAT_EQ(get(mm, "B0.lines"), slog(1 << 18));
  EXPECT_FLOAT_EQ(get(mm, "B0.bytes"), slog(4 << 18));
  EXPECT_FLOAT_EQ(get(mm, "B0.unique_bytes"), slog(64 * 64 * 4));
  EXPECT_FLOAT_EQ(get(mm, "B0.reuse_type.loop_multiple_read"), 1);
  EXPECT_FLOAT_EQ(get(mm, "B0.reuse_ct"), slog(16));
  EXPECT_FLOAT_EQ(get(mm, "B0.reuse_dis_iter"), slog(32 * 64));
  EXPECT_FLOAT_EQ(get(mm, "B0.reuse_dis_bytes"), slog((64 + 2048 + 32) * 4));
  // A[m][k] moves one element per k step: 2^18 / 16 lines; reused across
  // n1 (32 times, 64 iterations apart, 64 + 64 + 1 elements).
  EXPECT_FLOAT_EQ(get(mm, "B1.stride"), slog(1));
  EXPECT_FLOAT_EQ(get(mm, "B1.lines"), slog(1 << 14));
  EXPECT_FLOAT_EQ(get(mm, "B1.reuse_ct"), slog(32));
  EXPECT_FLOAT_EQ(get(mm, "B1.reuse_dis_iter"), slog(64));
  EXPECT_FLOAT_EQ(get(mm, "B1.reuse_dis_bytes"), slog(129 * 4));
  // C[m][n] is read and written, still across k (64 times, next
  // iteration): it moves with n1 inside which k runs 64 times.
  EXPECT_FLOAT_EQ(get(mm, "B2.acc_type.read_write"), 1);
  EXPECT_FLOAT_EQ(get(mm, "B2.lines"), slog(256));
  EXPECT_FLOAT_EQ(get(mm, "B2.reuse_ct"), slog(64));
  EXPECT_FLOAT_EQ(get(mm, "B2.reuse_dis_iter"), slog(1));
  EXPECT_FLOAT_EQ(get(mm, "B2.reuse_dis_bytes"), slog(12));
  EXPECT_FLOAT_EQ(get(mm, "B3.bytes"), 0);
  // The fill, fused into the parallel loop, vectorized by the 16 x 32
  // block: m0(4) n(2) m(16, unrolled) n(32, vectorized), written only.
  const std::vector<float> &fill = rows[0];
  EXPECT_FLOAT_EQ(get(fill, "num_loops"), 4);
  EXPECT_FLOAT_EQ(get(fill, "vec_len_imost"), slog(32));
  EXPECT_FLOAT_EQ(get(fill, "vec_loop_pos.inner_spatial"), 1);
  EXPECT_FLOAT_EQ(get(fill, "unroll_len_prod"), slog(16));
  EXPECT_FLOAT_EQ(get(fill, "B0.acc_type.write"), 1);
  // The matmul accumulates into what the fill wrote: serial reuse.
  EXPECT_FLOAT_EQ(get(fill, "B0.reuse_type.serial_multiple_read_write"), 1);
  EXPECT_FLOAT_EQ(get(fill, "float_mad"), 0);
}
