#include "gemm_call.h"
#include "one_dnn.h"

#include "disc/ral/memref.h"

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace disc::ral::cpu {
namespace {

bool hasBlas() {
  for (const char *library : {"libopenblas.so.0", "libblis.so.4"}) {
    if (void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL)) {
      dlclose(handle);
      return true;
    }
  }
  return false;
}

// A batch of row-major matrices [batch, rows, cols] with `rowStride` >=
// cols, filled with distinct small values.
template <typename T> struct Matrices {
  int64_t batch, rows, cols, rowStride;
  std::vector<T> data;

  Matrices(int64_t batch, int64_t rows, int64_t cols, int64_t rowStride,
           int seed)
      : batch(batch), rows(rows), cols(cols), rowStride(rowStride),
        data(batch * rows * rowStride) {
    for (size_t i = 0; i < data.size(); ++i)
      data[i] = static_cast<T>(static_cast<int>((i * 7 + seed) % 11) - 5);
  }
  T at(int64_t b, int64_t r, int64_t c) const {
    return data[(b * rows + r) * rowStride + c];
  }
  // The descriptor of rank 2 (batch 1) or 3.
  test::GemmOperand operand(int rank) {
    std::vector<int64_t> sizes = {batch, rows, cols};
    std::vector<int64_t> strides = {rows * rowStride, rowStride, 1};
    return {data.data(),
            {sizes.end() - rank, sizes.end()},
            {strides.end() - rank, strides.end()}};
  }
};

// Computes out = op(lhs) * op(rhs) through ral_gemm on "cpu" and checks
// every element against the sum computed here; the padding of out's rows
// must stay as it was.
template <typename T>
void expectProduct(const std::string &dtype, int rank, int64_t batch, int64_t m,
                   int64_t n, int64_t k, bool transposeLhs, bool transposeRhs,
                   int64_t padding) {
  Matrices<T> lhs(batch, transposeLhs ? k : m, transposeLhs ? m : k,
                  (transposeLhs ? m : k) + padding, 1);
  Matrices<T> rhs(batch, transposeRhs ? n : k, transposeRhs ? k : n,
                  (transposeRhs ? k : n) + padding, 2);
  Matrices<T> out(batch, m, n, n + padding, 3);
  const T sentinel = out.data.empty() ? T(0) : out.data.back();
  Context context;
  ExecutionContext run(&context, {}, 0);
  ASSERT_EQ(test::callGemm(run, test::gemmName("cpu", rank, dtype, dtype),
                           lhs.operand(rank), rhs.operand(rank),
                           out.operand(rank), transposeLhs, transposeRhs),
            0)
      << run.errorMessage();
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        T sum = 0;
        for (int64_t l = 0; l < k; ++l)
          sum += (transposeLhs ? lhs.at(b, l, i) : lhs.at(b, i, l)) *
                 (transposeRhs ? rhs.at(b, j, l) : rhs.at(b, l, j));
        ASSERT_EQ(out.at(b, i, j), sum) << "at " << b << "," << i << "," << j;
      }
  if (padding > 0 && !out.data.empty())
    EXPECT_EQ(out.data.back(), sentinel) << "a padding element was written";
}

class CpuGemm : public ::testing::Test {
protected:
  void SetUp() override {
    if (!hasBlas())
      GTEST_SKIP() << "no BLAS here; FailsTheRunNamingThePackageWithoutBlas "
                      "covers this machine";
  }
};

TEST_F(CpuGemm, ComputesTheRowMajorProduct) {
  expectProduct<float>("f32", 2, 1, 3, 5, 4, false, false, 0);
  expectProduct<double>("f64", 2, 1, 3, 5, 4, false, false, 0);
}

TEST_F(CpuGemm, TransposesEachOperandByItsFlag) {
  for (bool transposeLhs : {false, true})
    for (bool transposeRhs : {false, true}) {
      expectProduct<float>("f32", 2, 1, 4, 3, 6, transposeLhs, transposeRhs, 0);
      expectProduct<double>("f64", 2, 1, 4, 3, 6, transposeLhs, transposeRhs,
                            0);
    }
}

TEST_F(CpuGemm, MultipliesEachBatchWithPaddedRows) {
  expectProduct<float>("f32", 3, 3, 4, 5, 6, false, true, 2);
  expectProduct<double>("f64", 3, 2, 7, 3, 5, true, false, 1);
}

// One row of output takes the matrix-vector path: every transpose, padded
// rows, a batch.
TEST_F(CpuGemm, MultipliesASingleRowAsAVectorProduct) {
  for (bool transposeLhs : {false, true})
    for (bool transposeRhs : {false, true}) {
      expectProduct<float>("f32", 2, 1, 1, 7, 5, transposeLhs, transposeRhs, 0);
      expectProduct<double>("f64", 3, 2, 1, 6, 4, transposeLhs, transposeRhs,
                            3);
    }
}

// Attention's scores, einsum bqhd,bkhd->bhqk: q and k are read in their
// token-major layouts through views whose two batch dims (b, h) do not
// collapse into one.
TEST_F(CpuGemm, MultipliesTwoBatchDimsThatDoNotCollapse) {
  const int64_t b = 2, h = 3, q = 4, k = 5, d = 8;
  std::vector<float> query(b * q * h * d), key(b * k * h * d),
      scores(b * h * q * k, -1.0f);
  for (size_t i = 0; i < query.size(); ++i)
    query[i] = static_cast<float>(static_cast<int>(i * 7 % 11) - 5);
  for (size_t i = 0; i < key.size(); ++i)
    key[i] = static_cast<float>(static_cast<int>(i * 5 % 13) - 6);
  test::GemmOperand lhs{query.data(), {b, h, q, d}, {q * h * d, d, h * d, 1}};
  test::GemmOperand rhs{key.data(), {b, h, k, d}, {k * h * d, d, h * d, 1}};
  test::GemmOperand out{scores.data(), {b, h, q, k}, {h * q * k, q * k, k, 1}};
  Context context;
  ExecutionContext run(&context, {}, 0);
  ASSERT_EQ(test::callGemm(run, test::gemmName("cpu", 4, "f32", "f32"), lhs,
                           rhs, out, false, true),
            0)
      << run.errorMessage();
  for (int64_t ib = 0; ib < b; ++ib)
    for (int64_t ih = 0; ih < h; ++ih)
      for (int64_t iq = 0; iq < q; ++iq)
        for (int64_t ik = 0; ik < k; ++ik) {
          float sum = 0;
          for (int64_t id = 0; id < d; ++id)
            sum += query[((ib * q + iq) * h + ih) * d + id] *
                   key[((ib * k + ik) * h + ih) * d + id];
          ASSERT_EQ(scores[((ib * h + ih) * q + iq) * k + ik], sum)
              << ib << "," << ih << "," << iq << "," << ik;
        }

  test::GemmOperand shortOut{scores.data(), {1, h, q, k}, out.strides};
  ExecutionContext mismatched(&context, {}, 0);
  EXPECT_EQ(test::callGemm(mismatched, test::gemmName("cpu", 4, "f32", "f32"),
                           lhs, rhs, shortOut, false, true),
            1);
  EXPECT_EQ(mismatched.errorMessage(),
            "ral_gemm: the outer batch sizes do not agree (lhs 2, rhs 2, out "
            "1)");
}

TEST_F(CpuGemm, ProducesZerosOverAnEmptyContraction) {
  expectProduct<float>("f32", 2, 1, 3, 2, 0, false, false, 0);
  expectProduct<float>("f32", 3, 2, 0, 4, 3, false, false, 0);
}

// Enough work to be cut into parts, one per core, along either output
// dimension.
TEST_F(CpuGemm, SplitsALargeProductOverTheCores) {
  expectProduct<float>("f32", 2, 1, 300, 40, 30, false, true, 1);
  expectProduct<float>("f32", 2, 1, 40, 300, 30, true, false, 0);
  expectProduct<double>("f64", 3, 2, 200, 50, 40, false, false, 2);
}

// oneDNN runs on OpenMP; a product must neither start libgomp's threads
// nor change the OpenMP thread count of the thread that called the model.
TEST_F(CpuGemm, KeepsTheCallersOpenMpThreadCount) {
  const char *library = std::getenv("DISC_CPU_LIBRARY");
  if (library && std::string(library) == "blas")
    GTEST_SKIP() << "the BLAS computes every product in this run";
  void *gomp = dlopen("libgomp.so.1", RTLD_NOW | RTLD_NOLOAD);
  void *dnnl = dlopen("libdnnl.so.2", RTLD_NOW | RTLD_LOCAL);
  if (!dnnl)
    GTEST_SKIP() << "oneDNN is not installed here";
  if (!gomp)
    gomp = dlopen("libgomp.so.1", RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(gomp, nullptr) << "oneDNN is loaded without libgomp";
  auto setThreads =
      reinterpret_cast<void (*)(int)>(dlsym(gomp, "omp_set_num_threads"));
  auto getThreads =
      reinterpret_cast<int (*)()>(dlsym(gomp, "omp_get_max_threads"));
  ASSERT_TRUE(setThreads && getThreads);
  setThreads(3);
  expectProduct<float>("f32", 2, 1, 300, 40, 30, false, false, 0);
  EXPECT_EQ(getThreads(), 3);
  // Both stay open, as the runtime keeps oneDNN (see CpuConvTest's
  // hasOneDnn).
}

// `value` rounded to the nearest bf16, ties to even, as a product with a
// bf16 result rounds its f32 sum.
bfloat16 roundToBfloat16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return bfloat16{static_cast<uint16_t>(bits >> 16)};
}

std::vector<bfloat16> toBfloat16(const std::vector<float> &values) {
  std::vector<bfloat16> result;
  for (float value : values)
    result.push_back(roundToBfloat16(value));
  return result;
}

// Computes out = op(lhs) * op(rhs) of bf16 operands (small whole numbers,
// exact in bf16) into an f32 or bf16 `Out` through ral_gemm on "cpu", and
// checks every element against the f32 sum computed here, rounded once to
// bf16 for a bf16 result; the padding of out's rows must stay as it was.
template <typename Out>
void expectBf16Product(int rank, int64_t batch, int64_t m, int64_t n, int64_t k,
                       bool transposeLhs, bool transposeRhs, int64_t padding) {
  constexpr bool kBf16Out = std::is_same_v<Out, bfloat16>;
  Matrices<float> lhs(batch, transposeLhs ? k : m, transposeLhs ? m : k,
                      (transposeLhs ? m : k) + padding, 1);
  Matrices<float> rhs(batch, transposeRhs ? n : k, transposeRhs ? k : n,
                      (transposeRhs ? k : n) + padding, 2);
  Matrices<float> out(batch, m, n, n + padding, 3);
  std::vector<bfloat16> lhsData = toBfloat16(lhs.data),
                        rhsData = toBfloat16(rhs.data);
  std::vector<Out> outData;
  if constexpr (kBf16Out)
    outData = toBfloat16(out.data);
  else
    outData = out.data;
  auto resultAt = [&](size_t index) {
    if constexpr (kBf16Out)
      return toFloat(outData[index]);
    else
      return outData[index];
  };
  auto operand = [&](Matrices<float> &matrices, void *data) {
    test::GemmOperand described = matrices.operand(rank);
    described.data = data;
    return described;
  };
  Context context;
  ExecutionContext run(&context, {}, 0);
  ASSERT_EQ(test::callGemm(
                run,
                test::gemmName("cpu", rank, "bf16", kBf16Out ? "bf16" : "f32"),
                operand(lhs, lhsData.data()), operand(rhs, rhsData.data()),
                operand(out, outData.data()), transposeLhs, transposeRhs),
            0)
      << run.errorMessage();
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        float sum = 0;
        for (int64_t l = 0; l < k; ++l)
          sum += (transposeLhs ? lhs.at(b, l, i) : lhs.at(b, i, l)) *
                 (transposeRhs ? rhs.at(b, j, l) : rhs.at(b, l, j));
        float expected = kBf16Out ? toFloat(roundToBfloat16(sum)) : sum;
        ASSERT_EQ(resultAt((b * m + i) * out.rowStride + j), expected)
            << "at " << b << "," << i << "," << j;
      }
  if (padding > 0 && !out.data.empty())
    EXPECT_EQ(resultAt(outData.size() - 1), out.data.back())
        << "a padding element was written";
}

class CpuBf16Gemm : public ::testing::Test {
protected:
  void SetUp() override {
    if (!test::hasOneDnn())
      GTEST_SKIP() << "oneDNN is not used here; "
                      "FailsABf16RunNamingThePackageWithoutOneDnn covers it";
  }
};

TEST_F(CpuBf16Gemm, SumsBf16ProductsInF32) {
  for (bool transposeLhs : {false, true})
    for (bool transposeRhs : {false, true})
      expectBf16Product<float>(2, 1, 5, 7, 9, transposeLhs, transposeRhs, 0);
}

// Sums past 256 are not all whole bf16 numbers: summed in bf16 they would
// be rounded at every step.
TEST_F(CpuBf16Gemm, RoundsABf16ResultOnce) {
  for (bool transposeLhs : {false, true})
    for (bool transposeRhs : {false, true})
      expectBf16Product<bfloat16>(2, 1, 6, 5, 100, transposeLhs, transposeRhs,
                                  0);
}

TEST_F(CpuBf16Gemm, MultipliesEachBatchWithPaddedRows) {
  expectBf16Product<float>(3, 3, 4, 5, 6, false, true, 2);
  expectBf16Product<bfloat16>(3, 2, 7, 3, 50, true, false, 1);
}

TEST_F(CpuBf16Gemm, MultipliesASingleRow) {
  expectBf16Product<float>(2, 1, 1, 7, 5, false, true, 0);
  expectBf16Product<bfloat16>(3, 2, 1, 6, 40, true, false, 3);
}

TEST_F(CpuBf16Gemm, SplitsALargeProductOverTheCores) {
  expectBf16Product<float>(2, 1, 300, 40, 30, false, true, 1);
  expectBf16Product<bfloat16>(2, 1, 40, 300, 30, true, false, 0);
}

TEST_F(CpuBf16Gemm, ProducesZerosOverAnEmptyContraction) {
  expectBf16Product<bfloat16>(2, 1, 3, 2, 0, false, false, 0);
}

TEST(CpuGemmErrors, FailsABf16RunNamingThePackageWithoutOneDnn) {
  if (test::hasOneDnn())
    GTEST_SKIP() << "oneDNN is used here";
  std::vector<bfloat16> square(4, roundToBfloat16(1.0f));
  test::GemmOperand operand{square.data(), {2, 2}, {2, 1}};
  Context context;
  ExecutionContext run(&context, {}, 0);
  EXPECT_EQ(test::callGemm(run, test::gemmName("cpu", 2, "bf16", "bf16"),
                           operand, operand, operand, false, false),
            1);
  EXPECT_EQ(run.errorMessage().rfind("ral_gemm: oneDNN is not available: ", 0),
            0u)
      << run.errorMessage();
}

TEST(CpuGemmErrors, FailsTheRunOnOperandsThatDoNotAgree) {
  Matrices<float> lhs(1, 2, 3, 3, 0), rhs(1, 2, 2, 2, 0), out(1, 2, 2, 2, 0);
  Context context;
  ExecutionContext run(&context, {}, 0);
  EXPECT_EQ(test::callGemm(run, test::gemmName("cpu", 2, "f32", "f32"),
                           lhs.operand(2), rhs.operand(2), out.operand(2),
                           false, false),
            1);
  EXPECT_EQ(run.errorMessage(),
            "ral_gemm: the sizes do not agree (lhs 2x3, rhs 2x2, out 2x2): "
            "expected out 2x2 and a contracted size of 3 in both");
}

TEST(CpuGemmErrors, RegistersOnlyTheProductsTheCompilerEmits) {
  Matrices<float> square(1, 2, 2, 2, 0);
  for (const std::string &name : {test::gemmName("cpu", 2, "f16", "f16"),
                                  test::gemmName("cpu", 2, "f32", "f64"),
                                  test::gemmName("cpu", 5, "f32", "f32")}) {
    Context context;
    ExecutionContext run(&context, {}, 0);
    EXPECT_EQ(test::callGemm(run, name, square.operand(2), square.operand(2),
                             square.operand(2), false, false),
              1);
    EXPECT_EQ(run.errorMessage(), "unknown RAL API '" + name + "'");
  }
}

TEST(CpuGemmErrors, FailsTheRunNamingThePackageWithoutBlas) {
  if (hasBlas())
    GTEST_SKIP() << "this machine has a BLAS";
  Matrices<float> square(1, 2, 2, 2, 0);
  Context context;
  ExecutionContext run(&context, {}, 0);
  EXPECT_EQ(test::callGemm(run, test::gemmName("cpu", 2, "f32", "f32"),
                           square.operand(2), square.operand(2),
                           square.operand(2), false, false),
            1);
  const std::string &message = run.errorMessage();
  EXPECT_EQ(message.rfind("ral_gemm: BLAS is not available: cannot load "
                          "libopenblas.so.0 or libblis.so.4 (",
                          0),
            0u)
      << message;
  EXPECT_NE(message.find("install Debian's libopenblas0-pthread"),
            std::string::npos)
      << message;
}

} // namespace
} // namespace disc::ral::cpu
