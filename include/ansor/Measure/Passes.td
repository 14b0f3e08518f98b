//===- Passes.td - measurement passes ----------------------*- tablegen -*-===//

#ifndef ANSOR_MEASURE_PASSES_TD
#define ANSOR_MEASURE_PASSES_TD

include "mlir/Pass/PassBase.td"

def AnsorCompile : Pass<"ansor-compile", "ModuleOp"> {
  let summary = "Compile a (scheduled) module to a shared library";
  let description = [{
    Applies the module's complete `sched.schedule`s, lowers it with
    `ansor-lower-cpu`, optimizes it at -O3 for the target CPU and links
    `output` (a shared library exporting `_mlir_ciface_<func>` for each
    public func, with results turned into trailing output arguments). The
    module itself is left lowered to the LLVM dialect. This is the builder of
    the measurement pipeline; `ansor-runner` runs its output.

    For a GPU target (`target=cuda -arch=sm_90`, or the schedules' target)
    the module is lowered with `ansor-lower-gpu` instead: `output=F.ptx`
    writes the kernels' PTX; `output=F.so` links the host code (compiled for
    the host CPU, the PTX embedded and JIT-loaded when the library loads)
    against `libAnsorCUDARuntime.so`, which `ansor-runner --device cuda`
    runs.
  }];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"\"",
           "Path of the shared library to write">,
    Option<"target", "target", "std::string", /*default=*/"\"host\"",
           "Target machine ('host' or 'llvm -mtriple=... -mcpu=...')">
  ];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

#endif // ANSOR_MEASURE_PASSES_TD
