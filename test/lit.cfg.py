# -*- Python -*-

import os

import lit.formats
import lit.util
from lit.llvm import llvm_config
from lit.llvm.subst import FindTool, ToolSubst

config.name = "ANSOR"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["CMakeLists.txt", "README.txt", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ansor_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%workloads", os.path.join(config.ansor_src_root, "examples", "workloads")))
config.substitutions.append(("%examples", os.path.join(config.ansor_src_root, "examples")))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

tool_dirs = [config.ansor_tools_dir, config.llvm_tools_dir]
tools = [
    "ansor-opt",
    "ansor-runner",
    "ansor-model",
    "mlir-tblgen",
    "mlir-runner",
    "mlir-translate",
    "opt",
    ToolSubst(r"\| \bcount\b", command=FindTool("count"), verbatim=True,
              unresolved="fatal"),
    ToolSubst(r"\bnot\b", command=FindTool("not"), verbatim=True,
              unresolved="fatal"),
    ToolSubst("mlir-opt", unresolved="ignore"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)

config.substitutions.append(("%ansor_obj_root", config.ansor_obj_root))
config.substitutions.append(("%ansor_src_root", config.ansor_src_root))
config.substitutions.append(("%mlir_cmake_dir", config.mlir_cmake_dir))
config.substitutions.append(("%mlir_include_dir", config.mlir_include_dir))
# mlir-runner's libraries, for tests that run lowered IR on the host.
mlir_lib_dir = os.path.join(os.path.dirname(config.llvm_tools_dir), "lib")
config.substitutions.append(("%mlir_lib_dir", mlir_lib_dir))

# ptxas checks the PTX of GPU schedules (CUDA's toolkit; no GPU needed).
ptxas = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin", "ptxas")
if os.path.exists(ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
    config.substitutions.append(
        ("%cuda_toolkit", os.path.dirname(os.path.dirname(ptxas))))

# A CUDA device the runner can use (none in CI): tests of the no-device path
# are unsupported there, tests that run kernels require it.
import subprocess
try:
    probe = subprocess.run(
        [os.path.join(config.ansor_tools_dir, "ansor-runner"), "--probe",
         "--device", "cuda"], capture_output=True, timeout=120)
    if probe.returncode == 0:
        config.available_features.add("cuda-device")
except (OSError, subprocess.TimeoutExpired):
    pass

# CUDA's stub driver (a libcuda whose every call fails): the runtime's
# driver errors without a GPU.
cuda_stub = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"),
                         "lib64", "stubs", "libcuda.so")
if os.path.exists(cuda_stub):
    config.available_features.add("cuda-stub")
    config.substitutions.append(("%cuda_stub", cuda_stub))
