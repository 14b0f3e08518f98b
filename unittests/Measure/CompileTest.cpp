//===- CompileTest.cpp - the libraries measurement builds -----------------===//
//
// A func compiled by compileToSharedLibrary is called through its packed
// interface (`_mlir_packed_<func>`, an array of argument pointers), as
// ansor-runner and whole networks call it.
//
//===----------------------------------------------------------------------===//

#include "ansor/Measure/Compile.h"
#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "gtest/gtest.h"
#include <cstdint>

using namespace mlir;

namespace {

/// A 1-D memref descriptor, as `_mlir_ciface_` functions take it.
using Descriptor = StridedMemRefType<float, 1>;

// A scalar argument's slot points to its value: the packed interface loads
// the value through it (it once loaded the slot itself as the float).
TEST(CompileTest, PackedInterfaceTakesScalarsByPointer) {
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  const char *source = R"mlir(
#id = affine_map<(i) -> (i)>
func.func @scale(%alpha: f32, %a: tensor<64xf32>, %k: i32) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) {
    ^bb0(%x: f32, %o: f32):
      %kf = arith.sitofp %k : i32 to f32
      %m = arith.mulf %x, %alpha : f32
      %y = arith.addf %m, %kf : f32
      linalg.yield %y : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
)mlir";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  ASSERT_TRUE(module);
  SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("compile-test", "so", path));
  ASSERT_TRUE(succeeded(
      ansor::compileToSharedLibrary(*module, ansor::Target::host(), path)));
  std::string error;
  llvm::sys::DynamicLibrary library =
      llvm::sys::DynamicLibrary::getPermanentLibrary(path.c_str(), &error);
  ASSERT_TRUE(library.isValid()) << error;
  auto packed = reinterpret_cast<void (*)(void **)>(
      library.getAddressOfSymbol("_mlir_packed_scale"));
  ASSERT_NE(packed, nullptr);

  std::vector<float> input(64), output(64, 0.0f);
  for (int i = 0; i < 64; ++i)
    input[i] = 0.25f * i - 3.0f;
  float alpha = -1.5f;
  int32_t k = 7;
  Descriptor in{input.data(), input.data(), 0, {64}, {1}};
  Descriptor out{output.data(), output.data(), 0, {64}, {1}};
  void *args[] = {&alpha, &in, &k, &out};
  packed(args);
  for (int i = 0; i < 64; ++i)
    EXPECT_EQ(output[i], input[i] * alpha + 7.0f) << "element " << i;
  llvm::sys::fs::remove(path);
}

} // namespace
