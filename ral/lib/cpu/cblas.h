// The part of CBLAS the CPU runtime uses, reached through dlopen of a tuned
// BLAS from Debian's packages as libcuda is (cuda_driver.h): the runtime
// neither links nor needs it until a model multiplies matrices. The
// constants and entry points mirror cblas.h, which every BLAS exports alike.
#ifndef DISC_RAL_LIB_CPU_CBLAS_H
#define DISC_RAL_LIB_CPU_CBLAS_H

#include <string>

namespace disc::ral::cpu {

enum CblasOrder { CblasColMajor = 102 };
enum CblasTranspose { CblasNoTrans = 111, CblasTrans = 112 };

struct Cblas {
  void (*sgemm)(CblasOrder order, CblasTranspose transA, CblasTranspose transB,
                int m, int n, int k, float alpha, const float *a, int lda,
                const float *b, int ldb, float beta, float *c, int ldc);
  void (*dgemm)(CblasOrder order, CblasTranspose transA, CblasTranspose transB,
                int m, int n, int k, double alpha, const double *a, int lda,
                const double *b, int ldb, double beta, double *c, int ldc);
  void (*sgemv)(CblasOrder order, CblasTranspose trans, int m, int n,
                float alpha, const float *a, int lda, const float *x, int incx,
                float beta, float *y, int incy);
  void (*dgemv)(CblasOrder order, CblasTranspose trans, int m, int n,
                double alpha, const double *a, int lda, const double *x,
                int incx, double beta, double *y, int incy);
};

// The BLAS, loaded on first use; null when none can be loaded, with the
// reason in `error` ("BLAS is not available: ...; install ...").
const Cblas *getCblas(std::string &error);

} // namespace disc::ral::cpu

#endif // DISC_RAL_LIB_CPU_CBLAS_H
