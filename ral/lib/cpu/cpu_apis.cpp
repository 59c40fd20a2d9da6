// The CPU runtime APIs of docs/ABI.md.
#include "disc/ral/context.h"
#include "disc/ral/registry.h"

#include <string>
#include <utility>

namespace disc::ral {
namespace {

template <typename T, int N> MemRefType<T, N> emptyMemRef() {
  MemRefType<T, N> memref{};
  return memref;
}

template <typename T, int N>
MemRefType<T, N> recvInput(ExecutionContext *context, int64_t index) {
  const auto &inputs = context->inputs();
  if (index < 0 || static_cast<size_t>(index) >= inputs.size()) {
    context->setError("ral_recv_input: input index " + std::to_string(index) +
                      " is out of range, the run has " +
                      std::to_string(inputs.size()) + " inputs");
    return emptyMemRef<T, N>();
  }
  const TensorView &input = inputs[index];
  if (input.dtype != DTypeOf<T>::value) {
    context->setError("ral_recv_input: input " + std::to_string(index) +
                      " is " + dtypeToken(input.dtype) +
                      ", the compiled code expects " + DTypeOf<T>::token);
    return emptyMemRef<T, N>();
  }
  if (input.shape.size() != static_cast<size_t>(N)) {
    context->setError("ral_recv_input: input " + std::to_string(index) +
                      " has rank " + std::to_string(input.shape.size()) +
                      ", the compiled code expects rank " + std::to_string(N));
    return emptyMemRef<T, N>();
  }
  // The compiled code only reads inputs (docs/ABI.md), so handing out the
  // caller's const buffer is safe.
  T *data = static_cast<T *>(const_cast<void *>(input.data));
  MemRefType<T, N> memref;
  memref.allocated = data;
  memref.data = data;
  memref.offset = 0;
  if constexpr (N > 0) {
    int64_t stride = 1;
    for (int i = N - 1; i >= 0; --i) {
      memref.sizes[i] = input.shape[i];
      memref.strides[i] = stride;
      stride *= input.shape[i];
    }
  }
  return memref;
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

template <typename T, int... N>
void registerInputOutput(std::integer_sequence<int, N...>) {
  (registerApi<&recvInput<T, N>>("ral_recv_input", "cpu"), ...);
  (registerApi<&sendOutput<T, N>>("ral_send_output", "cpu"), ...);
}

bool registerInputOutputForAllTypes() {
  using Ranks = std::make_integer_sequence<int, 9>;
#define DISC_RAL_SCALAR_TYPE(Token, CppType, BitWidth, Kind)                   \
  registerInputOutput<CppType>(Ranks());
#include "disc/ral/type_encoding.def"
  return true;
}

[[maybe_unused]] const bool inputOutputRegistered =
    registerInputOutputForAllTypes();

} // namespace

TAO_RAL_API("ral_alloc", "cpu", alloc);
TAO_RAL_API("ral_dealloc", "cpu", dealloc);
TAO_RAL_API("ral_report_error", "cpu", reportError);

} // namespace disc::ral
