// The CUDA stream (a CUstream) a caller wants a context's GPU work on,
// kept with the context's resources so that core knows nothing of CUDA.
// Thread-safe.
#ifndef DISC_RAL_CUDA_STREAM_BINDING_H
#define DISC_RAL_CUDA_STREAM_BINDING_H

#include "disc/ral/context.h"

#include <functional>
#include <mutex>

namespace disc::ral::cuda {

class StreamBinding {
public:
  // Null, the default, lets the context make its own stream. Fixed once the
  // GPU is opened: set then returns false.
  bool set(void *stream);
  // Calls `open` with that stream (or null) and, if it returns true, fixes
  // the stream. Serialized with set.
  bool open(const std::function<bool(void *stream)> &open);

private:
  std::mutex mutex_;
  void *stream_ = nullptr;
  bool taken_ = false;
};

// The binding of `context`, made on first use. Not to be called from inside
// a getOrCreate of the context's resources, which holds their lock.
StreamBinding &streamBinding(Context &context);

} // namespace disc::ral::cuda

#endif // DISC_RAL_CUDA_STREAM_BINDING_H
