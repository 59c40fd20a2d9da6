//===- RALBindIO.cpp - Bind entry inputs and outputs to the context -------===//

#include "disc/Dialect/RAL/EntrySignature.h"
#include "disc/Dialect/RAL/Transforms/Passes.h"
#include "disc/Dialect/RAL/TypeEncoding.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/BitVector.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_RALBINDIOPASS
#include "disc/Dialect/RAL/Transforms/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

/// The dtypes `disc-record-entry-signature` recorded for one side (inputs or
/// outputs) of an entry, when it recorded them.
class RecordedDtypes {
public:
  RecordedDtypes(func::FuncOp func, StringRef side) {
    auto signature =
        func->getAttrOfType<DictionaryAttr>(disc::kEntrySignatureAttrName);
    if (signature)
      values = signature.getAs<ArrayAttr>(side);
  }

  /// The recorded dtype of value `index`, if any.
  std::optional<StringRef> get(int64_t index) const {
    if (!values || index >= static_cast<int64_t>(values.size()))
      return std::nullopt;
    auto value = dyn_cast<DictionaryAttr>(values[index]);
    if (!value)
      return std::nullopt;
    if (auto dtype = value.getAs<StringAttr>(disc::kValueDtypeKey))
      return dtype.getValue();
    return std::nullopt;
  }

  /// Whether a signature was recorded but lists `count` values or fewer.
  bool listsFewerThan(int64_t count) const {
    return values && static_cast<int64_t>(values.size()) < count;
  }

private:
  ArrayAttr values;
};

/// The type the runtime binds a buffer of `type` as: the lowering to linalg
/// makes integers signless, but the runtime checks each input's dtype and
/// labels each output with the dtype of the call, so a buffer the user gave
/// as `ui8` must cross as `ui8`.
FailureOr<MemRefType> getBoundType(MemRefType type,
                                   std::optional<StringRef> recordedDtype,
                                   Location loc, const Twine &what) {
  Type element = type.getElementType();
  std::optional<StringRef> token = disc_ral::getElementTypeToken(element);
  if (!recordedDtype || token == *recordedDtype)
    return type;
  if (element.isSignlessInteger() &&
      *recordedDtype == ("ui" + Twine(element.getIntOrFloatBitWidth())).str())
    return MemRefType(MemRefType::Builder(type).setElementType(
        IntegerType::get(type.getContext(), element.getIntOrFloatBitWidth(),
                         IntegerType::Unsigned)));
  return emitError(loc) << what << " is a " << type
                        << " but its entry signature records dtype "
                        << *recordedDtype;
}

/// The same buffer seen with the other signedness; no-op once lowered.
Value castBuffer(OpBuilder &builder, Location loc, Value buffer, Type type) {
  if (buffer.getType() == type)
    return buffer;
  return UnrealizedConversionCastOp::create(builder, loc, type, buffer)
      .getResult(0);
}

LogicalResult bindInputs(func::FuncOp func, Value context) {
  OpBuilder builder = OpBuilder::atBlockBegin(&func.front());
  RecordedDtypes dtypes(func, disc::kSignatureInputsKey);
  int64_t numInputs = func.getNumArguments() - 1;
  if (dtypes.listsFewerThan(numInputs))
    return func.emitError() << "@" << func.getSymName() << " has " << numInputs
                            << " inputs, more than its entry signature lists";
  llvm::BitVector inputArgs(func.getNumArguments());
  for (BlockArgument arg : func.getArguments().drop_front()) {
    int64_t index = arg.getArgNumber() - 1;
    std::string what =
        ("input #" + Twine(index) + " of @" + func.getSymName()).str();
    auto type = dyn_cast<MemRefType>(arg.getType());
    if (!type)
      return emitError(arg.getLoc())
             << what << " has type " << arg.getType()
             << "; the runtime binds only ranked memrefs";
    FailureOr<MemRefType> boundType =
        getBoundType(type, dtypes.get(index), arg.getLoc(), what);
    if (failed(boundType))
      return failure();
    auto input = disc_ral::RecvInputOp::create(builder, arg.getLoc(),
                                               *boundType, context, index);
    arg.replaceAllUsesWith(
        castBuffer(builder, arg.getLoc(), input.getResult(), type));
    inputArgs.set(arg.getArgNumber());
  }
  return func.eraseArguments(inputArgs);
}

LogicalResult bindOutputs(func::FuncOp func, Value context) {
  RecordedDtypes dtypes(func, disc::kSignatureOutputsKey);
  if (dtypes.listsFewerThan(func.getNumResults()))
    return func.emitError()
           << "@" << func.getSymName() << " has " << func.getNumResults()
           << " outputs, more than its entry signature lists";
  SmallVector<func::ReturnOp> returns;
  for (Block &block : func.getBody())
    if (auto returnOp = dyn_cast<func::ReturnOp>(block.getTerminator()))
      returns.push_back(returnOp);
  for (func::ReturnOp returnOp : returns) {
    OpBuilder builder(returnOp);
    Location loc = returnOp.getLoc();
    for (auto [index, value] : llvm::enumerate(returnOp.getOperands())) {
      std::string what =
          ("output #" + Twine(index) + " of @" + func.getSymName()).str();
      auto type = dyn_cast<MemRefType>(value.getType());
      if (!type)
        return returnOp.emitError()
               << what << " has type " << value.getType()
               << "; the runtime binds only ranked memrefs";
      FailureOr<MemRefType> boundType =
          getBoundType(type, dtypes.get(index), loc, what);
      if (failed(boundType))
        return failure();
      disc_ral::SendOutputOp::create(
          builder, loc, context, index,
          castBuffer(builder, loc, value, *boundType));
    }
    returnOp->setOperands({});
  }
  return func.eraseResults(llvm::BitVector(func.getNumResults(), true));
}

struct RALBindIOPass : disc::impl::RALBindIOPassBase<RALBindIOPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!func.isPublic() || func.isDeclaration())
        continue;
      if (func.getNumArguments() == 0 ||
          !isa<disc_ral::ContextType>(func.getArgument(0).getType())) {
        func.emitError() << "public function @" << func.getSymName()
                         << " has no leading !disc_ral.context argument; run "
                            "disc-ral-inject-context first";
        signalPassFailure();
        continue;
      }
      Value context = func.getArgument(0);
      if (failed(bindInputs(func, context)) ||
          failed(bindOutputs(func, context)))
        signalPassFailure();
    }
  }
};

} // namespace
