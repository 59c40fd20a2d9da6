// The part of FFTW the CPU runtime uses, reached through dlopen of Debian's
// libfftw3 (double) and libfftw3f (float) as the BLAS is (cblas.h): the
// runtime neither links nor needs them until a model transforms. The
// constants and entry points mirror fftw3.h; a complex array is FFTW's
// `fftw_complex`, two reals per element, which is std::complex's layout.
#ifndef DISC_RAL_LIB_CPU_FFTW_H
#define DISC_RAL_LIB_CPU_FFTW_H

#include <complex>
#include <string>

namespace disc::ral::cpu {

struct FftwPlanData;
using FftwPlan = FftwPlanData *;

enum FftwSign { kFftwForward = -1, kFftwBackward = 1 };
enum FftwFlags : unsigned { kFftwEstimate = 1u << 6 };

// The entry points of the FFTW of one precision: fftw_* for double,
// fftwf_* for float.
template <typename Real> struct Fftw {
  using Complex = std::complex<Real>;
  FftwPlan (*planManyDft)(int rank, const int *n, int howMany, Complex *in,
                          const int *inEmbed, int inStride, int inDistance,
                          Complex *out, const int *outEmbed, int outStride,
                          int outDistance, int sign, unsigned flags);
  FftwPlan (*planManyDftR2c)(int rank, const int *n, int howMany, Real *in,
                             const int *inEmbed, int inStride, int inDistance,
                             Complex *out, const int *outEmbed, int outStride,
                             int outDistance, unsigned flags);
  FftwPlan (*planManyDftC2r)(int rank, const int *n, int howMany, Complex *in,
                             const int *inEmbed, int inStride, int inDistance,
                             Real *out, const int *outEmbed, int outStride,
                             int outDistance, unsigned flags);
  // Run a plan on other arrays of the same alignment (alignmentOf).
  void (*executeDft)(FftwPlan plan, Complex *in, Complex *out);
  void (*executeDftR2c)(FftwPlan plan, Real *in, Complex *out);
  void (*executeDftC2r)(FftwPlan plan, Complex *in, Real *out);
  int (*alignmentOf)(Real *pointer);
};

// The FFTW of precision Real (float or double), loaded on first use; null
// when it cannot be, with the reason in `error` ("FFT is not available:
// ...; install Debian's libfftw3-single3").
template <typename Real> const Fftw<Real> *getFftw(std::string &error);

} // namespace disc::ral::cpu

#endif // DISC_RAL_LIB_CPU_FFTW_H
