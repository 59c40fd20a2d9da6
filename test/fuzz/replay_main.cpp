// Runs a fuzz target's LLVMFuzzerTestOneInput over every file of the folders
// and files named on the command line, as libFuzzer replays a corpus, so
// that a build without clang and libFuzzer checks that no input of the
// corpus (every crash ever found included) crashes, hangs or fails.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int *argc,
                                                          char ***argv);

namespace {

// The files `argument` names: itself, or the files of the folder, sorted so
// that a failure names the same input on every run.
bool collectInputs(const std::string &argument,
                   std::vector<std::filesystem::path> &inputs) {
  std::error_code error;
  if (!std::filesystem::is_directory(argument, error)) {
    if (!std::filesystem::is_regular_file(argument, error)) {
      std::fprintf(stderr, "fuzz replay: error: '%s' is not a file or folder\n",
                   argument.c_str());
      return false;
    }
    inputs.push_back(argument);
    return true;
  }
  std::vector<std::filesystem::path> files;
  for (const auto &entry : std::filesystem::directory_iterator(argument, error))
    if (entry.is_regular_file())
      files.push_back(entry.path());
  if (error) {
    std::fprintf(stderr, "fuzz replay: error: cannot list '%s': %s\n",
                 argument.c_str(), error.message().c_str());
    return false;
  }
  std::sort(files.begin(), files.end());
  inputs.insert(inputs.end(), files.begin(), files.end());
  return true;
}

} // namespace

int main(int argc, char **argv) {
  if (LLVMFuzzerInitialize)
    LLVMFuzzerInitialize(&argc, &argv);
  std::vector<std::filesystem::path> inputs;
  for (int i = 1; i < argc; ++i)
    if (!collectInputs(argv[i], inputs))
      return 1;
  if (inputs.empty()) {
    std::fprintf(stderr, "fuzz replay: error: no inputs; name corpus folders "
                         "or files\n");
    return 1;
  }
  for (const std::filesystem::path &input : inputs) {
    std::ifstream file(input, std::ios::binary);
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(file)),
                               std::istreambuf_iterator<char>());
    if (!file.eof() && file.fail()) {
      std::fprintf(stderr, "fuzz replay: error: cannot read '%s'\n",
                   input.c_str());
      return 1;
    }
    // Announced first, so that the last line before a crash names it.
    std::printf("replaying %s\n", input.c_str());
    std::fflush(stdout);
    LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
  }
  std::printf("replayed %zu inputs\n", inputs.size());
  return 0;
}
