// The model loader on arbitrary files: the input's bytes are written to a
// temporary file, which disc_model_load and disc_kg_model_load open as a
// model (the ELF checks, dlopen, the ABI version, the metadata); a model
// that loads is described. No function of it runs: the fuzzer checks that
// loading refuses what is not a model with one line, not what a model's
// code does.
#include "fuzz_checks.h"

#include "disc/runtime_stub.h"

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

// Writes `size` bytes to a new temporary file; its path, or "" on failure.
std::string writeTemporaryFile(const uint8_t *data, size_t size) {
  const char *folder = std::getenv("TMPDIR");
  std::string path =
      std::string(folder && *folder ? folder : "/tmp") + "/disc-fuzz-XXXXXX";
  int fd = mkstemp(path.data());
  if (fd < 0)
    return "";
  size_t written = 0;
  while (written < size) {
    ssize_t n = write(fd, data + written, size - written);
    if (n <= 0)
      break;
    written += static_cast<size_t>(n);
  }
  close(fd);
  if (written != size) {
    unlink(path.c_str());
    return "";
  }
  return path;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string path = writeTemporaryFile(data, size);
  if (path.empty()) {
    std::perror("model_loader_fuzzer: cannot write a temporary file");
    std::abort();
  }
  disc_model *model = nullptr;
  disc::fuzz::checkStatus(disc_model_load(path.c_str(), &model),
                          "disc_model_load");
  if (model) {
    disc::fuzz::describeModel(model);
    disc_model_free(model);
  }
  disc_kg_model *graph = nullptr;
  disc::fuzz::checkStatus(disc_kg_model_load(path.c_str(), &graph),
                          "disc_kg_model_load");
  if (graph) {
    size_t bytes = 0;
    for (int64_t f = 0; f < disc_kg_function_count(graph); ++f) {
      bytes += std::strlen(disc_kg_function_name(graph, f));
      for (int64_t i = 0; i < disc_kg_function_input_count(graph, f); ++i)
        bytes += std::strlen(disc_kg_function_input_type(graph, f, i));
    }
    disc_kg_model_free(graph);
  }
  unlink(path.c_str());
  return 0;
}
