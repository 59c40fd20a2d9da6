// Registration of runtime APIs under their mangled names.
//
// TAO_RAL_API("ral_gemm", "cpu", gemm<float>) registers a plain C++ function.
// Its name, "ral_gemm___cpu___<arg tokens>___<result tokens>", is derived
// from the C++ signature with the tokens of type_encoding.def, so it equals
// what the compiler emits for a call with the same MLIR types (docs/ABI.md).
#ifndef DISC_RAL_REGISTRY_H
#define DISC_RAL_REGISTRY_H

#include "disc/ral/dtype.h"
#include "disc/ral/memref.h"

#include <array>
#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace disc::ral {

// A registered API behind the type-erased ABI: it unpacks `args` (slot 0 the
// context, then arguments, then results) and calls the C++ function.
using ApiFunction = void (*)(void **args);

namespace detail {

// How one C++ argument or result type is encoded and laid out in slots.
template <typename T> struct SlotTraits {
  static constexpr size_t kSlots = 1;
  static void appendToken(std::string &out) { out += DTypeOf<T>::token; }
  static T load(void **slots) { return *static_cast<T *>(slots[0]); }
  static void store(void **slots, const T &value) {
    *static_cast<T *>(slots[0]) = value;
  }
};

// An i1 travels as one byte holding 0 or 1.
template <> struct SlotTraits<bool> {
  static constexpr size_t kSlots = 1;
  static void appendToken(std::string &out) { out += "i1"; }
  static bool load(void **slots) {
    return *static_cast<uint8_t *>(slots[0]) != 0;
  }
  static void store(void **slots, bool value) {
    *static_cast<uint8_t *>(slots[0]) = value ? 1 : 0;
  }
};

template <typename T> struct SlotTraits<T *> {
  static constexpr size_t kSlots = 1;
  static void appendToken(std::string &out) { out += "pvoid"; }
  static T *load(void **slots) { return *static_cast<T **>(slots[0]); }
  static void store(void **slots, T *value) {
    *static_cast<T **>(slots[0]) = value;
  }
};

template <typename T, int N> struct SlotTraits<MemRefType<T, N>> {
  static constexpr size_t kSlots = 3 + 2 * static_cast<size_t>(N);
  static void appendToken(std::string &out) {
    out += 'm';
    out += std::to_string(N);
    out += 'd';
    out += DTypeOf<T>::token;
  }
  static MemRefType<T, N> load(void **slots) {
    MemRefType<T, N> memref;
    memref.allocated = *static_cast<T **>(slots[0]);
    memref.data = *static_cast<T **>(slots[1]);
    memref.offset = *static_cast<int64_t *>(slots[2]);
    if constexpr (N > 0) {
      for (int i = 0; i < N; ++i) {
        memref.sizes[i] = *static_cast<int64_t *>(slots[3 + i]);
        memref.strides[i] = *static_cast<int64_t *>(slots[3 + N + i]);
      }
    }
    return memref;
  }
  static void store(void **slots, const MemRefType<T, N> &memref) {
    *static_cast<T **>(slots[0]) = memref.allocated;
    *static_cast<T **>(slots[1]) = memref.data;
    *static_cast<int64_t *>(slots[2]) = memref.offset;
    if constexpr (N > 0) {
      for (int i = 0; i < N; ++i) {
        *static_cast<int64_t *>(slots[3 + i]) = memref.sizes[i];
        *static_cast<int64_t *>(slots[3 + N + i]) = memref.strides[i];
      }
    }
  }
};

template <typename T>
using Slots = SlotTraits<std::remove_cv_t<std::remove_reference_t<T>>>;

// The results of a function: none (void), one, or a std::tuple of several.
template <typename R> struct ResultList {
  using Types = std::tuple<R>;
  static auto asTuple(R &&value) { return std::tuple<R>(std::move(value)); }
};
template <> struct ResultList<void> { using Types = std::tuple<>; };
template <typename... Rs> struct ResultList<std::tuple<Rs...>> {
  using Types = std::tuple<Rs...>;
  static auto asTuple(std::tuple<Rs...> &&value) { return std::move(value); }
};

template <typename... Ts> constexpr auto slotOffsets() {
  std::array<size_t, sizeof...(Ts) + 1> offsets{};
  constexpr size_t counts[] = {Slots<Ts>::kSlots..., 0};
  for (size_t i = 0; i < sizeof...(Ts); ++i)
    offsets[i + 1] = offsets[i] + counts[i];
  return offsets;
}

template <typename... Ts> void appendTokens(std::string &out) {
  if constexpr (sizeof...(Ts) == 0) {
    out += "void";
  } else {
    bool first = true;
    ((out += first ? "" : "_", first = false, Slots<Ts>::appendToken(out)),
     ...);
  }
}

// Accepts a function type or a function pointer type, noexcept or not.
template <typename F> struct FunctionTraits;
template <typename R, typename... Args> struct FunctionTraits<R(Args...)> {
  static_assert(
      sizeof...(Args) >= 1 &&
          std::is_pointer_v<std::tuple_element_t<0, std::tuple<Args...>>>,
      "a RAL API takes the execution context as its first argument");
  using Result = R;
  using ArgTypes = std::tuple<Args...>;
};
template <typename R, typename... Args>
struct FunctionTraits<R(Args...) noexcept> : FunctionTraits<R(Args...)> {};
template <typename F> struct FunctionTraits<F *> : FunctionTraits<F> {};

template <typename Tuple> struct TupleTokens;
template <typename... Ts> struct TupleTokens<std::tuple<Ts...>> {
  static void append(std::string &out) { appendTokens<Ts...>(out); }
};

template <typename... Rs, size_t... I>
void storeResults(void **slots, std::tuple<Rs...> &&results,
                  std::index_sequence<I...>) {
  constexpr auto offsets = slotOffsets<Rs...>();
  (Slots<Rs>::store(slots + offsets[I], std::get<I>(results)), ...);
}

template <auto F, typename R, typename... Args, size_t... I>
void invokeWithSlots(void **args, std::index_sequence<I...>) {
  constexpr auto offsets = slotOffsets<Args...>();
  if constexpr (std::is_void_v<R>) {
    F(Slots<Args>::load(args + offsets[I])...);
  } else {
    using Results = typename ResultList<R>::Types;
    void **resultSlots = args + offsets[sizeof...(Args)];
    storeResults(
        resultSlots,
        ResultList<R>::asTuple(F(Slots<Args>::load(args + offsets[I])...)),
        std::make_index_sequence<std::tuple_size_v<Results>>());
  }
}

template <auto F, typename R, typename... Args>
void unpackAndCall(R (*)(Args...), void **args) {
  invokeWithSlots<F, R, Args...>(args, std::index_sequence_for<Args...>());
}

} // namespace detail

// The mangled name of an API `name` on `device` implemented by a function of
// type F, e.g. mangledName<decltype(&gemm)>("ral_gemm", "cpu").
template <typename F>
std::string mangledName(std::string_view name, std::string_view device) {
  using Traits = detail::FunctionTraits<F>;
  std::string out;
  out += name;
  out += "___";
  out += device;
  out += "___";
  detail::TupleTokens<typename Traits::ArgTypes>::append(out);
  out += "___";
  detail::TupleTokens<
      typename detail::ResultList<typename Traits::Result>::Types>::append(out);
  return out;
}

// The type-erased entry for the function F.
template <auto F> void callWithSlots(void **args) {
  detail::unpackAndCall<F>(F, args);
}

// Every registered API, keyed by mangled name. Thread-safe.
class Registry {
public:
  static Registry &global();

  // Registers `function` as `mangled`. Returns false, and keeps the first
  // registration, when the name is already taken.
  bool add(std::string mangled, ApiFunction function);

  // The API registered as `mangled`, or nullptr.
  ApiFunction find(std::string_view mangled) const;

  std::vector<std::string> names() const;

private:
  mutable std::mutex mutex_;
  std::unordered_map<std::string, ApiFunction> functions_;
};

// Registers F as the API `name` on `device`; returns whether the name was new.
template <auto F>
bool registerApi(std::string_view name, std::string_view device) {
  return Registry::global().add(mangledName<decltype(F)>(name, device),
                                &callWithSlots<F>);
}

namespace detail {
template <template <typename, int> class Api, typename T, int... N>
void registerRanks(std::string_view name, std::string_view device,
                   std::integer_sequence<int, N...>) {
  (registerApi<Api<T, N>::function>(name, device), ...);
}
} // namespace detail

// The highest memref rank the generic APIs are registered for.
inline constexpr int kMaxRegisteredRank = 8;

// Registers Api<T, N>::function as `name` on `device` for every element type
// T of type_encoding.def and every rank N up to kMaxRegisteredRank: the APIs
// that take any memref, such as ral_recv_input. Returns true.
template <template <typename, int> class Api>
bool registerForEveryTypeAndRank(std::string_view name,
                                 std::string_view device) {
  using Ranks = std::make_integer_sequence<int, kMaxRegisteredRank + 1>;
#define DISC_RAL_SCALAR_TYPE(Token, CppType, BitWidth, Kind)                   \
  detail::registerRanks<Api, CppType>(name, device, Ranks());
#include "disc/ral/type_encoding.def"
  return true;
}

} // namespace disc::ral

#define DISC_RAL_CONCAT_IMPL(a, b) a##b
#define DISC_RAL_CONCAT(a, b) DISC_RAL_CONCAT_IMPL(a, b)

#define TAO_RAL_API(name, device, function)                                    \
  [[maybe_unused]] static const bool DISC_RAL_CONCAT(discRalApiRegistered,     \
                                                     __COUNTER__) =            \
      ::disc::ral::registerApi<&function>(name, device)

#endif // DISC_RAL_REGISTRY_H
