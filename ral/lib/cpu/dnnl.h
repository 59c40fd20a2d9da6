// oneDNN, reached through dlopen of Debian's libdnnl2 as the BLAS is
// (cblas.h): its sgemm, the fastest of the CPU libraries on this project's
// machines (docs/BENCHMARKS.md, "Which library computes the products"), its
// matmul primitive for bf16 products (AMX or AVX512-BF16 where the CPU has
// them) and its convolution primitives. Only the header (libdnnl-dev) is needed
// to build; the types of the entry points come from it.
//
// Debian builds oneDNN on OpenMP, whose thread team spins between calls and
// is invisible to the sanitizers. The runtime splits the work over its own
// pool instead, and every call runs on its calling thread alone (OneThread
// below): libgomp never starts a team.
#ifndef DISC_RAL_LIB_CPU_DNNL_H
#define DISC_RAL_LIB_CPU_DNNL_H

#include <oneapi/dnnl/dnnl.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace disc::ral::cpu {

struct Dnnl {
  decltype(&dnnl_sgemm) sgemm;
  decltype(&dnnl_engine_create) engineCreate;
  decltype(&dnnl_stream_create) streamCreate;
  decltype(&dnnl_stream_destroy) streamDestroy;
  decltype(&dnnl_memory_desc_init_by_strides) memoryDescInitByStrides;
  decltype(&dnnl_memory_desc_init_by_tag) memoryDescInitByTag;
  decltype(&dnnl_memory_desc_init_submemory) memoryDescInitSubmemory;
  decltype(&dnnl_memory_desc_equal) memoryDescEqual;
  decltype(&dnnl_memory_desc_get_size) memoryDescGetSize;
  decltype(&dnnl_dilated_convolution_forward_desc_init) convolutionDescInit;
  decltype(&dnnl_matmul_desc_init) matmulDescInit;
  decltype(&dnnl_primitive_attr_create) attrCreate;
  decltype(&dnnl_primitive_attr_destroy) attrDestroy;
  decltype(&dnnl_primitive_attr_set_scratchpad_mode) attrSetScratchpadMode;
  decltype(&dnnl_primitive_desc_create) primitiveDescCreate;
  decltype(&dnnl_reorder_primitive_desc_create) reorderDescCreate;
  decltype(&dnnl_primitive_desc_query_md) primitiveDescQueryMd;
  decltype(&dnnl_primitive_desc_destroy) primitiveDescDestroy;
  decltype(&dnnl_primitive_create) primitiveCreate;
  decltype(&dnnl_primitive_destroy) primitiveDestroy;
  decltype(&dnnl_primitive_execute) primitiveExecute;
  decltype(&dnnl_memory_create) memoryCreate;
  decltype(&dnnl_memory_destroy) memoryDestroy;
  // libgomp's, as loaded with oneDNN; null in a build of oneDNN without
  // OpenMP, which runs every call on its caller's thread anyway.
  int (*getMaxThreads)();
  void (*setNumThreads)(int threads);
  // The CPU engine, made once.
  dnnl_engine_t engine;

  // c (m x n) = op(a) * op(b), row-major, on the calling thread; returns
  // oneDNN's status.
  int sgemmOnThisThread(bool transA, bool transB, int64_t m, int64_t n,
                        int64_t k, const float *a, int64_t lda, const float *b,
                        int64_t ldb, float *c, int64_t ldc) const;

  // Makes in `primitiveDesc` the primitive descriptor of `opDesc` whose
  // scratchpad is passed with each call (dnnl_scratchpad_mode_user), so that
  // several threads may run one primitive at once; returns oneDNN's status.
  dnnl_status_t
  createWithUserScratchpad(const_dnnl_op_desc_t opDesc,
                           dnnl_primitive_desc_t *primitiveDesc) const;

  // The arguments of a primitive: each argument's memory descriptor and
  // the data it describes.
  using Arguments = std::initializer_list<
      std::pair<int, std::pair<const dnnl_memory_desc_t *, void *>>>;

  // Runs `primitive` on the calling thread with `args` and, when
  // `scratchpadBytes` is not 0, a scratchpad of that size from the
  // runtime's allocator (a primitive made with dnnl_scratchpad_mode_user,
  // so that several threads may run it at once); returns oneDNN's status.
  dnnl_status_t executeOnThisThread(dnnl_primitive_t primitive, Arguments args,
                                    size_t scratchpadBytes = 0) const;
};

// Primitives kept for reuse per cache; past this many (a dynamic shape seen
// at many sizes), a primitive is made for the call and dropped.
constexpr size_t kMaxCachedPrimitives = 256;

// The primitives made so far, by every size and stride they were made for.
template <typename Primitive> class PrimitiveCache {
public:
  // The primitive for `key`, made by `make` when there is none; sets
  // `status` to what making it returned.
  template <typename Make>
  std::shared_ptr<Primitive> get(const std::vector<int64_t> &key, Make make,
                                 dnnl_status_t &status) {
    std::lock_guard<std::mutex> lock(mutex);
    status = dnnl_success;
    auto found = primitives.find(key);
    if (found != primitives.end())
      return found->second;
    auto made = std::make_shared<Primitive>();
    if ((status = make(*made)))
      return nullptr;
    if (primitives.size() < kMaxCachedPrimitives)
      primitives.emplace(key, made);
    return made;
  }

private:
  std::mutex mutex;
  std::map<std::vector<int64_t>, std::shared_ptr<Primitive>> primitives;
};

// While alive, oneDNN computes on the constructing thread alone: the
// thread's OpenMP thread count is 1, and it is restored afterwards, so that
// an OpenMP setting of the application's own thread survives.
class OneThread {
public:
  explicit OneThread(const Dnnl &dnnl);
  ~OneThread();
  OneThread(const OneThread &) = delete;
  OneThread &operator=(const OneThread &) = delete;

private:
  const Dnnl &dnnl;
  int previousThreads;
};

// oneDNN, loaded on first use; null with the reason in `error` where
// libdnnl.so.2 cannot be loaded or DISC_CPU_LIBRARY=blas leaves it
// unloaded (docs/ABI.md).
const Dnnl *getDnnl(std::string &error);

} // namespace disc::ral::cpu

#endif // DISC_RAL_LIB_CPU_DNNL_H
