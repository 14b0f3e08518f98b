//===- Passes.h - tuning passes ---------------------------------*- C++ -*-===//

#ifndef ANSOR_TUNER_PASSES_H
#define ANSOR_TUNER_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace ansor {

#define GEN_PASS_DECL
#include "ansor/Tuner/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ansor/Tuner/Passes.h.inc"

} // namespace ansor
} // namespace mlir

#endif // ANSOR_TUNER_PASSES_H
