#include "gemm_call.h"

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace disc::ral::cuda {
namespace {

bool canOpen(const char *library) {
  void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (handle)
    dlclose(handle);
  return handle != nullptr;
}

std::string gemmName(int rank, const std::string &in, const std::string &out) {
  return test::gemmName("gpu", rank, in, out);
}

// Calls the API `name` on operands of rank `rank` whose matrices are 2x2
// (a batch of 2 when the rank is 3) but for `lhsCols` columns of lhs;
// returns the run's error message. Every operand points at the same zeros,
// which nothing reads when the sizes do not agree.
std::string callGemm(const std::string &name, int rank, int64_t lhsCols) {
  Context context;
  ExecutionContext run(&context, {}, 0);
  float data[16] = {};
  // A rank-2 operand is the last two sizes and strides of these.
  auto operand = [&](std::vector<int64_t> sizes, std::vector<int64_t> strides) {
    return test::GemmOperand{data,
                             {sizes.end() - rank, sizes.end()},
                             {strides.end() - rank, strides.end()}};
  };
  test::GemmOperand square = operand({2, 2, 2}, {4, 2, 1});
  EXPECT_EQ(test::callGemm(run, name,
                           operand({2, 2, lhsCols}, {2 * lhsCols, lhsCols, 1}),
                           square, square, false, false),
            1)
      << name;
  return run.errorMessage();
}

std::string callGemm(int64_t lhsCols) {
  return callGemm("ral_gemm___gpu___pvoid_m2df32_m2df32_m2df32_i1_i1___void", 2,
                  lhsCols);
}

TEST(CudaGemm, FailsTheRunOnOperandsThatDoNotAgree) {
  EXPECT_EQ(callGemm(3), "ral_gemm: the sizes do not agree (lhs 2x3, rhs 2x2, "
                         "out 2x2): expected out 2x2 and a contracted size of "
                         "3 in both");
}

// Each element type pairing disc-linalg-matmul-to-ral emits (one dtype
// throughout, or 16-bit float operands with an f32 result), at rank 2 and
// 3, reaches gemm: it unpacks the operands and plans, which fails here.
TEST(CudaGemm, RegistersEveryProductTheCompilerEmits) {
  const std::pair<const char *, const char *> types[] = {{"f32", "f32"},
                                                         {"f16", "f16"},
                                                         {"bf16", "bf16"},
                                                         {"f16", "f32"},
                                                         {"bf16", "f32"}};
  for (auto [in, out] : types) {
    EXPECT_EQ(callGemm(gemmName(2, in, out), 2, 3),
              "ral_gemm: the sizes do not agree (lhs 2x3, rhs 2x2, out 2x2): "
              "expected out 2x2 and a contracted size of 3 in both");
    EXPECT_EQ(callGemm(gemmName(3, in, out), 3, 3),
              "ral_gemm: the sizes do not agree (lhs 2x2x3, rhs 2x2x2, out "
              "2x2x2): expected out 2x2 and a contracted size of 3 in both");
  }
  EXPECT_EQ(gemmName(2, "bf16", "f32"),
            "ral_gemm___gpu___pvoid_m2dbf16_m2dbf16_m2df32_i1_i1___void");
  // cuBLAS has no f32 product with a 16-bit result, nor rank 4.
  for (const std::string &name :
       {gemmName(2, "f32", "f16"), gemmName(4, "f32", "f32")})
    EXPECT_EQ(callGemm(name, 2, 3), "unknown RAL API '" + name + "'");
}

TEST(CudaGemm, FailsTheRunWithTheReasonWithoutCuBlas) {
  bool hasCublas = canOpen("libcublas.so.12") || canOpen("libcublas.so.11") ||
                   canOpen("libcublas.so");
  if (!hasCublas) {
    std::string message = callGemm(2);
    EXPECT_EQ(
        message.rfind("ral_gemm: cuBLAS is not available: cannot load "
                      "libcublas.so.12, libcublas.so.11 or libcublas.so (",
                      0),
        0u)
        << message;
  } else if (!canOpen("libcuda.so.1")) {
    std::string message = callGemm(2);
    EXPECT_EQ(message.rfind("ral_gemm: CUDA is not available: ", 0), 0u)
        << message;
  } else {
    GTEST_SKIP() << "this machine has cuBLAS and an NVIDIA driver";
  }
}

} // namespace
} // namespace disc::ral::cuda
