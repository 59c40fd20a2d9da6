#include "disc/tooling/outputs.h"

#include "disc/runtime_stub/npy.h"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

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
  ASSERT_TRUE(writeOutputs({{OutputSink::Kind::Write, path}}, {&tensor}, error))
      << error;
  npy::Array array;
  ASSERT_TRUE(npy::read(path, array, error)) << error;
  EXPECT_EQ(array.shape, (std::vector<int64_t>{2}));
  EXPECT_EQ(std::memcmp(array.data(), values, sizeof(values)), 0);

  ASSERT_TRUE(
      writeOutputs({{OutputSink::Kind::Append, path}}, {&tensor}, error))
      << error;
  std::string contents;
  ASSERT_TRUE(npy::readFile(path, contents, error)) << error;
  EXPECT_EQ(contents.size(), 2 * (128 + sizeof(values)));
  std::remove(path.c_str());
}

// A written path ending in .bin gets the raw bytes: the form of the types
// numpy has no dtype for, which .npy refuses naming the way out.
TEST(OutputsTest, WritesRawBinFiles) {
  std::string path = ::testing::TempDir() + "outputs_test.bin";
  std::remove(path.c_str());
  EXPECT_TRUE(isRawOutputPath(path));
  EXPECT_FALSE(isRawOutputPath("o.npy"));
  EXPECT_FALSE(isRawOutputPath("bin"));
  uint8_t values[3] = {0x38, 0x7e, 0x0f};
  int64_t shape[1] = {3};
  disc_tensor tensor{"f8E4M3FN", 1, shape, values};
  std::string error;
  ASSERT_TRUE(writeOutputs({{OutputSink::Kind::Write, path}}, {&tensor}, error))
      << error;
  std::string contents;
  ASSERT_TRUE(npy::readFile(path, contents, error)) << error;
  EXPECT_EQ(contents, std::string("\x38\x7e\x0f", 3));
  std::remove(path.c_str());
  std::string npyPath = ::testing::TempDir() + "outputs_test_f8.npy";
  EXPECT_FALSE(
      writeOutputs({{OutputSink::Kind::Write, npyPath}}, {&tensor}, error));
  EXPECT_NE(error.find("write it raw to a .bin file"), std::string::npos)
      << error;
}

TEST(OutputsTest, WriteErrorsNameThePath) {
  float value = 1;
  disc_tensor tensor{"f32", 0, nullptr, &value};
  std::string error;
  EXPECT_FALSE(writeOutputs({{OutputSink::Kind::Write, "/nonexistent/o.npy"}},
                            {&tensor}, error));
  EXPECT_EQ(error.rfind("'/nonexistent/o.npy': ", 0), 0u) << error;
}

// Several outputs land together or not at all: one that cannot be written
// leaves every other file as it was, appended ones included.
TEST(OutputsTest, WritesAllOutputsOrNone) {
  std::string folder = ::testing::TempDir() + "outputs_all_or_none/";
  std::string kept = folder + "kept.npy", fresh = folder + "fresh.npy",
              appended = folder + "appended.npy";
  ::mkdir(folder.c_str(), 0777);
  std::ofstream(kept) << "not replaced";
  std::ofstream(appended) << "not appended to";
  std::remove(fresh.c_str());
  float value = 1;
  disc_tensor tensor{"f32", 0, nullptr, &value};
  std::vector<const disc_tensor *> tensors(5, &tensor);
  auto contents = [](const std::string &path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  for (OutputSink bad :
       {OutputSink{OutputSink::Kind::Write, "/nonexistent/o.npy"},
        OutputSink{OutputSink::Kind::Append, "/nonexistent/o.npy"}}) {
    SCOPED_TRACE(static_cast<int>(bad.kind));
    std::string error;
    EXPECT_FALSE(writeOutputs({{OutputSink::Kind::Write, kept},
                               {OutputSink::Kind::Print, ""},
                               {OutputSink::Kind::Append, appended},
                               {OutputSink::Kind::Write, fresh},
                               bad},
                              tensors, error));
    EXPECT_EQ(error.rfind("'/nonexistent/o.npy': ", 0), 0u) << error;
    EXPECT_EQ(contents(kept), "not replaced");
    EXPECT_EQ(contents(appended), "not appended to");
    EXPECT_FALSE(std::ifstream(fresh).good());
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(folder),
                            std::filesystem::directory_iterator()),
              2)
        << "a temporary file was left behind";
  }

  std::string error;
  ASSERT_TRUE(writeOutputs(
      {{OutputSink::Kind::Write, kept}, {OutputSink::Kind::Write, fresh}},
      tensors, error))
      << error;
  npy::Array array;
  EXPECT_TRUE(npy::read(kept, array, error)) << error;
  EXPECT_TRUE(npy::read(fresh, array, error)) << error;
  std::filesystem::remove_all(folder);
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
