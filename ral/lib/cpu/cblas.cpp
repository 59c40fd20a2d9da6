#include "cblas.h"
#include "core/dynamic_library.h"

#include <cstdint>
#include <dlfcn.h>

namespace disc::ral::cpu {
namespace {

LoadedLibrary<Cblas> load() {
  LoadedLibrary<Cblas> loaded;
  std::string &error = loaded.error;
  // OpenBLAS first: on a 2-core Zen 4 it ran a transformer's products at 1.6
  // to 4 times BLIS's speed (docs/BENCHMARKS.md, "Which library computes the
  // products"); BLIS exports the same CBLAS.
  std::string reasons;
  const char *name = nullptr;
  void *library =
      openFirstLibrary({"libopenblas.so.0", "libblis.so.4"}, name, reasons);
  if (!library) {
    error = "BLAS is not available: cannot load libopenblas.so.0 or "
            "libblis.so.4 (" +
            reasons +
            "); install Debian's libopenblas0-pthread (or compile the model "
            "with --cpu-library=none)";
    return loaded;
  }
  Cblas &c = loaded.api;
  auto resolve = [&](const char *symbol, auto &function) {
    return resolveSymbol(library, "BLAS", name, symbol, function, error);
  };
  if (!(resolve("cblas_sgemm", c.sgemm) && resolve("cblas_dgemm", c.dgemm) &&
        resolve("cblas_sgemv", c.sgemv) && resolve("cblas_dgemv", c.dgemv)))
    return loaded;
  // Each call runs on the thread that makes it: the runtime splits a
  // product over the cores itself (cpu_gemm.cpp), so the library's own
  // threads, which spin between calls, would only take cores from the
  // compiled loops. The setting is the library's, for the whole process.
  if (auto setThreads = reinterpret_cast<void (*)(int)>(
          dlsym(library, "openblas_set_num_threads")))
    setThreads(1);
  else if (auto setBlisThreads = reinterpret_cast<void (*)(int64_t)>(
               dlsym(library, "bli_thread_set_num_threads")))
    setBlisThreads(1);
  return loaded;
}

} // namespace

const Cblas *getCblas(std::string &error) {
  // Loaded once per process; a C++ static is initialized thread-safely.
  static const LoadedLibrary<Cblas> loaded = load();
  return loaded.get(error);
}

} // namespace disc::ral::cpu
