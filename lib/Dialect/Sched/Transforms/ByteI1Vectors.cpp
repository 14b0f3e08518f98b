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

/// Whether `type` is or holds a vector of i1.
static bool holdsBoolVector(Type type) {
  if (getByteType(type))
    return true;
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type))
    return holdsBoolVector(array.getElementType());
  if (auto record = dyn_cast<LLVM::LLVMStructType>(type))
    return llvm::any_of(record.getBody(), holdsBoolVector);
  return false;
}

/// Whether `op`, after widening, still lays out or accesses vectors of i1
/// in memory: that memory would be packed bits.
static bool isUnwidenedAccess(Operation *op) {
  return TypeSwitch<Operation *, bool>(op)
      .Case([](LLVM::AllocaOp alloca) {
        return holdsBoolVector(alloca.getElemType());
      })
      .Case([](LLVM::GEPOp gep) { return holdsBoolVector(gep.getElemType()); })
      .Case([](LLVM::LoadOp load) { return holdsBoolVector(load.getType()); })
      .Case([](LLVM::StoreOp store) {
        return holdsBoolVector(store.getValue().getType());
      })
      .Case<LLVM::masked_expandload, LLVM::masked_compressstore, LLVM::VPLoadOp,
            LLVM::VPStoreOp, LLVM::VPStridedLoadOp, LLVM::VPStridedStoreOp,
            LLVM::MatrixColumnMajorLoadOp, LLVM::MatrixColumnMajorStoreOp>(
          [](Operation *access) {
            // The data: a load's result, a store's first operand.
            Type data = access->getNumResults()
                            ? access->getResult(0).getType()
                            : access->getOperand(0).getType();
            return holdsBoolVector(data);
          })
      .Default(false);
}

/// A plain load or store without an alignment has its type's ABI alignment,
/// which for a vector of bytes is its size, more than the i1 vector's: it
/// gets the byte's. An explicit alignment describes the address and stays.
static void pinAlignment(Operation *op) {
  if (auto load = dyn_cast<LLVM::LoadOp>(op); load && !load.getAlignment())
    load.setAlignment(1);
  if (auto store = dyn_cast<LLVM::StoreOp>(op); store && !store.getAlignment())
    store.setAlignment(1);
}

/// Replaces the i1 vector used by `operand` with its bytes.
static void widenOperand(OpBuilder &builder, OpOperand &operand) {
  VectorType bytes = getByteType(operand.get().getType());
  if (!bytes)
    return;
  builder.setInsertionPoint(operand.getOwner());
  operand.set(LLVM::ZExtOp::create(builder, operand.getOwner()->getLoc(), bytes,
                                   operand.get()));
}

/// Makes `op` produce the bytes of its i1 vector result, and truncates them
/// for its users (a byte holds 0 or 1, its low bit the element).
static void widenResult(OpBuilder &builder, Operation *op) {
  Value result = op->getResult(0);
  VectorType bools = cast<VectorType>(result.getType());
  result.setType(getByteType(bools));
  builder.setInsertionPointAfter(op);
  auto trunc = LLVM::TruncOp::create(builder, op->getLoc(), bools, result);
  result.replaceAllUsesExcept(trunc, trunc);
}

/// A load, masked load or gather of i1: its result and pass-through value.
template <typename OpTy> static void widenLoad(OpBuilder &builder, OpTy op) {
  if (!getByteType(op.getType()))
    return;
  pinAlignment(op);
  if constexpr (!std::is_same_v<OpTy, LLVM::LoadOp>) {
    for (OpOperand &passThru : op.getPassThruMutable())
      widenOperand(builder, passThru);
  }
  widenResult(builder, op);
}

/// A store, masked store or scatter of i1: its stored value.
template <typename OpTy> static void widenStore(OpBuilder &builder, OpTy op) {
  if (!getByteType(op.getValue().getType()))
    return;
  pinAlignment(op);
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
    for (Operation *op : accesses)
      TypeSwitch<Operation *>(op)
          .Case<LLVM::LoadOp, LLVM::MaskedLoadOp, LLVM::masked_gather>(
              [&](auto load) { widenLoad(builder, load); })
          .Case<LLVM::StoreOp, LLVM::MaskedStoreOp, LLVM::masked_scatter>(
              [&](auto store) { widenStore(builder, store); });
    // What is not widened would be wrong at run time: refused instead.
    WalkResult unwidened = getOperation().walk([](Operation *op) {
      if (!isUnwidenedAccess(op))
        return WalkResult::advance();
      op->emitOpError("keeps a vector of i1 in memory, which "
                      "sched-byte-i1-vectors does not widen to bytes");
      return WalkResult::interrupt();
    });
    if (unwidened.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
