#include "fftw.h"
#include "core/dynamic_library.h"

namespace disc::ral::cpu {
namespace {

// Where each precision of FFTW lives: its library, the Debian package that
// installs it and the prefix of its symbols.
struct FftwLibrary {
  const char *soname;
  const char *package;
  std::string prefix;
};

template <typename Real> FftwLibrary getLibrary();
template <> FftwLibrary getLibrary<double>() {
  return {"libfftw3.so.3", "libfftw3-double3", "fftw_"};
}
template <> FftwLibrary getLibrary<float>() {
  return {"libfftw3f.so.3", "libfftw3-single3", "fftwf_"};
}

template <typename Real> LoadedLibrary<Fftw<Real>> load() {
  LoadedLibrary<Fftw<Real>> loaded;
  std::string &error = loaded.error;
  FftwLibrary where = getLibrary<Real>();
  std::string reasons;
  const char *name = nullptr;
  void *library = openFirstLibrary({where.soname}, name, reasons);
  if (!library) {
    error = std::string("FFT is not available: cannot load ") + where.soname +
            " (" + reasons + "); install Debian's " + where.package;
    return loaded;
  }
  Fftw<Real> &f = loaded.api;
  auto resolve = [&](const char *symbol, auto &function) {
    return resolveSymbol(library, "FFT", name, (where.prefix + symbol).c_str(),
                         function, error);
  };
  if (resolve("plan_many_dft", f.planManyDft) &&
      resolve("plan_many_dft_r2c", f.planManyDftR2c) &&
      resolve("plan_many_dft_c2r", f.planManyDftC2r) &&
      resolve("execute_dft", f.executeDft) &&
      resolve("execute_dft_r2c", f.executeDftR2c) &&
      resolve("execute_dft_c2r", f.executeDftC2r))
    resolve("alignment_of", f.alignmentOf);
  return loaded;
}

} // namespace

template <typename Real> const Fftw<Real> *getFftw(std::string &error) {
  // Loaded once per process; a C++ static is initialized thread-safely.
  static const LoadedLibrary<Fftw<Real>> loaded = load<Real>();
  return loaded.get(error);
}

template const Fftw<float> *getFftw<float>(std::string &error);
template const Fftw<double> *getFftw<double>(std::string &error);

} // namespace disc::ral::cpu
