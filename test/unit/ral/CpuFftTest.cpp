// ral_fft, ral_ifft, ral_rfft and ral_irfft on "cpu" against the discrete
// Fourier transform summed term by term here, called through
// disc_ral_api_call as the compiled code calls them.
#include "disc/ral/api.h"
#include "disc/ral/context.h"

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

namespace disc::ral::cpu {
namespace {

bool hasFftw(const char *library) {
  if (void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL)) {
    dlclose(handle);
    return true;
  }
  return false;
}

// A dense row-major buffer as the compiled code passes it.
struct Buffer {
  void *data;
  std::vector<int64_t> sizes;
};

// Returns disc_ral_api_call's status; the run holds any error.
int callTransform(ExecutionContext &run, const std::string &name, Buffer in,
                  Buffer out) {
  void *runPointer = &run;
  int64_t offset = 0;
  std::vector<int64_t> strides[2];
  std::vector<void *> args = {&runPointer};
  Buffer *buffers[2] = {&in, &out};
  for (int i = 0; i < 2; ++i) {
    Buffer &buffer = *buffers[i];
    strides[i].assign(buffer.sizes.size(), 1);
    for (int dim = int(buffer.sizes.size()) - 2; dim >= 0; --dim)
      strides[i][dim] = strides[i][dim + 1] * buffer.sizes[dim + 1];
    args.push_back(&buffer.data);
    args.push_back(&buffer.data);
    args.push_back(&offset);
    for (int64_t &size : buffer.sizes)
      args.push_back(&size);
    for (int64_t &stride : strides[i])
      args.push_back(&stride);
  }
  return disc_ral_api_call(&run, name.c_str(), args.data());
}

std::string apiName(const std::string &api, int rank, const std::string &in,
                    const std::string &out) {
  std::string memref = "m" + std::to_string(rank) + "d";
  return api + "___cpu___pvoid_" + memref + in + "_" + memref + out + "___void";
}

int64_t product(const std::vector<int64_t> &sizes, size_t from) {
  int64_t result = 1;
  for (size_t dim = from; dim < sizes.size(); ++dim)
    result *= sizes[dim];
  return result;
}

// The full transform of each batch of `in` (sizes [batch, lengths...]),
// summed term by term in long double; `sign` -1 forward, +1 backward,
// unnormalized.
std::vector<std::complex<long double>>
referenceDft(const std::vector<std::complex<long double>> &in,
             const std::vector<int64_t> &sizes, int sign) {
  int64_t elements = product(sizes, 1);
  std::vector<std::complex<long double>> out(in.size());
  const long double pi = std::acos(-1.0L);
  for (int64_t batch = 0; batch < sizes[0]; ++batch)
    for (int64_t k = 0; k < elements; ++k) {
      std::complex<long double> sum = 0;
      for (int64_t j = 0; j < elements; ++j) {
        long double phase = 0;
        int64_t kRest = k, jRest = j;
        for (size_t dim = sizes.size() - 1; dim >= 1; --dim) {
          phase += static_cast<long double>((kRest % sizes[dim]) *
                                            (jRest % sizes[dim])) /
                   sizes[dim];
          kRest /= sizes[dim];
          jRest /= sizes[dim];
        }
        sum +=
            in[batch * elements + j] * std::polar(1.0L, sign * 2 * pi * phase);
      }
      out[batch * elements + k] = sum;
    }
  return out;
}

// Distinct small values, reproducible from `seed`.
std::vector<std::complex<long double>> makeSignal(int64_t count, int seed,
                                                  bool real) {
  std::vector<std::complex<long double>> values(count);
  for (int64_t i = 0; i < count; ++i)
    values[i] = {static_cast<long double>((i * 7 + seed) % 13) - 6,
                 real ? 0.0L
                      : static_cast<long double>((i * 5 + seed) % 11) - 5};
  return values;
}

// The half spectrum (n/2+1 of the last dimension) of a full one.
std::vector<std::complex<long double>>
keepHalf(const std::vector<std::complex<long double>> &full,
         const std::vector<int64_t> &sizes) {
  int64_t last = sizes.back(), half = last / 2 + 1;
  std::vector<std::complex<long double>> result;
  for (size_t i = 0; i < full.size(); ++i)
    if (int64_t(i % last) < half)
      result.push_back(full[i]);
  return result;
}

template <typename Real> const char *realToken();
template <> const char *realToken<float>() { return "f32"; }
template <> const char *realToken<double>() { return "f64"; }
template <typename Real> const char *complexToken();
template <> const char *complexToken<float>() { return "c64"; }
template <> const char *complexToken<double>() { return "c128"; }

template <typename Real> double tolerance() {
  return std::is_same_v<Real, float> ? 1e-4 : 1e-10;
}

template <typename T>
std::vector<T> convert(const std::vector<std::complex<long double>> &values) {
  std::vector<T> result;
  for (const std::complex<long double> &value : values) {
    if constexpr (std::is_floating_point_v<T>)
      result.push_back(static_cast<T>(value.real()));
    else
      result.emplace_back(value.real(), value.imag());
  }
  return result;
}

template <typename T>
void expectClose(const std::vector<T> &actual,
                 const std::vector<std::complex<long double>> &expected,
                 double scale, double relative) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < actual.size(); ++i) {
    std::complex<long double> value = actual[i];
    EXPECT_LE(std::abs(value - expected[i]), relative * scale)
        << "element " << i;
  }
}

// Transforms a [batch, lengths...] signal with `api` and checks it against
// the reference: FFT and IFFT of complex signals, RFFT of real ones, IRFFT
// of the half spectrum of a real signal back to it.
template <typename Real>
void expectTransform(const std::string &api, std::vector<int64_t> sizes) {
  using Complex = std::complex<Real>;
  int rank = static_cast<int>(sizes.size());
  int64_t count = product(sizes, 0);
  double scale = static_cast<double>(product(sizes, 1)) * 8;
  bool realInput = api == "ral_rfft" || api == "ral_irfft";
  std::vector<std::complex<long double>> signal =
      makeSignal(count, rank, realInput);
  std::vector<int64_t> halfSizes = sizes;
  halfSizes.back() = sizes.back() / 2 + 1;
  Context context;
  ExecutionContext run(&context, {}, 0);
  if (api == "ral_fft" || api == "ral_ifft") {
    std::vector<Complex> in = convert<Complex>(signal), out(count);
    ASSERT_EQ(callTransform(run,
                            apiName(api, rank, complexToken<Real>(),
                                    complexToken<Real>()),
                            {in.data(), sizes}, {out.data(), sizes}),
              0)
        << run.errorMessage();
    std::vector<std::complex<long double>> expected =
        referenceDft(signal, sizes, api == "ral_fft" ? -1 : 1);
    if (api == "ral_ifft")
      for (std::complex<long double> &value : expected)
        value /= static_cast<long double>(product(sizes, 1));
    expectClose(out, expected, api == "ral_fft" ? scale : 8, tolerance<Real>());
    return;
  }
  std::vector<std::complex<long double>> spectrum =
      keepHalf(referenceDft(signal, sizes, -1), sizes);
  if (api == "ral_rfft") {
    std::vector<Real> in = convert<Real>(signal);
    std::vector<Complex> out(spectrum.size());
    ASSERT_EQ(callTransform(
                  run,
                  apiName(api, rank, realToken<Real>(), complexToken<Real>()),
                  {in.data(), sizes}, {out.data(), halfSizes}),
              0)
        << run.errorMessage();
    expectClose(out, spectrum, scale, tolerance<Real>());
    return;
  }
  std::vector<Complex> in = convert<Complex>(spectrum);
  const std::vector<Complex> original = in;
  std::vector<Real> out(count);
  ASSERT_EQ(
      callTransform(run,
                    apiName(api, rank, complexToken<Real>(), realToken<Real>()),
                    {in.data(), halfSizes}, {out.data(), sizes}),
      0)
      << run.errorMessage();
  expectClose(out, signal, 8, tolerance<Real>());
  EXPECT_EQ(in, original) << "ral_irfft wrote to its input";
}

// On a machine without FFTW, a transform fails its run naming the Debian
// package of the precision it needs.
TEST(CpuFftErrors, FailsTheRunNamingThePackageWithoutFftw) {
  struct Precision {
    const char *library, *package, *complexToken;
  };
  bool checked = false;
  for (Precision precision :
       {Precision{"libfftw3f.so.3", "libfftw3-single3", "c64"},
        Precision{"libfftw3.so.3", "libfftw3-double3", "c128"}}) {
    if (hasFftw(precision.library))
      continue;
    checked = true;
    std::vector<std::complex<double>> data(4);
    Context context;
    ExecutionContext run(&context, {}, 0);
    EXPECT_EQ(callTransform(run,
                            apiName("ral_fft", 2, precision.complexToken,
                                    precision.complexToken),
                            {data.data(), {1, 2}}, {data.data() + 2, {1, 2}}),
              1);
    EXPECT_EQ(run.errorMessage().rfind(
                  std::string("ral_fft: FFT is not available: cannot load ") +
                      precision.library + " (",
                  0),
              0u)
        << run.errorMessage();
    EXPECT_NE(run.errorMessage().find(std::string("; install Debian's ") +
                                      precision.package),
              std::string::npos)
        << run.errorMessage();
  }
  if (!checked)
    GTEST_SKIP() << "this machine has FFTW in both precisions";
}

class CpuFft : public ::testing::Test {
protected:
  void SetUp() override {
    if (!hasFftw("libfftw3.so.3") || !hasFftw("libfftw3f.so.3"))
      GTEST_SKIP() << "FFTW is not installed (libfftw3-double3, "
                      "libfftw3-single3)";
  }
};

TEST_F(CpuFft, ForwardOneDimensionBatched) {
  expectTransform<float>("ral_fft", {3, 5});
  expectTransform<double>("ral_fft", {4, 16});
}

TEST_F(CpuFft, InverseDividesByTheLengths) {
  expectTransform<float>("ral_ifft", {2, 4, 6});
  expectTransform<double>("ral_ifft", {1, 3, 2, 5});
}

TEST_F(CpuFft, RealForwardKeepsHalfTheLastDimension) {
  expectTransform<float>("ral_rfft", {2, 7});
  expectTransform<double>("ral_rfft", {3, 4, 6});
  expectTransform<double>("ral_rfft", {1, 2, 3, 8});
}

TEST_F(CpuFft, RealInverseReadsHalfTheLastDimension) {
  expectTransform<float>("ral_irfft", {2, 8});
  expectTransform<double>("ral_irfft", {2, 3, 5});
  expectTransform<float>("ral_irfft", {1, 2, 4, 6});
}

TEST_F(CpuFft, ManyBatchesSpreadOverThreads) {
  expectTransform<double>("ral_fft", {4096, 16});
  expectTransform<float>("ral_irfft", {2048, 32});
}

// A dynamic batch: every size runs as plans of power-of-two batch counts
// (7 as 4 + 2 + 1), each piece at its own offset.
TEST_F(CpuFft, AnyBatchSizeRunsAsPowerOfTwoPlans) {
  for (int64_t batch : {1, 3, 7, 12})
    expectTransform<float>("ral_fft", {batch, 6});
  for (int64_t batch : {5, 9})
    expectTransform<double>("ral_irfft", {batch, 3, 4});
}

TEST_F(CpuFft, ConcurrentRunsPlanSafely) {
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([i] {
      expectTransform<double>(i % 2 ? "ral_rfft" : "ral_ifft", {2, 3 + i, 4});
    });
  for (std::thread &thread : threads)
    thread.join();
}

TEST_F(CpuFft, EmptyBatchWritesNothing) {
  Context context;
  ExecutionContext run(&context, {}, 0);
  std::complex<float> in[1], out[1];
  EXPECT_EQ(callTransform(run, apiName("ral_fft", 2, "c64", "c64"),
                          {in, {0, 4}}, {out, {0, 4}}),
            0)
      << run.errorMessage();
}

TEST_F(CpuFft, ShapesThatDoNotFitAreAnError) {
  Context context;
  ExecutionContext run(&context, {}, 0);
  std::vector<float> in(8);
  std::vector<std::complex<float>> out(8);
  EXPECT_NE(callTransform(run, apiName("ral_rfft", 2, "f32", "c64"),
                          {in.data(), {1, 8}}, {out.data(), {1, 8}}),
            0);
  EXPECT_EQ(run.errorMessage(),
            "ral_rfft: an input of 1x8 does not fit the output of 1x8 (the "
            "transformed dimensions are fft_length)");
}

} // namespace
} // namespace disc::ral::cpu
