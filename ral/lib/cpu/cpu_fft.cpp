// ral_fft, ral_ifft, ral_rfft and ral_irfft on device "cpu" (docs/ABI.md):
// stablehlo.fft through FFTW (fftw.h). The compiled code calls them in
// destination-passing style with dense row-major buffers whose first
// dimension is the batch and whose others are the transformed ones (1 to
// 3): fft_length is the real side's shape, the complex side of a real
// transform keeping n/2+1 elements of the last dimension.
#include "fftw.h"
#include "parallel_for.h"

#include "disc/ral/context.h"
#include "disc/ral/registry.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace disc::ral::cpu {
namespace {

enum class Transform { Forward, Inverse, RealForward, RealInverse };

template <Transform kind, typename Real>
using InputOf = std::conditional_t<kind == Transform::RealForward, Real,
                                   std::complex<Real>>;
template <Transform kind, typename Real>
using OutputOf = std::conditional_t<kind == Transform::RealInverse, Real,
                                    std::complex<Real>>;

const char *getApiName(Transform kind) {
  switch (kind) {
  case Transform::Forward:
    return "ral_fft";
  case Transform::Inverse:
    return "ral_ifft";
  case Transform::RealForward:
    return "ral_rfft";
  case Transform::RealInverse:
    return "ral_irfft";
  }
  return "";
}

// What a plan is made for: FFTW runs a plan on other arrays only when they
// have the alignment of those it was made with.
struct PlanKey {
  Transform kind;
  std::vector<int> lengths;
  int batch;
  int inAlignment, outAlignment;

  bool operator<(const PlanKey &other) const {
    return std::tie(kind, lengths, batch, inAlignment, outAlignment) <
           std::tie(other.kind, other.lengths, other.batch, other.inAlignment,
                    other.outAlignment);
  }
};

// FFTW's planner is not thread-safe (its execute functions are): plans are
// made under this lock, once per key and precision, and kept for the
// process, as the library itself is.
std::mutex plannerMutex;

template <typename Real> std::map<PlanKey, FftwPlan> &getPlans() {
  // Never destroyed: a model may still run while the process exits, and
  // the plans stay reachable to the end for a leak checker.
  static auto *plans = new std::map<PlanKey, FftwPlan>;
  return *plans;
}

// The plan for `key` on arrays like `in` and `out`, made on first use;
// null when FFTW cannot make it. Planning with FFTW_ESTIMATE reads neither
// array.
template <Transform kind, typename Real>
FftwPlan getPlan(const Fftw<Real> &fftw, const PlanKey &key,
                 InputOf<kind, Real> *in, OutputOf<kind, Real> *out,
                 int inDistance, int outDistance) {
  std::lock_guard<std::mutex> lock(plannerMutex);
  std::map<PlanKey, FftwPlan> &plans = getPlans<Real>();
  auto found = plans.find(key);
  if (found != plans.end())
    return found->second;
  int rank = static_cast<int>(key.lengths.size());
  const int *n = key.lengths.data();
  FftwPlan plan = nullptr;
  if constexpr (kind == Transform::Forward || kind == Transform::Inverse)
    plan = fftw.planManyDft(
        rank, n, key.batch, in, nullptr, 1, inDistance, out, nullptr, 1,
        outDistance, kind == Transform::Forward ? kFftwForward : kFftwBackward,
        kFftwEstimate);
  else if constexpr (kind == Transform::RealForward)
    plan = fftw.planManyDftR2c(rank, n, key.batch, in, nullptr, 1, inDistance,
                               out, nullptr, 1, outDistance, kFftwEstimate);
  else
    plan = fftw.planManyDftC2r(rank, n, key.batch, in, nullptr, 1, inDistance,
                               out, nullptr, 1, outDistance, kFftwEstimate);
  if (plan)
    plans.emplace(key, plan);
  return plan;
}

template <typename Real> Real *asReal(Real *pointer) { return pointer; }
template <typename Real> Real *asReal(std::complex<Real> *pointer) {
  return reinterpret_cast<Real *>(pointer);
}

// "3x8": a buffer's sizes as error messages print shapes.
std::string shapeString(const int64_t *sizes, int rank) {
  std::string text;
  for (int dim = 0; dim < rank; ++dim)
    text += (dim ? "x" : "") + std::to_string(sizes[dim]);
  return text;
}

// Transforms below this many elements of input run on the calling thread
// alone: handing them to other threads costs more than it saves.
constexpr int64_t kMinParallelElements = int64_t(1) << 15;

template <Transform kind, typename Real, int N>
void transform(ExecutionContext *run, MemRefType<InputOf<kind, Real>, N> in,
               MemRefType<OutputOf<kind, Real>, N> out) {
  static_assert(N >= 2 && N <= 4, "a batch and 1 to 3 transformed dims");
  const char *api = getApiName(kind);
  // The real side's shape is fft_length; the complex side of a real
  // transform holds n/2+1 elements of the last dimension.
  const int64_t *realSizes =
      kind == Transform::RealInverse ? out.sizes : in.sizes;
  const int64_t *complexSizes =
      kind == Transform::RealInverse ? in.sizes : out.sizes;
  std::vector<int> lengths;
  bool shapesAgree = in.sizes[0] == out.sizes[0];
  bool fitsInInt = in.sizes[0] <= INT_MAX;
  int64_t inElements = 1, outElements = 1;
  for (int dim = 1; dim < N; ++dim) {
    int64_t length = realSizes[dim];
    int64_t complexSize =
        dim == N - 1 && kind != Transform::Forward && kind != Transform::Inverse
            ? (length == 0 ? 0 : length / 2 + 1)
            : length;
    shapesAgree =
        shapesAgree && complexSizes[dim] == complexSize &&
        (kind == Transform::RealForward || kind == Transform::RealInverse ||
         in.sizes[dim] == out.sizes[dim]);
    fitsInInt = fitsInInt && length <= INT_MAX;
    lengths.push_back(static_cast<int>(length));
    inElements *= in.sizes[dim];
    outElements *= out.sizes[dim];
  }
  if (!shapesAgree) {
    // With a dynamic dimension the compiler cannot see that an input
    // contradicts fft_length, which sized the output: both shapes say how.
    run->setError(std::string(api) + ": an input of " +
                  shapeString(in.sizes, N) + " does not fit the output of " +
                  shapeString(out.sizes, N) +
                  " (the transformed dimensions are fft_length)");
    return;
  }
  if (!fitsInInt || inElements > INT_MAX || outElements > INT_MAX) {
    run->setError(std::string(api) +
                  ": a transform of more than 2^31-1 elements");
    return;
  }
  int64_t batch = in.sizes[0];
  InputOf<kind, Real> *input = in.data + in.offset;
  OutputOf<kind, Real> *output = out.data + out.offset;
  if (batch == 0 || inElements == 0) {
    std::fill(output, output + batch * outElements, OutputOf<kind, Real>(0));
    return;
  }
  std::string error;
  const Fftw<Real> *fftw = getFftw<Real>(error);
  if (!fftw) {
    run->setError(std::string(api) + ": " + error);
    return;
  }
  int64_t realElements =
      kind == Transform::RealInverse ? outElements : inElements;
  Real scale = Real(1) / static_cast<Real>(realElements);
  int threads = batch * inElements < kMinParallelElements
                    ? 1
                    : std::min<int64_t>(getRunThreads(run), batch);
  std::mutex errorMutex;
  std::string planError;
  runInChunks(batch, 1, threads, [&](int64_t begin, int64_t end) {
    InputOf<kind, Real> *chunkIn = input + begin * inElements;
    OutputOf<kind, Real> *chunkOut = output + begin * outElements;
    // FFTW's complex-to-real plans overwrite their input, which belongs to
    // the caller: they transform a copy.
    std::vector<InputOf<kind, Real>> inputCopy;
    if constexpr (kind == Transform::RealInverse) {
      inputCopy.assign(chunkIn, chunkIn + (end - begin) * inElements);
      chunkIn = inputCopy.data();
    }
    // The chunk runs as plans of power-of-two batch counts, largest first:
    // with a dynamic batch every count would otherwise make and keep a plan
    // of its own, where these are at most 31 per transform and alignment.
    for (int64_t done = 0; done < end - begin;) {
      int64_t count = int64_t(1)
                      << (63 - __builtin_clzll(uint64_t(end - begin - done)));
      InputOf<kind, Real> *pieceIn = chunkIn + done * inElements;
      OutputOf<kind, Real> *pieceOut = chunkOut + done * outElements;
      PlanKey key{kind, lengths, static_cast<int>(count),
                  fftw->alignmentOf(asReal(pieceIn)),
                  fftw->alignmentOf(asReal(pieceOut))};
      FftwPlan plan = getPlan<kind>(*fftw, key, pieceIn, pieceOut,
                                    static_cast<int>(inElements),
                                    static_cast<int>(outElements));
      if (!plan) {
        std::lock_guard<std::mutex> lock(errorMutex);
        planError = std::string(api) + ": FFTW cannot plan this transform";
        return;
      }
      if constexpr (kind == Transform::Forward || kind == Transform::Inverse)
        fftw->executeDft(plan, pieceIn, pieceOut);
      else if constexpr (kind == Transform::RealForward)
        fftw->executeDftR2c(plan, pieceIn, pieceOut);
      else
        fftw->executeDftC2r(plan, pieceIn, pieceOut);
      done += count;
    }
    // FFTW's backward transforms are unnormalized; StableHLO's divide by
    // the product of fft_length.
    if constexpr (kind == Transform::Inverse || kind == Transform::RealInverse)
      for (int64_t i = 0; i < (end - begin) * outElements; ++i)
        chunkOut[i] *= scale;
  });
  if (!planError.empty())
    run->setError(planError);
}

template <typename Real, int N> bool registerTransforms() {
  return registerApi<&transform<Transform::Forward, Real, N>>("ral_fft",
                                                              "cpu") &&
         registerApi<&transform<Transform::Inverse, Real, N>>("ral_ifft",
                                                              "cpu") &&
         registerApi<&transform<Transform::RealForward, Real, N>>("ral_rfft",
                                                                  "cpu") &&
         registerApi<&transform<Transform::RealInverse, Real, N>>("ral_irfft",
                                                                  "cpu");
}

template <typename Real> bool registerEveryRank() {
  return registerTransforms<Real, 2>() && registerTransforms<Real, 3>() &&
         registerTransforms<Real, 4>();
}

[[maybe_unused]] const bool fftRegistered =
    registerEveryRank<float>() && registerEveryRank<double>();

} // namespace
} // namespace disc::ral::cpu
