// TFRT's basic kernels: tfrt.constant.*, integer and float arithmetic and
// comparisons, casts, prints, tfrt.new.chain and tfrt.merge.chains. Like
// TFRT's, each kernel reads its arguments from the front, so an extra
// trailing chain argument is ignored.
#include "print.h"

#include "disc/ral/host/chain.h"
#include "disc/ral/host/kernel_frame.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <mutex>
#include <string>

namespace disc::kernels {

using host::Chain;
using host::KernelFrame;

void printLine(std::string_view line) {
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fputc('\n', stdout);
  std::fflush(stdout);
}

namespace {

template <typename T> void constant(KernelFrame &frame) {
  std::optional<T> value = frame.attributeNumber<T>("value");
  if (!value) {
    frame.reportError(frame.where() + ": no numeric 'value' attribute");
    return;
  }
  frame.emplaceResult<T>(0, *value);
}

template <typename T> void add(KernelFrame &frame) {
  frame.emplaceResult<T>(0,
                         static_cast<T>(frame.argAs<T>(0) + frame.argAs<T>(1)));
}
template <typename T> void minus(KernelFrame &frame) {
  frame.emplaceResult<T>(0,
                         static_cast<T>(frame.argAs<T>(0) - frame.argAs<T>(1)));
}
template <typename T> void multiply(KernelFrame &frame) {
  frame.emplaceResult<T>(0,
                         static_cast<T>(frame.argAs<T>(0) * frame.argAs<T>(1)));
}
template <typename T> void minimum(KernelFrame &frame) {
  frame.emplaceResult<T>(0, std::min(frame.argAs<T>(0), frame.argAs<T>(1)));
}
template <typename T> void equal(KernelFrame &frame) {
  frame.emplaceResult<bool>(0, frame.argAs<T>(0) == frame.argAs<T>(1));
}
template <typename T> void lessEqual(KernelFrame &frame) {
  frame.emplaceResult<bool>(0, frame.argAs<T>(0) <= frame.argAs<T>(1));
}

// Integer division gives the quotient and the remainder.
template <typename T> void divideIntegers(KernelFrame &frame) {
  T lhs = frame.argAs<T>(0), rhs = frame.argAs<T>(1);
  if (rhs == 0) {
    frame.reportError("Divide by zero");
    return;
  }
  frame.emplaceResult<T>(0, static_cast<T>(lhs / rhs));
  frame.emplaceResult<T>(1, static_cast<T>(lhs % rhs));
}
template <typename T> void divideFloats(KernelFrame &frame) {
  frame.emplaceResult<T>(0, frame.argAs<T>(0) / frame.argAs<T>(1));
}

template <typename From, typename To> void cast(KernelFrame &frame) {
  frame.emplaceResult<To>(0, static_cast<To>(frame.argAs<From>(0)));
}

// The kernel's first argument as TFRT prints it, then a ready chain.
template <typename T> void print(KernelFrame &frame) {
  char text[64];
  T value = frame.argAs<T>(0);
  if constexpr (std::is_same_v<T, bool>)
    std::snprintf(text, sizeof(text), "int1 = %d", value ? 1 : 0);
  else if constexpr (std::is_same_v<T, int32_t>)
    std::snprintf(text, sizeof(text), "int32 = %" PRId32, value);
  else if constexpr (std::is_same_v<T, int64_t>)
    std::snprintf(text, sizeof(text), "int64 = %" PRId64, value);
  else if constexpr (std::is_same_v<T, uint32_t>)
    std::snprintf(text, sizeof(text), "uint32 = %" PRIu32, value);
  else if constexpr (std::is_same_v<T, float>)
    std::snprintf(text, sizeof(text), "f32 = %f", static_cast<double>(value));
  else
    std::snprintf(text, sizeof(text), "f64 = %f", value);
  printLine(text);
  frame.setResult(0, host::readyChain());
}

// Strict, so its result is ready once every argument is: a barrier.
void readyChainResult(KernelFrame &frame) {
  frame.setResult(0, host::readyChain());
}

#define DISC_ARITHMETIC_KERNELS(suffix, T)                                     \
  {"tfrt.constant." suffix, constant<T>}, {"tfrt.add." suffix, add<T>},        \
      {"tfrt.minus." suffix, minus<T>},                                        \
      {"tfrt.multiply." suffix, multiply<T>},                                  \
      {"tfrt.minimum." suffix, minimum<T>}, {"tfrt.equal." suffix, equal<T>},  \
      {"tfrt.lessequal." suffix, lessEqual<T>}, {                              \
    "tfrt.print." suffix, print<T>                                             \
  }

#define DISC_CAST_KERNEL(from, From, to, To)                                   \
  { "tfrt.cast." from "_to_" to, cast<From, To> }

[[maybe_unused]] const bool registered = host::registerKernels({
    DISC_ARITHMETIC_KERNELS("i32", int32_t),
    DISC_ARITHMETIC_KERNELS("i64", int64_t),
    DISC_ARITHMETIC_KERNELS("f32", float),
    DISC_ARITHMETIC_KERNELS("f64", double),
    {"tfrt.constant.i1", constant<bool>},
    {"tfrt.constant.ui32", constant<uint32_t>},
    {"tfrt.print.i1", print<bool>},
    {"tfrt.print.ui32", print<uint32_t>},
    {"tfrt.div.i32", divideIntegers<int32_t>},
    {"tfrt.div.i64", divideIntegers<int64_t>},
    {"tfrt.div.f32", divideFloats<float>},
    {"tfrt.div.f64", divideFloats<double>},
    DISC_CAST_KERNEL("i32", int32_t, "i64", int64_t),
    DISC_CAST_KERNEL("i64", int64_t, "i32", int32_t),
    DISC_CAST_KERNEL("i32", int32_t, "f32", float),
    DISC_CAST_KERNEL("i32", int32_t, "f64", double),
    DISC_CAST_KERNEL("i64", int64_t, "f32", float),
    DISC_CAST_KERNEL("i64", int64_t, "f64", double),
    DISC_CAST_KERNEL("f32", float, "i32", int32_t),
    DISC_CAST_KERNEL("f32", float, "i64", int64_t),
    DISC_CAST_KERNEL("f64", double, "i32", int32_t),
    DISC_CAST_KERNEL("f64", double, "i64", int64_t),
    DISC_CAST_KERNEL("f32", float, "f64", double),
    DISC_CAST_KERNEL("f64", double, "f32", float),
    DISC_CAST_KERNEL("i1", bool, "i32", int32_t),
    DISC_CAST_KERNEL("i32", int32_t, "i1", bool),
    {"tfrt.new.chain", readyChainResult},
    {"tfrt.merge.chains", readyChainResult},
});

} // namespace

} // namespace disc::kernels
