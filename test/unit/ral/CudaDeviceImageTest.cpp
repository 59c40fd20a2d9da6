#include "disc/ral/api.h"
#include "disc/ral/context.h"
#include "disc/ral/cuda/device_image.h"

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace disc::ral::cuda {
namespace {

using device_blob::ImageKind;

// A blob as disc-compile lays it out: header, entries, then the images.
std::vector<char>
makeBlob(const std::vector<std::pair<ImageKind, uint32_t>> &images,
         const std::vector<std::string> &data) {
  std::vector<char> blob(sizeof(device_blob::Header) +
                         images.size() * sizeof(device_blob::Entry));
  device_blob::Header header{};
  std::memcpy(header.magic, device_blob::kMagic, sizeof(header.magic));
  header.numEntries = static_cast<uint32_t>(images.size());
  std::memcpy(blob.data(), &header, sizeof(header));
  for (size_t i = 0; i < images.size(); ++i) {
    device_blob::Entry entry{images[i].first, images[i].second, blob.size(),
                             data[i].size() + 1};
    std::memcpy(blob.data() + sizeof(header) + i * sizeof(entry), &entry,
                sizeof(entry));
    blob.insert(blob.end(), data[i].begin(), data[i].end());
    blob.push_back('\0');
  }
  return blob;
}

TEST(DeviceImage, ReadsEveryImageOfABlob) {
  std::vector<char> blob = makeBlob(
      {{ImageKind::Ptx, 80}, {ImageKind::Cubin, 90}}, {"ptx80", "cubin90"});
  std::vector<DeviceImage> images;
  std::string error;
  ASSERT_TRUE(readDeviceBlob(blob.data(), images, error)) << error;
  ASSERT_EQ(images.size(), 2u);
  EXPECT_EQ(images[0].kind, ImageKind::Ptx);
  EXPECT_EQ(images[0].sm, 80u);
  EXPECT_STREQ(images[0].data, "ptx80");
  EXPECT_EQ(images[1].kind, ImageKind::Cubin);
  EXPECT_EQ(images[1].sm, 90u);
  EXPECT_STREQ(images[1].data, "cubin90");
}

TEST(DeviceImage, RejectsWhatIsNotABlob) {
  char notABlob[32] = "not a device blob";
  std::vector<DeviceImage> images;
  std::string error;
  EXPECT_FALSE(readDeviceBlob(notABlob, images, error));
  EXPECT_EQ(error, "the device code of the model is not a disc device blob");
}

const std::vector<DeviceImage> kImages = {
    {ImageKind::Ptx, 80, "ptx80", 6},   {ImageKind::Cubin, 80, "bin80", 6},
    {ImageKind::Ptx, 90, "ptx90", 6},   {ImageKind::Cubin, 90, "bin90", 6},
    {ImageKind::Cubin, 86, "bin86", 6},
};

std::string pick(int major, int minor) {
  std::string error;
  const DeviceImage *image = selectDeviceImage(kImages, major, minor, error);
  return image ? image->data : error;
}

TEST(DeviceImage, PicksTheCubinOfTheDevice) {
  EXPECT_EQ(pick(8, 0), "bin80");
  EXPECT_EQ(pick(9, 0), "bin90");
  EXPECT_EQ(pick(8, 6), "bin86");
}

TEST(DeviceImage, ACubinRunsOnLaterMinorVersionsOfItsMajor) {
  EXPECT_EQ(pick(8, 9), "bin86");
}

TEST(DeviceImage, FallsBackToTheNewestPtxTheDeviceCanRun) {
  // sm_100 runs no sm_90 cubin, but the driver compiles the sm_90 PTX.
  EXPECT_EQ(pick(10, 0), "ptx90");
  EXPECT_EQ(pick(12, 0), "ptx90");
}

TEST(DeviceImage, SaysWhatTheModelHasWhenNothingFits) {
  EXPECT_EQ(pick(7, 5),
            "the model has no device code for compute capability 7.5; it was "
            "compiled for ptx sm_80, cubin sm_80, ptx sm_90, cubin sm_90, "
            "cubin sm_86 (compile it with --cuda-arch=sm_75)");
}

bool hasCudaDriver() {
  void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (library)
    dlclose(library);
  return library != nullptr;
}

TEST(CudaApis, FailTheRunWithTheReasonWithoutADriver) {
  if (hasCudaDriver())
    GTEST_SKIP() << "this machine has an NVIDIA driver";
  Context context;
  ExecutionContext run(&context, {}, 0);
  void *runPointer = &run;
  int64_t bytes = 64;
  void *result = nullptr;
  void *args[] = {&runPointer, &bytes, &result};
  EXPECT_EQ(
      disc_ral_api_call(&run, "ral_alloc___gpu___pvoid_i64___pvoid", args), 1);
  EXPECT_EQ(result, nullptr);
  EXPECT_EQ(run.errorMessage().rfind("ral_alloc: CUDA is not available: "
                                     "cannot load libcuda.so.1 (",
                                     0),
            0u)
      << run.errorMessage();
}

// ral_copy_to_host___gpu___pvoid_pvoid_pvoid_i64___void; returns the run's
// error message.
std::string copyToHost(void *destination, void *source, int64_t bytes) {
  Context context;
  ExecutionContext run(&context, {}, 0);
  void *runPointer = &run;
  void *args[] = {&runPointer, &destination, &source, &bytes};
  EXPECT_EQ(
      disc_ral_api_call(
          &run, "ral_copy_to_host___gpu___pvoid_pvoid_pvoid_i64___void", args),
      bytes == 0 ? 0 : 1);
  return run.errorMessage();
}

TEST(CudaApis, CopyToHostChecksItsArguments) {
  float value = 0;
  EXPECT_EQ(copyToHost(&value, &value, -4),
            "ral_copy_to_host: negative size -4");
  EXPECT_EQ(copyToHost(nullptr, &value, 4),
            "ral_copy_to_host: a null buffer for 4 bytes");
  EXPECT_EQ(copyToHost(nullptr, nullptr, 0), "");
}

TEST(CudaApis, CopyToHostFailsTheRunWithoutADriver) {
  if (hasCudaDriver())
    GTEST_SKIP() << "this machine has an NVIDIA driver";
  float value = 0;
  std::string message = copyToHost(&value, &value, 4);
  EXPECT_EQ(message.rfind("ral_copy_to_host: CUDA is not available: ", 0), 0u)
      << message;
}

} // namespace
} // namespace disc::ral::cuda
