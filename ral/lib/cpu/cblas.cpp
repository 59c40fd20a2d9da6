#include "cblas.h"
#include "../core/dynamic_library.h"

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
  resolve("cblas_sgemm", c.sgemm) && resolve("cblas_dgemm", c.dgemm) &&
      resolve("cblas_sgemv", c.sgemv) && resolve("cblas_dgemv", c.dgemv);
  return loaded;
}

} // namespace

const Cblas *getCblas(std::string &error) {
  // Loaded once per process; a C++ static is initialized thread-safely.
  static const LoadedLibrary<Cblas> loaded = load();
  return loaded.get(error);
}

} // namespace disc::ral::cpu
