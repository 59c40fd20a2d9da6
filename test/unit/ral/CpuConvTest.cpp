// ral_conv on "cpu" through disc_ral_api_call, as compiled code calls it
// (docs/ABI.md), checked element by element against the sum computed here.
#include "one_dnn.h"

#include "disc/ral/api.h"
#include "disc/ral/context.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace disc::ral {
namespace {

const char *const kConvName =
    "ral_conv___cpu___pvoid_m4df32_m4df32_m4df32_i64_i64_i64_i64_i64_i64_i64_"
    "i64_i64___void";
const char *const kConvConstantFilterName =
    "ral_conv_constant_filter___cpu___pvoid_m4df32_m4df32_m4df32_i64_i64_i64_"
    "i64_i64_i64_i64_i64_i64___void";

// A row-major rank-4 tensor whose innermost dim may be padded, filled with
// small whole numbers so that every sum is exact in f32.
struct Tensor {
  std::array<int64_t, 4> sizes, strides;
  std::vector<float> data;

  Tensor(std::array<int64_t, 4> sizes, int64_t padding, int seed)
      : sizes(sizes) {
    strides[3] = 1;
    strides[2] = sizes[3] + padding;
    strides[1] = strides[2] * sizes[2];
    strides[0] = strides[1] * sizes[1];
    data.resize(strides[0] * sizes[0]);
    for (size_t i = 0; i < data.size(); ++i)
      data[i] = static_cast<float>(static_cast<int>((i * 7 + seed) % 9) - 4);
  }
  float &at(int64_t a, int64_t b, int64_t c, int64_t d) {
    return data[a * strides[0] + b * strides[1] + c * strides[2] + d];
  }
};

struct Window {
  int64_t strideH = 1, strideW = 1, dilationH = 1, dilationW = 1;
  int64_t padTop = 0, padLeft = 0, padBottom = 0, padRight = 0;
  int64_t groups = 1;
};

// Returns disc_ral_api_call's status; the run holds any error.
int callConv(ExecutionContext &run, Tensor &input, Tensor &filter, Tensor &out,
             Window window, const char *api = kConvName) {
  void *runPointer = &run;
  int64_t offset = 0;
  std::vector<void *> args = {&runPointer};
  std::vector<void *> dataPointers = {input.data.data(), filter.data.data(),
                                      out.data.data()};
  Tensor *operands[] = {&input, &filter, &out};
  for (int i = 0; i < 3; ++i) {
    args.insert(args.end(), {&dataPointers[i], &dataPointers[i], &offset});
    for (int64_t &size : operands[i]->sizes)
      args.push_back(&size);
    for (int64_t &stride : operands[i]->strides)
      args.push_back(&stride);
  }
  for (int64_t *value : {&window.strideH, &window.strideW, &window.dilationH,
                         &window.dilationW, &window.padTop, &window.padLeft,
                         &window.padBottom, &window.padRight, &window.groups})
    args.push_back(value);
  return disc_ral_api_call(&run, api, args.data());
}

// Convolves `input` (NHWC) with `filter` (HWIO, its output features in
// `window.groups` runs, each reading its own run of input features) through
// `api` in a run of `context` and checks every output element; the padding
// of the output's rows must keep its values.
void expectConvOf(Context &context, const char *api, Tensor &input,
                  Tensor &filter, Window window, int64_t outPadding) {
  const std::array<int64_t, 4> &inputSizes = input.sizes;
  const std::array<int64_t, 4> &filterSizes = filter.sizes;
  auto outSize = [](int64_t size, int64_t pads, int64_t kernel,
                    int64_t dilation, int64_t stride) {
    return (size + pads - (kernel - 1) * dilation - 1) / stride + 1;
  };
  Tensor out({inputSizes[0],
              outSize(inputSizes[1], window.padTop + window.padBottom,
                      filterSizes[0], window.dilationH, window.strideH),
              outSize(inputSizes[2], window.padLeft + window.padRight,
                      filterSizes[1], window.dilationW, window.strideW),
              filterSizes[3]},
             outPadding, 3);
  const float sentinel = out.data.back();
  ExecutionContext run(&context, {}, 0);
  ASSERT_EQ(callConv(run, input, filter, out, window, api), 0)
      << run.errorMessage();
  for (int64_t n = 0; n < out.sizes[0]; ++n)
    for (int64_t y = 0; y < out.sizes[1]; ++y)
      for (int64_t x = 0; x < out.sizes[2]; ++x)
        for (int64_t o = 0; o < out.sizes[3]; ++o) {
          float sum = 0;
          for (int64_t ky = 0; ky < filterSizes[0]; ++ky)
            for (int64_t kx = 0; kx < filterSizes[1]; ++kx) {
              int64_t iy =
                  y * window.strideH + ky * window.dilationH - window.padTop;
              int64_t ix =
                  x * window.strideW + kx * window.dilationW - window.padLeft;
              if (iy < 0 || iy >= inputSizes[1] || ix < 0 ||
                  ix >= inputSizes[2])
                continue;
              int64_t group = o / (filterSizes[3] / window.groups);
              for (int64_t c = 0; c < filterSizes[2]; ++c)
                sum += input.at(n, iy, ix, group * filterSizes[2] + c) *
                       filter.at(ky, kx, c, o);
            }
          ASSERT_EQ(out.at(n, y, x, o), sum)
              << "at " << n << "," << y << "," << x << "," << o;
        }
  if (outPadding > 0)
    EXPECT_EQ(out.data.back(), sentinel) << "a padding element was written";
}

// Convolves an NHWC input of `inputSizes` with an HWIO filter of
// `filterSizes` through ral_conv and checks it. The filter's and the
// output's rows may be padded.
void expectConv(std::array<int64_t, 4> inputSizes,
                std::array<int64_t, 4> filterSizes, Window window,
                int64_t outPadding = 0, int64_t filterPadding = 0) {
  Tensor input(inputSizes, 0, 1), filter(filterSizes, filterPadding, 2);
  Context context;
  expectConvOf(context, kConvName, input, filter, window, outPadding);
}

class CpuConv : public ::testing::Test {
protected:
  void SetUp() override {
    if (!test::hasOneDnn())
      GTEST_SKIP() << "oneDNN is not used here; "
                      "FailsTheRunNamingThePackageWithoutOneDnn covers it";
  }
};

TEST_F(CpuConv, ConvolvesAPaddedWindow) {
  Window same;
  same.padTop = same.padLeft = same.padBottom = same.padRight = 1;
  expectConv({1, 5, 6, 3}, {3, 3, 3, 4}, same);
}

// Enough work to be cut: whole images per thread, then bands of rows of
// one image, each band with its own share of the padding.
TEST_F(CpuConv, SplitsImagesAndBandsOfRowsOverTheCores) {
  Window same;
  same.padTop = same.padLeft = same.padBottom = same.padRight = 1;
  expectConv({4, 16, 16, 16}, {3, 3, 16, 32}, same);
  expectConv({1, 33, 32, 16}, {3, 3, 16, 32}, same);
}

TEST_F(CpuConv, TakesStridesDilationsAndUnevenPads) {
  Window window;
  window.strideH = 2;
  window.strideW = 3;
  window.dilationH = 2;
  window.padTop = 2;
  window.padBottom = 0;
  window.padLeft = 1;
  window.padRight = 3;
  expectConv({2, 40, 30, 8}, {3, 2, 8, 64}, window);
}

TEST_F(CpuConv, WritesThroughTheStridesOfItsOutput) {
  expectConv({2, 6, 7, 5}, {2, 2, 5, 6}, Window{}, 3);
}

// A filter many times larger than its output (a CNN's deep layers at batch
// 1) is one matrix product, its output features cut over the cores.
TEST_F(CpuConv, ComputesAFilterLargerThanItsOutputAsAProduct) {
  Window same;
  same.padTop = same.padLeft = same.padBottom = same.padRight = 1;
  expectConv({1, 4, 4, 64}, {3, 3, 64, 150}, same);
  expectConv({1, 4, 4, 64}, {3, 3, 64, 150}, same, 5, 6);
  Window window;
  window.strideH = 2;
  window.dilationW = 2;
  window.padTop = 2;
  window.padRight = 1;
  expectConv({1, 3, 6, 128}, {3, 2, 128, 512}, window);
}

// ral_conv_constant_filter keeps a filter reordered for oneDNN with the
// context: each filter of a context, and the same filter in another
// context, still gives its own results on every call.
TEST_F(CpuConv, KeepsConstantFiltersPackedPerContext) {
  Window same;
  same.padTop = same.padLeft = same.padBottom = same.padRight = 1;
  Tensor input({1, 24, 24, 16}, 0, 1);
  Tensor first({3, 3, 16, 32}, 0, 2), second({3, 3, 16, 32}, 0, 5);
  Context context, other;
  for (int call = 0; call < 2; ++call) {
    expectConvOf(context, kConvConstantFilterName, input, first, same, 0);
    expectConvOf(context, kConvConstantFilterName, input, second, same, 0);
  }
  expectConvOf(other, kConvConstantFilterName, input, second, same, 0);
}

// Grouped convolutions (ResNeXt's, RegNet's) and depthwise ones
// (MobileNet's: a group per input feature, one or more outputs each).
TEST_F(CpuConv, ConvolvesFeaturesInGroups) {
  Window grouped;
  grouped.padTop = grouped.padLeft = grouped.padBottom = grouped.padRight = 1;
  grouped.groups = 4;
  expectConv({2, 9, 8, 32}, {3, 3, 8, 48}, grouped);
  expectConv({1, 33, 32, 32}, {3, 3, 8, 32}, grouped, 3, 2);
  Window depthwise = grouped;
  depthwise.groups = 24;
  depthwise.strideH = depthwise.strideW = 2;
  expectConv({1, 17, 16, 24}, {3, 3, 1, 24}, depthwise);
  expectConv({3, 12, 12, 24}, {5, 5, 1, 48}, depthwise);
  depthwise.groups = 5;
  expectConv({1, 7, 7, 5}, {3, 3, 1, 5}, depthwise);
}

TEST_F(CpuConv, KeepsGroupedConstantFiltersPackedPerContext) {
  Window depthwise;
  depthwise.padTop = depthwise.padLeft = depthwise.padBottom =
      depthwise.padRight = 1;
  depthwise.groups = 32;
  Tensor input({2, 24, 24, 32}, 0, 1), filter({3, 3, 1, 32}, 0, 2);
  Context context;
  for (int call = 0; call < 2; ++call)
    expectConvOf(context, kConvConstantFilterName, input, filter, depthwise, 0);
}

TEST(CpuConvErrors, FailsTheRunOnSizesThatDoNotAgree) {
  Tensor input({1, 5, 5, 3}, 0, 0), filter({3, 3, 4, 2}, 0, 0),
      out({1, 3, 3, 2}, 0, 0);
  Context context;
  ExecutionContext run(&context, {}, 0);
  EXPECT_EQ(callConv(run, input, filter, out, Window{}), 1);
  EXPECT_EQ(run.errorMessage(),
            "ral_conv: the sizes do not agree (input 1x5x5x3 NHWC, filter "
            "3x3x4x2 HWIO, out 1x3x3x2 NHWC, 1 groups)");
  Window grouped;
  grouped.groups = 2;
  Tensor pairs({1, 5, 5, 4}, 0, 0), oddFilter({3, 3, 2, 3}, 0, 0),
      oddOut({1, 3, 3, 3}, 0, 0);
  ExecutionContext groupedRun(&context, {}, 0);
  EXPECT_EQ(callConv(groupedRun, pairs, oddFilter, oddOut, grouped), 1);
  EXPECT_EQ(groupedRun.errorMessage(),
            "ral_conv: the sizes do not agree (input 1x5x5x4 NHWC, filter "
            "3x3x2x3 HWIO, out 1x3x3x3 NHWC, 2 groups)");
}

TEST(CpuConvErrors, FailsTheRunNamingThePackageWithoutOneDnn) {
  if (test::hasOneDnn())
    GTEST_SKIP() << "oneDNN is used here";
  Tensor input({1, 5, 5, 3}, 0, 0), filter({3, 3, 3, 2}, 0, 0),
      out({1, 3, 3, 2}, 0, 0);
  Context context;
  ExecutionContext run(&context, {}, 0);
  EXPECT_EQ(callConv(run, input, filter, out, Window{}), 1);
  EXPECT_EQ(run.errorMessage().rfind("ral_conv: oneDNN is not available: ", 0),
            0u)
      << run.errorMessage();
}

} // namespace
} // namespace disc::ral
