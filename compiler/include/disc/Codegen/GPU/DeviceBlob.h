//===- DeviceBlob.h - The device code blob of a CUDA model ------*- C++ -*-===//
//
// Encodes and decodes the blob layout of disc/ral/device_blob.h: the PTX and
// cubins of one GPU module, which a CUDA model carries in its .disc_gpu
// section.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_CODEGEN_GPU_DEVICEBLOB_H
#define DISC_CODEGEN_GPU_DEVICEBLOB_H

#include "disc/ral/device_blob.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir {
namespace disc {

/// The section of the model .so holding every device blob.
constexpr llvm::StringLiteral kDeviceBlobSection = ".disc_gpu";

struct DeviceImage {
  ::disc::ral::device_blob::ImageKind kind;
  /// The SM version, e.g. 90 for sm_90.
  uint32_t sm;
  /// PTX text (without the terminating NUL) or a cubin.
  std::string data;
};

/// The blob holding `images`; PTX images get their terminating NUL.
std::string encodeDeviceBlob(ArrayRef<DeviceImage> images);

/// The images of `blob`, or nullopt when it is not a well-formed blob.
std::optional<SmallVector<DeviceImage>> decodeDeviceBlob(StringRef blob);

/// The SM version a chip name such as "sm_90" or "sm_90a" names.
std::optional<uint32_t> parseSmVersion(StringRef chip);

} // namespace disc
} // namespace mlir

#endif // DISC_CODEGEN_GPU_DEVICEBLOB_H
