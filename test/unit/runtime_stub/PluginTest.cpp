// User kernels from a plugin library: one process, so that "before the
// plugin is loaded" really is before.
#include "test_helpers.h"

#include <dlfcn.h>

#include <cmath>
#include <string>

namespace disc::test {
namespace {

TEST(Plugin, ServesTheModelAndItsErrorsDoNotStickToTheModel) {
  Model model = loadOrFail(FAKE_MODEL_OPS_PATH);
  ASSERT_TRUE(model);
  std::string error;
  runOnVector(model.get(), "checked_sum", {1, 2}, error);
  EXPECT_EQ(error, "unknown RAL API "
                   "'test_checked_sum___cpu___pvoid_m1df32___f32'");

  Status status(disc_load_plugin(TEST_KERNELS_PATH));
  ASSERT_EQ(status, nullptr) << message(status);
  status.reset(disc_load_plugin(TEST_KERNELS_PATH));
  EXPECT_EQ(status, nullptr) << "loading twice is a no-op: " << message(status);

  EXPECT_EQ(runOnVector(model.get(), "checked_sum", {1, 2, 3.5f}, error),
            std::vector<float>{6.5f});
  EXPECT_EQ(error, "");
  // The kernel reports an error: the run fails with its message...
  EXPECT_TRUE(
      runOnVector(model.get(), "checked_sum", {1, -2, 3}, error).empty());
  EXPECT_EQ(error, "test_checked_sum: element 1 is negative (-2.000000)");
  // ...and the same model runs the next valid input.
  EXPECT_EQ(runOnVector(model.get(), "checked_sum", {4, 5}, error),
            std::vector<float>{9});
  EXPECT_EQ(error, "");
}

TEST(Plugin, BadLibrariesAreErrors) {
  Status status(disc_load_plugin("/nonexistent/libmine.so"));
  EXPECT_EQ(message(status),
            "cannot open plugin '/nonexistent/libmine.so': No such file or "
            "directory");
  status.reset(disc_load_plugin(FAKE_MODEL_OPS_PATH));
  EXPECT_EQ(message(status),
            std::string("plugin '") + FAKE_MODEL_OPS_PATH +
                "' registered no new RAL API: it has no TAO_RAL_API "
                "registration, or its names are already taken");
  status.reset(disc_load_plugin(NOT_A_LIBRARY_PATH));
  std::string text = message(status);
  EXPECT_EQ(text.rfind(std::string("cannot load plugin '") +
                           NOT_A_LIBRARY_PATH + "': ",
                       0),
            0u)
      << text;
}

// A library the process had loaded already (libm, which libstdc++ needs)
// registers no kernel when loaded as a plugin.
TEST(Plugin, ALibraryLoadedBeforeIsNotAPlugin) {
  Dl_info info;
  ASSERT_NE(
      dladdr(reinterpret_cast<void *>(static_cast<double (*)(double)>(&::cos)),
             &info),
      0);
  std::string libm = info.dli_fname;
  Status status(disc_load_plugin(libm.c_str()));
  EXPECT_EQ(message(status), "plugin '" + libm +
                                 "' registered no new RAL API: the process "
                                 "had loaded it already, not as a plugin");
}

} // namespace
} // namespace disc::test
