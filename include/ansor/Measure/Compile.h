//===- Compile.h - scheduled module to shared library -----------*- C++ -*-===//

#ifndef ANSOR_MEASURE_COMPILE_H
#define ANSOR_MEASURE_COMPILE_H

#include "ansor/Target/Target.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace ansor {

/// Materializes the module's complete schedules (if any), lowers it with the
/// CPU pipeline, optimizes it at -O3 for `target`'s CPU and features, and
/// links a shared library at `outputPath` whose public funcs have C
/// interfaces (`_mlir_ciface_<name>`). Needs the LLVM IR translations of the
/// builtin, LLVM and OpenMP dialects registered in the context. Emits an
/// error on the module and fails at the first problem.
LogicalResult compileToSharedLibrary(ModuleOp module, const Target &target,
                                     StringRef outputPath);

} // namespace ansor
} // namespace mlir

#endif // ANSOR_MEASURE_COMPILE_H
