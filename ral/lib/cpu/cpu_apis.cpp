// The CPU runtime APIs of docs/ABI.md.
#include "disc/ral/context.h"
#include "disc/ral/registry.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

namespace disc::ral {
namespace {

template <typename T, int N>
MemRefType<T, N> recvInput(ExecutionContext *context, int64_t index) {
  const TensorView *input =
      context->checkedInput(index, DTypeOf<T>::value, N, "ral_recv_input");
  if (!input)
    return {};
  // The compiled code only reads inputs (docs/ABI.md), so handing out the
  // caller's const buffer is safe.
  T *data = static_cast<T *>(const_cast<void *>(input->data));
  return rowMajorMemRef<T, N>(data, input->shape.data());
}

template <typename T, int N>
void sendOutput(ExecutionContext *context, int64_t index,
                MemRefType<T, N> memref) {
  const int64_t *sizes = nullptr;
  const int64_t *strides = nullptr;
  if constexpr (N > 0) {
    sizes = memref.sizes;
    strides = memref.strides;
  }
  context->setOutput(index, DTypeOf<T>::value, sizes, strides, N,
                     memref.data ? memref.data + memref.offset : nullptr);
}

void *alloc(ExecutionContext *context, int64_t bytes) {
  return context->allocateTemporary(bytes);
}

void dealloc(ExecutionContext *context, void *pointer) {
  context->freeTemporary(pointer);
}

// The compiled code's run-time checks (a failed cf.assert, dynamic dims that
// disagree) end the run through here with their located message.
void reportError(ExecutionContext *context, const char *message) {
  context->setError(message ? message : "unknown error in the compiled model");
}

// A shape assertion of jax.export that does not hold: its message with each
// {i} replaced by values[i] (a placeholder past the values stays as it is).
void reportShapeAssertion(ExecutionContext *context, const char *message,
                          MemRefType<int64_t, 1> values) {
  std::string text;
  for (const char *c = message ? message : ""; *c; ++c) {
    const char *close = *c == '{' ? std::strchr(c, '}') : nullptr;
    if (close && close > c + 1 && std::all_of(c + 1, close, [](char d) {
          return d >= '0' && d <= '9';
        })) {
      std::string digits(c + 1, close);
      if (digits.size() < 19 && std::stoll(digits) < values.sizes[0]) {
        int64_t index = std::stoll(digits);
        text += std::to_string(
            values.data[values.offset + index * values.strides[0]]);
        c = close;
        continue;
      }
    }
    text += *c;
  }
  context->setError(text.empty() ? "a shape assertion of the model failed"
                                 : text);
}

template <typename T, int N> struct RecvInputApi {
  static constexpr auto function = &recvInput<T, N>;
};
template <typename T, int N> struct SendOutputApi {
  static constexpr auto function = &sendOutput<T, N>;
};

[[maybe_unused]] const bool inputOutputRegistered =
    registerForEveryTypeAndRank<RecvInputApi>("ral_recv_input", "cpu") &&
    registerForEveryTypeAndRank<SendOutputApi>("ral_send_output", "cpu");

} // namespace

TAO_RAL_API("ral_alloc", "cpu", alloc);
TAO_RAL_API("ral_dealloc", "cpu", dealloc);
TAO_RAL_API("ral_report_error", "cpu", reportError);
// A CUDA model's host code reports its run-time checks the same way.
TAO_RAL_API("ral_report_error", "gpu", reportError);
TAO_RAL_API("ral_report_shape_assertion", "cpu", reportShapeAssertion);
TAO_RAL_API("ral_report_shape_assertion", "gpu", reportShapeAssertion);

} // namespace disc::ral
