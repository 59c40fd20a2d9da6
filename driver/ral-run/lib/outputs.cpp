#include "disc/tooling/outputs.h"

#include "disc/ral/dtype.h"
#include "disc/runtime_stub/npy.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <utility>

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

bool isRawOutputPath(const std::string &path) {
  static const std::string kRawSuffix = ".bin";
  return path.size() >= kRawSuffix.size() &&
         path.compare(path.size() - kRawSuffix.size(), kRawSuffix.size(),
                      kRawSuffix) == 0;
}

namespace {

// A file appended to, and how to take the append back.
struct Appended {
  std::string path;
  // Its size before; -1 when nothing was at its path.
  off_t size;
};

Appended beforeAppending(const std::string &path) {
  struct stat info;
  if (::lstat(path.c_str(), &info) != 0)
    return {path, -1};
  // A symbolic link to nothing: the append creates the file it names.
  return {path, ::stat(path.c_str(), &info) == 0 ? info.st_size : 0};
}

// Newest first, so that a file appended to twice ends as it was before both.
void takeBack(const std::vector<Appended> &appended) {
  for (auto file = appended.rbegin(); file != appended.rend(); ++file)
    if (file->size < 0)
      ::unlink(file->path.c_str());
    else
      ::truncate(file->path.c_str(), file->size);
}

} // namespace

bool writeOutputs(const std::vector<OutputSink> &sinks,
                  const std::vector<const disc_tensor *> &tensors,
                  std::string &error) {
  auto arrayOf = [](const disc_tensor &tensor) {
    return std::make_pair(
        *ral::dtypeFromToken(tensor.dtype),
        std::vector<int64_t>(tensor.shape, tensor.shape + tensor.rank));
  };
  std::vector<npy::StagedFile> staged;
  for (size_t i = 0; i < sinks.size(); ++i) {
    if (sinks[i].kind != OutputSink::Kind::Write)
      continue;
    auto [dtype, shape] = arrayOf(*tensors[i]);
    staged.emplace_back();
    auto stageFile =
        isRawOutputPath(sinks[i].path) ? npy::stageRaw : npy::stage;
    if (!stageFile(sinks[i].path, dtype, shape, tensors[i]->data, staged.back(),
                   error))
      return false;
  }
  // Appends come after every write is staged, so that a failed write leaves
  // the appended files alone.
  std::vector<Appended> appended;
  for (size_t i = 0; i < sinks.size(); ++i) {
    if (sinks[i].kind != OutputSink::Kind::Append)
      continue;
    // A failed append may have written part of the array.
    appended.push_back(beforeAppending(sinks[i].path));
    auto [dtype, shape] = arrayOf(*tensors[i]);
    if (!npy::append(sinks[i].path, dtype, shape, tensors[i]->data, error)) {
      takeBack(appended);
      return false;
    }
  }
  for (npy::StagedFile &file : staged)
    if (!file.commit(error))
      return false;
  return true;
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
