#include "disc/ral/context.h"
#include "disc/ral/cuda/stream_binding.h"

#include <gtest/gtest.h>

namespace disc::ral::cuda {
namespace {

// The GPU opens on the stream set last; once it is open, the stream stays.
// An open that fails leaves it settable. Each call finds the context's one
// binding.
TEST(Context, TheCudaStreamIsFixedOnceTheGpuOpens) {
  Context context;
  int first = 0, second = 0;
  EXPECT_TRUE(streamBinding(context).set(&first));
  EXPECT_FALSE(streamBinding(context).open([&](void *stream) {
    EXPECT_EQ(stream, &first);
    return false;
  }));
  EXPECT_TRUE(streamBinding(context).set(&second));
  void *opened = nullptr;
  EXPECT_TRUE(streamBinding(context).open([&](void *stream) {
    opened = stream;
    return true;
  }));
  EXPECT_EQ(opened, &second);
  EXPECT_FALSE(streamBinding(context).set(&first));
}

} // namespace
} // namespace disc::ral::cuda
