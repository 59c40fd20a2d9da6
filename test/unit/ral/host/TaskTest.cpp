#include "disc/ral/host/task.h"

#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <utility>

namespace disc::host {
namespace {

// Counts the live copies of a capture, to see that a Task destroys what it
// holds exactly once, moved or not.
struct Tracked {
  explicit Tracked(int *live) : live(live) { ++*live; }
  Tracked(Tracked &&other) noexcept : live(other.live) { ++*live; }
  Tracked(const Tracked &other) : live(other.live) { ++*live; }
  ~Tracked() { --*live; }
  int *live;
};

TEST(Task, RunsASmallCallableKeptInline) {
  int result = 0;
  Task task([&result, value = 41] { result = value + 1; });
  ASSERT_TRUE(task);
  task();
  EXPECT_EQ(result, 42);
}

TEST(Task, RunsACallableTooLargeToKeepInline) {
  std::array<int, 64> values{};
  values[63] = 7;
  int result = 0;
  Task task([&result, values] { result = values[63]; });
  task();
  EXPECT_EQ(result, 7);
}

TEST(Task, TakesMoveOnlyCaptures) {
  auto owned = std::make_unique<int>(5);
  int result = 0;
  Task task([&result, owned = std::move(owned)] { result = *owned; });
  Task moved = std::move(task);
  EXPECT_FALSE(task);
  moved();
  EXPECT_EQ(result, 5);
}

TEST(Task, DestroysItsCaptureOnceWhetherInlineOrOnTheHeap) {
  int live = 0;
  {
    Task small([tracked = Tracked(&live)] {});
    std::array<char, 128> padding{};
    Task large([tracked = Tracked(&live), padding] {});
    EXPECT_EQ(live, 2);
    Task movedSmall = std::move(small);
    Task movedLarge = std::move(large);
    EXPECT_EQ(live, 2);
    movedSmall = nullptr;
    EXPECT_EQ(live, 1);
    movedLarge = std::move(movedSmall);
    EXPECT_EQ(live, 0);
    EXPECT_FALSE(movedLarge);
  }
  EXPECT_EQ(live, 0);
}

} // namespace
} // namespace disc::host
