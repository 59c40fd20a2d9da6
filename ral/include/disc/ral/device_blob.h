// The layout of the device code a CUDA model carries: one blob per GPU
// module, holding PTX and cubins for the architectures it was compiled for.
// disc-compile writes it, the CUDA driver of the RAL reads it (docs/ABI.md).
//
//   header:  magic "DISCGPU1", uint32 entry count, uint32 reserved (0)
//   entries: per image, uint32 kind, uint32 sm (e.g. 90 for sm_90),
//            uint64 offset, uint64 size (from the start of the blob)
//   images:  PTX text ends with a NUL (size counts it); a cubin is an ELF file
//
// All integers are little-endian; the blob starts 8-byte aligned.
#ifndef DISC_RAL_DEVICE_BLOB_H
#define DISC_RAL_DEVICE_BLOB_H

#include <cstdint>

namespace disc::ral::device_blob {

inline constexpr char kMagic[8] = {'D', 'I', 'S', 'C', 'G', 'P', 'U', '1'};

enum class ImageKind : uint32_t { Ptx = 1, Cubin = 2 };

struct Header {
  char magic[8];
  uint32_t numEntries;
  uint32_t reserved;
};

struct Entry {
  ImageKind kind;
  uint32_t sm;
  uint64_t offset;
  uint64_t size;
};

static_assert(sizeof(Header) == 16 && sizeof(Entry) == 24,
              "the blob layout is part of the model ABI");

} // namespace disc::ral::device_blob

#endif // DISC_RAL_DEVICE_BLOB_H
