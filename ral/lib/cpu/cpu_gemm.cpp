// ral_gemm on device "cpu" (docs/ABI.md): matrix products through a tuned
// BLAS (cblas.h), planned as cuBLAS's are (gemm_plan.h).
#include "cblas.h"

#include "disc/ral/context.h"
#include "disc/ral/gemm_plan.h"
#include "disc/ral/registry.h"

#include <string>

namespace disc::ral::cpu {
namespace {

void call(const Cblas &blas, CblasTranspose first, CblasTranspose second,
          const GemmPlan &plan, const float *a, const float *b, float *c) {
  blas.sgemm(CblasColMajor, first, second, plan.m, plan.n, plan.k, 1.0f, a,
             plan.ldFirst, b, plan.ldSecond, 0.0f, c, plan.ldOut);
}

void call(const Cblas &blas, CblasTranspose first, CblasTranspose second,
          const GemmPlan &plan, const double *a, const double *b, double *c) {
  blas.dgemm(CblasColMajor, first, second, plan.m, plan.n, plan.k, 1.0, a,
             plan.ldFirst, b, plan.ldSecond, 0.0, c, plan.ldOut);
}

// A product with one row of output, out = lhs_row * op(rhs) (batch-1
// inference), as the matrix-vector product out^T = op(rhs)^T * lhs_row^T:
// a gemm would copy all of rhs into its packed layout first, which costs as
// much as reading it for the product.
void callRowProduct(const Cblas &blas, CblasTranspose first,
                    CblasTranspose second, const GemmPlan &plan, const float *a,
                    const float *b, float *c) {
  bool transposed = first == CblasTrans;
  blas.sgemv(CblasColMajor, first, transposed ? plan.k : plan.m,
             transposed ? plan.m : plan.k, 1.0f, a, plan.ldFirst, b,
             second == CblasTrans ? plan.ldSecond : 1, 0.0f, c, 1);
}

void callRowProduct(const Cblas &blas, CblasTranspose first,
                    CblasTranspose second, const GemmPlan &plan,
                    const double *a, const double *b, double *c) {
  bool transposed = first == CblasTrans;
  blas.dgemv(CblasColMajor, first, transposed ? plan.k : plan.m,
             transposed ? plan.m : plan.k, 1.0, a, plan.ldFirst, b,
             second == CblasTrans ? plan.ldSecond : 1, 0.0, c, 1);
}

// Zeros every element of the planned output: a product over an empty
// contracted dimension, which BLAS libraries differ on.
template <typename T> void zeroOutput(const GemmPlan &plan, T *out) {
  for (int batch = 0; batch < plan.batchCount; ++batch)
    for (int row = 0; row < plan.n; ++row)
      for (int col = 0; col < plan.m; ++col)
        out[batch * plan.strideOut + row * plan.ldOut + col] = T(0);
}

// out = op(lhs) * op(rhs), overwriting out, on the calling thread (the BLAS
// may use threads of its own).
template <typename T, int N>
void gemm(ExecutionContext *run, MemRefType<T, N> lhs, MemRefType<T, N> rhs,
          MemRefType<T, N> out, bool transposeLhs, bool transposeRhs) {
  GemmPlan plan{};
  if (!planGemmCall(run, lhs, rhs, out, transposeLhs, transposeRhs, plan) ||
      plan.empty)
    return;
  T *result = out.data + out.offset;
  if (plan.k == 0) {
    zeroOutput(plan, result);
    return;
  }
  std::string error;
  const Cblas *blas = getCblas(error);
  if (!blas) {
    run->setError("ral_gemm: " + error);
    return;
  }
  CblasTranspose first = plan.transposeFirst ? CblasTrans : CblasNoTrans;
  CblasTranspose second = plan.transposeSecond ? CblasTrans : CblasNoTrans;
  const T *rhsData = rhs.data + rhs.offset;
  const T *lhsData = lhs.data + lhs.offset;
  for (int batch = 0; batch < plan.batchCount; ++batch) {
    const T *rhsMatrix = rhsData + batch * plan.strideFirst;
    const T *lhsMatrix = lhsData + batch * plan.strideSecond;
    T *outMatrix = result + batch * plan.strideOut;
    if (plan.n == 1)
      callRowProduct(*blas, first, second, plan, rhsMatrix, lhsMatrix,
                     outMatrix);
    else
      call(*blas, first, second, plan, rhsMatrix, lhsMatrix, outMatrix);
  }
}

// The products disc-linalg-matmul-to-ral emits for the CPU: f32 or f64
// throughout, rank 2 or 3.
template <typename T> bool registerGemm() {
  return registerApi<&gemm<T, 2>>("ral_gemm", "cpu") &&
         registerApi<&gemm<T, 3>>("ral_gemm", "cpu");
}

[[maybe_unused]] const bool gemmRegistered =
    registerGemm<float>() && registerGemm<double>();

} // namespace
} // namespace disc::ral::cpu
