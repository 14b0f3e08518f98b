//===- ScatterPlot.h - predicted vs measured, as a PNG -----------*- C++ -*-===//

#ifndef ANSOR_TOOLS_ANSOR_MODEL_SCATTERPLOT_H
#define ANSOR_TOOLS_ANSOR_MODEL_SCATTERPLOT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

/// Writes a PNG scatter plot of `predicted` (vertical) against `measured`
/// (horizontal) normalized throughputs, both axes from 0 to 1 (points
/// beyond are clamped), with the diagonal; fails with `error`.
bool writeScatterPlot(llvm::StringRef path, llvm::ArrayRef<double> measured,
                      llvm::ArrayRef<double> predicted, std::string &error);

#endif // ANSOR_TOOLS_ANSOR_MODEL_SCATTERPLOT_H
