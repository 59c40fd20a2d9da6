//===- RALLegalizeToDispatch.cpp - Runtime services as dispatch calls -----===//

#include "disc/Dialect/RAL/Transforms/MemRefPointer.h"
#include "disc/Dialect/RAL/Transforms/Passes.h"
#include "disc/Dialect/RAL/Transforms/StringConstants.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_RALLEGALIZETODISPATCHPASS
#include "disc/Dialect/RAL/Transforms/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

/// ral_alloc promises this alignment (docs/ABI.md).
constexpr uint64_t kRuntimeAllocAlignment = 64;

class DispatchBuilder {
public:
  DispatchBuilder(Operation *op, Value context, StringRef device)
      : builder(op), loc(op->getLoc()), context(context), device(device) {}

  disc_ral::DispatchOp call(StringRef api, ValueRange args,
                            TypeRange resultTypes) {
    return disc_ral::DispatchOp::create(builder, loc, resultTypes, context, api,
                                        device, /*may_fail=*/true, args);
  }

  Value i64Constant(int64_t value) {
    return arith::ConstantIntOp::create(builder, loc, value, 64);
  }

  OpBuilder builder;
  Location loc;
  Value context;
  StringRef device;
};

void legalizeRecvInput(disc_ral::RecvInputOp op, StringRef device) {
  DispatchBuilder dispatch(op, op.getCtx(), device);
  Value index = dispatch.i64Constant(op.getIndex());
  auto call = dispatch.call("ral_recv_input", {index}, op.getType());
  op.getResult().replaceAllUsesWith(call.getResult(0));
  op.erase();
}

void legalizeSendOutput(disc_ral::SendOutputOp op, StringRef device) {
  DispatchBuilder dispatch(op, op.getCtx(), device);
  Value index = dispatch.i64Constant(op.getIndex());
  dispatch.call("ral_send_output", {index, op.getValue()}, {});
  op.erase();
}

LogicalResult legalizeAlloc(memref::AllocOp op, Value context,
                            StringRef device) {
  MemRefType type = op.getType();
  if (!type.getLayout().isIdentity())
    return op.emitOpError() << "allocates " << type
                            << "; the runtime allocates identity layouts only";
  if (type.getMemorySpace())
    return op.emitOpError() << "allocates " << type
                            << " in a memory space the cpu runtime lacks";
  if (std::optional<uint64_t> alignment = op.getAlignment();
      alignment && *alignment > kRuntimeAllocAlignment)
    return op.emitOpError()
           << "asks for alignment " << *alignment << "; ral_alloc guarantees "
           << kRuntimeAllocAlignment;

  DispatchBuilder dispatch(op, context, device);
  const DataLayout &layout = DataLayout::closest(op);
  int64_t staticBytes =
      layout.getTypeSize(type.getElementType()).getFixedValue();
  for (int64_t dim : type.getShape())
    if (!ShapedType::isDynamic(dim))
      staticBytes *= dim;
  Value bytes = dispatch.i64Constant(staticBytes);
  for (Value size : op.getDynamicSizes()) {
    Value size64 = arith::IndexCastOp::create(
        dispatch.builder, dispatch.loc, dispatch.builder.getI64Type(), size);
    bytes =
        arith::MulIOp::create(dispatch.builder, dispatch.loc, bytes, size64);
  }
  auto ptrType = LLVM::LLVMPointerType::get(op.getContext());
  auto call = dispatch.call("ral_alloc", {bytes}, ptrType);
  auto memref = disc_ral::MemRefFromPtrOp::create(
      dispatch.builder, dispatch.loc, type, call.getResult(0),
      op.getDynamicSizes());
  op.replaceAllUsesWith(memref.getResult());
  op.erase();
  return success();
}

void legalizeDealloc(memref::DeallocOp op, Value context, StringRef device) {
  DispatchBuilder dispatch(op, context, device);
  // Memory from ral_alloc has equal allocated and aligned pointers.
  Value ptr = disc::createAlignedPointer(dispatch.builder, dispatch.loc,
                                         op.getMemref());
  dispatch.call("ral_dealloc", {ptr}, {});
  op.erase();
}

/// The message of a failed check, its source location first when it has
/// one.
std::string locatedMessage(Location loc, StringRef message) {
  if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>())
    return (fileLoc.getFilename().getValue() + ":" + Twine(fileLoc.getLine()) +
            ":" + Twine(fileLoc.getColumn()) + ": " + message)
        .str();
  return message.str();
}

/// Before `op`, an scf.if that runs when `holds` is false; returns the
/// builder of its body.
OpBuilder buildIfViolated(Operation *op, Value holds) {
  OpBuilder builder(op);
  Location loc = op->getLoc();
  Value trueValue = arith::ConstantIntOp::create(builder, loc, 1, 1);
  Value violated = arith::XOrIOp::create(builder, loc, holds, trueValue);
  auto ifViolated =
      scf::IfOp::create(builder, loc, violated, /*withElseRegion=*/false);
  return ifViolated.getThenBodyBuilder();
}

/// A failed `cf.assert` becomes an error of the run instead of an abort:
/// ral_report_error makes the execution context fail, so the status check
/// of its dispatch returns from the entry. The message names the source
/// location when there is one.
void legalizeAssert(cf::AssertOp op, Value context, StringRef device,
                    disc::StringConstants &messages) {
  std::string message = locatedMessage(op.getLoc(), op.getMsg());
  Location loc = op.getLoc();
  OpBuilder thenBuilder = buildIfViolated(op, op.getArg());
  Value text =
      LLVM::AddressOfOp::create(thenBuilder, loc, messages.get(message, loc));
  disc_ral::DispatchOp::create(thenBuilder, loc, TypeRange(), context,
                               "ral_report_error", device, /*may_fail=*/true,
                               ValueRange{text});
  op.erase();
}

/// A user kernel gets the context, its inputs, then the buffers it fills;
/// or, when only it knows the sizes of its results, returns them. The
/// returned memrefs are taken with every dimension dynamic, so that a size
/// the program declares static is checked against the kernel's before the
/// code relies on it.
void legalizeCustomCall(disc_ral::CustomCallOp op, Value context,
                        StringRef device, disc::StringConstants &messages) {
  DispatchBuilder dispatch(op, context, device);
  SmallVector<Value> args(op.getInputs());
  llvm::append_range(args, op.getOutputs());
  SmallVector<Type> returnedTypes;
  for (Type type : op.getResultTypes()) {
    auto memrefType = cast<MemRefType>(type);
    returnedTypes.push_back(MemRefType::get(
        SmallVector<int64_t>(memrefType.getRank(), ShapedType::kDynamic),
        memrefType.getElementType()));
  }
  auto call = dispatch.call(op.getCallTargetName(), args, returnedTypes);
  OpBuilder &b = dispatch.builder;
  Location loc = dispatch.loc;
  SmallVector<Value> results;
  for (auto [index, returned, type] :
       llvm::enumerate(call.getResults(), op.getResultTypes())) {
    auto memrefType = cast<MemRefType>(type);
    for (auto [dim, size] : llvm::enumerate(memrefType.getShape())) {
      if (ShapedType::isDynamic(size))
        continue;
      Value actual = memref::DimOp::create(b, loc, returned, dim);
      Value expected = arith::ConstantIndexOp::create(b, loc, size);
      Value matches = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            actual, expected);
      auto check = cf::AssertOp::create(
          b, loc, matches,
          (op.getCallTargetName() + " returned result #" + Twine(index) +
           " with dimension " + Twine(dim) + " of another size than " +
           Twine(size) + ", which the program declares")
              .str());
      legalizeAssert(check, context, device, messages);
    }
    results.push_back(
        returned.getType() == type
            ? Value(returned)
            : Value(memref::CastOp::create(b, loc, type, returned)));
  }
  op->replaceAllUsesWith(results);
  op.erase();
}

/// A shape assertion that does not hold fails the run through
/// ral_report_shape_assertion, which fills the message's {i} with the values,
/// handed over as a buffer on the stack.
void legalizeShapeAssertion(disc_ral::ShapeAssertionOp op, Value context,
                            StringRef device, disc::StringConstants &messages) {
  Location loc = op.getLoc();
  OpBuilder thenBuilder = buildIfViolated(op, op.getHolds());
  Value text = LLVM::AddressOfOp::create(
      thenBuilder, loc,
      messages.get(locatedMessage(loc, op.getMessage()), loc));
  auto valuesType = MemRefType::get(
      {static_cast<int64_t>(op.getValues().size())}, thenBuilder.getI64Type());
  Value values = memref::AllocaOp::create(thenBuilder, loc, valuesType);
  for (auto [index, value] : llvm::enumerate(op.getValues()))
    memref::StoreOp::create(
        thenBuilder, loc, value, values,
        ValueRange{arith::ConstantIndexOp::create(thenBuilder, loc, index)});
  disc_ral::DispatchOp::create(thenBuilder, loc, TypeRange(), context,
                               "ral_report_shape_assertion", device,
                               /*may_fail=*/true, ValueRange{text, values});
  op.erase();
}

/// The context of the function holding `op`: its first argument.
FailureOr<Value> findContext(Operation *op) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  if (func && !func.isExternal() && func.getNumArguments() > 0 &&
      isa<disc_ral::ContextType>(func.getArgument(0).getType()))
    return Value(func.getArgument(0));
  return op->emitOpError()
         << "needs the runtime, but its function has no leading "
            "!disc_ral.context argument";
}

struct RALLegalizeToDispatchPass
    : disc::impl::RALLegalizeToDispatchPassBase<RALLegalizeToDispatchPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<disc_ral::RecvInputOp, disc_ral::SendOutputOp,
              disc_ral::CustomCallOp, memref::AllocOp, memref::DeallocOp,
              cf::AssertOp, disc_ral::ShapeAssertionOp>(op))
        ops.push_back(op);
    });
    disc::StringConstants messages(getOperation(), "__disc_assert_message");
    for (Operation *op : ops)
      if (failed(legalize(op, messages)))
        signalPassFailure();
  }

  LogicalResult legalize(Operation *op, disc::StringConstants &messages) {
    if (auto recv = dyn_cast<disc_ral::RecvInputOp>(op)) {
      legalizeRecvInput(recv, device);
      return success();
    }
    if (auto send = dyn_cast<disc_ral::SendOutputOp>(op)) {
      legalizeSendOutput(send, device);
      return success();
    }
    FailureOr<Value> context = findContext(op);
    if (failed(context))
      return failure();
    if (auto alloc = dyn_cast<memref::AllocOp>(op))
      return legalizeAlloc(alloc, *context, device);
    if (auto customCall = dyn_cast<disc_ral::CustomCallOp>(op)) {
      if (!customCall.hasBufferSemantics())
        return customCall.emitOpError()
               << "on tensors must be bufferized before it becomes a "
                  "runtime call";
      legalizeCustomCall(customCall, *context, device, messages);
      return success();
    }
    if (auto assertOp = dyn_cast<cf::AssertOp>(op)) {
      legalizeAssert(assertOp, *context, device, messages);
      return success();
    }
    if (auto assertion = dyn_cast<disc_ral::ShapeAssertionOp>(op)) {
      legalizeShapeAssertion(assertion, *context, device, messages);
      return success();
    }
    legalizeDealloc(cast<memref::DeallocOp>(op), *context, device);
    return success();
  }
};

} // namespace
