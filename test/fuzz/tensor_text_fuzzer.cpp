// ral-run's tensor text (disc/tooling/tensor_text.h) on arbitrary text: a
// typed tensor ("2x3xf32=1 2 3 4 5 6") is parsed or refused with one line;
// a parsed one is printed, the printed text parses again, and it matches
// itself under compareOutput. The text is also read as a kernel-graph
// argument of every scalar type. The raw form ("=@file") is left out: it
// names files, which the .npy target covers.
#include "fuzz_checks.h"

#include "disc/tooling/compare.h"
#include "disc/tooling/tensor_text.h"

#include <cstdint>
#include <string>

namespace {

void checkTypedTensor(const std::string &spec) {
  size_t equals = spec.find('=');
  if (equals == std::string::npos || spec.compare(equals + 1, 1, "@") == 0)
    return;
  disc::npy::Array array;
  std::string error;
  bool parsed = disc::tooling::parseTypedTensor(spec, array, error);
  disc::fuzz::checkRefusal(parsed, error, "parseTypedTensor");
  if (!parsed)
    return;
  disc_tensor tensor{disc::ral::dtypeToken(array.dtype),
                     static_cast<int64_t>(array.shape.size()),
                     array.shape.data(), array.data()};
  std::string printed = disc::tooling::formatTensor(tensor);
  disc::npy::Array reparsed;
  if (!disc::tooling::parseTypedTensor(printed, reparsed, error)) {
    std::fprintf(stderr, "'%s' printed as '%s', which does not parse: %s\n",
                 spec.c_str(), printed.c_str(), error.c_str());
    std::abort();
  }
  disc::tooling::Comparison comparison;
  if (!disc::tooling::compareOutput(0, tensor, array, "itself", std::nullopt,
                                    std::nullopt, comparison, error) ||
      !comparison.matches) {
    std::fprintf(stderr, "'%s' does not match itself: %s\n", spec.c_str(),
                 comparison.verdict.c_str());
    std::abort();
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  checkTypedTensor(text);
  for (const char *type : {"i1", "i8", "i32", "i64", "ui8", "ui64", "f16",
                           "f32", "f64", "!tfrt.string", "!tfrt.chain"}) {
    disc_kg_scalar value;
    std::string error;
    bool parsed = disc::tooling::parseKgArgument(text, type, value, error);
    disc::fuzz::checkRefusal(parsed, error, "parseKgArgument");
  }
  return 0;
}
