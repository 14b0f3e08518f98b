//===- Passes.h - measurement passes ----------------------------*- C++ -*-===//

#ifndef ANSOR_MEASURE_PASSES_H
#define ANSOR_MEASURE_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace ansor {

#define GEN_PASS_DECL
#include "ansor/Measure/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ansor/Measure/Passes.h.inc"

} // namespace ansor
} // namespace mlir

#endif // ANSOR_MEASURE_PASSES_H
