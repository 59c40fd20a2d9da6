// Two user kernels, registered with TAO_RAL_API, that a model calls through
// stablehlo.custom_call once this library is loaded as a plugin
// (`ral-run model.so --plugin libdisc_custom_kernels.so`).
//
// Calls are destination passing (docs/ABI.md, "User kernels"): the kernel
// gets the execution context, every operand, then one buffer per result,
// all dense row-major (offset 0, unit inner stride), and fills the results.
#include "disc/ral/context.h"
#include "disc/ral/registry.h"

#include <cmath>
#include <string>

namespace {

using disc::ral::ExecutionContext;
using disc::ral::MemRefType;

// out[i][j] = scale[j] * log(1 + exp(x[i][j])), computed without overflow
// for large x.
void scaledSoftplus(ExecutionContext *context, MemRefType<float, 2> x,
                    MemRefType<float, 1> scale, MemRefType<float, 2> out) {
  int64_t rows = x.sizes[0];
  int64_t cols = x.sizes[1];
  if (scale.sizes[0] != cols) {
    context->setError("scaled_softplus: scale has " +
                      std::to_string(scale.sizes[0]) + " elements, x has " +
                      std::to_string(cols) + " columns");
    return;
  }
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) {
      float value = x.data[i * cols + j];
      float softplus =
          std::fmax(value, 0.0f) + std::log1p(std::exp(-std::fabs(value)));
      out.data[i * cols + j] = scale.data[j] * softplus;
    }
}

// Divides every row of x by its sum; a row summing to zero fails the run.
void rowNormalize(ExecutionContext *context, MemRefType<float, 2> x,
                  MemRefType<float, 2> out) {
  int64_t rows = x.sizes[0];
  int64_t cols = x.sizes[1];
  for (int64_t i = 0; i < rows; ++i) {
    float sum = 0;
    for (int64_t j = 0; j < cols; ++j)
      sum += x.data[i * cols + j];
    if (sum == 0) {
      context->setError("row_normalize: row " + std::to_string(i) +
                        " sums to zero");
      return;
    }
    for (int64_t j = 0; j < cols; ++j)
      out.data[i * cols + j] = x.data[i * cols + j] / sum;
  }
}

} // namespace

TAO_RAL_API("scaled_softplus", "cpu", scaledSoftplus);
TAO_RAL_API("row_normalize", "cpu", rowNormalize);
