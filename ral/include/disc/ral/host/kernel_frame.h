// KernelFrame: what a host kernel sees of one call: its arguments (read
// from the front, so an extra trailing chain is ignored), its result slots,
// the attributes and functions of its call site, and the run it belongs to.
#ifndef DISC_RAL_HOST_KERNEL_FRAME_H
#define DISC_RAL_HOST_KERNEL_FRAME_H

#include "disc/ral/host/async_value.h"
#include "disc/ral/host/host_execution.h"
#include "disc/ral/host/kernel_graph_abi.h"

#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace disc::host {

class KernelFrame {
public:
  KernelFrame(HostExecution &execution, const DiscKgSite &site,
              AsyncValue *const *args, AsyncValue **results)
      : execution_(execution), site_(site), args_(args), results_(results) {}

  HostExecution &execution() const { return execution_; }
  const DiscKgSite &site() const { return site_; }
  // "tfrt.add.i32 at file.mlir:3:5", for messages.
  std::string where() const {
    return std::string(site_.kernel) + " at " +
           (site_.location ? site_.location : "?");
  }

  int numArgs() const { return site_.num_args; }
  AsyncValue *arg(int index) const { return args_[index]; }
  AsyncValue *const *args() const { return args_; }
  // The payload of argument `index`, a T. The compiled program does not
  // know what a kernel takes, so a call with too few arguments or one of
  // another type throws, and the kernel's results carry the message.
  template <typename T> const T &argAs(int index) const {
    if (index >= numArgs() || args_[index]->typeId() != typeIdOf<T>())
      throwArgumentError(index, typeIdOf<T>());
    return args_[index]->get<T>();
  }
  RCReference<AsyncValue> argRef(int index) const {
    if (index >= numArgs())
      throwArgumentError(index, 0);
    return formRef(args_[index]);
  }

  int numResults() const { return site_.num_results; }
  AsyncValue **resultSlots() const { return results_; }
  bool hasResult(int index) const { return results_[index] != nullptr; }
  void setResult(int index, RCReference<AsyncValue> value) {
    results_[index] = value.release();
  }
  template <typename T, typename... Args>
  void emplaceResult(int index, Args &&...args) {
    setResult(index, makeAvailableValue<T>(std::forward<Args>(args)...));
  }
  // An unavailable result of type T to fill later, from any thread.
  template <typename T> RCReference<AsyncValue> allocateResult(int index) {
    RCReference<AsyncValue> value = makeUnconstructedValue<T>();
    setResult(index, value);
    return value;
  }
  // An unavailable result to forward to another value later.
  RCReference<IndirectAsyncValue> allocateIndirectResult(int index) {
    RCReference<IndirectAsyncValue> value = makeIndirectValue();
    setResult(index, value);
    return value;
  }
  void setResultError(int index, std::string message) {
    setResult(index, makeErrorValue(std::move(message)));
  }
  // Every result not yet set becomes the error.
  void reportError(const std::string &message) {
    RCReference<AsyncValue> error;
    for (int i = 0; i < numResults(); ++i) {
      if (results_[i])
        continue;
      if (!error)
        error = makeErrorValue(message);
      setResult(i, error);
    }
  }

  int numAttributes() const { return site_.num_attributes; }
  const DiscKgAttribute &attributeAt(int index) const {
    return site_.attributes[index];
  }
  // The attribute `name`, or nullptr.
  const DiscKgAttribute *attribute(std::string_view name) const {
    for (int i = 0; i < site_.num_attributes; ++i)
      if (name == site_.attributes[i].name)
        return &site_.attributes[i];
    return nullptr;
  }
  // Element `index` of numeric attribute `name` as T; nothing if there is
  // no such numeric attribute or element.
  template <typename T>
  std::optional<T> attributeNumber(std::string_view name,
                                   int32_t index = 0) const {
    const DiscKgAttribute *found = attribute(name);
    return found ? numberOf<T>(*found, index) : std::nullopt;
  }
  std::optional<std::string> attributeString(std::string_view name) const {
    const DiscKgAttribute *found = attribute(name);
    if (!found || found->kind != DISC_KG_ATTR_STRING)
      return std::nullopt;
    return std::string(static_cast<const char *>(found->data),
                       static_cast<size_t>(found->size));
  }
  template <typename T>
  static std::optional<T> numberOf(const DiscKgAttribute &attribute,
                                   int32_t index) {
    if (index < 0 || index >= attribute.size || !attribute.data)
      return std::nullopt;
    switch (attribute.kind) {
    case DISC_KG_ATTR_BOOL:
      return static_cast<T>(elementOf<uint8_t>(attribute, index));
    case DISC_KG_ATTR_I32:
      return static_cast<T>(elementOf<int32_t>(attribute, index));
    case DISC_KG_ATTR_I64:
      return static_cast<T>(elementOf<int64_t>(attribute, index));
    case DISC_KG_ATTR_UI32:
      return static_cast<T>(elementOf<uint32_t>(attribute, index));
    case DISC_KG_ATTR_F32:
      return static_cast<T>(elementOf<float>(attribute, index));
    case DISC_KG_ATTR_F64:
      return static_cast<T>(elementOf<double>(attribute, index));
    default:
      return std::nullopt;
    }
  }

  int numFunctions() const { return site_.num_functions; }
  const DiscKgFunction &function(int index) const {
    return *site_.functions[index];
  }
  // Calls function `index` of the site on `args` (borrowed); each result
  // slot receives one new reference.
  void callFunction(int index, AsyncValue *const *args,
                    AsyncValue **results) const {
    execution_.call(function(index), args, results);
  }

private:
  // Throws std::invalid_argument saying that argument `index` is missing
  // or holds another payload type than `expectedType`.
  [[noreturn]] void throwArgumentError(int index, uint16_t expectedType) const;

  template <typename E>
  static E elementOf(const DiscKgAttribute &attribute, int32_t index) {
    E element;
    std::memcpy(&element,
                static_cast<const char *>(attribute.data) + sizeof(E) * index,
                sizeof(E));
    return element;
  }

  HostExecution &execution_;
  const DiscKgSite &site_;
  AsyncValue *const *args_;
  AsyncValue **results_;
};

} // namespace disc::host

#endif // DISC_RAL_HOST_KERNEL_FRAME_H
