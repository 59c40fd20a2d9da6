// How ral_gemm on device "gpu" maps a product of row-major memrefs onto one
// column-major cuBLAS call; pure, so that it is tested without a GPU.
#ifndef DISC_RAL_CUDA_GEMM_PLAN_H
#define DISC_RAL_CUDA_GEMM_PLAN_H

#include <cstdint>
#include <string>

namespace disc::ral::cuda {

// The sizes and strides of one operand of rank 2 ([rows, cols]) or rank 3
// ([batch, rows, cols]) as its memref descriptor holds them.
struct GemmOperandShape {
  const int64_t *sizes;
  const int64_t *strides;
};

// The arguments of cublasGemmEx (batchCount 1) or cublasGemmStridedBatchedEx
// that compute out = op(lhs) * op(rhs) on row-major memrefs. A row-major
// matrix is its transpose in column-major order, so the call computes
// out^T = op(rhs)^T * op(lhs)^T: cuBLAS's first operand is rhs, its second
// lhs, and each is transposed by cuBLAS exactly when its flag is set.
struct GemmPlan {
  bool transposeFirst;    // CUBLAS_OP_T for rhs, else CUBLAS_OP_N.
  bool transposeSecond;   // CUBLAS_OP_T for lhs, else CUBLAS_OP_N.
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
// is too small or negative, or a size exceeds what cuBLAS takes.
bool planGemm(int rank, GemmOperandShape lhs, GemmOperandShape rhs,
              GemmOperandShape out, bool transposeLhs, bool transposeRhs,
              GemmPlan &plan, std::string &error);

} // namespace disc::ral::cuda

#endif // DISC_RAL_CUDA_GEMM_PLAN_H
