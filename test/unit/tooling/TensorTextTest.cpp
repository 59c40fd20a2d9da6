#include "disc/tooling/tensor_text.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace disc::tooling {
namespace {

using ral::DType;

template <typename T> std::vector<T> valuesOf(const npy::Array &array) {
  std::vector<T> values(array.bytes / sizeof(T));
  std::memcpy(values.data(), array.data(), array.bytes);
  return values;
}

std::string parseError(const std::string &spec) {
  npy::Array array;
  std::string error;
  EXPECT_FALSE(parseTypedTensor(spec, array, error)) << spec;
  return error;
}

TEST(TensorTextTest, ParsesInlineFloats) {
  npy::Array array;
  std::string error;
  ASSERT_TRUE(parseTypedTensor("2x3xf32=1 2 3 4 5 -6.5", array, error))
      << error;
  EXPECT_EQ(array.dtype, DType::f32);
  EXPECT_EQ(array.shape, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(array.bytes, 24u);
  EXPECT_EQ(valuesOf<float>(array), (std::vector<float>{1, 2, 3, 4, 5, -6.5f}));
}

TEST(TensorTextTest, ParsesAndFormatsComplexNumbersAsNumpyPrintsThem) {
  npy::Array array;
  std::string error;
  ASSERT_TRUE(parseTypedTensor("4xc64=1.5-2j 3 2j -1e-3+4.25j", array, error))
      << error;
  EXPECT_EQ(array.dtype, DType::c64);
  EXPECT_EQ(array.bytes, 32u);
  EXPECT_EQ(valuesOf<float>(array),
            (std::vector<float>{1.5f, -2, 3, 0, 0, 2, -1e-3f, 4.25f}));
  int64_t shape[1] = {4};
  EXPECT_EQ(formatTensor({"c64", 1, shape, array.data()}),
            "4xc64=1.5-2j 3+0j 0+2j -0.001+4.25j");
  ASSERT_TRUE(parseTypedTensor("c128=0.1+0.2j", array, error)) << error;
  EXPECT_EQ(valuesOf<double>(array), (std::vector<double>{0.1, 0.2}));
  EXPECT_EQ(formatTensor({"c128", 0, nullptr, array.data()}), "c128=0.1+0.2j");
  for (const char *bad : {"1+2", "1j+2", "j", "1+2jj", "1+-2j"}) {
    EXPECT_FALSE(parseTypedTensor(std::string("c64=") + bad, array, error));
    EXPECT_EQ(error, std::string("'c64=") + bad + "': '" + bad +
                         "' is not a complex number (1.5-2j)");
  }
}

TEST(TensorTextTest, IgnoresBracketsAndCommas) {
  npy::Array array;
  std::string error;
  ASSERT_TRUE(parseTypedTensor("2x2xi32=[1, 2][3,4]", array, error)) << error;
  EXPECT_EQ(valuesOf<int32_t>(array), (std::vector<int32_t>{1, 2, 3, 4}));
}

TEST(TensorTextTest, ParsesScalarsAndEmptyTensors) {
  npy::Array scalar, empty;
  std::string error;
  ASSERT_TRUE(parseTypedTensor("f64=2.25", scalar, error)) << error;
  EXPECT_TRUE(scalar.shape.empty());
  EXPECT_EQ(valuesOf<double>(scalar), (std::vector<double>{2.25}));
  ASSERT_TRUE(parseTypedTensor("0x4xf32=", empty, error)) << error;
  EXPECT_EQ(empty.shape, (std::vector<int64_t>{0, 4}));
  EXPECT_EQ(empty.bytes, 0u);
}

TEST(TensorTextTest, ParsesIntegerLimitsAndBooleans) {
  npy::Array i8, u64, i1;
  std::string error;
  ASSERT_TRUE(parseTypedTensor("2xi8=-128 127", i8, error)) << error;
  EXPECT_EQ(valuesOf<int8_t>(i8), (std::vector<int8_t>{-128, 127}));
  ASSERT_TRUE(parseTypedTensor("2xui64=0 18446744073709551615", u64, error))
      << error;
  EXPECT_EQ(valuesOf<uint64_t>(u64),
            (std::vector<uint64_t>{0, 18446744073709551615u}));
  ASSERT_TRUE(parseTypedTensor("4xi1=true 0 1 false", i1, error)) << error;
  EXPECT_EQ(valuesOf<uint8_t>(i1), (std::vector<uint8_t>{1, 0, 1, 0}));
}

TEST(TensorTextTest, ReportsEveryErrorNamingTheText) {
  EXPECT_EQ(parseError("2xq8=1 2"), "'2xq8=1 2': unknown dtype 'q8'");
  EXPECT_EQ(parseError("2x-1xf32="), "'2x-1xf32=': bad dimension '-1'");
  EXPECT_EQ(parseError("xf32=1"), "'xf32=1': bad dimension ''");
  EXPECT_EQ(parseError("2xf32=1 2 3"),
            "'2xf32=1 2 3': expected 2 values, got 3");
  EXPECT_EQ(parseError("2xf32=1 x"), "'2xf32=1 x': 'x' is not a number");
  EXPECT_EQ(parseError("2xi8=1 128"),
            "'2xi8=1 128': '128' is not a valid i8 value");
  EXPECT_EQ(parseError("1xui8=-1"),
            "'1xui8=-1': '-1' is not a valid ui8 value");
  EXPECT_EQ(parseError("1xi1=2"),
            "'1xi1=2': '2' is not an i1 value (0, 1, true, false)");
  EXPECT_EQ(parseError("2xf16=1 2"),
            "'2xf16=1 2': inline f16 values are not supported; use a .npy "
            "file or raw data (@file)");
  EXPECT_EQ(parseError("9223372036854775807x2xf32=1"),
            "'9223372036854775807x2xf32=1': shape 9223372036854775807x2xf32 "
            "is too large: its size in bytes does not fit in 64 bits");
}

TEST(TensorTextTest, KeepsErrorsOnOneLine) {
  EXPECT_EQ(parseError("1xf32=1\n2"), "'1xf32=1\\n2': '1\\n2' is not a number");
}

TEST(TensorTextTest, ReadsRawFiles) {
  std::string path = ::testing::TempDir() + "tensor_text_raw.bin";
  int32_t values[3] = {7, -8, 9};
  std::FILE *file = std::fopen(path.c_str(), "wb");
  ASSERT_NE(file, nullptr);
  std::fwrite(values, sizeof(values), 1, file);
  std::fclose(file);
  npy::Array array;
  std::string error;
  ASSERT_TRUE(parseTypedTensor("3xi32=@" + path, array, error)) << error;
  EXPECT_EQ(valuesOf<int32_t>(array), (std::vector<int32_t>{7, -8, 9}));
  EXPECT_FALSE(parseTypedTensor("4xi32=@" + path, array, error));
  EXPECT_NE(error.find("'" + path + "'"), std::string::npos) << error;
  std::remove(path.c_str());
}

// Sub-byte integers take a byte each, their low bits as ml_dtypes stores
// them; inline values are range-checked for their width. 8-bit floats have
// only the raw form, and print their values.
TEST(TensorTextTest, ParsesAndPrintsNarrowTypes) {
  npy::Array array;
  std::string error;
  ASSERT_TRUE(parseTypedTensor("3xi4=-8 -1 7", array, error)) << error;
  EXPECT_EQ(valuesOf<uint8_t>(array), (std::vector<uint8_t>{0x08, 0x0f, 0x07}));
  int64_t shape[1] = {3};
  EXPECT_EQ(formatTensor({"i4", 1, shape, array.data()}), "3xi4=-8 -1 7");
  EXPECT_EQ(parseError("1xi4=8"), "'1xi4=8': '8' is not a valid i4 value");
  EXPECT_EQ(parseError("1xui2=4"), "'1xui2=4': '4' is not a valid ui2 value");
  ASSERT_TRUE(parseTypedTensor("2xui4=15 0", array, error)) << error;
  EXPECT_EQ(valuesOf<uint8_t>(array), (std::vector<uint8_t>{15, 0}));
  EXPECT_EQ(parseError("1xf8E4M3FN=1"),
            "'1xf8E4M3FN=1': inline f8E4M3FN values are not supported; use "
            "raw data (@file)");
  uint8_t e4m3[3] = {0x38, 0x7e, 0xff};
  EXPECT_EQ(formatTensor({"f8E4M3FN", 1, shape, e4m3}), "3xf8E4M3FN=1 448 nan");
}

TEST(TensorTextTest, LabelsTensorsByWhereTheyCameFrom) {
  std::vector<LabeledArray> arrays;
  std::string error;
  ASSERT_TRUE(readTensors("2xf32=1 2", arrays, error)) << error;
  ASSERT_EQ(arrays.size(), 1u);
  EXPECT_EQ(arrays[0].label, "2xf32=1 2");
  EXPECT_FALSE(readTensors("@/nonexistent/x.npy", arrays, error));
  EXPECT_NE(error.find("'/nonexistent/x.npy'"), std::string::npos) << error;
}

TEST(TensorTextTest, FormatsAsIreeDoes) {
  float values[6] = {1, 2.5f, 3, 4, 5, 6};
  int64_t shape[2] = {2, 3};
  EXPECT_EQ(formatTensor({"f32", 2, shape, values}),
            "2x3xf32=[1 2.5 3][4 5 6]");
  int64_t flat[1] = {3};
  EXPECT_EQ(formatTensor({"f32", 1, flat, values}), "3xf32=1 2.5 3");
  int64_t big = -9223372036854775807 - 1;
  EXPECT_EQ(formatTensor({"i64", 0, nullptr, &big}),
            "i64=-9223372036854775808");
  int64_t empty[3] = {int64_t(1) << 40, 0, 3};
  EXPECT_EQ(formatTensor({"f32", 3, empty, nullptr}), "1099511627776x0x3xf32=");
  double third = 1.0 / 3;
  EXPECT_EQ(formatTensor({"f64", 0, nullptr, &third}), "f64=0.333333333333333");
}

TEST(TensorTextTest, FormatsShapesAndIndices) {
  int64_t shape[3] = {2, -1, 4};
  EXPECT_EQ(shapeText(shape, 3, "bf16"), "2x?x4xbf16");
  EXPECT_EQ(shapeText(nullptr, 0, "i1"), "i1");
  int64_t dims[3] = {2, 3, 4};
  EXPECT_EQ(formatIndex(23, dims, 3), "[1, 2, 3]");
  EXPECT_EQ(formatIndex(5, dims, 3), "[0, 1, 1]");
}

TEST(TensorTextTest, ParsesKernelGraphArguments) {
  disc_kg_scalar value;
  std::string error;
  ASSERT_TRUE(parseKgArgument("0x10", "i32", value, error)) << error;
  EXPECT_EQ(value.integer, 16);
  ASSERT_TRUE(parseKgArgument("2.5", "f32", value, error)) << error;
  EXPECT_EQ(value.real, 2.5);
  std::string text = "hello";
  ASSERT_TRUE(parseKgArgument(text, "!tfrt.string", value, error)) << error;
  EXPECT_STREQ(value.string, "hello");
  EXPECT_FALSE(parseKgArgument("4x", "i64", value, error));
  EXPECT_EQ(error, "'4x' is not a valid i64 value");
  EXPECT_FALSE(parseKgArgument("1", "!tfrt.chain", value, error));
  EXPECT_EQ(error,
            "cannot pass a value of type '!tfrt.chain' from the command line");
}

} // namespace
} // namespace disc::tooling
