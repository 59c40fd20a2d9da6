// The model metadata reader on arbitrary text: runtime_stub's JSON parser
// alone, then the text as the metadata of a linked-in model
// (disc_model_open_static), which reads the functions and signatures the
// way disc_model_load does, without a file or dlopen. Either succeeds or
// fails with one line; a model read is described in full.
#include "fuzz_checks.h"

#include "json.h"

#include "disc/runtime_stub.h"

#include <cstdint>
#include <string>

namespace {

// The metadata the linked-in model hands out; one input at a time.
std::string metadataText;

int32_t abiVersion() { return DISC_RUNTIME_MODEL_ABI_VERSION; }
const char *metadata() { return metadataText.c_str(); }
void entry(void **) {}

// The symbols of the seed corpus's functions, so that metadata naming them
// gets past the symbol check into the signatures.
const disc_static_entry kEntries[] = {{"disc_entry_main", entry},
                                      {"disc_entry_add_one", entry},
                                      {"disc_entry_f", entry}};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text(reinterpret_cast<const char *>(data), size);
  disc::json::Value value;
  std::string error;
  disc::fuzz::checkRefusal(disc::json::parse(text, value, error), error,
                           "json::parse");

  metadataText.assign(text);
  disc_static_model linked{"fuzz", abiVersion, metadata,
                           static_cast<int64_t>(std::size(kEntries)), kEntries};
  disc_model *model = nullptr;
  disc_status *status = disc_model_open_static(&linked, &model);
  disc::fuzz::checkStatus(status, "disc_model_open_static");
  if (model) {
    disc::fuzz::describeModel(model);
    disc_model_free(model);
  }
  return 0;
}
