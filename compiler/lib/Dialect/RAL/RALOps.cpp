//===- RALOps.cpp - The disc_ral dialect
//-----------------------------------===//

#include "disc/Dialect/RAL/RALOps.h"

#include "disc/Dialect/RAL/TypeEncoding.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::disc_ral;

#include "disc/Dialect/RAL/RALOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "disc/Dialect/RAL/RALOpsTypes.cpp.inc"

#define GET_OP_CLASSES
#include "disc/Dialect/RAL/RALOps.cpp.inc"

void RALDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "disc/Dialect/RAL/RALOpsTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "disc/Dialect/RAL/RALOps.cpp.inc"
      >();
}

/// Checks that `type` can cross the runtime boundary; `what` names the value
/// in the error.
static LogicalResult verifyEncodable(Operation *op, Type type,
                                     const Twine &what) {
  if (getTypeToken(type))
    return success();
  if (auto memrefType = dyn_cast<MemRefType>(type);
      memrefType && memrefType.getRank() > kMaxEncodedRank)
    return op->emitOpError()
           << what << " has rank " << memrefType.getRank()
           << "; the runtime takes memrefs up to rank " << kMaxEncodedRank;
  return op->emitOpError() << what << " has type " << type
                           << ", which has no RAL type encoding";
}

static LogicalResult verifyIoIndex(Operation *op, int64_t index) {
  if (index < 0)
    return op->emitOpError() << "index must be non-negative, got " << index;
  return success();
}

LogicalResult RecvInputOp::verify() {
  if (failed(verifyIoIndex(*this, getIndex())))
    return failure();
  return verifyEncodable(*this, getResult().getType(), "result");
}

LogicalResult SendOutputOp::verify() {
  if (failed(verifyIoIndex(*this, getIndex())))
    return failure();
  return verifyEncodable(*this, getValue().getType(), "value");
}

LogicalResult DispatchOp::verify() {
  StringRef name = getCallTargetName();
  if (name.empty() || name.contains("___"))
    return emitOpError() << "call target name '" << name
                         << "' must be non-empty and free of '___'";
  StringRef device = getDevice();
  if (device.empty() || device.contains("___"))
    return emitOpError() << "device '" << device
                         << "' must be non-empty and free of '___'";
  for (auto [index, type] : llvm::enumerate(getArgs().getTypes()))
    if (failed(verifyEncodable(*this, type, "operand #" + Twine(index))))
      return failure();
  for (auto [index, type] : llvm::enumerate(getResultTypes()))
    if (failed(verifyEncodable(*this, type, "result #" + Twine(index))))
      return failure();
  return success();
}

std::string DispatchOp::getMangledName() {
  SmallVector<Type> argTypes{getCtx().getType()};
  llvm::append_range(argTypes, getArgs().getTypes());
  // The verifier guarantees every type has a token.
  return *getMangledApiName(getCallTargetName(), getDevice(), argTypes,
                            getResultTypes());
}

LogicalResult MemRefFromPtrOp::verify() {
  MemRefType type = getResult().getType();
  if (!type.getLayout().isIdentity())
    return emitOpError() << "result type " << type
                         << " must have an identity layout";
  if (static_cast<int64_t>(getDynamicSizes().size()) !=
      type.getNumDynamicDims())
    return emitOpError() << "expects " << type.getNumDynamicDims()
                         << " dynamic sizes for " << type << ", got "
                         << getDynamicSizes().size();
  return success();
}
