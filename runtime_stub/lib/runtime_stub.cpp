#include "disc/runtime_stub.h"

#include "disc/ral/api.h"
#include "disc/ral/context.h"
#include "disc/ral/cuda/stream_binding.h"
#include "disc/ral/dtype.h"
#include "disc/ral/host/kernel_registry.h"
#include "disc/ral/registry.h"
#include "json.h"
#include "model_library.h"
#include "status.h"

#include <dlfcn.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

using disc::ral::DType;

using disc::stub::guarded;
using disc::stub::makeStatus;

namespace {

using EntryFunction = void (*)(void **ctxStruct);

struct TensorSignature {
  std::string name;
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
  disc_tensor_signature view{};
};

struct Function {
  std::string name;
  std::string symbol;
  EntryFunction entry = nullptr;
  std::vector<TensorSignature> inputs;
  std::vector<TensorSignature> outputs;
};

// "4x3xf32", with '?' for a dynamic dimension; "f32" for rank 0.
std::string describeShape(const std::vector<int64_t> &shape, DType dtype) {
  std::string out;
  for (int64_t dim : shape)
    out += (dim < 0 ? std::string("?") : std::to_string(dim)) + "x";
  return out + disc::ral::dtypeToken(dtype);
}

std::string plural(size_t count, const char *noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

// Reads one {"name", "dtype", "shape"} entry of the metadata.
bool readSignature(const disc::json::Value &value, const std::string &where,
                   TensorSignature &out, std::string &error) {
  const disc::json::Value *name = value.find("name");
  const disc::json::Value *dtype = value.find("dtype");
  const disc::json::Value *shape = value.find("shape");
  if (!name || name->kind != disc::json::Value::Kind::String) {
    error = where + " has no string 'name'";
    return false;
  }
  out.name = name->string;
  if (!dtype || dtype->kind != disc::json::Value::Kind::String) {
    error = where + " ('" + out.name + "') has no string 'dtype'";
    return false;
  }
  auto parsed = disc::ral::dtypeFromToken(dtype->string);
  if (!parsed) {
    error = where + " ('" + out.name + "') has unknown dtype '" +
            dtype->string + "'";
    return false;
  }
  out.dtype = *parsed;
  if (!shape || shape->kind != disc::json::Value::Kind::Array) {
    error = where + " ('" + out.name + "') has no 'shape' array";
    return false;
  }
  for (const disc::json::Value &dim : shape->array) {
    if (!dim.isInteger || dim.integer < -1) {
      error = where + " ('" + out.name +
              "') has a shape entry that is not an integer >= -1";
      return false;
    }
    out.shape.push_back(dim.integer);
  }
  std::vector<int64_t> staticDims;
  for (int64_t dim : out.shape)
    if (dim >= 0)
      staticDims.push_back(dim);
  if (!disc::ral::tensorSize(staticDims, out.dtype)) {
    error = where + " ('" + out.name + "') has shape " +
            describeShape(out.shape, out.dtype) +
            ", too large: its size in bytes does not fit in 64 bits";
    return false;
  }
  return true;
}

bool readSignatures(const disc::json::Value &function, const char *key,
                    const std::string &where, const char *noun,
                    std::vector<TensorSignature> &out, std::string &error) {
  const disc::json::Value *list = function.find(key);
  if (!list || list->kind != disc::json::Value::Kind::Array) {
    error = where + " has no '" + key + "' array";
    return false;
  }
  for (size_t i = 0; i < list->array.size(); ++i) {
    TensorSignature signature;
    if (!readSignature(list->array[i],
                       where + " " + noun + " " + std::to_string(i), signature,
                       error))
      return false;
    out.push_back(std::move(signature));
  }
  return true;
}

std::string stringMember(const disc::json::Value &object, const char *key) {
  const disc::json::Value *member = object.find(key);
  return member && member->kind == disc::json::Value::Kind::String
             ? member->string
             : std::string();
}

void bindViews(std::vector<TensorSignature> &signatures) {
  for (TensorSignature &signature : signatures)
    signature.view = {
        signature.name.c_str(), disc::ral::dtypeToken(signature.dtype),
        static_cast<int64_t>(signature.shape.size()), signature.shape.data()};
}

} // namespace

struct disc_model {
  std::string path;
  void *handle = nullptr;
  const disc_static_model *linked = nullptr;
  std::string target;
  std::string targetCpu;
  std::string compilerVersion;
  std::string sourceHash;
  std::vector<Function> functions;
  disc::ral::Context context;

  ~disc_model() {
    if (handle)
      dlclose(handle);
  }

  disc_status *error(const std::string &message) const {
    return makeStatus("'" + path + "': " + message);
  }

  // Only a "target" the metadata names is checked: the runtime cannot run
  // code built for another device.
  disc_status *checkTarget(const disc::json::Value &root) const {
    const disc::json::Value *member = root.find("target");
    if (!member)
      return nullptr;
    if (member->kind != disc::json::Value::Kind::String)
      return error("malformed metadata: 'target' is not a string");
    // A CUDA model loads anywhere; without a GPU its first device call
    // fails the run with the reason.
    if (member->string == "cpu" || member->string == "cuda")
      return nullptr;
    return error("built for unknown target '" + member->string +
                 "'; this runtime runs only '" +
                 std::string(disc_runtime_targets()) + "' models");
  }

  EntryFunction findEntry(const std::string &symbol) const {
    if (!linked)
      return reinterpret_cast<EntryFunction>(dlsym(handle, symbol.c_str()));
    for (int64_t i = 0; i < linked->entry_count; ++i)
      if (linked->entries[i].symbol && symbol == linked->entries[i].symbol)
        return linked->entries[i].entry;
    return nullptr;
  }

  disc_status *readMetadata(const char *text) {
    disc::json::Value root;
    std::string message;
    if (!disc::json::parse(text, root, message))
      return error("malformed metadata: " + message);
    if (root.kind != disc::json::Value::Kind::Object)
      return error("malformed metadata: not a JSON object");
    const disc::json::Value *version = root.find("abi_version");
    if (version && (!version->isInteger ||
                    version->integer != DISC_RUNTIME_MODEL_ABI_VERSION))
      return error("metadata says ABI version " +
                   (version->isInteger ? std::to_string(version->integer)
                                       : std::string("(not an integer)")) +
                   ", this runtime supports " +
                   std::to_string(DISC_RUNTIME_MODEL_ABI_VERSION));
    target = stringMember(root, "target");
    if (disc_status *status = checkTarget(root))
      return status;
    targetCpu = stringMember(root, "target_cpu");
    compilerVersion = stringMember(root, "compiler_version");
    sourceHash = stringMember(root, "source_hash");

    const disc::json::Value *list = root.find("functions");
    if (!list || list->kind != disc::json::Value::Kind::Array)
      return error("malformed metadata: no 'functions' array");
    for (size_t i = 0; i < list->array.size(); ++i) {
      const disc::json::Value &entry = list->array[i];
      std::string where = "function " + std::to_string(i);
      Function function;
      function.name = stringMember(entry, "name");
      function.symbol = stringMember(entry, "symbol");
      if (function.name.empty())
        return error("malformed metadata: " + where + " has no 'name'");
      where += " ('" + function.name + "')";
      if (function.symbol.empty())
        return error("malformed metadata: " + where + " has no 'symbol'");
      if (!readSignatures(entry, "inputs", where, "input", function.inputs,
                          message) ||
          !readSignatures(entry, "outputs", where, "output", function.outputs,
                          message))
        return error("malformed metadata: " + message);
      function.entry = findEntry(function.symbol);
      if (!function.entry)
        return error("no symbol '" + function.symbol + "' for function '" +
                     function.name + "'");
      functions.push_back(std::move(function));
    }
    for (Function &function : functions) {
      bindViews(function.inputs);
      bindViews(function.outputs);
    }
    return nullptr;
  }
};

struct disc_outputs {
  std::vector<disc::ral::OutputTensor> tensors;
  std::vector<disc_tensor> views;
};

extern "C" {

const char *disc_status_message(const disc_status *status) {
  if (!status)
    return "ok";
  return status->message.c_str();
}

void disc_status_free(disc_status *status) { delete status; }

disc_status *disc_model_load(const char *path, disc_model **model) {
  if (!model)
    return makeStatus("disc_model_load: no place to put the model");
  *model = nullptr;
  if (!path)
    return makeStatus("disc_model_load: no path");
  return guarded([&]() -> disc_status * {
    disc::stub::ModelLibrary library;
    if (disc_status *status = disc::stub::openModelLibrary(path, library))
      return status;
    auto loaded = std::make_unique<disc_model>();
    loaded->path = path;
    loaded->handle = library.handle;
    const char *text = library.metadata;
    if (disc_status *status = loaded->readMetadata(text))
      return status;
    *model = loaded.release();
    return nullptr;
  });
}

disc_status *disc_model_open_static(const disc_static_model *linked,
                                    disc_model **model) {
  if (!model)
    return makeStatus("disc_model_open_static: no place to put the model");
  *model = nullptr;
  if (!linked)
    return makeStatus("disc_model_open_static: no model");
  return guarded([&]() -> disc_status * {
    auto opened = std::make_unique<disc_model>();
    opened->path = std::string("linked model ") +
                   (linked->name ? linked->name : "(unnamed)");
    opened->linked = linked;
    if (!linked->abi_version || !linked->metadata ||
        (linked->entry_count > 0 && !linked->entries) ||
        linked->entry_count < 0)
      return opened->error("incomplete disc_static_model descriptor");
    int32_t version = linked->abi_version();
    if (version != DISC_RUNTIME_MODEL_ABI_VERSION)
      return opened->error("has ABI version " + std::to_string(version) +
                           ", this runtime supports " +
                           std::to_string(DISC_RUNTIME_MODEL_ABI_VERSION));
    const char *text = linked->metadata();
    if (!text)
      return opened->error("disc_model_metadata returned null");
    if (disc_status *status = opened->readMetadata(text))
      return status;
    *model = opened.release();
    return nullptr;
  });
}

void disc_model_free(disc_model *model) { delete model; }

disc_status *disc_model_set_memory_limit(disc_model *model, int64_t bytes) {
  if (!model)
    return makeStatus("disc_model_set_memory_limit: no model");
  model->context.setMemoryLimit(bytes < 0 ? DISC_NO_MEMORY_LIMIT : bytes);
  return nullptr;
}

disc_status *disc_model_set_max_threads(disc_model *model, int threads) {
  if (!model)
    return makeStatus("disc_model_set_max_threads: no model");
  if (threads < 0)
    return makeStatus("disc_model_set_max_threads: " +
                      std::to_string(threads) +
                      " threads; expected 0 (one per core) or more");
  model->context.setMaxThreads(threads);
  return nullptr;
}

int disc_model_max_threads(const disc_model *model) {
  return model ? model->context.maxThreads() : 0;
}

disc_status *disc_model_set_cuda_stream(disc_model *model, void *stream) {
  if (!model)
    return makeStatus("disc_model_set_cuda_stream: no model");
  if (model->target != "cuda")
    return model->error("disc_model_set_cuda_stream: the model was compiled "
                        "for " +
                        model->target + ", not cuda");
  if (!disc::ral::cuda::streamBinding(model->context).set(stream))
    return model->error(
        "disc_model_set_cuda_stream: the model has already run on the GPU "
        "on its own stream; bind a stream before its first run");
  return nullptr;
}

int64_t disc_model_memory_limit(const disc_model *model) {
  return model ? model->context.memoryLimit() : DISC_NO_MEMORY_LIMIT;
}

const char *disc_runtime_targets(void) { return "cpu,cuda"; }

disc_status *disc_load_plugin(const char *path) {
  if (!path)
    return makeStatus("disc_load_plugin: no path");
  return guarded([&]() -> disc_status * {
    std::string name(path);
    struct stat info;
    if (stat(path, &info) != 0)
      return makeStatus("cannot open plugin '" + name +
                        "': " + std::strerror(errno));
    std::string problem = disc::stub::checkLoadableFile(name);
    if (!problem.empty())
      return makeStatus("cannot load plugin '" + name + "': " + problem);
    std::string openPath =
        name.find('/') == std::string::npos ? "./" + name : name;
    // Loads are serialized so that counting the registry tells what this
    // library added.
    static std::mutex loadMutex;
    static std::set<void *> plugins;
    std::lock_guard<std::mutex> lock(loadMutex);
    // A library the process had loaded otherwise (libm, say) registers
    // nothing now; only one loaded here before is a no-op to load again.
    if (void *loaded = dlopen(openPath.c_str(), RTLD_NOW | RTLD_NOLOAD)) {
      bool isPlugin = plugins.count(loaded) != 0;
      dlclose(loaded);
      if (isPlugin)
        return nullptr;
      return makeStatus("plugin '" + name +
                        "' registered no new RAL API: the process had "
                        "loaded it already, not as a plugin");
    }
    // A plugin adds RAL APIs (TAO_RAL_API), host kernels, or both.
    auto registered = [] {
      return disc::ral::Registry::global().names().size() +
             disc::host::KernelRegistry::global().names().size();
    };
    size_t before = registered();
    void *handle = dlopen(openPath.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char *reason = dlerror();
      return makeStatus("cannot load plugin '" + name +
                        "': " + (reason ? reason : "unknown dlopen error"));
    }
    if (registered() == before) {
      dlclose(handle);
      return makeStatus("plugin '" + name +
                        "' registered no new RAL API: it has no TAO_RAL_API "
                        "registration, or its names are already taken");
    }
    // Never closed: the registry now points into the library.
    plugins.insert(handle);
    return nullptr;
  });
}

const char *disc_model_target(const disc_model *model) {
  return model ? model->target.c_str() : "";
}
const char *disc_model_target_cpu(const disc_model *model) {
  return model ? model->targetCpu.c_str() : "";
}
const char *disc_model_compiler_version(const disc_model *model) {
  return model ? model->compilerVersion.c_str() : "";
}
const char *disc_model_source_hash(const disc_model *model) {
  return model ? model->sourceHash.c_str() : "";
}

int64_t disc_model_function_count(const disc_model *model) {
  return model ? static_cast<int64_t>(model->functions.size()) : 0;
}

static const Function *functionAt(const disc_model *model, int64_t index) {
  if (!model || index < 0 ||
      static_cast<size_t>(index) >= model->functions.size())
    return nullptr;
  return &model->functions[index];
}

const char *disc_model_function_name(const disc_model *model, int64_t index) {
  const Function *function = functionAt(model, index);
  return function ? function->name.c_str() : nullptr;
}

int64_t disc_model_find_function(const disc_model *model, const char *name) {
  return model ? disc::stub::findFunctionByName(model->functions, name) : -1;
}

disc_status *disc_model_default_function(const disc_model *model,
                                         int64_t *index) {
  if (!model || !index)
    return makeStatus("disc_model_default_function: no model or index");
  return guarded([&]() -> disc_status * {
    if (model->functions.size() == 1) {
      *index = 0;
      return nullptr;
    }
    *index = disc_model_find_function(model, "main");
    if (*index >= 0)
      return nullptr;
    if (model->functions.empty())
      return model->error("has no functions");
    std::string names;
    for (const Function &function : model->functions)
      names += (names.empty() ? "" : ", ") + function.name;
    return model->error("has " + plural(model->functions.size(), "function") +
                        " and none is named 'main': " + names);
  });
}

int64_t disc_function_input_count(const disc_model *model, int64_t function) {
  const Function *found = functionAt(model, function);
  return found ? static_cast<int64_t>(found->inputs.size()) : 0;
}

int64_t disc_function_output_count(const disc_model *model, int64_t function) {
  const Function *found = functionAt(model, function);
  return found ? static_cast<int64_t>(found->outputs.size()) : 0;
}

const disc_tensor_signature *
disc_function_input(const disc_model *model, int64_t function, int64_t index) {
  const Function *found = functionAt(model, function);
  if (!found || index < 0 || static_cast<size_t>(index) >= found->inputs.size())
    return nullptr;
  return &found->inputs[index].view;
}

const disc_tensor_signature *
disc_function_output(const disc_model *model, int64_t function, int64_t index) {
  const Function *found = functionAt(model, function);
  if (!found || index < 0 ||
      static_cast<size_t>(index) >= found->outputs.size())
    return nullptr;
  return &found->outputs[index].view;
}

} // extern "C"

namespace {

bool shapeMatches(const std::vector<int64_t> &expected,
                  const std::vector<int64_t> &actual) {
  if (expected.size() != actual.size())
    return false;
  for (size_t i = 0; i < expected.size(); ++i)
    if (expected[i] >= 0 && expected[i] != actual[i])
      return false;
  return true;
}

// Checks the caller's inputs against the signature and views them for the
// run; returns an error message, empty when they fit.
std::string bindInputs(const Function &function, const disc_tensor *inputs,
                       int64_t count,
                       std::vector<disc::ral::TensorView> &views) {
  if (count < 0 || static_cast<size_t>(count) != function.inputs.size())
    return "expected " + plural(function.inputs.size(), "input") + ", got " +
           std::to_string(count);
  if (count > 0 && !inputs)
    return "no inputs given";
  for (int64_t i = 0; i < count; ++i) {
    const TensorSignature &expected = function.inputs[i];
    const disc_tensor &input = inputs[i];
    std::string where =
        "input " + std::to_string(i) + " ('" + expected.name + "'): ";
    auto dtype =
        input.dtype ? disc::ral::dtypeFromToken(input.dtype) : std::nullopt;
    if (!dtype)
      return where + "unknown dtype '" + (input.dtype ? input.dtype : "") + "'";
    if (input.rank < 0 || (input.rank > 0 && !input.shape))
      return where + "malformed shape";
    std::vector<int64_t> shape(input.shape, input.shape + input.rank);
    for (int64_t dim : shape)
      if (dim < 0)
        return where + "negative dimension in " + describeShape(shape, *dtype);
    if (*dtype != expected.dtype || !shapeMatches(expected.shape, shape))
      return where + "expected " +
             describeShape(expected.shape, expected.dtype) + ", got " +
             describeShape(shape, *dtype);
    std::optional<disc::ral::TensorSize> size =
        disc::ral::tensorSize(shape, *dtype);
    if (!size)
      return where + describeShape(shape, *dtype) +
             " is too large: its size in bytes does not fit in 64 bits";
    if (!input.data && size->elements != 0)
      return where + "no data";
    views.push_back({*dtype, std::move(shape), input.data});
  }
  return std::string();
}

} // namespace

extern "C" disc_status *disc_model_run(disc_model *model, int64_t function,
                                       const disc_tensor *inputs,
                                       int64_t input_count,
                                       disc_outputs **outputs) {
  if (!model || !outputs)
    return makeStatus("disc_model_run: no model or no place for the outputs");
  *outputs = nullptr;
  const Function *found = functionAt(model, function);
  if (!found)
    return model->error("function index " + std::to_string(function) +
                        " is out of range, the model has " +
                        plural(model->functions.size(), "function"));
  return guarded([&]() -> disc_status * {
    std::vector<disc::ral::TensorView> views;
    std::string message = bindInputs(*found, inputs, input_count, views);
    if (!message.empty())
      return makeStatus(message);

    disc::ral::ExecutionContext context(&model->context, std::move(views),
                                        found->outputs.size());
    void *ctxStruct[2] = {&context,
                          reinterpret_cast<void *>(&disc_ral_api_call)};
    found->entry(ctxStruct);
    if (!context.ok())
      return makeStatus(context.errorMessage());

    auto result = std::make_unique<disc_outputs>();
    for (size_t i = 0; i < found->outputs.size(); ++i) {
      const TensorSignature &expected = found->outputs[i];
      disc::ral::OutputTensor &output = context.outputs()[i];
      std::string where =
          "output " + std::to_string(i) + " ('" + expected.name + "'): ";
      if (!output.sent)
        return makeStatus(where + "the function '" + found->name +
                          "' did not produce it");
      if (output.dtype != expected.dtype ||
          !shapeMatches(expected.shape, output.shape))
        return makeStatus(where + "expected " +
                          describeShape(expected.shape, expected.dtype) +
                          ", the function '" + found->name + "' produced " +
                          describeShape(output.shape, output.dtype));
      result->tensors.push_back(std::move(output));
    }
    for (const disc::ral::OutputTensor &tensor : result->tensors)
      result->views.push_back({disc::ral::dtypeToken(tensor.dtype),
                               static_cast<int64_t>(tensor.shape.size()),
                               tensor.shape.data(), tensor.buffer.get()});
    *outputs = result.release();
    return nullptr;
  });
}

extern "C" int64_t disc_outputs_count(const disc_outputs *outputs) {
  return outputs ? static_cast<int64_t>(outputs->views.size()) : 0;
}

extern "C" const disc_tensor *disc_outputs_get(const disc_outputs *outputs,
                                               int64_t index) {
  if (!outputs || index < 0 ||
      static_cast<size_t>(index) >= outputs->views.size())
    return nullptr;
  return &outputs->views[index];
}

extern "C" void disc_outputs_free(disc_outputs *outputs) { delete outputs; }
