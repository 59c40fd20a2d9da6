// Reading the device blob of a CUDA model (disc/ral/device_blob.h) and
// choosing the image a device runs.
#ifndef DISC_RAL_CUDA_DEVICE_IMAGE_H
#define DISC_RAL_CUDA_DEVICE_IMAGE_H

#include "disc/ral/device_blob.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace disc::ral::cuda {

struct DeviceImage {
  device_blob::ImageKind kind;
  uint32_t sm;
  const char *data;
  uint64_t size;
};

// The images of the blob at `blob`, which the compiled code guarantees is
// followed by its entries and images. Returns false and sets `error` when
// the header is not a device blob's.
bool readDeviceBlob(const void *blob, std::vector<DeviceImage> &images,
                    std::string &error);

// The image a device of compute capability major.minor runs best: the cubin
// of the same major version with the highest minor version not above the
// device's (a cubin runs on later minor versions), else the PTX of the
// highest version not above the device's, which the driver compiles. Null
// when none fits; `error` then lists what the blob has.
const DeviceImage *selectDeviceImage(const std::vector<DeviceImage> &images,
                                     int major, int minor, std::string &error);

} // namespace disc::ral::cuda

#endif // DISC_RAL_CUDA_DEVICE_IMAGE_H
