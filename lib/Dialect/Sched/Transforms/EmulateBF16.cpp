//===- EmulateBF16.cpp - bf16 arithmetic in f32, rounded by integer ops ---===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDEMULATEBF16
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

namespace {
struct SchedEmulateBF16Pass
    : public sched::impl::SchedEmulateBF16Base<SchedEmulateBF16Pass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    Type bf16 = BFloat16Type::get(context);
    TypeConverter converter;
    arith::populateEmulateUnsupportedFloatsConversions(
        converter, {bf16}, Float32Type::get(context));
    RewritePatternSet emulation(context);
    arith::populateEmulateUnsupportedFloatsPatterns(emulation, converter);
    ConversionTarget target(*context);
    arith::populateEmulateUnsupportedFloatsLegality(target, converter);
    // Wrapping a masked op in conversions would leave the mask more than
    // the one op it may hold.
    target.addDynamicallyLegalOp<vector::ContractionOp, vector::ReductionOp,
                                 vector::MultiDimReductionOp, vector::FMAOp,
                                 vector::OuterProductOp, vector::ScanOp>(
        [&](Operation *op) {
          return isa<vector::MaskOp>(op->getParentOp()) ||
                 converter.isLegal(op);
        });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(emulation))))
      return signalPassFailure();

    RewritePatternSet expansion(context);
    arith::populateExpandBFloat16Patterns(expansion);
    // Folding would cancel an extf of a truncf, dropping the rounding to
    // bf16 between two operations that the payload asks for.
    GreedyRewriteConfig config;
    config.enableFolding(false);
    if (failed(applyPatternsGreedily(getOperation(), std::move(expansion),
                                     config)))
      return signalPassFailure();
  }
};
} // namespace
