// TFRT's dense host tensor kernels: dht.create_uninit_tensor.<type>.<rank>
// (attribute `shape`), dht.fill_tensor.<type> (attribute `value`),
// dht.set_tensor_with_constant_values.<type> (attribute `values`) and
// dht.print_tensor.<type>. The tensor is shared by reference, so the
// kernels that write it or read it return chains to order them.
#include "print.h"

#include "disc/ral/host/chain.h"
#include "disc/ral/host/kernel_frame.h"
#include "disc/ral/kernels/host_tensor.h"

#include <string>

namespace disc::kernels {

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

bool registerAll() {
  registerTensorKernels<bool>("i1");
  registerTensorKernels<int32_t>("i32");
  registerTensorKernels<int64_t>("i64");
  registerTensorKernels<float>("f32");
  registerTensorKernels<double>("f64");
  return true;
}

[[maybe_unused]] const bool registered = registerAll();

} // namespace

} // namespace disc::kernels
