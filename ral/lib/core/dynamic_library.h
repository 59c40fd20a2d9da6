// Reaching the entry points of a library opened with dlopen (libcuda,
// libcublas, a CBLAS), so that the runtime never links against it.
#ifndef DISC_RAL_LIB_CORE_DYNAMIC_LIBRARY_H
#define DISC_RAL_LIB_CORE_DYNAMIC_LIBRARY_H

#include <dlfcn.h>

#include <initializer_list>
#include <string>

namespace disc::ral {

// Opens the first of `names` that loads, never to be closed (what it hands
// out may outlive any one model), and sets `opened` to its name. When none
// loads, returns null with `reasons` holding dlerror's text for each.
inline void *openFirstLibrary(std::initializer_list<const char *> names,
                              const char *&opened, std::string &reasons) {
  for (const char *candidate : names) {
    if (void *library = dlopen(candidate, RTLD_NOW | RTLD_LOCAL)) {
      opened = candidate;
      return library;
    }
    const char *reason = dlerror();
    reasons += std::string(reasons.empty() ? "" : "; ") +
               (reason ? reason : candidate);
  }
  return nullptr;
}

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

// A library's entry points `Api` as loaded once per process, or why they
// could not be.
template <typename Api> struct LoadedLibrary {
  Api api{};
  std::string error;

  // The entry points; null, with `reason` set to the error, when loading
  // failed.
  const Api *get(std::string &reason) const {
    if (!error.empty()) {
      reason = error;
      return nullptr;
    }
    return &api;
  }
};

} // namespace disc::ral

#endif // DISC_RAL_LIB_CORE_DYNAMIC_LIBRARY_H
