//===- DeviceBlob.cpp - The device code blob of a CUDA model --------------===//

#include "disc/Codegen/GPU/DeviceBlob.h"

#include "llvm/Support/Alignment.h"
#include "llvm/Support/Endian.h"

#include <cstring>

using namespace mlir;
using namespace mlir::disc;
namespace blob = ::disc::ral::device_blob;

namespace {

void appendU32(std::string &out, uint32_t value) {
  char bytes[4];
  llvm::support::endian::write32le(bytes, value);
  out.append(bytes, 4);
}

void appendU64(std::string &out, uint64_t value) {
  char bytes[8];
  llvm::support::endian::write64le(bytes, value);
  out.append(bytes, 8);
}

} // namespace

std::string mlir::disc::encodeDeviceBlob(ArrayRef<DeviceImage> images) {
  std::string out(blob::kMagic, sizeof(blob::kMagic));
  appendU32(out, images.size());
  appendU32(out, 0);
  uint64_t offset = sizeof(blob::Header) + images.size() * sizeof(blob::Entry);
  for (const DeviceImage &image : images) {
    uint64_t size = image.data.size();
    if (image.kind == blob::ImageKind::Ptx)
      ++size;
    appendU32(out, static_cast<uint32_t>(image.kind));
    appendU32(out, image.sm);
    appendU64(out, offset);
    appendU64(out, size);
    // Images start 8-byte aligned, as an ELF cubin expects.
    offset = llvm::alignTo(offset + size, 8);
  }
  for (const DeviceImage &image : images) {
    out += image.data;
    if (image.kind == blob::ImageKind::Ptx)
      out += '\0';
    out.resize(llvm::alignTo(out.size(), 8), '\0');
  }
  return out;
}

std::optional<SmallVector<DeviceImage>>
mlir::disc::decodeDeviceBlob(StringRef bytes) {
  if (bytes.size() < sizeof(blob::Header) ||
      std::memcmp(bytes.data(), blob::kMagic, sizeof(blob::kMagic)) != 0)
    return std::nullopt;
  const char *header = bytes.data() + sizeof(blob::kMagic);
  uint64_t count = llvm::support::endian::read32le(header);
  if ((bytes.size() - sizeof(blob::Header)) / sizeof(blob::Entry) < count)
    return std::nullopt;
  SmallVector<DeviceImage> images;
  for (uint64_t i = 0; i < count; ++i) {
    const char *entry =
        bytes.data() + sizeof(blob::Header) + i * sizeof(blob::Entry);
    uint32_t kind = llvm::support::endian::read32le(entry);
    uint32_t sm = llvm::support::endian::read32le(entry + 4);
    uint64_t offset = llvm::support::endian::read64le(entry + 8);
    uint64_t size = llvm::support::endian::read64le(entry + 16);
    if (offset > bytes.size() || size > bytes.size() - offset)
      return std::nullopt;
    if (kind != static_cast<uint32_t>(blob::ImageKind::Ptx) &&
        kind != static_cast<uint32_t>(blob::ImageKind::Cubin))
      return std::nullopt;
    StringRef data = bytes.substr(offset, size);
    auto imageKind = static_cast<blob::ImageKind>(kind);
    if (imageKind == blob::ImageKind::Ptx) {
      if (!data.ends_with(StringRef("\0", 1)))
        return std::nullopt;
      data = data.drop_back();
    }
    images.push_back({imageKind, sm, data.str()});
  }
  return images;
}

std::optional<uint32_t> mlir::disc::parseSmVersion(StringRef chip) {
  if (!chip.consume_front("sm_"))
    return std::nullopt;
  chip.consume_back("a");
  uint32_t sm;
  if (chip.getAsInteger(10, sm))
    return std::nullopt;
  return sm;
}
