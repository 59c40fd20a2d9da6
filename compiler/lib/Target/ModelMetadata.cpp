//===- ModelMetadata.cpp - The JSON a model .so describes itself with -----===//

#include "disc/Target/ModelMetadata.h"

#include "disc/Dialect/RAL/EntrySignature.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>

using namespace mlir;
using namespace mlir::disc;

std::string mlir::disc::getCompilerVersion() {
  return "disc " DISC_VERSION " (LLVM " LLVM_VERSION_STRING ")";
}

std::string mlir::disc::hashSource(StringRef bytes) {
  uint64_t hash = 0xcbf29ce484222325ULL;
  for (unsigned char byte : bytes.bytes()) {
    hash ^= byte;
    hash *= 0x100000001b3ULL;
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "fnv1a64:" << llvm::format_hex_no_prefix(hash, 16);
  return text;
}

namespace {
struct TensorSignature {
  StringRef name;
  StringRef dtype;
  ArrayRef<int64_t> shape;
};
} // namespace

static FailureOr<SmallVector<TensorSignature>>
parseTensorList(Operation *op, DictionaryAttr signature, StringRef key) {
  auto list = signature.getAs<ArrayAttr>(key);
  if (!list)
    return op->emitError() << "'" << kEntrySignatureAttrName << "' has no '"
                           << key << "' array";
  SmallVector<TensorSignature> tensors;
  for (auto [index, element] : llvm::enumerate(list)) {
    auto tensor = dyn_cast<DictionaryAttr>(element);
    auto name = tensor ? tensor.getAs<StringAttr>(kValueNameKey) : StringAttr();
    auto dtype =
        tensor ? tensor.getAs<StringAttr>(kValueDtypeKey) : StringAttr();
    auto shape = tensor ? tensor.getAs<DenseI64ArrayAttr>(kValueShapeKey)
                        : DenseI64ArrayAttr();
    if (!name || !dtype || !shape)
      return op->emitError()
             << "entry signature " << key << "[" << index
             << "] needs name, dtype and shape (array<i64>), got " << element;
    tensors.push_back({name.getValue(), dtype.getValue(), shape.asArrayRef()});
  }
  return tensors;
}

static void writeTensorList(llvm::json::OStream &json, StringRef key,
                            ArrayRef<TensorSignature> tensors) {
  json.attributeArray(key, [&] {
    for (const TensorSignature &tensor : tensors) {
      json.object([&] {
        json.attribute("name", tensor.name);
        json.attribute("dtype", tensor.dtype);
        json.attributeArray("shape", [&] {
          for (int64_t dim : tensor.shape)
            json.value(ShapedType::isDynamic(dim) ? int64_t(-1) : dim);
        });
      });
    }
  });
}

namespace {
struct Entry {
  EntryFunction function;
  SmallVector<TensorSignature> inputs;
  SmallVector<TensorSignature> outputs;
};
} // namespace

static LogicalResult addEntry(Operation *at, StringRef name,
                              Attribute signatureAttr,
                              SmallVectorImpl<Entry> &entries) {
  auto signature = dyn_cast<DictionaryAttr>(signatureAttr);
  if (!signature)
    return at->emitError() << "the entry signature of '" << name
                           << "' must be a dictionary, got " << signatureAttr;
  Entry entry;
  entry.function.name = name.str();
  entry.function.symbol = (kEntrySymbolPrefix + name).str();
  FailureOr<SmallVector<TensorSignature>> inputs =
      parseTensorList(at, signature, kSignatureInputsKey);
  if (failed(inputs))
    return failure();
  FailureOr<SmallVector<TensorSignature>> outputs =
      parseTensorList(at, signature, kSignatureOutputsKey);
  if (failed(outputs))
    return failure();
  entry.inputs = std::move(*inputs);
  entry.outputs = std::move(*outputs);
  entries.push_back(std::move(entry));
  return success();
}

namespace {
/// A kernel-graph function: its values' type spellings (KernelGraphAbi.h).
struct KernelGraphEntry {
  EntryFunction function;
  SmallVector<StringRef> inputs;
  SmallVector<StringRef> outputs;
};
} // namespace

static FailureOr<SmallVector<StringRef>>
parseTypeSpellings(ModuleOp module, DictionaryAttr signature, StringRef key) {
  auto list = signature.getAs<ArrayAttr>(key);
  SmallVector<StringRef> spellings;
  for (Attribute element : list ? list : ArrayAttr()) {
    auto spelling = dyn_cast<StringAttr>(element);
    if (!spelling)
      break;
    spellings.push_back(spelling.getValue());
  }
  if (!list || spellings.size() != list.size())
    return module.emitError()
           << "'" << kKernelGraphSignaturesAttrName << "' needs a '" << key
           << "' array of type spellings, got " << signature;
  return spellings;
}

static FailureOr<SmallVector<KernelGraphEntry>>
parseKernelGraphEntries(ModuleOp module) {
  SmallVector<KernelGraphEntry> entries;
  Attribute all = module->getAttr(kKernelGraphSignaturesAttrName);
  if (!all)
    return entries;
  auto list = dyn_cast<ArrayAttr>(all);
  if (!list)
    return module.emitError() << "'" << kKernelGraphSignaturesAttrName
                              << "' must be an array, got " << all;
  for (Attribute element : list) {
    auto signature = dyn_cast<DictionaryAttr>(element);
    auto name =
        signature ? signature.getAs<StringAttr>(kValueNameKey) : StringAttr();
    auto entry = signature ? signature.getAs<StringAttr>(kKernelGraphEntryKey)
                           : StringAttr();
    if (!name || !entry)
      return module.emitError()
             << "'" << kKernelGraphSignaturesAttrName
             << "' entries need a name and an entry, got " << element;
    KernelGraphEntry parsed;
    parsed.function = {name.getValue().str(), entry.getValue().str()};
    FailureOr<SmallVector<StringRef>> inputs =
        parseTypeSpellings(module, signature, kSignatureInputsKey);
    FailureOr<SmallVector<StringRef>> outputs =
        parseTypeSpellings(module, signature, kSignatureOutputsKey);
    if (failed(inputs) || failed(outputs))
      return failure();
    parsed.inputs = std::move(*inputs);
    parsed.outputs = std::move(*outputs);
    entries.push_back(std::move(parsed));
  }
  return entries;
}

FailureOr<ModelMetadata>
mlir::disc::buildModelMetadata(ModuleOp module, const ModelDescription &model) {
  FailureOr<SmallVector<KernelGraphEntry>> kernelGraphEntries =
      parseKernelGraphEntries(module);
  if (failed(kernelGraphEntries))
    return failure();
  SmallVector<Entry> entries;
  if (Attribute all = module->getAttr(kEntrySignaturesAttrName)) {
    auto byName = dyn_cast<DictionaryAttr>(all);
    if (!byName)
      return module.emitError() << "'" << kEntrySignaturesAttrName
                                << "' must be a dictionary, got " << all;
    for (NamedAttribute signature : byName)
      if (failed(addEntry(module, signature.getName().getValue(),
                          signature.getValue(), entries)))
        return failure();
  } else {
    for (Operation &op : module.getBody()->getOperations()) {
      Attribute signature = op.getAttr(kEntrySignatureAttrName);
      auto symbol =
          op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
      if (!signature || !symbol ||
          !symbol.getValue().starts_with(kEntrySymbolPrefix))
        continue;
      if (failed(addEntry(
              &op, symbol.getValue().drop_front(kEntrySymbolPrefix.size()),
              signature, entries)))
        return failure();
    }
  }
  if (entries.empty() && kernelGraphEntries->empty())
    return module.emitError()
           << "the program has no public function to export (no entry "
              "signature in '"
           << kEntrySignaturesAttrName << "' or on a " << kEntrySymbolPrefix
           << "<fn> function); a model needs at least one";

  ModelMetadata metadata;
  llvm::raw_string_ostream os(metadata.json);
  llvm::json::OStream json(os);
  json.object([&] {
    json.attribute("abi_version", 1);
    json.attribute("compiler_version", getCompilerVersion());
    json.attribute("target", model.target);
    json.attribute("target_cpu", model.targetCpu);
    json.attribute("source_hash", model.sourceHash);
    json.attributeArray("functions", [&] {
      for (const Entry &entry : entries) {
        json.object([&] {
          json.attribute("name", entry.function.name);
          json.attribute("symbol", entry.function.symbol);
          writeTensorList(json, "inputs", entry.inputs);
          writeTensorList(json, "outputs", entry.outputs);
        });
      }
    });
    if (kernelGraphEntries->empty())
      return;
    json.attributeArray("kernel_graph_functions", [&] {
      for (const KernelGraphEntry &entry : *kernelGraphEntries) {
        json.object([&] {
          json.attribute("name", entry.function.name);
          json.attribute("entry", entry.function.symbol);
          json.attributeArray("inputs", [&] {
            for (StringRef spelling : entry.inputs)
              json.value(spelling);
          });
          json.attributeArray("outputs", [&] {
            for (StringRef spelling : entry.outputs)
              json.value(spelling);
          });
        });
      }
    });
  });
  for (Entry &entry : entries)
    metadata.entries.push_back(std::move(entry.function));
  for (KernelGraphEntry &entry : *kernelGraphEntries)
    metadata.kernelGraphEntries.push_back(std::move(entry.function));
  return metadata;
}
