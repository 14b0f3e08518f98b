//===- ansor-runner.cpp - runs one compiled candidate ---------------------===//
//
// Loads a shared library produced by `ansor-compile`, calls its C interface
// (`_mlir_ciface_<func>`, one memref descriptor per input then per output)
// on deterministic random inputs, checks the outputs against a reference
// file (or writes that file), and times it as TVM does: `number` calls per
// repeat (raised until a repeat lasts `min-repeat-ms`), `repeat` repeats.
// Prints one JSON line. Runs in its own process so that a crashing or
// hanging candidate only ends this process.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <string>
#include <vector>

namespace {

enum class ElementType { F32, F64, I32, I64 };

struct Buffer {
  ElementType type;
  std::vector<int64_t> shape;
  std::vector<char> storage;
  std::vector<int64_t> descriptor;

  size_t elementSize() const {
    return type == ElementType::F64 || type == ElementType::I64 ? 8 : 4;
  }
  int64_t numElements() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }
  /// Allocates 64-byte aligned storage and the memref descriptor
  /// {allocated, aligned, offset, sizes[rank], strides[rank]}.
  void allocate() {
    storage.assign(numElements() * elementSize() + 64, 0);
    char *base = storage.data();
    char *aligned = base + (64 - reinterpret_cast<uintptr_t>(base) % 64) % 64;
    offsetBytes = aligned - base;
    descriptor.assign(3 + 2 * shape.size(), 0);
    descriptor[0] = reinterpret_cast<int64_t>(aligned);
    descriptor[1] = reinterpret_cast<int64_t>(aligned);
    int64_t stride = 1;
    for (int i = int(shape.size()) - 1; i >= 0; --i) {
      descriptor[3 + i] = shape[i];
      descriptor[3 + shape.size() + i] = stride;
      stride *= shape[i];
    }
  }
  char *data() { return storage.data() + offsetBytes; }
  const char *data() const { return storage.data() + offsetBytes; }
  double getAt(int64_t i) const {
    const char *p = data() + i * elementSize();
    switch (type) {
    case ElementType::F32:
      return *reinterpret_cast<const float *>(p);
    case ElementType::F64:
      return *reinterpret_cast<const double *>(p);
    case ElementType::I32:
      return *reinterpret_cast<const int32_t *>(p);
    case ElementType::I64:
      return double(*reinterpret_cast<const int64_t *>(p));
    }
    return 0;
  }
  void setAt(int64_t i, double v) {
    char *p = data() + i * elementSize();
    switch (type) {
    case ElementType::F32:
      *reinterpret_cast<float *>(p) = float(v);
      break;
    case ElementType::F64:
      *reinterpret_cast<double *>(p) = v;
      break;
    case ElementType::I32:
      *reinterpret_cast<int32_t *>(p) = int32_t(v);
      break;
    case ElementType::I64:
      *reinterpret_cast<int64_t *>(p) = int64_t(v);
      break;
    }
  }
  size_t offsetBytes = 0;
};

[[noreturn]] void fail(const std::string &kind, const std::string &message) {
  std::string escaped;
  for (char c : message)
    escaped += (c == '"' || c == '\\') ? std::string("\\") + c
               : c == '\n'             ? std::string("\\n")
                                       : std::string(1, c);
  std::printf("{\"ok\": false, \"error\": \"%s\", \"message\": \"%s\"}\n",
              kind.c_str(), escaped.c_str());
  std::fflush(stdout);
  std::exit(kind == "usage" ? 2 : 1);
}

/// Parses "f32:4x8,f64:16" (an empty rank is written "f32:").
std::vector<Buffer> parseBuffers(const std::string &spec) {
  std::vector<Buffer> buffers;
  size_t pos = 0;
  while (pos < spec.size()) {
    size_t end = spec.find(',', pos);
    std::string item = spec.substr(
        pos, end == std::string::npos ? std::string::npos : end - pos);
    pos = end == std::string::npos ? spec.size() : end + 1;
    size_t colon = item.find(':');
    if (colon == std::string::npos)
      fail("usage", "malformed buffer spec '" + item + "'");
    Buffer b;
    std::string type = item.substr(0, colon);
    if (type == "f32")
      b.type = ElementType::F32;
    else if (type == "f64")
      b.type = ElementType::F64;
    else if (type == "i32")
      b.type = ElementType::I32;
    else if (type == "i64")
      b.type = ElementType::I64;
    else
      fail("usage", "unsupported element type '" + type + "'");
    std::string dims = item.substr(colon + 1);
    size_t p = 0;
    while (p < dims.size()) {
      size_t x = dims.find('x', p);
      std::string d =
          dims.substr(p, x == std::string::npos ? std::string::npos : x - p);
      char *endp = nullptr;
      long long v = std::strtoll(d.c_str(), &endp, 10);
      if (d.empty() || *endp || v <= 0)
        fail("usage", "malformed dimension '" + d + "' in '" + item + "'");
      b.shape.push_back(v);
      p = x == std::string::npos ? dims.size() : x + 1;
    }
    buffers.push_back(std::move(b));
  }
  return buffers;
}

/// Deterministic inputs in [-1, 1] (small integers for integer types).
void fillRandom(Buffer &b, uint64_t seed) {
  uint64_t state = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  for (int64_t i = 0, e = b.numElements(); i < e; ++i) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    double unit = double(state >> 11) / double(1ULL << 53);
    bool isInt = b.type == ElementType::I32 || b.type == ElementType::I64;
    b.setAt(i, isInt ? std::floor(unit * 7) - 3 : 2 * unit - 1);
  }
}

void call(void *fn, std::vector<Buffer> &args) {
  std::vector<void *> p;
  for (Buffer &b : args)
    p.push_back(b.descriptor.data());
  switch (p.size()) {
  case 1:
    reinterpret_cast<void (*)(void *)>(fn)(p[0]);
    return;
  case 2:
    reinterpret_cast<void (*)(void *, void *)>(fn)(p[0], p[1]);
    return;
  case 3:
    reinterpret_cast<void (*)(void *, void *, void *)>(fn)(p[0], p[1], p[2]);
    return;
  case 4:
    reinterpret_cast<void (*)(void *, void *, void *, void *)>(fn)(p[0], p[1],
                                                                   p[2], p[3]);
    return;
  case 5:
    reinterpret_cast<void (*)(void *, void *, void *, void *, void *)>(fn)(
        p[0], p[1], p[2], p[3], p[4]);
    return;
  case 6:
    reinterpret_cast<void (*)(void *, void *, void *, void *, void *, void *)>(
        fn)(p[0], p[1], p[2], p[3], p[4], p[5]);
    return;
  case 7:
    reinterpret_cast<void (*)(void *, void *, void *, void *, void *, void *,
                              void *)>(fn)(p[0], p[1], p[2], p[3], p[4], p[5],
                                           p[6]);
    return;
  case 8:
    reinterpret_cast<void (*)(void *, void *, void *, void *, void *, void *,
                              void *, void *)>(fn)(p[0], p[1], p[2], p[3], p[4],
                                                   p[5], p[6], p[7]);
    return;
  default:
    fail("usage", "kernels with " + std::to_string(p.size()) +
                      " arguments are not supported (at most 8)");
  }
}

double seconds(std::chrono::steady_clock::time_point a,
               std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

} // namespace

int main(int argc, char **argv) {
  std::string lib, func, inputs, outputs, writeRef, checkRef, inject;
  uint64_t seed = 1;
  int number = 0, repeat = 3, minRepeatMs = 100;
  double rtol = 1e-3, atol = 1e-4, maxSeconds = 0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc)
        fail("usage", "missing value after " + a);
      return argv[++i];
    };
    if (a == "--lib")
      lib = value();
    else if (a == "--func")
      func = value();
    else if (a == "--inputs")
      inputs = value();
    else if (a == "--outputs")
      outputs = value();
    else if (a == "--write-ref")
      writeRef = value();
    else if (a == "--check-ref")
      checkRef = value();
    else if (a == "--seed")
      seed = std::strtoull(value().c_str(), nullptr, 10);
    else if (a == "--number")
      number = std::atoi(value().c_str());
    else if (a == "--repeat")
      repeat = std::max(1, std::atoi(value().c_str()));
    else if (a == "--min-repeat-ms")
      minRepeatMs = std::atoi(value().c_str());
    else if (a == "--rtol")
      rtol = std::atof(value().c_str());
    else if (a == "--atol")
      atol = std::atof(value().c_str());
    else if (a == "--inject")
      inject = value();
    else if (a == "--max-seconds")
      maxSeconds = std::atof(value().c_str());
    else
      fail("usage", "unknown option " + a);
  }
  if (lib.empty() || func.empty() || outputs.empty())
    fail("usage", "usage: ansor-runner --lib X.so --func NAME --inputs SPEC "
                  "--outputs SPEC [--write-ref F | --check-ref F]");

  std::vector<Buffer> args = parseBuffers(inputs);
  size_t numInputs = args.size();
  for (Buffer &b : parseBuffers(outputs))
    args.push_back(std::move(b));
  for (size_t i = 0; i < args.size(); ++i) {
    args[i].allocate();
    if (i < numInputs)
      fillRandom(args[i], seed + i);
  }

  void *handle = dlopen(lib.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    fail("runtime", std::string("cannot load library: ") + dlerror());
  std::string symbol = "_mlir_ciface_" + func;
  void *fn = dlsym(handle, symbol.c_str());
  if (!fn)
    fail("runtime", "library has no symbol " + symbol);

  // Test hooks: a candidate that crashes, hangs or computes a wrong value.
  if (inject == "crash")
    std::raise(SIGSEGV);
  if (inject == "hang")
    for (volatile bool forever = true; forever;)
      ;

  auto start = std::chrono::steady_clock::now();
  call(fn, args);
  double once = seconds(start, std::chrono::steady_clock::now());
  if (inject == "wrong")
    args.back().setAt(0, args.back().getAt(0) + 1.0);

  double maxAbs = 0, maxRef = 0;
  if (!writeRef.empty()) {
    std::ofstream out(writeRef, std::ios::binary);
    for (size_t i = numInputs; i < args.size(); ++i)
      out.write(args[i].data(), args[i].numElements() * args[i].elementSize());
    if (!out)
      fail("runtime", "cannot write reference output " + writeRef);
  }
  if (!checkRef.empty()) {
    std::ifstream in(checkRef, std::ios::binary);
    if (!in)
      fail("runtime", "cannot read reference output " + checkRef);
    for (size_t i = numInputs; i < args.size(); ++i) {
      Buffer ref = args[i];
      ref.allocate();
      in.read(ref.data(), ref.numElements() * ref.elementSize());
      if (!in)
        fail("runtime", "reference output " + checkRef + " is too short");
      // The absolute tolerance scales with this output's magnitude.
      maxRef = 0;
      for (int64_t k = 0, e = ref.numElements(); k < e; ++k)
        maxRef = std::max(maxRef, std::fabs(ref.getAt(k)));
      for (int64_t k = 0, e = ref.numElements(); k < e; ++k) {
        double want = ref.getAt(k), got = args[i].getAt(k);
        double err = std::fabs(got - want);
        maxAbs = std::max(maxAbs, std::isnan(err) ? INFINITY : err);
        if (!(err <= atol * std::max(1.0, maxRef) + rtol * std::fabs(want)))
          fail("wrong_result", "output " + std::to_string(i - numInputs) +
                                   " element " + std::to_string(k) + " is " +
                                   std::to_string(got) + ", expected " +
                                   std::to_string(want));
      }
    }
  }

  // A verified candidate already slower than `max-seconds` (the untuned
  // lowering) cannot be the best: its one call is its cost.
  if (maxSeconds > 0 && once > maxSeconds) {
    std::printf("{\"ok\": true, \"number\": 1, \"costs\": [%.9g], "
                "\"max_abs_err\": %.6g, \"verified\": %s, \"cut\": true}\n",
                once, maxAbs, checkRef.empty() ? "false" : "true");
    return 0;
  }
  // Calls per repeat: enough for one repeat to last min-repeat-ms.
  if (number <= 0)
    number = std::max(
        1, int(std::ceil(minRepeatMs / 1000.0 / std::max(once, 1e-7))));
  std::vector<double> costs;
  for (int r = 0; r < repeat; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    for (int n = 0; n < number; ++n)
      call(fn, args);
    costs.push_back(seconds(t0, std::chrono::steady_clock::now()) / number);
  }
  std::printf("{\"ok\": true, \"number\": %d, \"costs\": [", number);
  for (size_t i = 0; i < costs.size(); ++i)
    std::printf("%s%.9g", i ? ", " : "", costs[i]);
  std::printf("], \"max_abs_err\": %.6g, \"verified\": %s}\n", maxAbs,
              checkRef.empty() ? "false" : "true");
  return 0;
}
