// Two user kernels, registered with TAO_RAL_API, that a model calls through
// stablehlo.custom_call once this library is loaded as a plugin
// (`ral-run model.so --plugin libdisc_custom_kernels.so`).
//
// Calls are destination passing (docs/ABI.md, "User kernels"): the kernel
// gets the execution context, every operand, then one buffer per result,
// all dense row-major (offset 0, unit inner stride), and fills the results.
// A kernel whose results have sizes only it knows (a `?` in a result type)
// returns them instead, each a temporary it allocated from the run.
#include "disc/ral/context.h"
#include "disc/ral/registry.h"

#include <cmath>
#include <string>
#include <tuple>

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

// A dense row-major temporary of the run for `size` elements, or a memref
// with null data when the run has no memory left (the status then says so).
template <typename T>
MemRefType<T, 1> allocateVector(ExecutionContext *context, int64_t size) {
  auto *data = static_cast<T *>(
      context->allocateTemporary(size * static_cast<int64_t>(sizeof(T))));
  return disc::ral::rowMajorMemRef<T, 1>(data, &size);
}

int64_t countPositive(MemRefType<float, 1> x) {
  int64_t count = 0;
  for (int64_t i = 0; i < x.sizes[0]; ++i)
    count += x.data[i] > 0;
  return count;
}

// The elements of x above zero, in order: a result whose size depends on
// the values, so the kernel returns it.
MemRefType<float, 1> positiveElements(ExecutionContext *context,
                                      MemRefType<float, 1> x) {
  MemRefType<float, 1> out = allocateVector<float>(context, countPositive(x));
  if (!context->ok())
    return out;
  int64_t next = 0;
  for (int64_t i = 0; i < x.sizes[0]; ++i)
    if (x.data[i] > 0)
      out.data[next++] = x.data[i];
  return out;
}

// The same elements and their indices in x: several results come back as a
// tuple, in the order of the call's results.
std::tuple<MemRefType<float, 1>, MemRefType<int64_t, 1>>
positiveWithIndices(ExecutionContext *context, MemRefType<float, 1> x) {
  int64_t count = countPositive(x);
  MemRefType<float, 1> values = allocateVector<float>(context, count);
  MemRefType<int64_t, 1> indices = allocateVector<int64_t>(context, count);
  if (!context->ok())
    return {values, indices};
  int64_t next = 0;
  for (int64_t i = 0; i < x.sizes[0]; ++i)
    if (x.data[i] > 0) {
      values.data[next] = x.data[i];
      indices.data[next++] = i;
    }
  return {values, indices};
}

} // namespace

TAO_RAL_API("scaled_softplus", "cpu", scaledSoftplus);
TAO_RAL_API("row_normalize", "cpu", rowNormalize);
TAO_RAL_API("positive_elements", "cpu", positiveElements);
TAO_RAL_API("positive_with_indices", "cpu", positiveWithIndices);
