// A user kernel library, as a plugin: its TAO_RAL_API registration serves
// fake_model_ops.c's checked_sum once the library is loaded with
// disc_load_plugin or `ral-run --plugin`.
#include "disc/ral/context.h"
#include "disc/ral/registry.h"

#include <string>

namespace {

// The sum of `x`; a negative element fails the run with a message naming
// it, the way a kernel reports bad input.
float checkedSum(disc::ral::ExecutionContext *context,
                 disc::ral::MemRefType<float, 1> x) {
  float sum = 0;
  for (int64_t i = 0; i < x.sizes[0]; ++i) {
    float value = x.data[x.offset + i * x.strides[0]];
    if (value < 0) {
      context->setError("test_checked_sum: element " + std::to_string(i) +
                        " is negative (" + std::to_string(value) + ")");
      return 0;
    }
    sum += value;
  }
  return sum;
}

} // namespace

TAO_RAL_API("test_checked_sum", "cpu", checkedSum);
