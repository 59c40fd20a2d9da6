#include "dnnl.h"
#include "core/dynamic_library.h"

#include "disc/ral/allocator.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>

namespace disc::ral::cpu {
namespace {

LoadedLibrary<Dnnl> load() {
  LoadedLibrary<Dnnl> loaded;
  std::string &error = loaded.error;
  const char *choice = std::getenv("DISC_CPU_LIBRARY");
  if (choice && std::strcmp(choice, "blas") == 0) {
    error = "oneDNN is not available: DISC_CPU_LIBRARY=blas leaves it "
            "unloaded";
    return loaded;
  }
  std::string reasons;
  const char *name = nullptr;
  void *library = openFirstLibrary({"libdnnl.so.2"}, name, reasons);
  if (!library) {
    error = "oneDNN is not available: cannot load libdnnl.so.2 (" + reasons +
            "); install Debian's libdnnl2 (or compile the model with "
            "--cpu-library=none)";
    return loaded;
  }
  Dnnl &d = loaded.api;
  auto resolve = [&](const char *symbol, auto &function) {
    return resolveSymbol(library, "oneDNN", name, symbol, function, error);
  };
  if (!(resolve("dnnl_sgemm", d.sgemm) &&
        resolve("dnnl_engine_create", d.engineCreate) &&
        resolve("dnnl_stream_create", d.streamCreate) &&
        resolve("dnnl_stream_destroy", d.streamDestroy) &&
        resolve("dnnl_memory_desc_init_by_strides",
                d.memoryDescInitByStrides) &&
        resolve("dnnl_memory_desc_init_by_tag", d.memoryDescInitByTag) &&
        resolve("dnnl_memory_desc_init_submemory", d.memoryDescInitSubmemory) &&
        resolve("dnnl_memory_desc_equal", d.memoryDescEqual) &&
        resolve("dnnl_memory_desc_get_size", d.memoryDescGetSize) &&
        resolve("dnnl_dilated_convolution_forward_desc_init",
                d.convolutionDescInit) &&
        resolve("dnnl_matmul_desc_init", d.matmulDescInit) &&
        resolve("dnnl_primitive_attr_create", d.attrCreate) &&
        resolve("dnnl_primitive_attr_destroy", d.attrDestroy) &&
        resolve("dnnl_primitive_attr_set_scratchpad_mode",
                d.attrSetScratchpadMode) &&
        resolve("dnnl_primitive_desc_create", d.primitiveDescCreate) &&
        resolve("dnnl_reorder_primitive_desc_create", d.reorderDescCreate) &&
        resolve("dnnl_primitive_desc_query_md", d.primitiveDescQueryMd) &&
        resolve("dnnl_primitive_desc_destroy", d.primitiveDescDestroy) &&
        resolve("dnnl_primitive_create", d.primitiveCreate) &&
        resolve("dnnl_primitive_destroy", d.primitiveDestroy) &&
        resolve("dnnl_primitive_execute", d.primitiveExecute) &&
        resolve("dnnl_memory_create", d.memoryCreate) &&
        resolve("dnnl_memory_destroy", d.memoryDestroy)))
    return loaded;
  // Found among oneDNN's own dependencies.
  d.getMaxThreads = reinterpret_cast<decltype(d.getMaxThreads)>(
      dlsym(library, "omp_get_max_threads"));
  d.setNumThreads = reinterpret_cast<decltype(d.setNumThreads)>(
      dlsym(library, "omp_set_num_threads"));
  if (!d.getMaxThreads || !d.setNumThreads) {
    d.getMaxThreads = nullptr;
    d.setNumThreads = nullptr;
  }
  if (d.engineCreate(&d.engine, dnnl_cpu, 0) != dnnl_success)
    error = "oneDNN is not available: libdnnl.so.2 made no CPU engine";
  return loaded;
}

} // namespace

OneThread::OneThread(const Dnnl &dnnl)
    : dnnl(dnnl),
      previousThreads(dnnl.getMaxThreads ? dnnl.getMaxThreads() : 1) {
  if (dnnl.setNumThreads)
    dnnl.setNumThreads(1);
}

OneThread::~OneThread() {
  if (dnnl.setNumThreads)
    dnnl.setNumThreads(previousThreads);
}

int Dnnl::sgemmOnThisThread(bool transA, bool transB, int64_t m, int64_t n,
                            int64_t k, const float *a, int64_t lda,
                            const float *b, int64_t ldb, float *c,
                            int64_t ldc) const {
  OneThread oneThread(*this);
  return sgemm(transA ? 'T' : 'N', transB ? 'T' : 'N', m, n, k, 1.0f, a, lda, b,
               ldb, 0.0f, c, ldc);
}

dnnl_status_t
Dnnl::createWithUserScratchpad(const_dnnl_op_desc_t opDesc,
                               dnnl_primitive_desc_t *primitiveDesc) const {
  dnnl_primitive_attr_t attributes;
  dnnl_status_t status = attrCreate(&attributes);
  if (status)
    return status;
  status = attrSetScratchpadMode(attributes, dnnl_scratchpad_mode_user);
  if (!status)
    status =
        primitiveDescCreate(primitiveDesc, opDesc, attributes, engine, nullptr);
  attrDestroy(attributes);
  return status;
}

dnnl_status_t Dnnl::executeOnThisThread(dnnl_primitive_t primitive,
                                        Arguments args,
                                        size_t scratchpadBytes) const {
  OneThread oneThread(*this);
  // From the runtime's allocator, which keeps freed blocks for the next run
  // instead of taking page faults for them again.
  AlignedBuffer scratchpad;
  dnnl_memory_desc_t scratchpadDesc;
  if (scratchpadBytes) {
    scratchpad.reset(alignedAllocate(scratchpadBytes));
    if (!scratchpad)
      return dnnl_out_of_memory;
    dnnl_dims_t scratchpadDims = {static_cast<int64_t>(scratchpadBytes)};
    if (dnnl_status_t status = memoryDescInitByTag(
            &scratchpadDesc, 1, scratchpadDims, dnnl_u8, dnnl_a))
      return status;
  }
  dnnl_stream_t stream;
  dnnl_status_t status =
      streamCreate(&stream, engine, dnnl_stream_default_flags);
  if (status)
    return status;
  std::vector<dnnl_exec_arg_t> execArgs;
  auto addArgument = [&](int arg, const dnnl_memory_desc_t *desc, void *data) {
    dnnl_memory_t object;
    if ((status = memoryCreate(&object, desc, engine, data)))
      return false;
    execArgs.push_back({arg, object});
    return true;
  };
  bool made = true;
  for (const auto &[arg, memory] : args)
    if (!(made = addArgument(arg, memory.first, memory.second)))
      break;
  if (made && scratchpadBytes)
    made = addArgument(DNNL_ARG_SCRATCHPAD, &scratchpadDesc, scratchpad.get());
  if (made)
    status = primitiveExecute(
        primitive, stream, static_cast<int>(execArgs.size()), execArgs.data());
  for (const dnnl_exec_arg_t &arg : execArgs)
    memoryDestroy(arg.memory);
  streamDestroy(stream);
  return status;
}

const Dnnl *getDnnl(std::string &error) {
  // Loaded once per process; a C++ static is initialized thread-safely.
  static const LoadedLibrary<Dnnl> loaded = load();
  return loaded.get(error);
}

} // namespace disc::ral::cpu
