#include "disc/ral/cuda/device_image.h"

#include <cstring>

namespace disc::ral::cuda {

bool readDeviceBlob(const void *blob, std::vector<DeviceImage> &images,
                    std::string &error) {
  if (!blob) {
    error = "the kernel launch has no device code";
    return false;
  }
  const char *bytes = static_cast<const char *>(blob);
  device_blob::Header header;
  std::memcpy(&header, bytes, sizeof(header));
  if (std::memcmp(header.magic, device_blob::kMagic,
                  sizeof(device_blob::kMagic)) != 0) {
    error = "the device code of the model is not a disc device blob";
    return false;
  }
  images.clear();
  for (uint32_t i = 0; i < header.numEntries; ++i) {
    device_blob::Entry entry;
    std::memcpy(&entry,
                bytes + sizeof(device_blob::Header) +
                    i * sizeof(device_blob::Entry),
                sizeof(entry));
    images.push_back(
        DeviceImage{entry.kind, entry.sm, bytes + entry.offset, entry.size});
  }
  return true;
}

const DeviceImage *selectDeviceImage(const std::vector<DeviceImage> &images,
                                     int major, int minor, std::string &error) {
  const uint32_t device = static_cast<uint32_t>(major * 10 + minor);
  const DeviceImage *cubin = nullptr;
  const DeviceImage *ptx = nullptr;
  for (const DeviceImage &image : images) {
    if (image.sm > device)
      continue;
    if (image.kind == device_blob::ImageKind::Cubin &&
        image.sm / 10 == static_cast<uint32_t>(major) &&
        (!cubin || image.sm > cubin->sm))
      cubin = &image;
    if (image.kind == device_blob::ImageKind::Ptx &&
        (!ptx || image.sm > ptx->sm))
      ptx = &image;
  }
  if (cubin)
    return cubin;
  if (ptx)
    return ptx;
  error = "the model has no device code for compute capability " +
          std::to_string(major) + "." + std::to_string(minor) +
          "; it was compiled for";
  if (images.empty())
    error += " nothing";
  for (size_t i = 0; i < images.size(); ++i) {
    error += i ? ", " : " ";
    error +=
        images[i].kind == device_blob::ImageKind::Ptx ? "ptx sm_" : "cubin sm_";
    error += std::to_string(images[i].sm);
  }
  error += " (compile it with --cuda-arch=sm_" + std::to_string(device) + ")";
  return nullptr;
}

} // namespace disc::ral::cuda
