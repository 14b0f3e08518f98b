//===- SearchTask.h - one subgraph to tune ----------------------*- C++ -*-===//

#ifndef ANSOR_TUNER_SEARCHTASK_H
#define ANSOR_TUNER_SEARCHTASK_H

#include "ansor/Target/Target.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include <string>

namespace mlir {
namespace ansor {

/// Printing flags that ignore the command line's `--mlir-print-*` and
/// `--mlir-elide-*` options: task keys, payloads and the modules sent to
/// child processes must not change with how the user asked for output
/// (elided constants would not even parse).
OpPrintingFlags getStablePrintingFlags();

/// The func in generic form under a fixed name, without node tags: equal for
/// structurally identical subgraphs, whatever their names.
std::string printTaskStructure(func::FuncOp func);

/// A structural hash of the payload func (its types, ops and attributes, not
/// its name, SSA names, locations or node tags) and the target: identical
/// subgraphs share a key, and so their records. 16 hex digits.
std::string computeTaskKey(func::FuncOp func, const Target &target);

/// The module text of `func` alone in generic form (without node tags): the
/// payload a records file stores once per task.
std::string printTaskPayload(func::FuncOp func);

/// The module text of `func` (with the funcs it calls, for a network), and
/// one schedule if given: what measurement builds, so `func`'s scalar
/// arguments are fixed (specializeScalarArguments).
std::string printTaskModule(func::FuncOp func, Operation *schedule = nullptr);

/// The values measurement gives scalar arguments: the runner passes
/// buffers only, and a scalar's value rarely changes how fast a program
/// runs. Not 0 or 1, which would let the compiler fold the arithmetic.
inline constexpr double kScalarArgumentFloat = 0.75;
inline constexpr int64_t kScalarArgumentInt = 3;

/// Replaces each scalar argument of `func` (isMeasurableScalar) by a
/// constant of the value above and removes it from the signature.
void specializeScalarArguments(func::FuncOp func);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_TUNER_SEARCHTASK_H
