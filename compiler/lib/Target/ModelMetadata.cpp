//===- ModelMetadata.cpp - The JSON a model .so describes itself with -----===//

#include "disc/Target/ModelMetadata.h"

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
    auto name = tensor ? tensor.getAs<StringAttr>("name") : StringAttr();
    auto dtype = tensor ? tensor.getAs<StringAttr>("dtype") : StringAttr();
    auto shape =
        tensor ? tensor.getAs<DenseI64ArrayAttr>("shape") : DenseI64ArrayAttr();
    if (!name || !dtype || !shape)
      return op->emitError()
             << "'" << kEntrySignatureAttrName << "' " << key << "[" << index
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

FailureOr<ModelMetadata>
mlir::disc::buildModelMetadata(ModuleOp module, const ModelDescription &model) {
  struct Entry {
    EntryFunction function;
    SmallVector<TensorSignature> inputs;
    SmallVector<TensorSignature> outputs;
  };
  SmallVector<Entry> entries;
  for (Operation &op : module.getBody()->getOperations()) {
    auto signature = op.getAttrOfType<DictionaryAttr>(kEntrySignatureAttrName);
    if (!signature) {
      if (op.hasAttr(kEntrySignatureAttrName))
        return op.emitError()
               << "'" << kEntrySignatureAttrName << "' must be a dictionary";
      continue;
    }
    auto symbolName =
        op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    if (!symbolName)
      return op.emitError() << "'" << kEntrySignatureAttrName
                            << "' is on an op without a symbol name";
    Entry entry;
    StringRef symbol = symbolName.getValue();
    if (symbol.starts_with(kEntrySymbolPrefix)) {
      entry.function.symbol = symbol.str();
      entry.function.name = symbol.drop_front(kEntrySymbolPrefix.size()).str();
    } else {
      entry.function.name = symbol.str();
      entry.function.symbol = (kEntrySymbolPrefix + symbol).str();
    }
    if (auto name = signature.getAs<StringAttr>("name"))
      entry.function.name = name.getValue().str();
    FailureOr<SmallVector<TensorSignature>> inputs =
        parseTensorList(&op, signature, "inputs");
    if (failed(inputs))
      return failure();
    FailureOr<SmallVector<TensorSignature>> outputs =
        parseTensorList(&op, signature, "outputs");
    if (failed(outputs))
      return failure();
    entry.inputs = std::move(*inputs);
    entry.outputs = std::move(*outputs);
    entries.push_back(std::move(entry));
  }
  if (entries.empty())
    return module.emitError()
           << "no function carries '" << kEntrySignatureAttrName
           << "': a model needs at least one public entry function";

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
  });
  for (Entry &entry : entries)
    metadata.entries.push_back(std::move(entry.function));
  return metadata;
}
