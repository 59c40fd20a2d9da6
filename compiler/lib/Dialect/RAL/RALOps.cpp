//===- RALOps.cpp - The disc_ral dialect
//-----------------------------------===//

#include "disc/Dialect/RAL/RALOps.h"

#include "disc/Dialect/RAL/TypeEncoding.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
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

int64_t KernelArgsOp::getNumParams() {
  int64_t numParams = 0;
  for (Type type : getValues().getTypes())
    numParams += getNumSlots(type);
  return numParams;
}

LogicalResult CustomCallOp::verify() {
  StringRef name = getCallTargetName();
  if (name.empty() || name.contains("___"))
    return emitOpError() << "call target name '" << name
                         << "' must be non-empty and free of '___'";
  if (hasBufferSemantics() && returnsResults()) {
    if (!getResultSizes().empty())
      return emitOpError() << "returning memrefs must have no sizes";
    for (auto [index, type] : llvm::enumerate(getInputs().getTypes()))
      if (!isa<MemRefType>(type))
        return emitOpError() << "returning memrefs takes memref inputs, but "
                                "input #"
                             << index << " has type " << type;
    for (auto [index, type] : llvm::enumerate(getResultTypes())) {
      auto memrefType = dyn_cast<MemRefType>(type);
      if (!memrefType || !memrefType.getLayout().isIdentity())
        return emitOpError() << "returning memrefs returns identity-layout "
                                "memrefs, but result #"
                             << index << " has type " << type;
      if (failed(verifyEncodable(*this, type, "result #" + Twine(index))))
        return failure();
    }
    return success();
  }
  if (hasBufferSemantics()) {
    if (!getResults().empty() || !getResultSizes().empty())
      return emitOpError() << "with outputs must have no results or sizes";
    for (auto [index, type] : llvm::enumerate(getInputs().getTypes())) {
      if (!isa<MemRefType>(type))
        return emitOpError() << "with outputs takes memref inputs, but input #"
                             << index << " has type " << type;
      if (failed(verifyEncodable(*this, type, "input #" + Twine(index))))
        return failure();
    }
    for (auto [index, type] : llvm::enumerate(getOutputs().getTypes()))
      if (failed(verifyEncodable(*this, type, "output #" + Twine(index))))
        return failure();
    return success();
  }
  if (getResults().empty())
    return emitOpError() << "must have at least one result or output";
  // Checks a tensor as the memref it becomes at the runtime boundary.
  auto verifyTensor = [&](Type type, const Twine &what) -> LogicalResult {
    auto tensorType = dyn_cast<RankedTensorType>(type);
    if (!tensorType)
      return emitOpError() << "without outputs takes tensor inputs, but "
                           << what << " has type " << type;
    return verifyEncodable(
        *this,
        MemRefType::get(tensorType.getShape(), tensorType.getElementType()),
        what);
  };
  for (auto [index, type] : llvm::enumerate(getInputs().getTypes()))
    if (failed(verifyTensor(type, "input #" + Twine(index))))
      return failure();
  int64_t dynamicDims = 0;
  for (auto [index, type] : llvm::enumerate(getResultTypes())) {
    if (failed(verifyTensor(type, "result #" + Twine(index))))
      return failure();
    dynamicDims += cast<RankedTensorType>(type).getNumDynamicDims();
  }
  // Without sizes, a kernel with dynamic results returns them.
  if (!returnsResults() &&
      dynamicDims != static_cast<int64_t>(getResultSizes().size()))
    return emitOpError() << "has " << getResultSizes().size()
                         << " result sizes for " << dynamicDims
                         << " dynamic result dimensions";
  return success();
}

void CustomCallOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // On tensors the call is a function of its inputs.
  if (!hasBufferSemantics())
    return;
  for (OpOperand &input : getInputsMutable())
    effects.emplace_back(MemoryEffects::Read::get(), &input,
                         SideEffects::DefaultResource::get());
  for (OpOperand &output : getOutputsMutable())
    effects.emplace_back(MemoryEffects::Write::get(), &output,
                         SideEffects::DefaultResource::get());
  // A returned result is a new temporary of the run, which the caller owns
  // (and may free with ral_dealloc).
  for (OpResult result : getOperation()->getResults()) {
    effects.emplace_back(MemoryEffects::Allocate::get(), result,
                         SideEffects::DefaultResource::get());
    effects.emplace_back(MemoryEffects::Write::get(), result,
                         SideEffects::DefaultResource::get());
  }
}

bool CustomCallOp::bufferizesToAllocation(Value value) { return true; }

bool CustomCallOp::bufferizesToMemoryRead(
    OpOperand &opOperand, const bufferization::AnalysisState &state) {
  return true;
}

bool CustomCallOp::bufferizesToMemoryWrite(
    OpOperand &opOperand, const bufferization::AnalysisState &state) {
  return false;
}

bufferization::AliasingValueList
CustomCallOp::getAliasingValues(OpOperand &opOperand,
                                const bufferization::AnalysisState &state) {
  return {};
}

/// Kernels index their memrefs as dense row-major arrays (docs/ABI.md), so a
/// strided view is copied into a new buffer first.
static FailureOr<Value>
getContiguousBuffer(RewriterBase &rewriter, Location loc, Value tensor,
                    const bufferization::BufferizationOptions &options,
                    const bufferization::BufferizationState &state) {
  FailureOr<Value> buffer =
      bufferization::getBuffer(rewriter, tensor, options, state);
  if (failed(buffer))
    return failure();
  auto type = cast<MemRefType>(buffer->getType());
  if (type.getLayout().isIdentity())
    return buffer;
  auto contiguousType =
      MemRefType::get(type.getShape(), type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  SmallVector<Value> dynamicSizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(
          memref::DimOp::create(rewriter, loc, *buffer, dim));
  FailureOr<Value> copy =
      options.createAlloc(rewriter, loc, contiguousType, dynamicSizes);
  if (failed(copy))
    return failure();
  if (failed(options.createMemCpy(rewriter, loc, *buffer, *copy)))
    return failure();
  return copy;
}

LogicalResult
CustomCallOp::bufferize(RewriterBase &rewriter,
                        const bufferization::BufferizationOptions &options,
                        bufferization::BufferizationState &state) {
  if (hasBufferSemantics())
    return success();
  Location loc = getLoc();
  SmallVector<Value> inputs;
  for (Value input : getInputs()) {
    FailureOr<Value> buffer =
        getContiguousBuffer(rewriter, loc, input, options, state);
    if (failed(buffer))
      return failure();
    inputs.push_back(*buffer);
  }
  if (returnsResults()) {
    SmallVector<Type> memrefTypes;
    for (Type type : getResultTypes()) {
      auto tensorType = cast<RankedTensorType>(type);
      memrefTypes.push_back(
          MemRefType::get(tensorType.getShape(), tensorType.getElementType()));
    }
    auto call = CustomCallOp::create(rewriter, loc, memrefTypes,
                                     getCallTargetName(), inputs, ValueRange());
    bufferization::replaceOpWithBufferizedValues(rewriter, *this,
                                                 call.getResults());
    return success();
  }
  SmallVector<Value> outputs;
  ValueRange sizes = getResultSizes();
  for (Type type : getResultTypes()) {
    auto tensorType = cast<RankedTensorType>(type);
    int64_t dynamicDims = tensorType.getNumDynamicDims();
    FailureOr<Value> buffer = options.createAlloc(
        rewriter, loc,
        MemRefType::get(tensorType.getShape(), tensorType.getElementType()),
        sizes.take_front(dynamicDims));
    if (failed(buffer))
      return failure();
    outputs.push_back(*buffer);
    sizes = sizes.drop_front(dynamicDims);
  }
  CustomCallOp::create(rewriter, loc, TypeRange(), getCallTargetName(), inputs,
                       outputs);
  bufferization::replaceOpWithBufferizedValues(rewriter, *this, outputs);
  return success();
}
