#include "disc/ral/host/kernel_registry.h"

#include <algorithm>

namespace disc::host {

KernelRegistry &KernelRegistry::global() {
  static KernelRegistry *registry = new KernelRegistry();
  return *registry;
}

bool KernelRegistry::add(std::string name, KernelFunction function,
                         bool nonStrict) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto info = std::make_unique<KernelInfo>(
      KernelInfo{name, function, nonStrict, nullptr});
  return kernels_.emplace(std::move(name), std::move(info)).second;
}

const KernelInfo *KernelRegistry::find(std::string_view name) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto found = kernels_.find(std::string(name));
  return found == kernels_.end() ? nullptr : found->second.get();
}

std::vector<std::string> KernelRegistry::names() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> names;
  for (const auto &entry : kernels_)
    names.push_back(entry.first);
  std::sort(names.begin(), names.end());
  return names;
}

bool registerKernels(std::initializer_list<KernelRegistration> kernels) {
  bool allNew = true;
  for (const KernelRegistration &kernel : kernels)
    allNew &= KernelRegistry::global().add(kernel.name, kernel.function,
                                           kernel.nonStrict);
  return allNew;
}

} // namespace disc::host
