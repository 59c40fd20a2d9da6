// The part of cuBLAS the runtime uses, reached through dlopen of
// libcublas.so.12 (or .11) as libcuda is (cuda_driver.h): the runtime neither
// links nor needs it. The types, constants and entry points mirror
// cublas_api.h and library_types.h (cuBLAS's stable C ABI, CUDA 11 and
// later, with the _v2 names cublas_v2.h maps the calls to).
#ifndef DISC_RAL_LIB_CUDA_CUBLAS_H
#define DISC_RAL_LIB_CUDA_CUBLAS_H

#include "cuda_driver.h"

#include <string>

namespace disc::ral::cuda {

using cublasStatus_t = int;
using cublasHandle_t = struct cublasContext *;
using cublasOperation_t = int;
using cudaDataType = int;
using cublasComputeType_t = int;
using cublasGemmAlgo_t = int;

inline constexpr cublasStatus_t CUBLAS_STATUS_SUCCESS = 0;
inline constexpr cublasOperation_t CUBLAS_OP_N = 0;
inline constexpr cublasOperation_t CUBLAS_OP_T = 1;
inline constexpr cudaDataType CUDA_R_32F = 0;
inline constexpr cudaDataType CUDA_R_16F = 2;
inline constexpr cudaDataType CUDA_R_16BF = 14;
inline constexpr cublasComputeType_t CUBLAS_COMPUTE_32F = 68;
inline constexpr cublasGemmAlgo_t CUBLAS_GEMM_DEFAULT = -1;

struct Cublas {
  cublasStatus_t (*create)(cublasHandle_t *handle);
  cublasStatus_t (*destroy)(cublasHandle_t handle);
  cublasStatus_t (*setStream)(cublasHandle_t handle, CUstream stream);
  cublasStatus_t (*gemmEx)(cublasHandle_t handle, cublasOperation_t transa,
                           cublasOperation_t transb, int m, int n, int k,
                           const void *alpha, const void *a, cudaDataType aType,
                           int lda, const void *b, cudaDataType bType, int ldb,
                           const void *beta, void *c, cudaDataType cType,
                           int ldc, cublasComputeType_t computeType,
                           cublasGemmAlgo_t algo);
  cublasStatus_t (*gemmStridedBatchedEx)(
      cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb,
      int m, int n, int k, const void *alpha, const void *a, cudaDataType aType,
      int lda, long long strideA, const void *b, cudaDataType bType, int ldb,
      long long strideB, const void *beta, void *c, cudaDataType cType, int ldc,
      long long strideC, int batchCount, cublasComputeType_t computeType,
      cublasGemmAlgo_t algo);
  // Absent before CUDA 11.4.2; describe() then names the status by number.
  const char *(*getStatusName)(cublasStatus_t status);
  const char *(*getStatusString)(cublasStatus_t status);

  // "CUBLAS_STATUS_NAME (what it means)" for `status`.
  std::string describe(cublasStatus_t status) const;
};

// cuBLAS, loaded on first use; null when it cannot be loaded, with the reason
// in `error` ("cuBLAS is not available: ...").
const Cublas *getCublas(std::string &error);

} // namespace disc::ral::cuda

#endif // DISC_RAL_LIB_CUDA_CUBLAS_H
