//===- ByteI1Vectors.cpp - vectors of i1 in memory as bytes ---------------===//
//
// sched-byte-i1-vectors: an i1 buffer holds a byte per element, an LLVM
// vector of i1 in memory is packed bits. Vector memory accesses of i1 go
// through vectors of i8.
//
//===----------------------------------------------------------------------===//

#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDBYTEI1VECTORS
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

/// The byte vector an i1 vector is kept in, or null for other types.
static VectorType getByteType(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  if (!vector || !vector.getElementType().isInteger(1))
    return {};
  return vector.clone(IntegerType::get(type.getContext(), 8));
}

/// Replaces the i1 vector `value` used by `operand` with its bytes.
static void widenOperand(OpBuilder &builder, OpOperand &operand) {
  VectorType bytes = getByteType(operand.get().getType());
  if (!bytes)
    return;
  builder.setInsertionPoint(operand.getOwner());
  operand.set(LLVM::ZExtOp::create(builder, operand.getOwner()->getLoc(), bytes,
                                   operand.get()));
}

/// Makes `op` produce the bytes of its i1 vector result, and truncates them
/// for its users.
static void widenResult(OpBuilder &builder, Operation *op) {
  Value result = op->getResult(0);
  VectorType bools = cast<VectorType>(result.getType());
  result.setType(getByteType(bools));
  builder.setInsertionPointAfter(op);
  auto trunc = LLVM::TruncOp::create(builder, op->getLoc(), bools, result);
  result.replaceAllUsesExcept(trunc, trunc);
}

/// A masked load or a gather of i1: its result and pass-through value.
template <typename OpTy>
static void widenMaskedLoad(OpBuilder &builder, OpTy op) {
  if (!getByteType(op.getType()))
    return;
  // An alignment of 1: the i1 vector's was that of its bytes or less, where
  // a byte vector's ABI alignment is its size.
  op.setAlignment(1);
  for (OpOperand &passThru : op.getPassThruMutable())
    widenOperand(builder, passThru);
  widenResult(builder, op);
}

/// A store, a masked store or a scatter of i1: its stored value.
template <typename OpTy> static void widenStore(OpBuilder &builder, OpTy op) {
  if (!getByteType(op.getValue().getType()))
    return;
  op.setAlignment(1);
  widenOperand(builder, op.getValueMutable());
}

namespace {
struct SchedByteI1VectorsPass
    : public sched::impl::SchedByteI1VectorsBase<SchedByteI1VectorsPass> {
  void runOnOperation() override {
    OpBuilder builder(&getContext());
    SmallVector<Operation *> accesses;
    getOperation().walk([&](Operation *op) {
      if (isa<LLVM::LoadOp, LLVM::StoreOp, LLVM::MaskedLoadOp,
              LLVM::MaskedStoreOp, LLVM::masked_gather, LLVM::masked_scatter>(
              op))
        accesses.push_back(op);
    });
    for (Operation *op : accesses) {
      TypeSwitch<Operation *>(op)
          .Case([&](LLVM::LoadOp load) {
            if (getByteType(load.getType())) {
              load.setAlignment(1);
              widenResult(builder, load);
            }
          })
          .Case<LLVM::MaskedLoadOp, LLVM::masked_gather>(
              [&](auto load) { widenMaskedLoad(builder, load); })
          .Case<LLVM::StoreOp, LLVM::MaskedStoreOp, LLVM::masked_scatter>(
              [&](auto store) { widenStore(builder, store); });
    }
  }
};
} // namespace
