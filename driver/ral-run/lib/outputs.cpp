#include "disc/tooling/outputs.h"

#include "disc/ral/dtype.h"
#include "disc/runtime_stub/npy.h"

#include <algorithm>

namespace disc::tooling {

OutputSink parseOutputSink(const std::string &spec) {
  if (spec == "-")
    return {OutputSink::Kind::Print, ""};
  if (!spec.empty() && spec[0] == '+')
    return {OutputSink::Kind::Append, spec.substr(1)};
  if (!spec.empty() && spec[0] == '@')
    return {OutputSink::Kind::Write, spec.substr(1)};
  return {OutputSink::Kind::Write, spec};
}

bool writeOutput(const OutputSink &sink, const disc_tensor &tensor,
                 std::string &error) {
  std::vector<int64_t> shape(tensor.shape, tensor.shape + tensor.rank);
  ral::DType dtype = *ral::dtypeFromToken(tensor.dtype);
  return sink.kind == OutputSink::Kind::Append
             ? npy::append(sink.path, dtype, shape, tensor.data, error)
             : npy::write(sink.path, dtype, shape, tensor.data, error);
}

int64_t warmupRunsFor(int64_t runs) {
  return std::max<int64_t>(1, std::min<int64_t>(runs / 10, 100));
}

TimingSummary summarizeTimings(std::vector<double> times) {
  std::sort(times.begin(), times.end());
  size_t n = times.size();
  double median = n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
  size_t p90Rank = (n * 9 + 9) / 10;
  return {times.front(), median, times[p90Rank - 1]};
}

} // namespace disc::tooling
