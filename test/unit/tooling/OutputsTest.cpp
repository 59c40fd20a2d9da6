#include "disc/tooling/outputs.h"

#include "disc/runtime_stub/npy.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <string>

namespace disc::tooling {
namespace {

TEST(OutputsTest, ParsesIreeOutputForms) {
  OutputSink print = parseOutputSink("-");
  EXPECT_EQ(print.kind, OutputSink::Kind::Print);
  OutputSink append = parseOutputSink("+o.npy");
  EXPECT_EQ(append.kind, OutputSink::Kind::Append);
  EXPECT_EQ(append.path, "o.npy");
  OutputSink write = parseOutputSink("@o.npy");
  EXPECT_EQ(write.kind, OutputSink::Kind::Write);
  EXPECT_EQ(write.path, "o.npy");
  EXPECT_EQ(parseOutputSink("plain.npy").path, "plain.npy");
}

TEST(OutputsTest, WritesAndAppendsNpy) {
  std::string path = ::testing::TempDir() + "outputs_test.npy";
  std::remove(path.c_str());
  float values[2] = {1.5f, -2};
  int64_t shape[1] = {2};
  disc_tensor tensor{"f32", 1, shape, values};
  std::string error;
  ASSERT_TRUE(writeOutput({OutputSink::Kind::Write, path}, tensor, error))
      << error;
  npy::Array array;
  ASSERT_TRUE(npy::read(path, array, error)) << error;
  EXPECT_EQ(array.shape, (std::vector<int64_t>{2}));
  EXPECT_EQ(std::memcmp(array.data(), values, sizeof(values)), 0);

  ASSERT_TRUE(writeOutput({OutputSink::Kind::Append, path}, tensor, error))
      << error;
  std::string contents;
  ASSERT_TRUE(npy::readFile(path, contents, error)) << error;
  EXPECT_EQ(contents.size(), 2 * (128 + sizeof(values)));
  std::remove(path.c_str());
}

TEST(OutputsTest, WriteErrorsNameThePath) {
  float value = 1;
  disc_tensor tensor{"f32", 0, nullptr, &value};
  std::string error;
  EXPECT_FALSE(writeOutput({OutputSink::Kind::Write, "/nonexistent/o.npy"},
                           tensor, error));
  EXPECT_EQ(error.rfind("'/nonexistent/o.npy': ", 0), 0u) << error;
}

TEST(OutputsTest, WarmsUpATenthOfTheRunsWithinBounds) {
  EXPECT_EQ(warmupRunsFor(1), 1);
  EXPECT_EQ(warmupRunsFor(25), 2);
  EXPECT_EQ(warmupRunsFor(5000), 100);
}

TEST(OutputsTest, SummarizesTimesByNearestRank) {
  TimingSummary odd = summarizeTimings({5, 1, 3});
  EXPECT_EQ(odd.min, 1);
  EXPECT_EQ(odd.median, 3);
  EXPECT_EQ(odd.p90, 5);
  TimingSummary ten = summarizeTimings({10, 9, 8, 7, 6, 5, 4, 3, 2, 1});
  EXPECT_EQ(ten.median, 5.5);
  EXPECT_EQ(ten.p90, 9);
}

} // namespace
} // namespace disc::tooling
