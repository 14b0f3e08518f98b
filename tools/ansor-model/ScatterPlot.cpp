//===- ScatterPlot.cpp - predicted vs measured, as a PNG ------------------===//
//
// A minimal PNG encoder (8-bit RGB, one IDAT chunk compressed by zlib): no
// image library is among the packages the project installs.
//
//===----------------------------------------------------------------------===//

#include "ScatterPlot.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cstdint>
#include <vector>
#include <zlib.h>

namespace {
constexpr int kSize = 512;
constexpr int kMargin = 32;

struct Image {
  std::vector<uint8_t> rgb = std::vector<uint8_t>(kSize * kSize * 3, 255);
  void set(int x, int y, uint8_t r, uint8_t g, uint8_t b) {
    if (x < 0 || y < 0 || x >= kSize || y >= kSize)
      return;
    uint8_t *p = &rgb[(y * kSize + x) * 3];
    p[0] = r, p[1] = g, p[2] = b;
  }
};
} // namespace

static void appendChunk(std::string &png, const char *type,
                        const std::string &data) {
  auto put32 = [&](uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8)
      png.push_back(char((v >> shift) & 0xff));
  };
  put32(data.size());
  std::string body = std::string(type, 4) + data;
  png += body;
  put32(crc32(0, reinterpret_cast<const Bytef *>(body.data()), body.size()));
}

bool writeScatterPlot(llvm::StringRef path, llvm::ArrayRef<double> measured,
                      llvm::ArrayRef<double> predicted, std::string &error) {
  Image image;
  int span = kSize - 2 * kMargin;
  auto toPixel = [&](double v) {
    return kMargin + int(std::clamp(v, 0.0, 1.0) * (span - 1));
  };
  // Axes and the diagonal, in grey.
  for (int i = 0; i < span; ++i) {
    image.set(kMargin + i, kSize - kMargin, 128, 128, 128);
    image.set(kMargin - 1, kSize - kMargin - 1 - i, 128, 128, 128);
    image.set(kMargin + i, kSize - kMargin - 1 - i, 200, 200, 200);
  }
  for (size_t i = 0; i < measured.size() && i < predicted.size(); ++i) {
    int x = toPixel(measured[i]), y = kSize - 1 - toPixel(predicted[i]);
    for (int dx = -1; dx <= 1; ++dx)
      for (int dy = -1; dy <= 1; ++dy)
        image.set(x + dx, y + dy, 31, 119, 180);
  }
  std::string raw;
  for (int y = 0; y < kSize; ++y) {
    raw.push_back(0); // no filter
    raw.append(reinterpret_cast<const char *>(&image.rgb[y * kSize * 3]),
               kSize * 3);
  }
  uLongf length = compressBound(raw.size());
  std::string compressed(length, '\0');
  if (compress2(reinterpret_cast<Bytef *>(compressed.data()), &length,
                reinterpret_cast<const Bytef *>(raw.data()), raw.size(),
                Z_BEST_COMPRESSION) != Z_OK) {
    error = "compressing the plot failed";
    return false;
  }
  compressed.resize(length);
  std::string png = "\x89PNG\r\n\x1a\n";
  std::string header;
  for (uint32_t v : {uint32_t(kSize), uint32_t(kSize)})
    for (int shift = 24; shift >= 0; shift -= 8)
      header.push_back(char((v >> shift) & 0xff));
  header += std::string("\x08\x02\x00\x00\x00", 5); // 8-bit RGB
  appendChunk(png, "IHDR", header);
  appendChunk(png, "IDAT", compressed);
  appendChunk(png, "IEND", "");
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec) {
    error = "cannot write '" + path.str() + "': " + ec.message();
    return false;
  }
  os << png;
  return true;
}
