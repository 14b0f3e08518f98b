//===- MeasureError.h - outcome of one measurement --------------*- C++ -*-===//

#ifndef ANSOR_MEASURE_MEASUREERROR_H
#define ANSOR_MEASURE_MEASUREERROR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"
#include <optional>

namespace mlir {
namespace ansor {

/// Why a measured candidate has no valid time (TVM's MeasureErrorNO, as an
/// enum with stringify/symbolize in the ODS style).
enum class MeasureError { None, Compile, Runtime, Timeout, WrongResult };

inline llvm::StringRef stringifyMeasureError(MeasureError error) {
  switch (error) {
  case MeasureError::None:
    return "none";
  case MeasureError::Compile:
    return "compile";
  case MeasureError::Runtime:
    return "runtime";
  case MeasureError::Timeout:
    return "timeout";
  case MeasureError::WrongResult:
    return "wrong_result";
  }
  return "unknown";
}

inline std::optional<MeasureError> symbolizeMeasureError(llvm::StringRef s) {
  return llvm::StringSwitch<std::optional<MeasureError>>(s)
      .Case("none", MeasureError::None)
      .Case("compile", MeasureError::Compile)
      .Case("runtime", MeasureError::Runtime)
      .Case("timeout", MeasureError::Timeout)
      .Case("wrong_result", MeasureError::WrongResult)
      .Default(std::nullopt);
}

} // namespace ansor
} // namespace mlir

#endif // ANSOR_MEASURE_MEASUREERROR_H
