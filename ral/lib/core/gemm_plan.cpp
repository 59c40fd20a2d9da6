#include "disc/ral/gemm_plan.h"

#include <algorithm>
#include <limits>

namespace disc::ral {
namespace {

constexpr int64_t kMaxInt = std::numeric_limits<int>::max();

// One operand as a batch of row-major matrices.
struct Matrix {
  int64_t batch;
  int64_t rows;
  int64_t cols;
  int64_t rowStride;
  int64_t batchStride;
};

std::string describeShape(int rank, const int64_t *sizes) {
  std::string text;
  for (int i = 0; i < rank; ++i)
    text += (i ? "x" : "") + std::to_string(sizes[i]);
  return text;
}

bool readMatrix(const char *name, int rank, GemmOperandShape shape,
                Matrix &matrix, std::string &error) {
  const int64_t *sizes = shape.sizes;
  const int64_t *strides = shape.strides;
  for (int i = 0; i < rank; ++i) {
    if (sizes[i] < 0 || strides[i] < 0) {
      error = std::string(name) + " has a negative size or stride";
      return false;
    }
  }
  int batchDims = rank - 2;
  matrix.batch = batchDims ? sizes[0] : 1;
  matrix.batchStride = batchDims ? strides[0] : 0;
  matrix.rows = sizes[batchDims];
  matrix.cols = sizes[batchDims + 1];
  if (matrix.cols > 1 && strides[batchDims + 1] != 1) {
    error = std::string(name) + " (" + describeShape(rank, sizes) +
            ") has innermost stride " + std::to_string(strides[batchDims + 1]) +
            "; BLAS needs its rows contiguous";
    return false;
  }
  // The stride of a single row, or of empty ones, addresses nothing, but
  // BLAS checks it.
  matrix.rowStride = matrix.rows > 1 && matrix.cols > 0
                         ? strides[batchDims]
                         : std::max<int64_t>(matrix.cols, 1);
  if (matrix.rowStride < std::max<int64_t>(matrix.cols, 1)) {
    error = std::string(name) + " (" + describeShape(rank, sizes) +
            ") has row stride " + std::to_string(strides[batchDims]) +
            ", less than its " + std::to_string(matrix.cols) +
            " columns; BLAS needs rows that do not overlap";
    return false;
  }
  if (matrix.batch > kMaxInt || matrix.rows > kMaxInt ||
      matrix.cols > kMaxInt || matrix.rowStride > kMaxInt) {
    error = std::string(name) + " (" + describeShape(rank, sizes) +
            ") has a size or row stride above 2^31-1, more than BLAS takes";
    return false;
  }
  return true;
}

} // namespace

bool planGemm(int rank, GemmOperandShape lhs, GemmOperandShape rhs,
              GemmOperandShape out, bool transposeLhs, bool transposeRhs,
              GemmPlan &plan, std::string &error) {
  if (rank != 2 && rank != 3) {
    error = "operands of rank " + std::to_string(rank) +
            "; ral_gemm takes rank 2, or 3 with a leading batch size";
    return false;
  }
  Matrix a, b, c;
  if (!readMatrix("lhs", rank, lhs, a, error) ||
      !readMatrix("rhs", rank, rhs, b, error) ||
      !readMatrix("out", rank, out, c, error))
    return false;
  int64_t m = transposeLhs ? a.cols : a.rows;
  int64_t k = transposeLhs ? a.rows : a.cols;
  int64_t rhsK = transposeRhs ? b.cols : b.rows;
  int64_t n = transposeRhs ? b.rows : b.cols;
  auto operands = [&] {
    return "lhs " + describeShape(rank, lhs.sizes) +
           (transposeLhs ? " (transposed)" : "") + ", rhs " +
           describeShape(rank, rhs.sizes) +
           (transposeRhs ? " (transposed)" : "") + ", out " +
           describeShape(rank, out.sizes);
  };
  if (k != rhsK || c.rows != m || c.cols != n) {
    error = "the sizes do not agree (" + operands() + "): expected out " +
            std::to_string(m) + "x" + std::to_string(n) +
            " and a contracted size of " + std::to_string(k) + " in both";
    return false;
  }
  if (a.batch != c.batch || b.batch != c.batch) {
    error = "the batch sizes do not agree (" + operands() + ")";
    return false;
  }
  plan.transposeFirst = transposeRhs;
  plan.transposeSecond = transposeLhs;
  plan.m = static_cast<int>(n);
  plan.n = static_cast<int>(m);
  plan.k = static_cast<int>(k);
  plan.ldFirst = static_cast<int>(b.rowStride);
  plan.ldSecond = static_cast<int>(a.rowStride);
  plan.ldOut = static_cast<int>(c.rowStride);
  plan.strideFirst = b.batchStride;
  plan.strideSecond = a.batchStride;
  plan.strideOut = c.batchStride;
  plan.batchCount = static_cast<int>(c.batch);
  plan.empty = m == 0 || n == 0 || c.batch == 0;
  return true;
}

} // namespace disc::ral
