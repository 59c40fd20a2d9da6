// Where ral-run puts a run's outputs (IREE's --output forms) and how its
// benchmark summarizes run times.
#ifndef DISC_TOOLING_OUTPUTS_H
#define DISC_TOOLING_OUTPUTS_H

#include "disc/runtime_stub.h"

#include <cstdint>
#include <string>
#include <vector>

namespace disc::tooling {

// Where one output goes: IREE's "@o.npy" or "o.npy" (write), "+o.npy"
// (append to the file) or "-" (print). A written path ending in ".bin" gets
// the raw little-endian bytes (IREE's "@o.bin"), the form of types numpy
// has no dtype for (bf16, f8*, i4, ...).
struct OutputSink {
  enum class Kind { Write, Append, Print } kind = Kind::Write;
  std::string path;
};

OutputSink parseOutputSink(const std::string &spec);

// Whether a written output at `path` is raw bytes rather than .npy.
bool isRawOutputPath(const std::string &path);

// Writes or appends `tensors[i]` as .npy (or raw, for a ".bin" write) to
// `sinks[i]`'s path (Print sinks are skipped), all or none: written files take
// their paths only once every write and append succeeded, and a failure
// truncates the files appended to back to what they held. Errors name the path.
bool writeOutputs(const std::vector<OutputSink> &sinks,
                  const std::vector<const disc_tensor *> &tensors,
                  std::string &error);

// The warm-up runs before `runs` timed ones: a tenth of them, at least 1
// and at most 100.
int64_t warmupRunsFor(int64_t runs);

// The spread of run times (any unit); `times` must not be empty.
struct TimingSummary {
  double min;
  double median;
  // Nearest rank: the smallest time that at least 90% of the runs reach.
  double p90;
};
TimingSummary summarizeTimings(std::vector<double> times);

} // namespace disc::tooling

#endif // DISC_TOOLING_OUTPUTS_H
