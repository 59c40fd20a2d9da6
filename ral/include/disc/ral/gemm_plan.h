// How ral_gemm maps a product of row-major memrefs onto one column-major BLAS
// call: cuBLAS's on device "gpu", CBLAS's (column-major order) on "cpu".
// planGemm is pure, so that it is tested without a GPU or a BLAS library.
#ifndef DISC_RAL_GEMM_PLAN_H
#define DISC_RAL_GEMM_PLAN_H

#include "disc/ral/context.h"
#include "disc/ral/memref.h"

#include <cstdint>
#include <string>

namespace disc::ral {

// The sizes and strides of one operand of rank 2 ([rows, cols]) or rank 3
// ([batch, rows, cols]) as its memref descriptor holds them.
struct GemmOperandShape {
  const int64_t *sizes;
  const int64_t *strides;
};

// The arguments of a column-major gemm (cublasGemmEx, or
// cublasGemmStridedBatchedEx for a batch; cblas_sgemm per batch) that compute
// out = op(lhs) * op(rhs) on row-major memrefs. A row-major matrix is its
// transpose in column-major order, so the call computes out^T = op(rhs)^T *
// op(lhs)^T: the first operand is rhs, the second lhs, and each is transposed
// by the call exactly when its flag is set.
struct GemmPlan {
  bool transposeFirst;    // Transposes rhs.
  bool transposeSecond;   // Transposes lhs.
  int m;                  // Columns of out.
  int n;                  // Rows of out.
  int k;                  // The contracted size.
  int ldFirst;            // Row stride of rhs.
  int ldSecond;           // Row stride of lhs.
  int ldOut;              // Row stride of out.
  long long strideFirst;  // Batch stride of rhs (0 when rank 2).
  long long strideSecond; // Batch stride of lhs (0 when rank 2).
  long long strideOut;    // Batch stride of out (0 when rank 2).
  int batchCount;
  // The product has no element (a zero size other than k): nothing to call.
  bool empty;
};

// Plans the product of `lhs` and `rhs` (each transposed when its flag is
// set) into `out`, all of rank `rank` (2, or 3 with a leading batch size).
// Returns false and sets `error` (one line naming the operand at fault) when
// the sizes do not agree, an operand's innermost stride is not 1, a stride
// is too small or negative, or a size exceeds the 32-bit ints of BLAS.
bool planGemm(int rank, GemmOperandShape lhs, GemmOperandShape rhs,
              GemmOperandShape out, bool transposeLhs, bool transposeRhs,
              GemmPlan &plan, std::string &error);

// planGemm on the memrefs a ral_gemm call receives; when they do not fit,
// fails the run with "ral_gemm: <why>" and returns false.
template <typename In, typename Out, int N>
bool planGemmCall(ExecutionContext *run, const MemRefType<In, N> &lhs,
                  const MemRefType<In, N> &rhs, const MemRefType<Out, N> &out,
                  bool transposeLhs, bool transposeRhs, GemmPlan &plan) {
  std::string error;
  if (planGemm(N, {lhs.sizes, lhs.strides}, {rhs.sizes, rhs.strides},
               {out.sizes, out.strides}, transposeLhs, transposeRhs, plan,
               error))
    return true;
  run->setError("ral_gemm: " + error);
  return false;
}

} // namespace disc::ral

#endif // DISC_RAL_GEMM_PLAN_H
