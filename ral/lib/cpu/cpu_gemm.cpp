// ral_gemm on device "cpu" (docs/ABI.md): matrix products through oneDNN
// (dnnl.h) or a tuned BLAS (cblas.h), planned as cuBLAS's are (gemm_plan.h).
// bf16 ones go to oneDNN's matmul primitive, which sums in f32 (on AMX or
// AVX512-BF16 where the CPU has them) and rounds a bf16 result once.
#include "cblas.h"
#include "dnnl.h"
#include "parallel_for.h"

#include "disc/ral/context.h"
#include "disc/ral/gemm_plan.h"
#include "disc/ral/registry.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace disc::ral::cpu {
namespace {

// The libraries a product may call: oneDNN for f32 where it is installed
// and for bf16 (then without the BLAS), the BLAS for the rest.
struct GemmLibraries {
  const Cblas *blas;
  const Dnnl *dnnl;
};

template <typename T> constexpr dnnl_data_type_t kDnnlType = dnnl_f32;
template <> constexpr dnnl_data_type_t kDnnlType<bfloat16> = dnnl_bf16;

// A matmul primitive for one shape, layout and pair of element types.
struct MatmulPrimitive {
  const Dnnl *dnnl = nullptr;
  dnnl_primitive_t matmul = nullptr;
  dnnl_memory_desc_t source{}, weights{}, destination{};
  size_t scratchpadBytes = 0;

  MatmulPrimitive() = default;
  MatmulPrimitive(const MatmulPrimitive &) = delete;
  MatmulPrimitive &operator=(const MatmulPrimitive &) = delete;
  ~MatmulPrimitive() {
    if (matmul)
      dnnl->primitiveDestroy(matmul);
  }
};

PrimitiveCache<MatmulPrimitive> &getMatmulCache() {
  // Never destroyed: a model may still run while the process exits.
  static auto *cache = new PrimitiveCache<MatmulPrimitive>;
  return *cache;
}

// Makes the matmul primitive of `in` operands into an `out` result that
// `key` describes in oneDNN's row-major dims: [rows, k, cols, then the two
// strides of the source, the weights and the destination]; returns oneDNN's
// status.
dnnl_status_t makeMatmul(const Dnnl &dnnl, const std::vector<int64_t> &key,
                         dnnl_data_type_t in, dnnl_data_type_t out,
                         MatmulPrimitive &made) {
  // oneDNN plans a primitive's work for the threads it may use when it
  // makes it: one, the thread that runs each part.
  OneThread oneThread(dnnl);
  made.dnnl = &dnnl;
  dnnl_dims_t sourceDims = {key[0], key[1]}, weightsDims = {key[1], key[2]},
              destinationDims = {key[0], key[2]};
  dnnl_dims_t sourceStrides = {key[3], key[4]},
              weightsStrides = {key[5], key[6]},
              destinationStrides = {key[7], key[8]};
  dnnl_status_t status;
  if ((status = dnnl.memoryDescInitByStrides(&made.source, 2, sourceDims, in,
                                             sourceStrides)) ||
      (status = dnnl.memoryDescInitByStrides(&made.weights, 2, weightsDims, in,
                                             weightsStrides)) ||
      (status = dnnl.memoryDescInitByStrides(
           &made.destination, 2, destinationDims, out, destinationStrides)))
    return status;
  dnnl_matmul_desc_t desc;
  if ((status = dnnl.matmulDescInit(&desc, &made.source, &made.weights, nullptr,
                                    &made.destination)))
    return status;
  dnnl_primitive_desc_t matmulDesc = nullptr;
  if ((status = dnnl.createWithUserScratchpad(&desc, &matmulDesc)))
    return status;
  made.scratchpadBytes = dnnl.memoryDescGetSize(
      dnnl.primitiveDescQueryMd(matmulDesc, dnnl_query_scratchpad_md, 0));
  status = dnnl.primitiveCreate(&made.matmul, matmulDesc);
  dnnl.primitiveDescDestroy(matmulDesc);
  return status;
}

// c = op(a) * op(b) as sgemm computes it, through oneDNN's matmul
// primitive, made once per shape and layout; returns oneDNN's status.
template <typename In, typename Out>
int callMatmul(const Dnnl &dnnl, CblasTranspose first, CblasTranspose second,
               const GemmPlan &plan, const In *a, const In *b, Out *c) {
  // Row-major: out (n x m) = op(second) (n x k) * op(first) (k x m), a
  // transposed operand read through its strides.
  int64_t ldSecond = plan.ldSecond, ldFirst = plan.ldFirst;
  std::vector<int64_t> key = {plan.n,
                              plan.k,
                              plan.m,
                              second == CblasTrans ? 1 : ldSecond,
                              second == CblasTrans ? ldSecond : 1,
                              first == CblasTrans ? 1 : ldFirst,
                              first == CblasTrans ? ldFirst : 1,
                              plan.ldOut,
                              1,
                              kDnnlType<In>,
                              kDnnlType<Out>};
  dnnl_status_t status;
  std::shared_ptr<MatmulPrimitive> primitive = getMatmulCache().get(
      key,
      [&](MatmulPrimitive &made) {
        return makeMatmul(dnnl, key, kDnnlType<In>, kDnnlType<Out>, made);
      },
      status);
  if (!primitive)
    return status;
  return dnnl.executeOnThisThread(
      primitive->matmul,
      {{DNNL_ARG_SRC, {&primitive->source, const_cast<In *>(b)}},
       {DNNL_ARG_WEIGHTS, {&primitive->weights, const_cast<In *>(a)}},
       {DNNL_ARG_DST, {&primitive->destination, c}}},
      primitive->scratchpadBytes);
}

// Returns oneDNN's status, 0 for the BLAS.
int call(const GemmLibraries &libraries, CblasTranspose first,
         CblasTranspose second, const GemmPlan &plan, const float *a,
         const float *b, float *c) {
  // oneDNN is row-major: out^T (n x m) = op(second) * op(first).
  if (libraries.dnnl)
    return libraries.dnnl->sgemmOnThisThread(
        second == CblasTrans, first == CblasTrans, plan.n, plan.m, plan.k, b,
        plan.ldSecond, a, plan.ldFirst, c, plan.ldOut);
  libraries.blas->sgemm(CblasColMajor, first, second, plan.m, plan.n, plan.k,
                        1.0f, a, plan.ldFirst, b, plan.ldSecond, 0.0f, c,
                        plan.ldOut);
  return 0;
}

int call(const GemmLibraries &libraries, CblasTranspose first,
         CblasTranspose second, const GemmPlan &plan, const double *a,
         const double *b, double *c) {
  libraries.blas->dgemm(CblasColMajor, first, second, plan.m, plan.n, plan.k,
                        1.0, a, plan.ldFirst, b, plan.ldSecond, 0.0, c,
                        plan.ldOut);
  return 0;
}

template <typename Out>
int call(const GemmLibraries &libraries, CblasTranspose first,
         CblasTranspose second, const GemmPlan &plan, const bfloat16 *a,
         const bfloat16 *b, Out *c) {
  return callMatmul(*libraries.dnnl, first, second, plan, a, b, c);
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
        out[batch * plan.strideOut + row * plan.ldOut + col] = T{};
}

// Products below this many multiply-adds run on the calling thread alone:
// handing them to other threads costs more than it saves.
constexpr int64_t kMinParallelWork = int64_t(1) << 18;
// Parts of a split dimension are multiples of this, a multiple of the
// register blocks of the libraries' kernels.
constexpr int64_t kPartAlignment = 16;

// One of the matrix products of a plan: batch `batch`, output columns
// (BLAS rows) [firstBegin, firstEnd) and output rows (BLAS columns)
// [secondBegin, secondEnd).
struct GemmPart {
  int batch;
  int firstBegin, firstEnd, secondBegin, secondEnd;
};

// Returns oneDNN's status, 0 for the BLAS.
template <typename In, typename Out>
int runPart(const GemmLibraries &libraries, CblasTranspose first,
            CblasTranspose second, const GemmPlan &plan, const In *firstData,
            const In *secondData, Out *outData, const GemmPart &part) {
  GemmPlan piece = plan;
  piece.m = part.firstEnd - part.firstBegin;
  piece.n = part.secondEnd - part.secondBegin;
  // Column-major: op(first) is m x k, op(second) k x n, out m x n.
  int64_t firstOffset =
      int64_t(part.firstBegin) * (first == CblasTrans ? plan.ldFirst : 1);
  int64_t secondOffset =
      int64_t(part.secondBegin) * (second == CblasTrans ? 1 : plan.ldSecond);
  const In *a = firstData + part.batch * plan.strideFirst + firstOffset;
  const In *b = secondData + part.batch * plan.strideSecond + secondOffset;
  Out *c = outData + part.batch * plan.strideOut + part.firstBegin +
           int64_t(part.secondBegin) * plan.ldOut;
  // oneDNN's matmul takes a single row of bf16 as well.
  if constexpr (std::is_same_v<In, bfloat16>) {
    return call(libraries, first, second, piece, a, b, c);
  } else {
    if (piece.n != 1)
      return call(libraries, first, second, piece, a, b, c);
    callRowProduct(*libraries.blas, first, second, piece, a, b, c);
    return 0;
  }
}

// How many parts to cut each batch's product into so that every one of
// `workers` threads has one: none when the batches already go round; the
// larger of the two output dimensions is cut, so that the operand every
// part reads whole (and the library packs again for each) is the smaller.
int getPartsPerBatch(const GemmPlan &plan, int workers, bool &cutFirst) {
  cutFirst = plan.m >= plan.n;
  if (workers <= 1 || plan.batchCount >= workers)
    return 1;
  int64_t cut = cutFirst ? plan.m : plan.n;
  int64_t wanted = (workers + plan.batchCount - 1) / plan.batchCount;
  return static_cast<int>(
      std::max<int64_t>(1, std::min(wanted, cut / kPartAlignment)));
}

// The bounds of part `index` of `parts` over [0, size), aligned.
std::pair<int, int> getPartBounds(int size, int parts, int index) {
  int64_t blocks = (size + kPartAlignment - 1) / kPartAlignment;
  auto bound = [&](int64_t i) {
    return static_cast<int>(
        std::min<int64_t>(size, blocks * i / parts * kPartAlignment));
  };
  return {bound(index), bound(index + 1)};
}

// The libraries that compute products of `In` values, or none with the
// reason in `error`: oneDNN alone for bf16; the BLAS otherwise, with
// oneDNN, where installed, for f32 (a single row stays a BLAS gemv, since
// oneDNN has no matrix-vector product and would pack the whole matrix for
// it).
template <typename In>
std::optional<GemmLibraries> getGemmLibraries(std::string &error) {
  if constexpr (std::is_same_v<In, bfloat16>) {
    const Dnnl *dnnl = getDnnl(error);
    if (!dnnl)
      return std::nullopt;
    return GemmLibraries{nullptr, dnnl};
  } else {
    const Cblas *blas = getCblas(error);
    if (!blas)
      return std::nullopt;
    std::string dnnlMissing;
    return GemmLibraries{blas, std::is_same_v<In, float> ? getDnnl(dnnlMissing)
                                                         : nullptr};
  }
}

// out = op(lhs) * op(rhs), overwriting out; the batches, or parts of each
// product, are spread over the cores (parallel_for.h), each computed by
// the library on the thread that runs it.
template <typename In, typename Out, int N>
void gemm(ExecutionContext *run, MemRefType<In, N> lhs, MemRefType<In, N> rhs,
          MemRefType<Out, N> out, bool transposeLhs, bool transposeRhs) {
  GemmPlan plan{};
  if (!planGemmCall(run, lhs, rhs, out, transposeLhs, transposeRhs, plan) ||
      plan.empty)
    return;
  Out *result = out.data + out.offset;
  if (plan.k == 0) {
    zeroOutput(plan, result);
    return;
  }
  std::string error;
  std::optional<GemmLibraries> libraries = getGemmLibraries<In>(error);
  if (!libraries) {
    run->setError("ral_gemm: " + error);
    return;
  }
  CblasTranspose first = plan.transposeFirst ? CblasTrans : CblasNoTrans;
  CblasTranspose second = plan.transposeSecond ? CblasTrans : CblasNoTrans;
  const In *rhsData = rhs.data + rhs.offset;
  const In *lhsData = lhs.data + lhs.offset;
  std::atomic<int> failure{0};
  bool cutFirst = true;
  int64_t work = int64_t(plan.batchCount) * plan.m * plan.n * plan.k;
  int threads = work < kMinParallelWork ? 1 : getRunThreads(run);
  int parts = getPartsPerBatch(plan, threads, cutFirst);
  runInChunks(
      int64_t(plan.batchCount) * parts, 1, threads,
      [&](int64_t begin, int64_t end) {
        for (int64_t item = begin; item < end; ++item) {
          GemmPart part{static_cast<int>(item / parts), 0, plan.m, 0, plan.n};
          auto [low, high] = getPartBounds(cutFirst ? plan.m : plan.n, parts,
                                           static_cast<int>(item % parts));
          (cutFirst ? part.firstBegin : part.secondBegin) = low;
          (cutFirst ? part.firstEnd : part.secondEnd) = high;
          if (low >= high)
            continue;
          if (int status = runPart(*libraries, first, second, plan, rhsData,
                                   lhsData, result, part))
            failure.store(status);
        }
      });
  if (int status = failure.load())
    run->setError(std::string("ral_gemm: oneDNN's ") +
                  (std::is_same_v<In, bfloat16> ? "matmul" : "sgemm") +
                  " failed with status " + std::to_string(status) +
                  " on a product of " + std::to_string(plan.n) + "x" +
                  std::to_string(plan.k) + " by " + std::to_string(plan.k) +
                  "x" + std::to_string(plan.m));
}

// The view of batch `index` of a rank-4 operand: rank 3, the outer batch
// dim gone.
template <typename T>
MemRefType<T, 3> outerBatch(const MemRefType<T, 4> &operand, int64_t index) {
  MemRefType<T, 3> view{operand.allocated, operand.data,
                        operand.offset + index * operand.strides[0]};
  for (int dim = 0; dim < 3; ++dim) {
    view.sizes[dim] = operand.sizes[dim + 1];
    view.strides[dim] = operand.strides[dim + 1];
  }
  return view;
}

// Two batch dims that do not collapse into one (attention's heads inside
// its tokens): one batched product per index of the outer one.
template <typename In, typename Out>
void gemm4(ExecutionContext *run, MemRefType<In, 4> lhs, MemRefType<In, 4> rhs,
           MemRefType<Out, 4> out, bool transposeLhs, bool transposeRhs) {
  if (lhs.sizes[0] != out.sizes[0] || rhs.sizes[0] != out.sizes[0]) {
    run->setError("ral_gemm: the outer batch sizes do not agree (lhs " +
                  std::to_string(lhs.sizes[0]) + ", rhs " +
                  std::to_string(rhs.sizes[0]) + ", out " +
                  std::to_string(out.sizes[0]) + ")");
    return;
  }
  for (int64_t index = 0; index < out.sizes[0] && run->ok(); ++index)
    gemm<In, Out, 3>(run, outerBatch(lhs, index), outerBatch(rhs, index),
                     outerBatch(out, index), transposeLhs, transposeRhs);
}

// The products disc-linalg-matmul-to-ral emits for the CPU: f32, f64 or
// bf16 throughout, or bf16 into f32; rank 2, 3, or 4 with two batch dims.
template <typename In, typename Out> bool registerGemm() {
  return registerApi<&gemm<In, Out, 2>>("ral_gemm", "cpu") &&
         registerApi<&gemm<In, Out, 3>>("ral_gemm", "cpu") &&
         registerApi<&gemm4<In, Out>>("ral_gemm", "cpu");
}

[[maybe_unused]] const bool gemmRegistered =
    registerGemm<float, float>() && registerGemm<double, double>() &&
    registerGemm<bfloat16, bfloat16>() && registerGemm<bfloat16, float>();

} // namespace
} // namespace disc::ral::cpu
