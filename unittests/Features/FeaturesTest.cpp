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
  // It writes its result in place: no workspace.
  EXPECT_EQ(getWorkspaceBytes(nest), 0);
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
  // Traffic: one iteration touches one line of each buffer (192 bytes);
  // inside k already 69 lines (A 4, B 64, C 1), past the 2 KiB of
  // registers, so registers refill every iteration: 2^18 x 192 bytes. The
  // whole nest touches 768 lines (256 per buffer), 48 KiB: L1 holds it
  // (a level holds what is at most its capacity), and so do L2 and L3.
  EXPECT_FLOAT_EQ(get(mm, "traffic_reg"), slog((1 << 18) * 192.0));
  EXPECT_FLOAT_EQ(get(mm, "traffic_l1"), slog(49152));
  EXPECT_FLOAT_EQ(get(mm, "traffic_l2"), slog(49152));
  EXPECT_FLOAT_EQ(get(mm, "traffic_l3"), slog(49152));
  // Nothing is vectorized: 2^18 multiply-adds of two operations each.
  EXPECT_FLOAT_EQ(get(mm, "vector_ops"), slog(1 << 19));
  // Loads into registers bound it (2^18 x 192 / 128 bytes per cycle), not
  // the operations (2^19 / 2 per cycle).
  EXPECT_FLOAT_EQ(get(mm, "est_cycles"), slog((1 << 18) * 1.5));
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

// relu(A[64][16] * B[16][32]), the relu fused into the matmul's level-0
// tile (test/Dialect/Sched/materialize-cpu.mlir): the consumer runs in the
// parallel m0(2) loop over its 32 x 32 tile in 4 x 16 vectorized blocks:
// m0(2) m(8) n(2) m(4, unrolled) n(16, vectorized), 2048 iterations.
static const char *kFusedRelu = R"mlir(
func.func @matmul_relu(%a: tensor<64x16xf32>, %b: tensor<16x32xf32>) -> tensor<64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x16xf32>, tensor<16x32xf32>)
      outs(%acc : tensor<64x32xf32>) -> tensor<64x32xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.maximumf %x, %zero : f32
      linalg.yield %m : f32
  } -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}
sched.schedule @fused for @matmul_relu target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [64, 32], [S, S]>,
           #sched.node<"linalg.matmul", [64, 32, 16], [S, S, R]>,
           #sched.node<"linalg.generic", [64, 32], [S, S]>]
    rules [] {
  sched.tile node 1 structure <[S, S, R, S, R, S]>
      splits [#sched.split<[2, 2, 4, 4] of 64>, #sched.split<[1, 2, 1, 16] of 32>,
              #sched.split<[4, 4] of 16>]
  sched.fuse_consumer node 2 into 1 at <0 in [0, 1]>
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <16 in [0, 16, 64, 512]>
}
)mlir";

TEST_F(FeaturesTest, FusedElementwiseConsumer) {
  LoopNest nest;
  std::vector<std::vector<float>> rows = features(kFusedRelu, nest);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(nest.statements[2].name, "node 2 fused");
  const std::vector<float> &relu = rows[2];
  EXPECT_FLOAT_EQ(get(relu, "num_loops"), 5);
  EXPECT_FLOAT_EQ(get(relu, "outer_prod"), slog(2048));
  EXPECT_FLOAT_EQ(get(relu, "float_cmp"), slog(2048));
  EXPECT_FLOAT_EQ(get(relu, "float_mad"), 0);
  EXPECT_FLOAT_EQ(get(relu, "vec_len_imost"), slog(16));
  EXPECT_FLOAT_EQ(get(relu, "unroll_len_prod"), slog(4));
  EXPECT_FLOAT_EQ(get(relu, "parallel_len_prod"), slog(2));
  EXPECT_FLOAT_EQ(get(relu, "parallel_loop_pos.outer_spatial"), 1);
  // It reads the matmul's result (which the fill and the matmul also touch:
  // serial reuse by 3 statements) and writes its own; both move one element
  // per vector lane: 2048 / 16 lines each, 8 KiB.
  EXPECT_FLOAT_EQ(get(relu, "B0.acc_type.read"), 1);
  EXPECT_FLOAT_EQ(get(relu, "B0.lines"), slog(128));
  EXPECT_FLOAT_EQ(get(relu, "B0.unique_bytes"), slog(8192));
  EXPECT_FLOAT_EQ(get(relu, "B0.stride"), slog(1));
  EXPECT_FLOAT_EQ(get(relu, "B0.reuse_type.serial_multiple_read_write"), 1);
  EXPECT_FLOAT_EQ(get(relu, "B0.reuse_ct"), slog(3));
  EXPECT_FLOAT_EQ(get(relu, "B0.reuse_dis_iter"), slog(2048));
  EXPECT_FLOAT_EQ(get(relu, "B0.reuse_dis_bytes"), slog(2 * 8192));
  EXPECT_FLOAT_EQ(get(relu, "B1.acc_type.write"), 1);
  EXPECT_FLOAT_EQ(get(relu, "B1.lines"), slog(128));
  EXPECT_FLOAT_EQ(get(relu, "B1.reuse_type.no_reuse"), 1);
  EXPECT_FLOAT_EQ(get(relu, "B2.bytes"), 0);
  // The matmul: 2 x 2 x 2 x 4 x 4 x 4 x 4 x 16 = 2^15 multiply-adds.
  EXPECT_FLOAT_EQ(get(rows[1], "float_mad"), slog(1 << 15));
}

// A 3x3 convolution of a zero-padded 1x8x8x16 input into 32 channels, the
// pad inlined, tiled [S, S, R] by 4 output rows (2 tiles, parallel), not
// vectorized. The pad is fused into the parallel loop: each tile pads the 6
// input rows (with the halo) x 10 columns x 16 channels it reads, into a
// buffer allocated per tile. The convolution's loops: oh0(2, parallel),
// then the block oh(4) ow(8) f(32) kh(3) kw(3) c(16): 294912 multiply-adds.
static const char *kPaddedConv = R"mlir(
func.func @conv(%in: tensor<1x8x8x16xf32>, %w: tensor<3x3x16x32xf32>) -> tensor<1x8x8x32xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %in low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x16xf32> to tensor<1x10x10x16xf32>
  %e = tensor.empty() : tensor<1x8x8x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x10x10x16xf32>, tensor<3x3x16x32xf32>)
      outs(%f : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  return %c : tensor<1x8x8x32xf32>
}
sched.schedule @s for @conv target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"tensor.pad", [1, 10, 10, 16], [S, S, S, S]>,
           #sched.node<"linalg.fill", [1, 8, 8, 32], [S, S, S, S]>,
           #sched.node<"linalg.conv_2d_nhwc_hwcf", [1, 8, 8, 32, 3, 3, 16], [S, S, S, S, R, R, R]>]
    rules [] {
  sched.inline node 0
  sched.tile node 2 structure <[S, S, R]>
      splits [#sched.split<[1, 1] of 1>, #sched.split<[2, 4] of 8>,
              #sched.split<[1, 8] of 8>, #sched.split<[1, 32] of 32>,
              #sched.split<[3] of 3>, #sched.split<[3] of 3>,
              #sched.split<[16] of 16>]
  sched.parallel node 2 loops <2 in [1, 2, 3, 4]>
}
)mlir";

TEST_F(FeaturesTest, PaddedConvolution) {
  LoopNest nest;
  std::vector<std::vector<float>> rows = features(kPaddedConv, nest);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(nest.statements[0].name, "node 0 fused");
  EXPECT_EQ(nest.statements[2].name, "node 2");
  // Its workspace is the padded tile: 6 x 10 x 16 floats.
  EXPECT_EQ(getWorkspaceBytes(nest), 6 * 10 * 16 * 4);
  // The pad: oh0(2, parallel) then its 6 x 10 x 16 tile, per element two
  // bound checks per dimension and a select.
  const std::vector<float> &pad = rows[0];
  EXPECT_FLOAT_EQ(get(pad, "num_loops"), 4);
  EXPECT_FLOAT_EQ(get(pad, "outer_prod"), slog(1920));
  EXPECT_FLOAT_EQ(get(pad, "int_cmp"), slog(8 * 1920));
  EXPECT_FLOAT_EQ(get(pad, "select_op"), slog(1920));
  EXPECT_FLOAT_EQ(get(pad, "alloc_size"), slog(6 * 10 * 16 * 4));
  EXPECT_FLOAT_EQ(get(pad, "alloc_outer_prod"), slog(2));
  EXPECT_FLOAT_EQ(get(pad, "alloc_prod"), slog(2 * 3840));
  EXPECT_FLOAT_EQ(get(pad, "alloc_inner_prod"), slog(960));
  // It reads the whole (unpadded) input once in all: 8 x 8 x 16 floats.
  EXPECT_FLOAT_EQ(get(pad, "B0.acc_type.read"), 1);
  EXPECT_FLOAT_EQ(get(pad, "B0.unique_bytes"), slog(4096));

  const std::vector<float> &conv = rows[2];
  EXPECT_FLOAT_EQ(get(conv, "num_loops"), 7);
  EXPECT_FLOAT_EQ(get(conv, "float_mad"), slog(294912));
  EXPECT_FLOAT_EQ(get(conv, "parallel_len_prod"), slog(2));
  EXPECT_FLOAT_EQ(get(conv, "vec_loop_num"), 0);
  // The filter [kh][kw][c][f] moves 32 elements (two lines) per c step:
  // every access a new line. It is reused across ow (8 times), 32 x 3 x 3
  // x 16 iterations apart, while the input tile's 3 x 3 x 16 window, the
  // whole filter and 32 outputs are touched.
  EXPECT_FLOAT_EQ(get(conv, "B0.stride"), slog(32));
  EXPECT_FLOAT_EQ(get(conv, "B0.lines"), slog(294912));
  EXPECT_FLOAT_EQ(get(conv, "B0.reuse_ct"), slog(8));
  EXPECT_FLOAT_EQ(get(conv, "B0.reuse_dis_iter"), slog(4608));
  EXPECT_FLOAT_EQ(get(conv, "B0.reuse_dis_bytes"), slog((144 + 4608 + 32) * 4));
  // The padded tile moves one element per c step (16 per line) and is
  // reused across f (32 times), 3 x 3 x 16 iterations apart.
  EXPECT_FLOAT_EQ(get(conv, "B1.stride"), slog(1));
  EXPECT_FLOAT_EQ(get(conv, "B1.lines"), slog(294912 / 16));
  EXPECT_FLOAT_EQ(get(conv, "B1.reuse_ct"), slog(32));
  EXPECT_FLOAT_EQ(get(conv, "B1.reuse_dis_iter"), slog(144));
  EXPECT_FLOAT_EQ(get(conv, "B1.reuse_dis_bytes"), slog((144 + 144 + 1) * 4));
  // The output stays put across kh, kw, c (144 iterations per element):
  // 2048 distinct elements, 128 lines; reused across c, next iteration.
  EXPECT_FLOAT_EQ(get(conv, "B2.acc_type.read_write"), 1);
  EXPECT_FLOAT_EQ(get(conv, "B2.lines"), slog(128));
  EXPECT_FLOAT_EQ(get(conv, "B2.reuse_ct"), slog(16));
  EXPECT_FLOAT_EQ(get(conv, "B2.reuse_dis_bytes"), slog(12));
}
