#include "disc/ral/registry.h"

#include <algorithm>

namespace disc::ral {

Registry &Registry::global() {
  static Registry registry;
  return registry;
}

bool Registry::add(std::string mangled, ApiFunction function) {
  std::lock_guard<std::mutex> lock(mutex_);
  return functions_.emplace(std::move(mangled), function).second;
}

ApiFunction Registry::find(std::string_view mangled) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = functions_.find(std::string(mangled));
  return it == functions_.end() ? nullptr : it->second;
}

std::vector<std::string> Registry::names() const {
  std::vector<std::string> result;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    result.reserve(functions_.size());
    for (const auto &entry : functions_)
      result.push_back(entry.first);
  }
  std::sort(result.begin(), result.end());
  return result;
}

} // namespace disc::ral
