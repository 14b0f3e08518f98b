//===- BF16AsI16.cpp - bf16 values that are only moved, as i16 ------------===//
//
// sched-bf16-as-i16: LLVM's x86 backend promotes a bf16 vector that crosses
// a basic block to f32 and rounds it back by a call per element. Values that
// are only moved hold the same bits as i16.
//
//===----------------------------------------------------------------------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDBF16ASI16
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

/// `type` with bf16 replaced by i16, the same type where it holds no bf16,
/// or null where it holds bf16 in a form this pass does not retype.
static Type retype(Type type) {
  MLIRContext *context = type.getContext();
  if (type.isBF16())
    return IntegerType::get(context, 16);
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getElementType().isBF16()
               ? vector.clone(IntegerType::get(context, 16))
               : type;
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type)) {
    Type element = retype(array.getElementType());
    return element ? LLVM::LLVMArrayType::get(element, array.getNumElements())
                   : Type();
  }
  if (auto record = dyn_cast<LLVM::LLVMStructType>(type))
    return llvm::none_of(record.getBody(),
                         [](Type t) { return retype(t) != t; })
               ? type
               : Type();
  return type;
}

static bool holdsBF16(Type type) { return retype(type) != type; }

/// The bits of a bf16 constant as i16, or null.
static Attribute retypeConstant(Attribute value) {
  if (auto dense = dyn_cast<DenseElementsAttr>(value))
    return dense.getElementType().isBF16()
               ? dense.bitcast(IntegerType::get(value.getContext(), 16))
               : Attribute();
  if (auto scalar = dyn_cast<FloatAttr>(value))
    return scalar.getType().isBF16()
               ? IntegerAttr::get(IntegerType::get(value.getContext(), 16),
                                  scalar.getValue().bitcastToAPInt())
               : Attribute();
  return {};
}

/// Whether `op` only moves its bf16 values (or has none): retyped to i16 it
/// computes the same bits.
static bool onlyMoves(Operation *op) {
  bool touches = llvm::any_of(op->getOperandTypes(), holdsBF16) ||
                 llvm::any_of(op->getResultTypes(), holdsBF16) ||
                 llvm::any_of(op->getRegions(), [](Region &region) {
                   return llvm::any_of(region.getArguments(), [](Value arg) {
                     return holdsBF16(arg.getType());
                   });
                 });
  SmallVector<Type> elementTypes;
  if (auto gep = dyn_cast<LLVM::GEPOp>(op))
    elementTypes.push_back(gep.getElemType());
  if (auto alloca = dyn_cast<LLVM::AllocaOp>(op))
    elementTypes.push_back(alloca.getElemType());
  // A struct holding bf16 (an address computed from its size) cannot be
  // retyped.
  if (llvm::any_of(elementTypes, [](Type t) { return !retype(t); }))
    return false;
  touches |= llvm::any_of(elementTypes, holdsBF16);
  if (!touches)
    return true;
  if (llvm::any_of(op->getOperandTypes(), [](Type t) { return !retype(t); }) ||
      llvm::any_of(op->getResultTypes(), [](Type t) { return !retype(t); }))
    return false;
  if (auto constant = dyn_cast<LLVM::ConstantOp>(op))
    return static_cast<bool>(retypeConstant(constant.getValue()));
  return isa<LLVM::LoadOp, LLVM::StoreOp, LLVM::BitcastOp, LLVM::ConstantOp,
             LLVM::PoisonOp, LLVM::UndefOp, LLVM::ZeroOp, LLVM::GEPOp,
             LLVM::AllocaOp, LLVM::InsertElementOp, LLVM::ExtractElementOp,
             LLVM::ShuffleVectorOp, LLVM::InsertValueOp, LLVM::ExtractValueOp,
             LLVM::SelectOp, LLVM::FreezeOp, LLVM::MaskedLoadOp,
             LLVM::MaskedStoreOp, LLVM::BrOp, LLVM::CondBrOp>(op);
}

namespace {
struct SchedBF16AsI16Pass
    : public sched::impl::SchedBF16AsI16Base<SchedBF16AsI16Pass> {
  void runOnOperation() override {
    LLVM::LLVMFuncOp func = getOperation();
    if (llvm::any_of(func.getFunctionType().getParams(), holdsBF16) ||
        holdsBF16(func.getFunctionType().getReturnType()))
      return;
    bool any = false;
    WalkResult walk = func.walk([&](Operation *op) {
      if (!onlyMoves(op))
        return WalkResult::interrupt();
      any |= llvm::any_of(op->getResultTypes(), holdsBF16);
      return WalkResult::advance();
    });
    if (walk.wasInterrupted() || !any)
      return;

    func.walk([&](Operation *op) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            arg.setType(retype(arg.getType()));
      for (OpResult result : op->getResults())
        result.setType(retype(result.getType()));
      if (auto gep = dyn_cast<LLVM::GEPOp>(op))
        gep.setElemType(retype(gep.getElemType()));
      if (auto alloca = dyn_cast<LLVM::AllocaOp>(op))
        alloca.setElemType(retype(alloca.getElemType()));
      if (auto constant = dyn_cast<LLVM::ConstantOp>(op))
        if (Attribute bits = retypeConstant(constant.getValue()))
          constant.setValueAttr(cast<TypedAttr>(bits));
    });
    // A bitcast between bf16 and i16 is now one between i16 and i16.
    func.walk([](LLVM::BitcastOp cast) {
      if (cast.getArg().getType() == cast.getType()) {
        cast.replaceAllUsesWith(cast.getArg());
        cast.erase();
      }
    });
  }
};
} // namespace
