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
/// LaunchFailure and IllegalAddress are GPU kernels' runtime errors: a
/// launch the driver refused or aborted (too many resources, a trap), and
/// an access outside the kernel's buffers.
enum class MeasureError {
  None,
  Compile,
  Runtime,
  Timeout,
  WrongResult,
  LaunchFailure,
  IllegalAddress
};

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
  case MeasureError::LaunchFailure:
    return "launch_failure";
  case MeasureError::IllegalAddress:
    return "illegal_address";
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
      .Case("launch_failure", MeasureError::LaunchFailure)
      .Case("illegal_address", MeasureError::IllegalAddress)
      .Default(std::nullopt);
}

} // namespace ansor
} // namespace mlir

#endif // ANSOR_MEASURE_MEASUREERROR_H
