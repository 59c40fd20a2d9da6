// Reaching the entry points of a library opened with dlopen (libcuda,
// libcublas), so that the runtime never links against it.
#ifndef DISC_RAL_LIB_CUDA_DYNAMIC_LIBRARY_H
#define DISC_RAL_LIB_CUDA_DYNAMIC_LIBRARY_H

#include <dlfcn.h>

#include <string>

namespace disc::ral::cuda {

// Sets `function` to `symbol` of `library`; when the library has none,
// returns false with `error` "<what> is not available: <libraryName> has no
// <symbol>".
template <typename F>
bool resolveSymbol(void *library, const char *what, const char *libraryName,
                   const char *symbol, F &function, std::string &error) {
  function = reinterpret_cast<F>(dlsym(library, symbol));
  if (!function)
    error = std::string(what) + " is not available: " + libraryName +
            " has no " + symbol;
  return function != nullptr;
}

} // namespace disc::ral::cuda

#endif // DISC_RAL_LIB_CUDA_DYNAMIC_LIBRARY_H
