#include "disc/ral/cuda/stream_binding.h"

#include <memory>

namespace disc::ral::cuda {

bool StreamBinding::set(void *stream) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (taken_)
    return false;
  stream_ = stream;
  return true;
}

bool StreamBinding::open(const std::function<bool(void *stream)> &open) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!open(stream_))
    return false;
  taken_ = true;
  return true;
}

StreamBinding &streamBinding(Context &context) {
  std::shared_ptr<void> binding = context.resources().getOrCreate(
      "cuda.stream", [] { return std::make_shared<StreamBinding>(); });
  // Owned by the context's resources, which live as long as the context.
  return *static_cast<StreamBinding *>(binding.get());
}

} // namespace disc::ral::cuda
