//===- Compile.cpp - scheduled module to shared library -------------------===//

#include "ansor/Measure/Compile.h"
#include "ansor/Dialect/Sched/IR/SchedOps.h"
#include "ansor/Dialect/Sched/Transforms/Pipelines.h"
#include "ansor/Dialect/Sched/Transforms/TransformScript.h"
#include "lld/Common/Driver.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "ansor-compile"

LLD_HAS_DRIVER(elf)

using namespace mlir;
using namespace mlir::ansor;

static LogicalResult emitObject(ModuleOp module, llvm::Module &llvmModule,
                                const Target &target, StringRef objectPath) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  llvm::Triple triple(target.triple);
  std::string error;
  const llvm::Target *llvmTarget =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!llvmTarget)
    return module.emitError()
           << "no LLVM target for " << target.triple << ": " << error;
  // Constructors (a GPU program's module load) go to .init_array: lld, unlike
  // GNU ld, does not run .ctors.
  llvm::TargetOptions targetOptions;
  targetOptions.UseInitArray = true;
  std::unique_ptr<llvm::TargetMachine> machine(llvmTarget->createTargetMachine(
      triple, target.cpu, target.features, targetOptions, llvm::Reloc::PIC_,
      std::nullopt, llvm::CodeGenOptLevel::Aggressive));
  if (!machine)
    return module.emitError()
           << "cannot create a target machine for " << target.str();
  llvmModule.setDataLayout(machine->createDataLayout());
  llvmModule.setTargetTriple(triple);
  if (llvm::Error err = makeOptimizingTransformer(/*optLevel=*/3,
                                                  /*sizeLevel=*/0,
                                                  machine.get())(&llvmModule))
    return module.emitError()
           << "LLVM optimization failed: " << llvm::toString(std::move(err));
  std::error_code ec;
  llvm::ToolOutputFile object(objectPath, ec, llvm::sys::fs::OF_None);
  if (ec)
    return module.emitError()
           << "cannot write " << objectPath << ": " << ec.message();
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, object.os(), nullptr,
                                   llvm::CodeGenFileType::ObjectFile))
    return module.emitError() << "the target cannot emit object files";
  codegen.run(llvmModule);
  object.keep();
  return success();
}

/// The `lib/` beside the `bin/` of this executable (in the build tree as in
/// an installation) if it holds `library`; empty otherwise.
static std::string findBesideTool(StringRef library) {
  static int anchor;
  std::string executable = llvm::sys::fs::getMainExecutable(nullptr, &anchor);
  SmallString<256> dir(
      llvm::sys::path::parent_path(llvm::sys::path::parent_path(executable)));
  llvm::sys::path::append(dir, "lib");
  SmallString<256> path(dir);
  llvm::sys::path::append(path, library);
  return llvm::sys::fs::exists(path) ? dir.str().str() : "";
}

/// Where MLIR's C runner utilities and OpenMP are: beside this tool when a
/// relocated copy carries them (bench/gpu_tune.sh packs the tools for a
/// machine without LLVM), else where the LLVM it was built with has them.
static std::string findLLVMLibraryDir() {
  std::string beside = findBesideTool("libmlir_c_runner_utils.so");
  if (beside.empty() || findBesideTool("libomp.so").empty())
    return ANSOR_LLVM_LIBRARY_DIR;
  return beside;
}

/// Links the object into a shared library with lld's ELF driver, in
/// process: one `cc` (driver, collect2, ld) less per candidate. GPU programs
/// link the runtime of MLIR's GPU ABI (libAnsorCUDARuntime) instead of
/// OpenMP.
static LogicalResult link(ModuleOp module, StringRef objectPath,
                          StringRef outputPath, bool gpu = false) {
  std::string libDir = findLLVMLibraryDir();
  std::string output = outputPath.str(), object = objectPath.str();
  std::string libFlag = "-L" + libDir;
  // -Bsymbolic: calls within the library bind to its own funcs, so a func
  // named like a libc or libm function (@exp) is not replaced by it.
  SmallVector<const char *> args = {"ld.lld",
                                    "-shared",
                                    "-Bsymbolic",
                                    "--no-undefined-version",
                                    "-o",
                                    output.c_str(),
                                    object.c_str(),
                                    libFlag.c_str(),
                                    "-rpath",
                                    libDir.c_str(),
                                    "-lmlir_c_runner_utils"};
  std::string runtimeDir = gpu ? findBesideTool("libAnsorCUDARuntime.so") : "";
  std::string runtimeFlag = "-L" + runtimeDir;
  if (!gpu)
    args.push_back("-lomp");
  // Without the runtime beside this tool, the mgpu* symbols stay undefined
  // and resolve against whatever library the loader provides them.
  if (!runtimeDir.empty())
    args.append({runtimeFlag.c_str(), "-rpath", runtimeDir.c_str(),
                 "-lAnsorCUDARuntime"});
  std::string diagnostics;
  llvm::raw_string_ostream errs(diagnostics);
  lld::Result result =
      lld::lldMain(args, llvm::nulls(), errs, {{lld::Gnu, &lld::elf::link}});
  if (result.retCode != 0)
    return module.emitError()
           << "linking " << outputPath << " failed: " << diagnostics;
  return success();
}

/// Whether the CUDA toolkit's ptxas is where the NVVM target looks for it.
/// A program then carries cubin: measured, it loads without the driver's PTX
/// compiler, whose time would otherwise be spent in the serial run of every
/// candidate rather than in the parallel builds.
static bool hasToolkitPtxas() {
  for (const char *var : {"CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"})
    if (const char *dir = getenv(var))
      return llvm::sys::fs::can_execute(std::string(dir) + "/bin/ptxas");
  return llvm::sys::fs::can_execute("/usr/local/cuda/bin/ptxas");
}

/// Lowers a module scheduled for a GPU and writes the PTX of its kernels.
static LogicalResult compileToPTX(ModuleOp module, const Target &target,
                                  StringRef outputPath) {
  if (!outputPath.ends_with(".ptx"))
    return module.emitError()
           << "for a GPU target the output is PTX (F.ptx) or a shared "
              "library with the PTX and its host code (F.so), not "
           << outputPath;
  PassManager pm(module.getContext());
  sched::buildGPULoweringPipeline(pm, {target.arch, target.ptxFeatures()});
  if (failed(pm.run(module)))
    return module.emitError() << "lowering to NVVM and PTX failed";
  std::string ptx;
  module.walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjects())
      if (auto object = dyn_cast<gpu::ObjectAttr>(attr))
        ptx += object.getObject().getValue();
  });
  if (ptx.empty())
    return module.emitError() << "the module has no GPU kernel";
  std::error_code ec;
  llvm::ToolOutputFile file(outputPath, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return module.emitError()
           << "cannot write " << outputPath << ": " << ec.message();
  file.os() << ptx;
  file.keep();
  return success();
}

/// For each C interface `_mlir_ciface_<name>(ptr, ...)`, a packed one
/// `_mlir_packed_<name>(ptr args)` taking an array of the descriptors'
/// pointers (and of pointers to the values of scalar arguments): a runner
/// calls a func of any number of arguments through it (a whole network
/// takes every weight as an argument).
static void addPackedInterfaces(llvm::Module &module) {
  llvm::LLVMContext &ctx = module.getContext();
  auto *ptr = llvm::PointerType::getUnqual(ctx);
  SmallVector<llvm::Function *> interfaces;
  for (llvm::Function &fn : module)
    if (!fn.isDeclaration() && fn.getName().starts_with("_mlir_ciface_"))
      interfaces.push_back(&fn);
  for (llvm::Function *fn : interfaces) {
    std::string name = "_mlir_packed_" + fn->getName().drop_front(13).str();
    auto *packed = llvm::Function::Create(
        llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {ptr}, false),
        llvm::GlobalValue::ExternalLinkage, name, module);
    llvm::IRBuilder<> builder(llvm::BasicBlock::Create(ctx, "entry", packed));
    SmallVector<llvm::Value *> args;
    for (auto [i, param] : llvm::enumerate(fn->args())) {
      llvm::Value *slot = builder.CreateConstGEP1_64(ptr, packed->getArg(0), i);
      llvm::Value *pointer = builder.CreateLoad(ptr, slot);
      args.push_back(param.getType()->isPointerTy()
                         ? pointer
                         : builder.CreateLoad(param.getType(), pointer));
    }
    builder.CreateCall(fn, args);
    builder.CreateRetVoid();
  }
}

/// The first op that produces or takes a value of a float type the lowering
/// cannot build (8-bit and narrower floats and tf32: no LLVM type holds
/// them, and their conversions were left as unrealized casts that
/// translation refused with no word on the type), with that type. f80 and
/// f128 have LLVM types and are left to the lowering.
static std::optional<std::pair<Operation *, Type>>
findUnbuildableFloat(ModuleOp module) {
  std::optional<std::pair<Operation *, Type>> found;
  auto check = [&](Operation *op, Type type) {
    auto element = dyn_cast<FloatType>(getElementTypeOrSelf(type));
    if (element && !found && (element.getWidth() < 16 || element.isTF32()))
      found = {op, element};
  };
  module.walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      check(op, type);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          check(op, arg.getType());
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found;
}

LogicalResult mlir::ansor::compileToSharedLibrary(ModuleOp module,
                                                  const Target &target,
                                                  StringRef outputPath) {
  MLIRContext *ctx = module.getContext();
  if (auto unbuildable = findUnbuildableFloat(module))
    return unbuildable->first->emitOpError()
           << "uses element type " << unbuildable->second
           << ", which the lowering cannot build (floats narrower than 16 "
              "bits and tf32 have no LLVM type)";
  if (!module.getOps<sched::ScheduleOp>().empty() &&
      failed(sched::materializeSchedules(module)))
    return failure();
  if (target.isGPU() && !outputPath.ends_with(".so"))
    return compileToPTX(module, target, outputPath);
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal() && func.isPublic())
      func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                    UnitAttr::get(ctx));
  PassManager pm(ctx);
  if (target.isGPU())
    sched::buildGPULoweringPipeline(
        pm, {target.arch, target.ptxFeatures(), hasToolkitPtxas()});
  else
    sched::buildCPULoweringPipeline(pm);
  if (failed(pm.run(module)))
    return module.emitError()
           << (target.isGPU() ? "lowering to NVVM and PTX failed"
                              : "lowering to the LLVM dialect failed");
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext);
  if (!llvmModule)
    return module.emitError() << "translation to LLVM IR failed";
  addPackedInterfaces(*llvmModule);
  std::string objectPath = (outputPath + ".o").str();
  // A GPU program's host side runs on this machine.
  if (failed(emitObject(module, *llvmModule,
                        target.isGPU() ? Target::host() : target, objectPath)))
    return failure();
  LogicalResult linked = link(module, objectPath, outputPath, target.isGPU());
  llvm::sys::fs::remove(objectPath);
  return linked;
}
