// Loading a kernel-graph model: the "kernel_graph_functions" of its metadata
// and their entry symbols.
#include "kernel_graph_model.h"

#include "disc/ral/host/kg_types.h"
#include "json.h"
#include "model_library.h"
#include "status.h"

#include <dlfcn.h>

#include <memory>

namespace disc::kg {

using stub::makeStatus;

namespace {

bool readTypes(const json::Value &entry, const char *key,
               const std::string &where, std::vector<std::string> &spellings,
               std::vector<uint8_t> &types, std::string &error) {
  const json::Value *list = entry.find(key);
  if (!list || list->kind != json::Value::Kind::Array) {
    error = where + " has no '" + key + "' array";
    return false;
  }
  for (const json::Value &item : list->array) {
    if (item.kind != json::Value::Kind::String) {
      error = where + " has a '" + key + "' entry that is not a string";
      return false;
    }
    std::optional<DiscKgType> type = host::kgTypeFromSpelling(item.string);
    if (!type) {
      error =
          where + " has unknown type '" + item.string + "' in '" + key + "'";
      return false;
    }
    spellings.push_back(item.string);
    types.push_back(static_cast<uint8_t>(*type));
  }
  return true;
}

std::string stringMember(const json::Value &object, const char *key) {
  const json::Value *member = object.find(key);
  return member && member->kind == json::Value::Kind::String ? member->string
                                                             : std::string();
}

} // namespace

disc_status *Model::readMetadata(const char *text) {
  json::Value root;
  std::string message;
  if (!json::parse(text, root, message))
    return error("malformed metadata: " + message);
  if (root.kind != json::Value::Kind::Object)
    return error("malformed metadata: not a JSON object");
  const json::Value *list = root.find("kernel_graph_functions");
  if (!list)
    return error("is not a kernel-graph model (its metadata has no "
                 "'kernel_graph_functions')");
  if (list->kind != json::Value::Kind::Array)
    return error("malformed metadata: 'kernel_graph_functions' is not an "
                 "array");
  for (size_t i = 0; i < list->array.size(); ++i) {
    const json::Value &entry = list->array[i];
    std::string where = "kernel-graph function " + std::to_string(i);
    Function function;
    function.name = stringMember(entry, "name");
    function.symbol = stringMember(entry, "entry");
    if (function.name.empty())
      return error("malformed metadata: " + where + " has no 'name'");
    where += " ('" + function.name + "')";
    if (function.symbol.empty())
      return error("malformed metadata: " + where + " has no 'entry'");
    if (!readTypes(entry, "inputs", where, function.inputSpellings,
                   function.inputTypes, message) ||
        !readTypes(entry, "outputs", where, function.outputSpellings,
                   function.outputTypes, message))
      return error("malformed metadata: " + message);
    function.entry = reinterpret_cast<DiscKgFunctionPtr>(
        dlsym(handle, function.symbol.c_str()));
    if (!function.entry)
      return error("no symbol '" + function.symbol + "' for function '" +
                   function.name + "'");
    functions.push_back(std::move(function));
  }
  return nullptr;
}

Model::~Model() {
  // Its tasks may still run code of the library.
  singleThreadedQueue.reset();
  if (handle)
    dlclose(handle);
}

disc_status *Model::error(const std::string &message) const {
  return makeStatus("'" + path + "': " + message);
}

host::ConcurrentWorkQueue &Model::workQueue() const {
  return useSingleThreadedQueue ? *singleThreadedQueue
                                : host::ConcurrentWorkQueue::global();
}

const Function *Model::function(int64_t index) const {
  if (index < 0 || static_cast<size_t>(index) >= functions.size())
    return nullptr;
  return &functions[index];
}

} // namespace disc::kg

using disc::stub::makeStatus;

namespace {

// spellings[index], or null for an index out of range.
const char *spellingAt(const std::vector<std::string> &spellings,
                       int64_t index) {
  if (index < 0 || static_cast<size_t>(index) >= spellings.size())
    return nullptr;
  return spellings[index].c_str();
}

} // namespace

extern "C" {

disc_status *disc_kg_model_load(const char *path, disc_kg_model **model) {
  if (!model)
    return makeStatus("disc_kg_model_load: no place to put the model");
  *model = nullptr;
  if (!path)
    return makeStatus("disc_kg_model_load: no path");
  return disc::stub::guarded([&]() -> disc_status * {
    disc::stub::ModelLibrary library;
    if (disc_status *status = disc::stub::openModelLibrary(path, library))
      return status;
    auto loaded = std::make_unique<disc_kg_model>();
    loaded->path = path;
    loaded->handle = library.handle;
    if (disc_status *status = loaded->readMetadata(library.metadata))
      return status;
    *model = loaded.release();
    return nullptr;
  });
}

void disc_kg_model_free(disc_kg_model *model) { delete model; }

disc_status *disc_kg_model_set_work_queue(disc_kg_model *model,
                                          const char *type) {
  if (!model)
    return makeStatus("disc_kg_model_set_work_queue: no model");
  std::string name = type ? type : "(null)";
  if (name != "s" && name != "mstd")
    return makeStatus("unknown work queue type '" + name +
                      "'; expected 's' or 'mstd'");
  return disc::stub::guarded([&]() -> disc_status * {
    model->useSingleThreadedQueue = name == "s";
    if (model->useSingleThreadedQueue && !model->singleThreadedQueue)
      model->singleThreadedQueue =
          disc::host::ConcurrentWorkQueue::singleThreaded();
    return nullptr;
  });
}

int64_t disc_kg_function_count(const disc_kg_model *model) {
  return model ? static_cast<int64_t>(model->functions.size()) : 0;
}

const char *disc_kg_function_name(const disc_kg_model *model,
                                  int64_t function) {
  const disc::kg::Function *found = model ? model->function(function) : nullptr;
  return found ? found->name.c_str() : nullptr;
}

int64_t disc_kg_find_function(const disc_kg_model *model, const char *name) {
  return model ? disc::stub::findFunctionByName(model->functions, name) : -1;
}

int64_t disc_kg_function_input_count(const disc_kg_model *model,
                                     int64_t function) {
  const disc::kg::Function *found = model ? model->function(function) : nullptr;
  return found ? static_cast<int64_t>(found->inputTypes.size()) : 0;
}

int64_t disc_kg_function_output_count(const disc_kg_model *model,
                                      int64_t function) {
  const disc::kg::Function *found = model ? model->function(function) : nullptr;
  return found ? static_cast<int64_t>(found->outputTypes.size()) : 0;
}

const char *disc_kg_function_input_type(const disc_kg_model *model,
                                        int64_t function, int64_t index) {
  const disc::kg::Function *found = model ? model->function(function) : nullptr;
  return found ? spellingAt(found->inputSpellings, index) : nullptr;
}

const char *disc_kg_function_output_type(const disc_kg_model *model,
                                         int64_t function, int64_t index) {
  const disc::kg::Function *found = model ? model->function(function) : nullptr;
  return found ? spellingAt(found->outputSpellings, index) : nullptr;
}

} // extern "C"
