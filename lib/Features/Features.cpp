//===- Features.cpp - per-statement features of a program -----------------===//

#include "ansor/Features/Features.h"
#include <cmath>

using namespace mlir;
using namespace mlir::ansor;

namespace {
enum class ReuseType { LoopMultipleRead, SerialMultipleReadWrite, None };

/// One buffer's access features in a statement, before ordering.
struct BufferFeatures {
  AccessKind kind;
  double bytes = 0, uniqueBytes = 0, lines = 0, uniqueLines = 0;
  ReuseType reuse = ReuseType::None;
  double reuseDisIter = 0, reuseDisBytes = 0, reuseCount = 0;
  double stride = 0;
};

/// The loop-invariant facts of one access in a statement: its advance per
/// loop, per buffer dimension.
struct AccessGeometry {
  const BufferAccess *access;
  const Buffer *buffer;
  /// [loop][dim]
  SmallVector<SmallVector<int64_t>> advance;
  /// Elements touched inside loops j.. (j = 0..n), innermost last.
  SmallVector<double> footprint;
  SmallVector<SmallVector<int64_t>> spans;
};
} // namespace

static const char *const kOpNames[] = {
    "float_mad",     "float_addsub",    "float_mul",   "float_divmod",
    "float_cmp",     "float_math_func", "float_other", "int_mad",
    "int_addsub",    "int_mul",         "int_divmod",  "int_cmp",
    "int_math_func", "int_other",       "bool_op",     "select_op"};
static const char *const kAnnotationNames[] = {"vec", "unroll", "parallel"};
static const char *const kPositions[] = {
    "none",         "inner_spatial", "middle_spatial", "outer_spatial",
    "inner_reduce", "middle_reduce", "outer_reduce",   "mixed"};
static const char *const kBufferNames[] = {
    "acc_type.read",
    "acc_type.write",
    "acc_type.read_write",
    "bytes",
    "unique_bytes",
    "lines",
    "unique_lines",
    "reuse_type.loop_multiple_read",
    "reuse_type.serial_multiple_read_write",
    "reuse_type.no_reuse",
    "reuse_dis_iter",
    "reuse_dis_bytes",
    "reuse_ct",
    "bytes_d_reuse_ct",
    "unique_bytes_d_reuse_ct",
    "lines_d_reuse_ct",
    "unique_lines_d_reuse_ct",
    "stride"};

std::vector<std::string> mlir::ansor::getFeatureNames() {
  std::vector<std::string> names;
  for (const char *op : kOpNames)
    names.push_back(op);
  for (const char *a : kAnnotationNames) {
    names.push_back(std::string(a) + "_len_imost");
    names.push_back(std::string(a) + "_len_prod");
    names.push_back(std::string(a) + "_loop_num");
    for (const char *pos : kPositions)
      names.push_back(std::string(a) + "_loop_pos." + pos);
  }
  for (unsigned b = 0; b < feature::kMaxBuffers; ++b)
    for (const char *f : kBufferNames)
      names.push_back("B" + std::to_string(b) + "." + f);
  for (unsigned i = 0; i < feature::kIntensitySamples; ++i)
    names.push_back("arith_intensity_curve_" + std::to_string(i));
  for (const char *a :
       {"alloc_size", "alloc_prod", "alloc_outer_prod", "alloc_inner_prod",
        "outer_prod", "num_loops", "auto_unroll_max_step"})
    names.push_back(a);
  for (const char *a : {"traffic_reg", "traffic_l1", "traffic_l2", "traffic_l3",
                        "vector_ops", "est_cycles"})
    names.push_back(a);
  for (const char *a : {"gpu_blocks", "gpu_threads", "gpu_vthreads",
                        "gpu_shared_bytes", "gpu_blocks_per_sm",
                        "gpu_read_thread_stride", "gpu_write_thread_stride"})
    names.push_back(a);
  return names;
}

/// The largest distance in bytes between the addresses two consecutive
/// threads (along threadIdx.x) read, and write, in global memory: 4 for
/// coalesced f32 accesses, 0 where every thread reads the same element.
static std::pair<double, double> threadStrides(const Statement &s,
                                               const LoopNest &nest) {
  double read = 0, write = 0;
  if (s.threadDelta.empty())
    return {read, write};
  for (const BufferAccess &a : s.accesses) {
    const Buffer &buffer = nest.buffers[a.buffer];
    if (buffer.temporary)
      continue;
    SmallVector<int64_t> advance = advanceOf(a.coefficients, s.threadDelta);
    int64_t elements = 0, rowStride = 1;
    for (unsigned d = advance.size(); d-- > 0;) {
      elements += advance[d] * rowStride;
      rowStride *= d < buffer.shape.size() ? buffer.shape[d] : 1;
    }
    double bytes = std::abs(double(elements)) * buffer.elementBytes;
    (a.kind == AccessKind::Read ? read : write) =
        std::max(a.kind == AccessKind::Read ? read : write, bytes);
    if (a.kind == AccessKind::ReadWrite)
      read = std::max(read, bytes);
  }
  return {read, write};
}

static AccessGeometry analyze(const Statement &s, const LoopNest &nest,
                              const BufferAccess &access) {
  AccessGeometry g{&access, &nest.buffers[access.buffer], {}, {}, {}};
  unsigned rank = access.coefficients.size();
  unsigned n = s.loops.size();
  for (const NestLoop &loop : s.loops)
    g.advance.push_back(advanceOf(access.coefficients, loop.delta));
  g.footprint.assign(n + 1, 1);
  g.spans.assign(n + 1, SmallVector<int64_t>(rank, 1));
  for (int j = n - 1; j >= 0; --j) {
    SmallVector<int64_t> &span = g.spans[j];
    span = g.spans[j + 1];
    double elements = 1;
    for (unsigned d = 0; d < rank; ++d) {
      span[d] += std::abs(g.advance[j][d]) * (s.loops[j].extent - 1);
      int64_t shape = d < g.buffer->shape.size() ? g.buffer->shape[d] : 1;
      elements *= std::min<int64_t>(span[d], shape);
    }
    g.footprint[j] = elements;
  }
  return g;
}

/// The element stride of loop `j`'s advance in the buffer's row-major
/// layout.
static int64_t flatStride(const AccessGeometry &g, unsigned j) {
  int64_t stride = 0, scale = 1;
  ArrayRef<int64_t> shape = g.buffer->shape;
  for (int d = int(g.advance[j].size()) - 1; d >= 0; --d) {
    stride += g.advance[j][d] * scale;
    scale *= d < int(shape.size()) ? shape[d] : 1;
  }
  return std::abs(stride);
}

static void annotationFeatures(const Statement &s, LoopAnnotation kind,
                               float *out) {
  int64_t innermost = 0, prod = 1, num = 0;
  int last = -1;
  bool anyReduction = false, anySpatial = false;
  for (auto [j, loop] : llvm::enumerate(s.loops)) {
    if (loop.annotation != kind)
      continue;
    innermost = loop.extent;
    prod *= loop.extent;
    ++num;
    last = j;
    (loop.reduction ? anyReduction : anySpatial) = true;
  }
  out[0] = slog(innermost);
  out[1] = slog(num ? prod : 0);
  out[2] = num;
  unsigned pos = 0;
  if (num > 0) {
    if (anyReduction && anySpatial) {
      pos = 7;
    } else {
      unsigned where = last + 1 == int(s.loops.size()) ? 0 : last == 0 ? 2 : 1;
      pos = (anyReduction ? 4 : 1) + where;
    }
  }
  out[3 + pos] = 1;
}

static void intensityCurve(const Statement &s,
                           ArrayRef<AccessGeometry> geometry, double ops,
                           float *out) {
  SmallVector<double> compute, memory;
  double iterations = 1;
  for (int j = s.loops.size() - 1; j >= 0; --j) {
    iterations *= s.loops[j].extent;
    double bytes = 0;
    for (const AccessGeometry &g : geometry)
      bytes += g.footprint[j] * g.buffer->elementBytes;
    compute.push_back(std::log2(std::max(1.0, ops * iterations)));
    memory.push_back(std::log2(std::max(2.0, bytes)));
  }
  if (compute.empty() || ops <= 0)
    return;
  // Ansor's sampling: arithmetic intensity (log compute over log bytes) at
  // equally spaced points of the log compute, interpolated linearly.
  unsigned pt = 0;
  for (unsigned i = 0; i < feature::kIntensitySamples; ++i) {
    double target = compute.back() * (i + 1) / feature::kIntensitySamples;
    while (pt + 1 < compute.size() && compute[pt] < target - 1e-4)
      ++pt;
    double value = compute[pt] / memory[pt];
    if (pt > 0 && compute[pt] > compute[pt - 1]) {
      double base = compute[pt - 1] / memory[pt - 1];
      double slope = (value - base) / (compute[pt] - compute[pt - 1]);
      value = base + slope * (target - compute[pt - 1]);
    }
    out[i] = value;
  }
}

/// Capacities of the levels whose fills `trafficFeatures` counts: the
/// vector registers (32 of 64 bytes), and typical x86 L1, L2 and L3 sizes.
/// Only the order of magnitude matters: the model learns the rest.
static constexpr double kLevelBytes[feature::kTrafficLevels] = {
    2048, 48 * 1024, 1024 * 1024, 32 * 1024 * 1024};
/// Bytes per cycle into each level (from L1, L2, L3, memory).
static constexpr double kLevelBandwidth[feature::kTrafficLevels] = {128, 64, 32,
                                                                    8};

/// 64-byte lines `g` touches inside loops j.. .
static double linesInside(const AccessGeometry &g, unsigned j) {
  ArrayRef<int64_t> span = g.spans[j];
  double ele = g.buffer->elementBytes, lines = 1;
  for (unsigned d = 0; d < span.size(); ++d) {
    int64_t shape = d < g.buffer->shape.size() ? g.buffer->shape[d] : 1;
    double extent = std::min<int64_t>(span[d], shape);
    lines *= d + 1 == span.size() ? std::ceil(extent * ele / 64.0) : extent;
  }
  return std::max(1.0, lines);
}

/// A classic capacity model: a level holds what the loops inside the
/// outermost loop whose lines fit in it touch; every iteration of the loops
/// outside refills those lines. Ansor's features leave this to the model
/// (footprints, reuse distances); computing it here gives the trees one
/// value per level instead of a comparison across five buffers.
static void trafficFeatures(const Statement &s,
                            ArrayRef<AccessGeometry> geometry, double ops,
                            float *out) {
  unsigned n = s.loops.size();
  SmallVector<double> bytesInside(n + 1, 0), outer(n + 1, 1);
  for (unsigned j = 0; j <= n; ++j) {
    for (const AccessGeometry &g : geometry)
      bytesInside[j] += linesInside(g, j) * 64;
    if (j > 0)
      outer[j] = outer[j - 1] * s.loops[j - 1].extent;
  }
  double vectorOps = ops * outer[n];
  for (const NestLoop &loop : s.loops)
    if (loop.annotation == LoopAnnotation::Vectorized)
      vectorOps /= std::max<int64_t>(1, loop.extent);
  double cycles = vectorOps / 2;
  for (unsigned level = 0; level < feature::kTrafficLevels; ++level) {
    unsigned j = 0;
    while (j < n && bytesInside[j] > kLevelBytes[level])
      ++j;
    double traffic = outer[j] * bytesInside[j];
    out[level] = slog(traffic);
    cycles = std::max(cycles, traffic / kLevelBandwidth[level]);
  }
  out[feature::kTrafficLevels] = slog(vectorOps);
  out[feature::kTrafficLevels + 1] = slog(cycles);
}

static void statementFeatures(const LoopNest &nest, const Statement &s,
                              ArrayRef<unsigned> touchers, float *out) {
  double outerProd = 1;
  for (const NestLoop &loop : s.loops)
    outerProd *= loop.extent;
  for (unsigned k = 0; k < OpCounts::NumKinds; ++k)
    out[feature::kOps + k] = slog(s.ops.counts[k] * outerProd);
  const LoopAnnotation kinds[] = {LoopAnnotation::Vectorized,
                                  LoopAnnotation::Unrolled,
                                  LoopAnnotation::Parallel};
  for (unsigned a = 0; a < 3; ++a)
    annotationFeatures(
        s, kinds[a], out + feature::kAnnotation + a * feature::kPerAnnotation);

  // One geometry per buffer: a buffer read and written is read-write.
  std::vector<AccessGeometry> geometry;
  SmallVector<AccessKind> kindOf;
  for (const BufferAccess &a : s.accesses) {
    auto it = llvm::find_if(geometry, [&](const AccessGeometry &g) {
      return g.access->buffer == a.buffer;
    });
    if (it != geometry.end()) {
      if (kindOf[it - geometry.begin()] != a.kind)
        kindOf[it - geometry.begin()] = AccessKind::ReadWrite;
      continue;
    }
    geometry.push_back(analyze(s, nest, a));
    kindOf.push_back(a.kind);
  }
  unsigned n = s.loops.size();
  SmallVector<BufferFeatures> buffers;
  for (auto [index, g] : llvm::enumerate(geometry)) {
    BufferFeatures f;
    f.kind = kindOf[index];
    double ele = g.buffer->elementBytes;
    f.bytes = outerProd * ele;
    f.uniqueBytes = g.footprint[0] * ele;
    // The innermost loop that moves the access, and how many iterations
    // inside it reuse the same element.
    int moving = -1;
    for (int j = n - 1; j >= 0 && moving < 0; --j)
      if (s.loops[j].extent > 1 && flatStride(g, j) != 0)
        moving = j;
    double reduceRatio = 1;
    for (unsigned j = moving + 1; j < n; ++j)
      reduceRatio *= s.loops[j].extent;
    f.stride = moving >= 0 ? flatStride(g, moving) : 0;
    f.lines = std::max(1.0, outerProd / reduceRatio *
                                std::min(1.0, f.stride * ele / 64.0));
    f.uniqueLines = linesInside(g, 0);
    // Reuse: the innermost loop the access does not move with.
    for (int j = n - 1; j >= 0; --j) {
      if (s.loops[j].extent <= 1 ||
          llvm::any_of(g.advance[j], [](int64_t a) { return a != 0; }))
        continue;
      f.reuse = ReuseType::LoopMultipleRead;
      f.reuseCount = s.loops[j].extent;
      f.reuseDisIter = 1;
      for (unsigned k = j + 1; k < n; ++k)
        f.reuseDisIter *= s.loops[k].extent;
      for (const AccessGeometry &other : geometry)
        f.reuseDisBytes += other.footprint[j + 1] * other.buffer->elementBytes;
      break;
    }
    if (f.reuse == ReuseType::None && touchers[g.access->buffer] > 1) {
      f.reuse = ReuseType::SerialMultipleReadWrite;
      f.reuseCount = touchers[g.access->buffer];
      f.reuseDisIter = outerProd;
      for (const AccessGeometry &other : geometry)
        f.reuseDisBytes += other.footprint[0] * other.buffer->elementBytes;
    }
    buffers.push_back(f);
  }
  // The buffers with the most cache lines first (Ansor's order).
  llvm::stable_sort(buffers,
                    [](const BufferFeatures &a, const BufferFeatures &b) {
                      return a.lines > b.lines;
                    });
  for (auto [b, f] : llvm::enumerate(buffers)) {
    if (b >= feature::kMaxBuffers)
      break;
    float *o = out + feature::kBuffers + b * feature::kPerBuffer;
    o[0] = f.kind == AccessKind::Read;
    o[1] = f.kind == AccessKind::Write;
    o[2] = f.kind == AccessKind::ReadWrite;
    o[3] = slog(f.bytes);
    o[4] = slog(f.uniqueBytes);
    o[5] = slog(f.lines);
    o[6] = slog(f.uniqueLines);
    o[7] = f.reuse == ReuseType::LoopMultipleRead;
    o[8] = f.reuse == ReuseType::SerialMultipleReadWrite;
    o[9] = f.reuse == ReuseType::None;
    o[10] = slog(f.reuseDisIter);
    o[11] = slog(f.reuseDisBytes);
    o[12] = slog(f.reuseCount);
    double ct = f.reuseCount > 0 ? f.reuseCount : 1;
    o[13] = slog(f.bytes / ct);
    o[14] = slog(f.uniqueBytes / ct);
    o[15] = slog(f.lines / ct);
    o[16] = slog(f.uniqueLines / ct);
    o[17] = slog(f.stride);
  }

  intensityCurve(s, geometry, s.ops.total(), out + feature::kIntensity);
  trafficFeatures(s, geometry, s.ops.total(), out + feature::kTraffic);

  if (s.allocated) {
    const Buffer &buffer = nest.buffers[*s.allocated];
    double size = buffer.elementBytes;
    for (int64_t d : buffer.shape)
      size *= d;
    double outer = 1;
    for (unsigned j = 0; j < s.allocDepth && j < n; ++j)
      outer *= s.loops[j].extent;
    out[feature::kAlloc + 0] = slog(size);
    out[feature::kAlloc + 1] = slog(size * outer);
    out[feature::kAlloc + 2] = slog(outer);
    out[feature::kAlloc + 3] = slog(outerProd / outer);
  }
  out[feature::kOuter + 0] = slog(outerProd);
  out[feature::kOuter + 1] = n;
  out[feature::kOuter + 2] = slog(s.unrollMaxStep);
  out[feature::kGPU + 0] = slog(s.gpuBlocks);
  out[feature::kGPU + 1] = slog(s.gpuThreads);
  out[feature::kGPU + 2] = slog(s.gpuVThreads);
  out[feature::kGPU + 3] = slog(s.gpuSharedBytes);
  out[feature::kGPU + 4] = slog(s.gpuBlocksPerSM);
  auto [readStride, writeStride] = threadStrides(s, nest);
  out[feature::kGPU + 5] = slog(readStride);
  out[feature::kGPU + 6] = slog(writeStride);
}

unsigned mlir::ansor::extractFeatures(const LoopNest &nest,
                                      std::vector<float> &rows) {
  // How many statements touch each buffer (serial reuse).
  SmallVector<unsigned> touchers(nest.buffers.size(), 0);
  for (const Statement &s : nest.statements) {
    SmallVector<unsigned> seen;
    for (const BufferAccess &a : s.accesses)
      if (!llvm::is_contained(seen, a.buffer)) {
        seen.push_back(a.buffer);
        ++touchers[a.buffer];
      }
  }
  for (const Statement &s : nest.statements) {
    size_t offset = rows.size();
    rows.resize(offset + feature::kCount, 0.0f);
    statementFeatures(nest, s, touchers, rows.data() + offset);
  }
  return nest.statements.size();
}
