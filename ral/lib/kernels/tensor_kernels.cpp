// TFRT's dense host tensor kernels: dht.create_uninit_tensor.<type>.<rank>
// (attribute `shape`), dht.fill_tensor.<type> (attribute `value`),
// dht.set_tensor_with_constant_values.<type> (attribute `values`) and
// dht.print_tensor.<type>; and arithmetic into a destination tensor,
// dht.add_tensor.<type> and dht.matmul.<type> (a, b, out, chain) -> chain.
// The tensor is shared by reference, so the kernels that write it or read
// it return chains to order them.
#include "print.h"

#include "disc/ral/host/chain.h"
#include "disc/ral/host/host_tensor.h"
#include "disc/ral/host/kernel_frame.h"

#include <string>
#include <vector>

namespace disc::kernels {

using host::HostTensor;
using host::KernelFrame;

namespace {

constexpr int kMaxRank = 4;

template <typename T> void createUninitTensor(KernelFrame &frame) {
  const DiscKgAttribute *shape = frame.attribute("shape");
  if (!shape) {
    frame.reportError(frame.where() + ": no 'shape' attribute");
    return;
  }
  // The rank is the kernel name's last component.
  std::string name = frame.site().kernel;
  int rank = std::stoi(name.substr(name.rfind('.') + 1));
  if (shape->size != rank) {
    frame.reportError(frame.where() + ": 'shape' has " +
                      std::to_string(shape->size) + " dimensions, expected " +
                      std::to_string(rank));
    return;
  }
  std::vector<int64_t> dims;
  for (int32_t i = 0; i < shape->size; ++i) {
    std::optional<int64_t> dim = KernelFrame::numberOf<int64_t>(*shape, i);
    if (!dim || *dim < 0) {
      frame.reportError(frame.where() + ": dimension " + std::to_string(i) +
                        " of 'shape' is not a size");
      return;
    }
    dims.push_back(*dim);
  }
  frame.emplaceResult<HostTensor>(0, ral::DTypeOf<T>::value, std::move(dims));
}

template <typename T> void fillTensor(KernelFrame &frame) {
  std::optional<T> value = frame.attributeNumber<T>("value");
  if (!value) {
    frame.reportError(frame.where() + ": no numeric 'value' attribute");
    return;
  }
  auto &tensor = frame.arg(0)->get<HostTensor>();
  T *elements = tensor.elements<T>();
  for (int64_t i = 0; i < tensor.numElements(); ++i)
    elements[i] = *value;
  frame.setResult(0, host::readyChain());
}

template <typename T> void setTensorWithConstantValues(KernelFrame &frame) {
  const DiscKgAttribute *values = frame.attribute("values");
  auto &tensor = frame.arg(0)->get<HostTensor>();
  if (!values || values->size != tensor.numElements()) {
    frame.reportError(frame.where() + ": 'values' needs " +
                      std::to_string(tensor.numElements()) + " elements");
    return;
  }
  T *elements = tensor.elements<T>();
  for (int32_t i = 0; i < values->size; ++i)
    elements[i] = KernelFrame::numberOf<T>(*values, i).value_or(T());
  frame.setResult(0, host::readyChain());
}

std::string formatShape(const std::vector<int64_t> &shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

// Tensor argument `index` if it has element type T and `shape`; else
// reports the error on every result and returns nullptr.
template <typename T>
HostTensor *tensorArg(KernelFrame &frame, int index,
                      const std::vector<int64_t> &shape) {
  auto &tensor = frame.arg(index)->get<HostTensor>();
  if (tensor.dtype() != ral::DTypeOf<T>::value) {
    frame.reportError(frame.where() + ": argument " + std::to_string(index) +
                      " is a " + ral::dtypeToken(tensor.dtype()) +
                      " tensor, expected " +
                      ral::dtypeToken(ral::DTypeOf<T>::value));
    return nullptr;
  }
  if (tensor.shape() != shape) {
    frame.reportError(frame.where() + ": argument " + std::to_string(index) +
                      " has shape " + formatShape(tensor.shape()) +
                      ", expected " + formatShape(shape));
    return nullptr;
  }
  return &tensor;
}

// out = a + b, element by element; all three of one shape.
template <typename T> void addTensor(KernelFrame &frame) {
  const std::vector<int64_t> &shape = frame.arg(0)->get<HostTensor>().shape();
  HostTensor *a = tensorArg<T>(frame, 0, shape);
  HostTensor *b = a ? tensorArg<T>(frame, 1, shape) : nullptr;
  HostTensor *out = b ? tensorArg<T>(frame, 2, shape) : nullptr;
  if (!out)
    return;
  const T *lhs = a->elements<T>();
  const T *rhs = b->elements<T>();
  T *sum = out->elements<T>();
  for (int64_t i = 0; i < out->numElements(); ++i)
    sum[i] = lhs[i] + rhs[i];
  frame.setResult(0, host::readyChain());
}

// out[m, n] = a[m, k] * b[k, n].
template <typename T> void matmul(KernelFrame &frame) {
  const std::vector<int64_t> &lhsShape =
      frame.arg(0)->get<HostTensor>().shape();
  const std::vector<int64_t> &rhsShape =
      frame.arg(1)->get<HostTensor>().shape();
  if (lhsShape.size() != 2 || rhsShape.size() != 2) {
    frame.reportError(frame.where() + ": operands have shapes " +
                      formatShape(lhsShape) + " and " + formatShape(rhsShape) +
                      ", expected two matrices");
    return;
  }
  int64_t rows = lhsShape[0], inner = lhsShape[1], columns = rhsShape[1];
  HostTensor *a = tensorArg<T>(frame, 0, lhsShape);
  HostTensor *b = a ? tensorArg<T>(frame, 1, {inner, columns}) : nullptr;
  HostTensor *out = b ? tensorArg<T>(frame, 2, {rows, columns}) : nullptr;
  if (!out)
    return;
  const T *lhs = a->elements<T>();
  const T *rhs = b->elements<T>();
  T *product = out->elements<T>();
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < columns; ++j) {
      T total = T();
      for (int64_t p = 0; p < inner; ++p)
        total += lhs[i * inner + p] * rhs[p * columns + j];
      product[i * columns + j] = total;
    }
  frame.setResult(0, host::readyChain());
}

void printTensor(KernelFrame &frame) {
  printLine(frame.argAs<HostTensor>(0).describe());
  frame.setResult(0, host::readyChain());
}

template <typename T> void registerTensorKernels(const std::string &type) {
  host::KernelRegistry &registry = host::KernelRegistry::global();
  for (int rank = 0; rank <= kMaxRank; ++rank)
    registry.add("dht.create_uninit_tensor." + type + "." +
                     std::to_string(rank),
                 createUninitTensor<T>);
  registry.add("dht.fill_tensor." + type, fillTensor<T>);
  registry.add("dht.set_tensor_with_constant_values." + type,
               setTensorWithConstantValues<T>);
  registry.add("dht.print_tensor." + type, printTensor);
}

template <typename T> void registerArithmeticKernels(const std::string &type) {
  host::KernelRegistry &registry = host::KernelRegistry::global();
  registry.add("dht.add_tensor." + type, addTensor<T>);
  registry.add("dht.matmul." + type, matmul<T>);
}

bool registerAll() {
  registerTensorKernels<bool>("i1");
  registerTensorKernels<int32_t>("i32");
  registerTensorKernels<int64_t>("i64");
  registerTensorKernels<float>("f32");
  registerTensorKernels<double>("f64");
  registerArithmeticKernels<int32_t>("i32");
  registerArithmeticKernels<int64_t>("i64");
  registerArithmeticKernels<float>("f32");
  registerArithmeticKernels<double>("f64");
  return true;
}

[[maybe_unused]] const bool registered = registerAll();

} // namespace

} // namespace disc::kernels
