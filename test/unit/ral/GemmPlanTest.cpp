#include "disc/ral/gemm_plan.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace disc::ral {
namespace {

// BLAS's definition of gemm on column-major matrices (alpha 1, beta 0):
// C[i + j * ldc] = sum over l of op(A)[i, l] * op(B)[l, j].
void columnMajorGemm(bool transA, bool transB, int m, int n, int k,
                     const float *a, int lda, const float *b, int ldb, float *c,
                     int ldc) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float sum = 0;
      for (int l = 0; l < k; ++l) {
        float x = transA ? a[l + i * lda] : a[i + l * lda];
        float y = transB ? b[j + l * ldb] : b[l + j * ldb];
        sum += x * y;
      }
      c[i + j * ldc] = sum;
    }
}

// Runs the planned call the way ral_gemm makes it, batch by batch.
void runPlan(const GemmPlan &plan, const float *lhs, const float *rhs,
             float *out) {
  for (int batch = 0; batch < plan.batchCount; ++batch)
    columnMajorGemm(plan.transposeFirst, plan.transposeSecond, plan.m, plan.n,
                    plan.k, rhs + batch * plan.strideFirst, plan.ldFirst,
                    lhs + batch * plan.strideSecond, plan.ldSecond,
                    out + batch * plan.strideOut, plan.ldOut);
}

struct Shape {
  std::vector<int64_t> sizes;
  std::vector<int64_t> strides;
  GemmOperandShape view() const { return {sizes.data(), strides.data()}; }
};

Shape rowMajor(std::vector<int64_t> sizes) {
  std::vector<int64_t> strides(sizes.size());
  int64_t stride = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = stride;
    stride *= sizes[i];
  }
  return {sizes, strides};
}

bool plan(const Shape &lhs, const Shape &rhs, const Shape &out,
          bool transposeLhs, bool transposeRhs, GemmPlan &result,
          std::string &error) {
  return planGemm(static_cast<int>(out.sizes.size()), lhs.view(), rhs.view(),
                  out.view(), transposeLhs, transposeRhs, result, error);
}

TEST(GemmPlan, SwapsRowMajorOperandsIntoOneColumnMajorCall) {
  GemmPlan p{};
  std::string error;
  ASSERT_TRUE(plan(rowMajor({64, 128}), rowMajor({128, 32}), rowMajor({64, 32}),
                   false, false, p, error))
      << error;
  // cublas(N, N, n=32, m=64, k=128, rhs, ldb=32, lhs, lda=128, out, 32).
  EXPECT_FALSE(p.transposeFirst);
  EXPECT_FALSE(p.transposeSecond);
  EXPECT_EQ(p.m, 32);
  EXPECT_EQ(p.n, 64);
  EXPECT_EQ(p.k, 128);
  EXPECT_EQ(p.ldFirst, 32);
  EXPECT_EQ(p.ldSecond, 128);
  EXPECT_EQ(p.ldOut, 32);
  EXPECT_EQ(p.batchCount, 1);
  EXPECT_FALSE(p.empty);
}

TEST(GemmPlan, ComputesTheRowMajorProduct) {
  // [[1 2 3] [4 5 6]] * [[7 8] [9 10] [11 12]] = [[58 64] [139 154]].
  const float lhs[] = {1, 2, 3, 4, 5, 6};
  const float rhs[] = {7, 8, 9, 10, 11, 12};
  GemmPlan p{};
  std::string error;
  ASSERT_TRUE(plan(rowMajor({2, 3}), rowMajor({3, 2}), rowMajor({2, 2}), false,
                   false, p, error))
      << error;
  float out[4] = {};
  runPlan(p, lhs, rhs, out);
  EXPECT_EQ(std::vector<float>(out, out + 4),
            (std::vector<float>{58, 64, 139, 154}));
}

TEST(GemmPlan, TransposesEachOperandByItsFlag) {
  // The same product from lhs^T (3x2) and rhs^T (2x3) as stored.
  const float lhsT[] = {1, 4, 2, 5, 3, 6};
  const float rhsT[] = {7, 9, 11, 8, 10, 12};
  GemmPlan p{};
  std::string error;
  ASSERT_TRUE(plan(rowMajor({3, 2}), rowMajor({2, 3}), rowMajor({2, 2}), true,
                   true, p, error))
      << error;
  EXPECT_TRUE(p.transposeFirst);
  EXPECT_TRUE(p.transposeSecond);
  EXPECT_EQ(p.ldFirst, 3);
  EXPECT_EQ(p.ldSecond, 2);
  float out[4] = {};
  runPlan(p, lhsT, rhsT, out);
  EXPECT_EQ(std::vector<float>(out, out + 4),
            (std::vector<float>{58, 64, 139, 154}));

  const float rhs[] = {7, 8, 9, 10, 11, 12};
  ASSERT_TRUE(plan(rowMajor({3, 2}), rowMajor({3, 2}), rowMajor({2, 2}), true,
                   false, p, error))
      << error;
  runPlan(p, lhsT, rhs, out);
  EXPECT_EQ(std::vector<float>(out, out + 4),
            (std::vector<float>{58, 64, 139, 154}));
}

TEST(GemmPlan, StridesBatchesAndPaddedRows) {
  // Two batches of 1x2 * 2x1; lhs rows padded to 3 elements, rhs shared by
  // both batches through a zero batch stride.
  const float lhs[] = {1, 2, -1, 3, 4, -1};
  const float rhs[] = {5, 6};
  Shape lhsShape{{2, 1, 2}, {3, 3, 1}};
  Shape rhsShape{{2, 2, 1}, {0, 1, 1}};
  GemmPlan p{};
  std::string error;
  ASSERT_TRUE(
      plan(lhsShape, rhsShape, rowMajor({2, 1, 1}), false, false, p, error))
      << error;
  EXPECT_EQ(p.batchCount, 2);
  EXPECT_EQ(p.strideFirst, 0);
  EXPECT_EQ(p.strideSecond, 3);
  EXPECT_EQ(p.strideOut, 1);
  float out[2] = {};
  runPlan(p, lhs, rhs, out);
  EXPECT_EQ(out[0], 1 * 5 + 2 * 6);
  EXPECT_EQ(out[1], 3 * 5 + 4 * 6);

  Shape padded{{2, 3}, {8, 1}};
  ASSERT_TRUE(
      plan(padded, rowMajor({3, 4}), rowMajor({2, 4}), false, false, p, error))
      << error;
  EXPECT_EQ(p.ldSecond, 8);
}

// Attention's scores q * k^T on [B, H, S, D] = [2, 3, 4, 5], as
// disc-linalg-matmul-to-ral passes them: each operand's batch dims B and H
// collapsed into one of 6, q a view into a buffer whose matrices are 6 rows
// apart (a collapsible batch stride of 6 * 5), k and the scores row-major.
TEST(GemmPlan, ComputesAProductWithCollapsedBatchDims) {
  const int batch = 2, heads = 3, seq = 4, depth = 5, qRows = 6;
  std::vector<float> q(batch * heads * qRows * depth),
      k(batch * heads * seq * depth);
  for (size_t i = 0; i < q.size(); ++i)
    q[i] = static_cast<float>(static_cast<int>(i * 7 % 11) - 5);
  for (size_t i = 0; i < k.size(); ++i)
    k[i] = static_cast<float>(static_cast<int>(i * 5 % 7) - 3);
  Shape qShape{{batch * heads, seq, depth}, {qRows * depth, depth, 1}};
  Shape kShape = rowMajor({batch * heads, seq, depth});
  GemmPlan p{};
  std::string error;
  ASSERT_TRUE(plan(qShape, kShape, rowMajor({batch * heads, seq, seq}), false,
                   true, p, error))
      << error;
  EXPECT_EQ(p.batchCount, 6);
  EXPECT_EQ(p.strideSecond, 30);
  EXPECT_EQ(p.strideFirst, 20);
  std::vector<float> scores(batch * heads * seq * seq);
  runPlan(p, q.data(), k.data(), scores.data());
  for (int b = 0; b < batch; ++b)
    for (int h = 0; h < heads; ++h)
      for (int i = 0; i < seq; ++i)
        for (int j = 0; j < seq; ++j) {
          float expected = 0;
          for (int d = 0; d < depth; ++d)
            expected += q[((b * heads + h) * qRows + i) * depth + d] *
                        k[((b * heads + h) * seq + j) * depth + d];
          EXPECT_EQ(scores[((b * heads + h) * seq + i) * seq + j], expected)
              << "at " << b << ", " << h << ", " << i << ", " << j;
        }
}

TEST(GemmPlan, MarksAnEmptyProduct) {
  GemmPlan p{};
  std::string error;
  ASSERT_TRUE(plan(rowMajor({0, 3}), rowMajor({3, 2}), rowMajor({0, 2}), false,
                   false, p, error))
      << error;
  EXPECT_TRUE(p.empty);
  ASSERT_TRUE(plan(rowMajor({2, 0}), rowMajor({0, 2}), rowMajor({2, 2}), false,
                   false, p, error))
      << error;
  EXPECT_FALSE(p.empty);
  EXPECT_EQ(p.k, 0);
}

TEST(GemmPlan, RejectsWhatBlasCannotCompute) {
  GemmPlan p{};
  std::string error;
  EXPECT_FALSE(plan(rowMajor({2, 3}), rowMajor({4, 2}), rowMajor({2, 2}), false,
                    false, p, error));
  EXPECT_EQ(error, "the sizes do not agree (lhs 2x3, rhs 4x2, out 2x2): "
                   "expected out 2x2 and a contracted size of 3 in both");
  EXPECT_FALSE(plan(rowMajor({3, 2}), rowMajor({3, 2}), rowMajor({3, 2}), true,
                    false, p, error));
  EXPECT_EQ(error, "the sizes do not agree (lhs 3x2 (transposed), rhs 3x2, "
                   "out 3x2): expected out 2x2 and a contracted size of 3 in "
                   "both");
  EXPECT_FALSE(plan(rowMajor({2, 2, 3}), rowMajor({3, 3, 2}),
                    rowMajor({2, 2, 2}), false, false, p, error));
  EXPECT_EQ(error, "the batch sizes do not agree (lhs 2x2x3, rhs 3x3x2, out "
                   "2x2x2)");
  EXPECT_FALSE(plan(rowMajor({2, 3}), Shape{{3, 2}, {1, 3}}, rowMajor({2, 2}),
                    false, false, p, error));
  EXPECT_EQ(error, "rhs (3x2) has innermost stride 3; BLAS needs its rows "
                   "contiguous");
  EXPECT_FALSE(plan(rowMajor({2, 3}), rowMajor({3, 2}), Shape{{2, 2}, {1, 1}},
                    false, false, p, error));
  EXPECT_EQ(error, "out (2x2) has row stride 1, less than its 2 columns; "
                   "BLAS needs rows that do not overlap");
  EXPECT_FALSE(plan(rowMajor({1, 2, 3, 4}), rowMajor({1, 2, 4, 3}),
                    rowMajor({1, 2, 3, 3}), false, false, p, error));
  EXPECT_EQ(error, "operands of rank 4; ral_gemm takes rank 2, or 3 with a "
                   "leading batch size");
}

} // namespace
} // namespace disc::ral
