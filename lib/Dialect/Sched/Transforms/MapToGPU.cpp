//===- MapToGPU.cpp - sched-map-to-gpu pass -------------------------------===//

#include "ansor/Analysis/ComputeDAG/Predicates.h"
#include "ansor/Dialect/Sched/TransformOps/SchedTransformOps.h"
#include "ansor/Dialect/Sched/Transforms/Passes.h"
#include "ansor/Dialect/Sched/Transforms/TransformScript.h"
#include "ansor/Search/Factorization.h"
#include "ansor/Target/Target.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDMAPTOGPU
#include "ansor/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kKernelAttr = "sched.kernel";
/// Most threads per block of the default mapping (pickThreadLoop).
static constexpr int64_t kDefaultThreads = 128;
/// Largest buffer a kernel keeps per thread on its stack (what sampling
/// keeps fused tiles within).
static constexpr int64_t kMaxPrivateBytes = ansor::GPULimits{}.maxPrivateBytes;

static bool isMappedTo(scf::ForallOp forall, bool blocks) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  if (!mapping || mapping->empty())
    return false;
  return blocks ? isa<gpu::GPUBlockMappingAttr>((*mapping)[0])
                : isa<gpu::GPUThreadMappingAttr>((*mapping)[0]);
}

/// The block size covering every thread forall nested in `forall`: per
/// dimension, the largest trip count mapped to it.
static FailureOr<SmallVector<int64_t>> getBlockDims(scf::ForallOp forall) {
  SmallVector<int64_t> dims = {1, 1, 1};
  WalkResult result = forall.walk([&](scf::ForallOp inner) {
    if (!isMappedTo(inner, /*blocks=*/false))
      return WalkResult::advance();
    if (!inner.isNormalized())
      return WalkResult::interrupt();
    ArrayRef<int64_t> trips = inner.getStaticUpperBound();
    if (llvm::any_of(trips, ShapedType::isDynamic))
      return WalkResult::interrupt();
    for (auto [attr, trip] : llvm::zip(*inner.getMapping(), trips)) {
      auto dim = cast<gpu::GPUThreadMappingAttr>(attr).getMappingId();
      if (dim < 3)
        dims[dim] = std::max(dims[dim], trip);
    }
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  return dims;
}

namespace {
struct SchedMapToGPUPass
    : public sched::impl::SchedMapToGPUBase<SchedMapToGPUPass> {
  // The scripts it applies use transform.sched ops, registered before the
  // pass manager goes multi-threaded.
  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    sched::registerTransformDialectExtension(registry);
  }

  using SchedMapToGPUBase::SchedMapToGPUBase;
  void runOnOperation() override;

private:
  LogicalResult mapHostOps(func::FuncOp func, llvm::raw_ostream &script,
                           unsigned &kernels);
  LogicalResult privatizeAllocs(func::FuncOp func);
  LogicalResult attributeWorkgroupAllocs(gpu::LaunchOp launch);
};
} // namespace

/// Script lines that turn the block forall `%<forall>` into a launch
/// `%<launch>` and map the foralls nested in it to threads.
static void emitLaunchMapping(llvm::raw_ostream &script, const Twine &forall,
                              const Twine &launch,
                              ArrayRef<int64_t> blockDims) {
  script << "  %" << launch << " = transform.gpu.map_forall_to_blocks %"
         << forall
         << " generate_gpu_launch : (!transform.any_op) -> "
            "!transform.any_op\n"
         << "  transform.gpu.map_nested_forall_to_threads %" << launch
         << " block_dims = ["
         << llvm::join(
                llvm::map_range(blockDims,
                                [](int64_t d) { return std::to_string(d); }),
                ", ")
         << "] : (!transform.any_op) -> !transform.any_op\n";
}

/// Moves `op` (on buffers) into a forall of one block around a forall of one
/// thread, the outer one tagged `sched.host_op = id`.
static void moveIntoOneThread(linalg::LinalgOp op, unsigned id) {
  MLIRContext *ctx = op->getContext();
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto blocks = scf::ForallOp::create(
      b, loc, ArrayRef<OpFoldResult>{b.getIndexAttr(1)}, ValueRange(),
      b.getArrayAttr(
          {gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimX)}));
  b.setInsertionPoint(blocks.getBody()->getTerminator());
  auto threads = scf::ForallOp::create(
      b, loc, ArrayRef<OpFoldResult>{b.getIndexAttr(1)}, ValueRange(),
      b.getArrayAttr(
          {gpu::GPUThreadMappingAttr::get(ctx, gpu::MappingId::DimX)}));
  op->moveBefore(threads.getBody()->getTerminator());
  blocks->setAttr("sched.host_op", b.getI64IntegerAttr(id));
}

/// Whether an index of `op` is not an increasing sum of its loops (`j mod
/// 3`, `w - k + 2`): the slice of a tile would start at the index's value at
/// the tile's first iteration, and the tiled op index it again from there,
/// which for such an index is not where the tile's elements are. Tiling any
/// loop slices every dimension of an operand, so no loop of such an op is
/// tiled.
static bool hasUntileableIndex(linalg::LinalgOp op) {
  return llvm::any_of(op.getIndexingMapsArray(), [](AffineMap map) {
    return !llvm::all_of(map.getResults(), ansor::isIncreasingSum);
  });
}

/// The largest divisor of `n` that is at most kDefaultThreads: a block's
/// tile must divide its loop, or the last block's thread forall would have
/// a dynamic size, which the mapping to threads refuses ("requires
/// statically sized, normalized forall op": a 50x200 GELU, a 1x1000 bias).
static int64_t largestDivisorAtMost(int64_t n) {
  SmallVector<int64_t> divisors = ansor::getDivisors(n);
  return *std::prev(llvm::upper_bound(divisors, kDefaultThreads));
}

/// The loop of `parallel` (innermost last) whose elements a block's threads
/// split: the innermost whose largest divisor fills a warp, so neighbouring
/// threads touch neighbouring elements where they can; else the one with
/// the largest divisor, innermost first (a prime innermost extent such as
/// 257 would give one thread per block, a 100000x2 tensor two).
static unsigned pickThreadLoop(ArrayRef<unsigned> parallel,
                               ArrayRef<int64_t> ranges) {
  static constexpr int64_t kWarp = 32;
  unsigned best = parallel.back();
  for (unsigned loop : llvm::reverse(parallel)) {
    int64_t d = largestDivisorAtMost(ranges[loop]);
    if (d >= kWarp)
      return loop;
    if (d > largestDivisorAtMost(ranges[best]))
      best = loop;
  }
  return best;
}

/// The grid dimension of each loop of `parallel` with a tile in
/// `blockSizes`, as mapping attributes in loop order: x to the innermost,
/// y and z to the others, innermost first; but where y or z would get more
/// blocks than the 65535 it holds, x (2^31 - 1) goes to the loop with the
/// most. A loop that still has more blocks than its dimension holds is left
/// whole (each thread runs it); only a func with two such loops comes to
/// that, and then the threads' loop `threadLoop` keeps x.
static SmallVector<std::string>
mapBlocks(ArrayRef<unsigned> parallel, ArrayRef<int64_t> ranges,
          unsigned threadLoop, SmallVectorImpl<int64_t> &blockSizes) {
  const ansor::GPULimits limits;
  static constexpr StringLiteral kDims[] = {"x", "y", "z"};
  auto blocks = [&](unsigned loop) { return ranges[loop] / blockSizes[loop]; };
  unsigned xLoop = parallel.back();
  if (llvm::any_of(parallel, [&](unsigned loop) {
        return blocks(loop) > limits.maxGridDims[1];
      }))
    for (unsigned loop : llvm::reverse(parallel))
      if (blocks(loop) > blocks(xLoop))
        xLoop = loop;
  if (blocks(threadLoop) > limits.maxGridDims[1])
    xLoop = threadLoop;
  SmallVector<unsigned> dims(ranges.size(), 0);
  unsigned next = 1;
  for (unsigned loop : llvm::reverse(parallel))
    if (loop != xLoop)
      dims[loop] = next++;
  SmallVector<std::string> mapping;
  for (unsigned loop : parallel) {
    if (blocks(loop) > limits.maxGridDims[dims[loop]]) {
      blockSizes[loop] = 0;
      continue;
    }
    mapping.push_back(("#gpu.block<" + kDims[dims[loop]] + ">").str());
  }
  return mapping;
}

/// Gives every linalg op outside the scheduled kernels a default mapping in
/// `script`: blocks over the three innermost parallel loops (one of them in
/// chunks of up to 128 that divide it, pickThreadLoop), one thread per
/// element.
LogicalResult SchedMapToGPUPass::mapHostOps(func::FuncOp func,
                                            llvm::raw_ostream &script,
                                            unsigned &kernels) {
  // Bufferization's copies become linalg.copy: on the host it tiles onto
  // the GPU, in a kernel it lowers to loops (not to the host runtime's
  // memrefCopy).
  SmallVector<memref::CopyOp> copies;
  func.walk([&](memref::CopyOp copy) { copies.push_back(copy); });
  for (memref::CopyOp copy : copies) {
    OpBuilder b(copy);
    linalg::CopyOp::create(b, copy.getLoc(), copy.getSource(),
                           copy.getTarget());
    copy.erase();
  }
  SmallVector<linalg::LinalgOp> hostOps;
  func.walk([&](linalg::LinalgOp op) {
    if (!op->getParentOfType<scf::ForallOp>())
      hostOps.push_back(op);
  });
  for (linalg::LinalgOp op : hostOps) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<unsigned> parallel;
    for (auto [loop, kind] : llvm::enumerate(op.getIteratorTypesArray()))
      if (kind == utils::IteratorType::parallel && ranges[loop] > 1)
        parallel.push_back(loop);
    if (llvm::any_of(ranges, ShapedType::isDynamic))
      return op->emitOpError() << "has dynamic loop ranges";
    if (parallel.empty() || hasUntileableIndex(op)) {
      bool reduces = llvm::any_of(
          llvm::zip(op.getIteratorTypesArray(), ranges), [](auto pair) {
            return std::get<0>(pair) == utils::IteratorType::reduction &&
                   std::get<1>(pair) > 1;
          });
      // Nothing to spread over threads (a reduction to a scalar, the fill
      // of its 0-d init), or an index that tiles wrongly: one thread of one
      // block runs it, slowly but correctly, instead of the func being
      // refused (or computed wrong).
      if (reduces || op.getNumLoops() == 0 || hasUntileableIndex(op)) {
        if (!op.hasPureBufferSemantics())
          return op->emitOpError() << "must be on buffers to map to the GPU";
        unsigned id = kernels++;
        moveIntoOneThread(op, id);
        script << "  %h" << id
               << " = transform.structured.match attributes{sched.host_op = "
               << id
               << " : i64} in %root : (!transform.any_op) -> "
                  "!transform.any_op\n";
        emitLaunchMapping(script, "h" + Twine(id), "hl" + Twine(id), {1, 1, 1});
        continue;
      }
      parallel.push_back(0);
    }
    if (parallel.size() > 3)
      parallel.erase(parallel.begin(), parallel.end() - 3);
    unsigned threadLoop = pickThreadLoop(parallel, ranges);
    SmallVector<int64_t> blockSizes(op.getNumLoops(), 0),
        threadSizes(op.getNumLoops(), 0);
    for (unsigned loop : parallel)
      blockSizes[loop] = 1;
    blockSizes[threadLoop] = largestDivisorAtMost(ranges[threadLoop]);
    SmallVector<std::string> blockMap =
        mapBlocks(parallel, ranges, threadLoop, blockSizes);
    SmallVector<std::string> threadMap = {"#gpu.thread<x>"};
    threadSizes[threadLoop] = 1;
    int64_t threads = blockSizes[threadLoop];
    unsigned id = kernels++;
    op->setAttr("sched.host_op",
                IntegerAttr::get(IntegerType::get(op->getContext(), 64), id));
    auto list = [](ArrayRef<int64_t> sizes) {
      return "[" +
             llvm::join(llvm::map_range(
                            sizes, [](int64_t s) { return std::to_string(s); }),
                        ", ") +
             "]";
    };
    script << "  %h" << id
           << " = transform.structured.match attributes{sched.host_op = " << id
           << " : i64} in %root : (!transform.any_op) -> !transform.any_op\n"
           << "  %ht" << id << ", %hb" << id
           << " = transform.structured.tile_using_forall %h" << id
           << " tile_sizes " << list(blockSizes) << " (mapping = ["
           << llvm::join(blockMap, ", ")
           << "]) : (!transform.any_op) -> (!transform.any_op, "
              "!transform.any_op)\n"
           << "  %hu" << id << ", %hf" << id
           << " = transform.structured.tile_using_forall %ht" << id
           << " tile_sizes " << list(threadSizes) << " (mapping = ["
           << llvm::join(threadMap, ", ")
           << "]) : (!transform.any_op) -> (!transform.any_op, "
              "!transform.any_op)\n";
    emitLaunchMapping(script, "hb" + Twine(id), "hl" + Twine(id),
                      {threads, 1, 1});
  }
  return success();
}

static bool isWorkgroupAlloc(memref::AllocOp alloc) {
  return gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(alloc.getType());
}

/// Buffers allocated inside a kernel are private to each thread, except
/// those in workgroup memory (cache stages), which the block shares.
LogicalResult SchedMapToGPUPass::privatizeAllocs(func::FuncOp func) {
  SmallVector<memref::AllocOp> allocs;
  func.walk([&](memref::AllocOp alloc) {
    if (alloc->getParentOfType<scf::ForallOp>() && !isWorkgroupAlloc(alloc))
      allocs.push_back(alloc);
  });
  for (memref::AllocOp alloc : allocs) {
    MemRefType type = alloc.getType();
    if (!type.hasStaticShape())
      return alloc.emitOpError() << "allocates a dynamically shaped buffer "
                                    "inside a GPU kernel";
    int64_t bytes = type.getNumElements() *
                    llvm::divideCeil(type.getElementTypeBitWidth(), 8);
    if (bytes > kMaxPrivateBytes)
      return alloc.emitOpError()
             << "allocates " << bytes << " bytes per GPU thread (limit "
             << kMaxPrivateBytes << ")";
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
      if (isa<memref::DeallocOp>(user))
        user->erase();
    OpBuilder b(alloc);
    auto alloca = memref::AllocaOp::create(b, alloc.getLoc(), type,
                                           alloc.getAlignmentAttr());
    alloc.replaceAllUsesWith(alloca.getResult());
    alloc.erase();
  }
  return success();
}

/// Workgroup buffers allocated in a kernel become attributions of its
/// launch: the NVVM lowering turns those into shared memory, an alloc into
/// a call to malloc. One buffer serves every iteration of the loops around
/// the alloc, which the barriers after each thread loop make safe.
LogicalResult
SchedMapToGPUPass::attributeWorkgroupAllocs(gpu::LaunchOp launch) {
  SmallVector<memref::AllocOp> allocs;
  launch.getBody().walk([&](memref::AllocOp alloc) {
    if (isWorkgroupAlloc(alloc))
      allocs.push_back(alloc);
  });
  int64_t bytes = 0;
  for (memref::AllocOp alloc : allocs) {
    MemRefType type = alloc.getType();
    if (!type.hasStaticShape() || !alloc.getDynamicSizes().empty())
      return alloc.emitOpError()
             << "allocates a dynamically shaped shared-memory buffer";
    bytes +=
        llvm::alignTo(type.getNumElements() *
                          llvm::divideCeil(type.getElementTypeBitWidth(), 8),
                      ansor::GPULimits().sharedBufferAlignment);
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
      if (isa<memref::DeallocOp>(user))
        user->erase();
    BlockArgument buffer = launch.addWorkgroupAttribution(type, alloc.getLoc());
    alloc.replaceAllUsesWith(buffer);
    alloc.erase();
  }
  if (bytes > maxSharedBytes)
    return launch.emitOpError()
           << "stages " << bytes << " bytes in shared memory (limit "
           << static_cast<int64_t>(maxSharedBytes) << " per block)";
  return success();
}

/// A constant of the payload (a matmul's dense weight) is a host global
/// after bufferization: a kernel given its address reads host memory
/// (CUDA_ERROR_ILLEGAL_ADDRESS on every program of such a func, tuned or
/// not). Read inside the launch, it goes with the kernel: outlining copies
/// the global into the kernels' module, in device memory.
static void sinkConstantGlobals(gpu::LaunchOp launch) {
  auto module = launch->getParentOfType<ModuleOp>();
  (void)sinkOperationsIntoLaunchOp(launch, [&](Operation *op) {
    auto get = dyn_cast<memref::GetGlobalOp>(op);
    if (!get)
      return false;
    auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
        module, get.getNameAttr());
    return global && global.getConstant();
  });
}

void SchedMapToGPUPass::runOnOperation() {
  ModuleOp module = getOperation();
  std::string text;
  llvm::raw_string_ostream script(text);
  unsigned kernels = 0;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    if (failed(privatizeAllocs(func)) ||
        failed(mapHostOps(func, script, kernels)))
      return signalPassFailure();
    SmallVector<scf::ForallOp> blockLoops;
    for (Operation &op : func.getBody().getOps())
      op.walk<WalkOrder::PreOrder>([&](scf::ForallOp forall) {
        if (isMappedTo(forall, /*blocks=*/true)) {
          blockLoops.push_back(forall);
          return WalkResult::skip();
        }
        return WalkResult::advance();
      });
    for (scf::ForallOp forall : blockLoops) {
      FailureOr<SmallVector<int64_t>> dims = getBlockDims(forall);
      if (failed(dims)) {
        forall.emitOpError() << "has thread loops of dynamic trip count";
        return signalPassFailure();
      }
      unsigned id = kernels++;
      forall->setAttr(
          kKernelAttr,
          IntegerAttr::get(IntegerType::get(&getContext(), 64), id));
      script << "  %k" << id
             << " = transform.structured.match ops{[\"scf.forall\"]} "
                "attributes{sched.kernel = "
             << id
             << " : i64} in %root : (!transform.any_op) -> !transform.any_op\n";
      emitLaunchMapping(script, "k" + Twine(id), "l" + Twine(id), *dims);
    }
  }
  if (kernels == 0)
    return;
  std::string sequence =
      "transform.named_sequence @sched_map_to_gpu(%root: !transform.any_op "
      "{transform.readonly}) {\n" +
      text + "  transform.yield\n}\n";
  FailureOr<OwningOpRef<ModuleOp>> library = sched::parseTransformLibrary(
      module.getContext(), {sequence}, {"sched_map_to_gpu"});
  if (failed(library)) {
    module.emitError() << "internal error: the GPU mapping script does not "
                          "parse:\n"
                       << sequence;
    return signalPassFailure();
  }
  auto main =
      (*library)->lookupSymbol<transform::NamedSequenceOp>("__transform_main");
  if (failed(transform::applyTransformNamedSequence(
          module, main, **library, transform::TransformOptions()))) {
    module.emitError() << "mapping the kernels to GPU blocks and threads "
                          "failed";
    return signalPassFailure();
  }
  WalkResult attributed = module.walk([&](gpu::LaunchOp launch) {
    return failed(attributeWorkgroupAllocs(launch)) ? WalkResult::interrupt()
                                                    : WalkResult::advance();
  });
  if (attributed.wasInterrupted())
    return signalPassFailure();
  module.walk([&](gpu::LaunchOp launch) { sinkConstantGlobals(launch); });
  module.walk([](Operation *op) {
    op->removeAttr(kKernelAttr);
    op->removeAttr("sched.host_op");
  });
}
