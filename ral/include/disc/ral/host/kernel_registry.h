// The host kernel registry: kernels of kernel-graph programs by name
// ("tfrt.add.i32", "tfrt_test.print_hello", "dht.fill_tensor.i32", ...).
// A name no host kernel has may still name a TAO_RAL_API function, which
// HostExecution calls through the RAL registry.
#ifndef DISC_RAL_HOST_KERNEL_REGISTRY_H
#define DISC_RAL_HOST_KERNEL_REGISTRY_H

#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace disc::host {

class KernelFrame;

using KernelFunction = void (*)(KernelFrame &frame);

struct KernelInfo {
  std::string name;
  KernelFunction function;
  // A strict kernel runs once every argument is available and is skipped,
  // its results becoming the first error argument, if one is an error. A
  // non-strict kernel (control flow) runs at once and handles its
  // arguments' states itself.
  bool nonStrict;
  // Set instead of `function` for a TAO_RAL_API function called by name:
  // its type-erased entry (ral::ApiFunction).
  void (*ralApi)(void **args) = nullptr;
};

class KernelRegistry {
public:
  static KernelRegistry &global();

  // Returns false, keeping the first, when `name` is taken.
  bool add(std::string name, KernelFunction function, bool nonStrict = false);
  // The kernel `name`, or nullptr. The entry lives as long as the process.
  const KernelInfo *find(std::string_view name) const;
  std::vector<std::string> names() const;

private:
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::unique_ptr<KernelInfo>> kernels_;
};

// Registers kernels from a static initializer:
//   static const bool registered = registerKernels({{"tfrt.add.i32", add}});
struct KernelRegistration {
  const char *name;
  KernelFunction function;
  bool nonStrict = false;
};
bool registerKernels(std::initializer_list<KernelRegistration> kernels);

} // namespace disc::host

#endif // DISC_RAL_HOST_KERNEL_REGISTRY_H
