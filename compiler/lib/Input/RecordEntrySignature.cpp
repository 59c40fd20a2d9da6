//===- RecordEntrySignature.cpp - Describe entry inputs and outputs -------===//

#include "disc/Dialect/HLO/HloCommon.h"
#include "disc/Dialect/RAL/EntrySignature.h"
#include "disc/Dialect/RAL/TypeEncoding.h"
#include "disc/Input/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_RECORDENTRYSIGNATUREPASS
#include "disc/Input/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

/// JAX names the arguments it exports with `loc("x")`; other producers may
/// wrap that name in fused or call-site locations.
std::optional<StringRef> findUserName(Location loc) {
  if (auto nameLoc = dyn_cast<NameLoc>(loc)) {
    if (!nameLoc.getName().getValue().empty())
      return nameLoc.getName().getValue();
    return findUserName(nameLoc.getChildLoc());
  }
  if (auto fusedLoc = dyn_cast<FusedLoc>(loc)) {
    for (Location inner : fusedLoc.getLocations())
      if (std::optional<StringRef> name = findUserName(inner))
        return name;
    return std::nullopt;
  }
  if (auto callSiteLoc = dyn_cast<CallSiteLoc>(loc)) {
    if (std::optional<StringRef> name = findUserName(callSiteLoc.getCallee()))
      return name;
    return findUserName(callSiteLoc.getCaller());
  }
  return std::nullopt;
}

/// `{name, dtype, shape}` of one input or output, or a located error.
FailureOr<DictionaryAttr> describeValue(Location loc, StringRef role,
                                        StringRef name, Type type) {
  auto shapedType = dyn_cast<ShapedType>(type);
  if (!shapedType || !shapedType.hasRank())
    return emitError(loc) << role << " '" << name << "' has type " << type
                          << "; entry functions take and return ranked tensors";
  // A quantized tensor passes as its storage integers (docs/ABI.md).
  std::optional<StringRef> dtype = disc_ral::getElementTypeToken(
      hlo::getStorageElementTypeOrSelf(shapedType.getElementType()));
  if (!dtype)
    return emitError(loc) << role << " '" << name << "' has element type "
                          << shapedType.getElementType()
                          << ", which has no RAL type encoding (docs/ABI.md)";
  SmallVector<int64_t> shape;
  for (int64_t dim : shapedType.getShape())
    shape.push_back(ShapedType::isDynamic(dim) ? -1 : dim);
  Builder builder(type.getContext());
  return builder.getDictionaryAttr({
      builder.getNamedAttr(disc::kValueNameKey, builder.getStringAttr(name)),
      builder.getNamedAttr(disc::kValueDtypeKey, builder.getStringAttr(*dtype)),
      builder.getNamedAttr(disc::kValueShapeKey,
                           builder.getDenseI64ArrayAttr(shape)),
  });
}

/// Where to report a problem with an argument: its own location when that
/// points into a file, else its function's (JAX names arguments with a bare
/// `loc("x")`).
Location reportLocation(BlockArgument arg, func::FuncOp func) {
  if (arg.getLoc()->findInstanceOf<FileLineColLoc>())
    return arg.getLoc();
  return func.getLoc();
}

FailureOr<DictionaryAttr> describeFunction(func::FuncOp func) {
  Builder builder(func.getContext());
  bool failedAny = false;
  SmallVector<Attribute> inputs;
  for (BlockArgument arg : func.getArguments()) {
    std::string name = findUserName(arg.getLoc())
                           .value_or(("arg" + Twine(arg.getArgNumber())).str())
                           .str();
    if (auto process = func.getArgAttrOfType<StringAttr>(
            arg.getArgNumber(), disc::kProcessAttrName))
      name += (" (" + process.getValue() + ")").str();
    FailureOr<DictionaryAttr> input =
        describeValue(reportLocation(arg, func), "input", name, arg.getType());
    failedAny |= failed(input);
    if (succeeded(input))
      inputs.push_back(*input);
  }
  SmallVector<Attribute> outputs;
  for (auto [index, type] : llvm::enumerate(func.getResultTypes())) {
    std::string name = ("result" + Twine(index)).str();
    if (auto info =
            func.getResultAttrOfType<StringAttr>(index, "jax.result_info");
        info && !info.getValue().empty())
      name = info.getValue().str();
    if (auto process =
            func.getResultAttrOfType<StringAttr>(index, disc::kProcessAttrName))
      name += (" (" + process.getValue() + ")").str();
    FailureOr<DictionaryAttr> output =
        describeValue(func.getLoc(), "output", name, type);
    failedAny |= failed(output);
    if (succeeded(output))
      outputs.push_back(*output);
  }
  if (failedAny)
    return failure();
  return builder.getDictionaryAttr({
      builder.getNamedAttr(disc::kSignatureInputsKey,
                           builder.getArrayAttr(inputs)),
      builder.getNamedAttr(disc::kSignatureOutputsKey,
                           builder.getArrayAttr(outputs)),
  });
}

struct RecordEntrySignaturePass
    : disc::impl::RecordEntrySignaturePassBase<RecordEntrySignaturePass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!func.isPublic() || func.isDeclaration())
        continue;
      FailureOr<DictionaryAttr> signature = describeFunction(func);
      if (failed(signature)) {
        signalPassFailure();
        continue;
      }
      func->setAttr(disc::kEntrySignatureAttrName, *signature);
    }
  }
};

} // namespace
