//===- ExpandQuantization.cpp - Quantized tensors as integers and floats --===//
//
// A quantized value is carried by the tensor of its storage integers. Where
// the rewrite of an op needs the storage of a quantized operand it reads it
// through a bitcast_convert to the storage type, and it hands a storage
// result on through a bitcast_convert back to the quantized type; once every
// op is rewritten, each such pair meets and cancels, so no quantized type is
// left and every rewrite stays local to its op.
//
//===----------------------------------------------------------------------===//

#include "disc/Dialect/HLO/Transforms/Passes.h"

#include "disc/Dialect/HLO/DynamicShapes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::disc {
#define GEN_PASS_DEF_EXPANDQUANTIZATIONPASS
#include "disc/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace mlir::disc

using namespace mlir;

namespace {

bool isQuantized(Type type) {
  return isa<quant::QuantizedType>(getElementTypeOrSelf(type));
}

ShapedType getStorageType(ShapedType type) {
  return type.clone(hlo::getStorageElementTypeOrSelf(type.getElementType()));
}

ShapedType getExpressedType(ShapedType type) {
  if (auto quantized = dyn_cast<quant::QuantizedType>(type.getElementType()))
    return type.clone(quantized.getExpressedType());
  return type;
}

// Builds the spec's quantize and dequantize. A tensor of parameters is made
// in the shape of `like`, the value they apply to: a constant when the shape
// is static, else broadcast to its run-time shape.
struct QuantizationBuilder {
  ImplicitLocOpBuilder &b;

  Value toStorage(Value quantized) {
    auto type = cast<ShapedType>(quantized.getType());
    return stablehlo::BitcastConvertOp::create(b, getStorageType(type),
                                               quantized);
  }

  Value fromStorage(Value storage, Type quantizedType) {
    return stablehlo::BitcastConvertOp::create(b, quantizedType, storage);
  }

  /// Gives quantized `value` (a result or block argument) its storage type;
  /// its users see the quantized value through a bitcast_convert at the
  /// insertion point.
  void retypeToStorage(Value value) {
    Type quantizedType = value.getType();
    if (!isQuantized(quantizedType))
      return;
    value.setType(getStorageType(cast<ShapedType>(quantizedType)));
    Value quantized = fromStorage(value, quantizedType);
    value.replaceAllUsesExcept(quantized, quantized.getDefiningOp());
  }

  Attribute attribute(Type element, double value) {
    if (isa<FloatType>(element))
      return b.getFloatAttr(element, value);
    return b.getIntegerAttr(element, int64_t(value));
  }

  Value splat(RankedTensorType type, Value like, double value) {
    Attribute element = attribute(type.getElementType(), value);
    if (type.hasStaticShape())
      return stablehlo::ConstantOp::create(
          b, DenseElementsAttr::get(type, element));
    Value scalar = stablehlo::ConstantOp::create(
        b, DenseElementsAttr::get(type.clone(ArrayRef<int64_t>{}), element));
    return disc::broadcastInDim(b, scalar, type, disc::getShapeOf(b, like), {});
  }

  // A tensor of `type` whose elements hold the entry of `values` that their
  // index along the quantization dimension selects.
  Value alongAxis(RankedTensorType type, Value like,
                  quant::UniformQuantizedPerAxisType quantized,
                  ArrayRef<double> values) {
    SmallVector<Attribute> attributes;
    for (double value : values)
      attributes.push_back(attribute(type.getElementType(), value));
    auto vectorType = RankedTensorType::get({int64_t(attributes.size())},
                                            type.getElementType());
    Value vector = stablehlo::ConstantOp::create(
        b, DenseElementsAttr::get(vectorType, attributes));
    int64_t dimension = quantized.getQuantizedDimension();
    Value shape = type.hasStaticShape() ? Value() : disc::getShapeOf(b, like);
    return disc::broadcastInDim(b, vector, type, shape, {dimension});
  }

  Value scales(RankedTensorType type, Value like,
               quant::QuantizedType quantized) {
    if (auto perTensor = dyn_cast<quant::UniformQuantizedType>(quantized))
      return splat(type, like, perTensor.getScale());
    auto perAxis = cast<quant::UniformQuantizedPerAxisType>(quantized);
    return alongAxis(type, like, perAxis, perAxis.getScales());
  }

  Value zeroPoints(RankedTensorType type, Value like,
                   quant::QuantizedType quantized) {
    if (auto perTensor = dyn_cast<quant::UniformQuantizedType>(quantized))
      return splat(type, like, double(perTensor.getZeroPoint()));
    auto perAxis = cast<quant::UniformQuantizedPerAxisType>(quantized);
    SmallVector<double> zeroPoints(perAxis.getZeroPoints().begin(),
                                   perAxis.getZeroPoints().end());
    return alongAxis(type, like, perAxis, zeroPoints);
  }

  // `(storage - zero_point) * scale`; the difference is taken exactly in an
  // integer type wider than the storage (the spec's storage-typed difference
  // would wrap for, e.g., 127 - (-128) in i8) and rounded once to the
  // expressed type, as the StableHLO interpreter computes it.
  Value dequantize(Value quantized) {
    auto type = cast<RankedTensorType>(quantized.getType());
    auto element = cast<quant::QuantizedType>(type.getElementType());
    unsigned wideBits = element.getStorageTypeIntegralWidth() < 32 ? 32 : 64;
    auto wideType = type.clone(b.getIntegerType(wideBits));
    Value wide =
        stablehlo::ConvertOp::create(b, wideType, toStorage(quantized));
    Value centered = stablehlo::SubtractOp::create(
        b, wideType, wide, zeroPoints(wideType, wide, element));
    auto expressedType = cast<RankedTensorType>(getExpressedType(type));
    Value expressed = stablehlo::ConvertOp::create(b, expressedType, centered);
    return stablehlo::MulOp::create(b, expressedType, expressed,
                                    scales(expressedType, expressed, element));
  }

  // The storage integers of `quantizedType` nearest to the floats `x`:
  // `round_nearest_even(clamp(min, x / scale + zero_point, max))`.
  Value quantize(Value x, RankedTensorType quantizedType) {
    auto element = cast<quant::QuantizedType>(quantizedType.getElementType());
    auto type = cast<RankedTensorType>(x.getType());
    Value scaled =
        stablehlo::DivOp::create(b, type, x, scales(type, x, element));
    Value shifted =
        stablehlo::AddOp::create(b, type, scaled, zeroPoints(type, x, element));
    Value min = splat(type, x, double(element.getStorageTypeMin()));
    Value max = splat(type, x, double(element.getStorageTypeMax()));
    Value clamped = stablehlo::ClampOp::create(b, type, min, shifted, max);
    Value rounded = stablehlo::RoundNearestEvenOp::create(b, type, clamped);
    return stablehlo::ConvertOp::create(b, getStorageType(quantizedType),
                                        rounded);
  }

  Value toExpressed(Value value) {
    return isQuantized(value.getType()) ? dequantize(value) : value;
  }
};

// Gives each quantized argument and result of `func` its storage type, so
// that its body sees the quantized values through bitcast_convert.
void convertSignature(func::FuncOp func) {
  Block &entry = func.getBody().front();
  ImplicitLocOpBuilder b(func.getLoc(), &entry, entry.begin());
  QuantizationBuilder builder{b};
  for (BlockArgument arg : entry.getArguments())
    builder.retypeToStorage(arg);
  func.walk([&](func::ReturnOp ret) {
    b.setInsertionPoint(ret);
    for (OpOperand &operand : ret->getOpOperands())
      if (isQuantized(operand.get().getType()))
        operand.set(builder.toStorage(operand.get()));
  });
  SmallVector<Type> results;
  for (Type type : func.getResultTypes())
    results.push_back(isQuantized(type) ? getStorageType(cast<ShapedType>(type))
                                        : type);
  func.setType(
      FunctionType::get(func.getContext(), entry.getArgumentTypes(), results));
}

bool touchesQuantized(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isQuantized) ||
         llvm::any_of(op->getResultTypes(), isQuantized);
}

// Replaces `op`'s result by `storage`, seen as the quantized result type.
void replaceByStorage(QuantizationBuilder &builder, Operation *op,
                      Value storage) {
  op->getResult(0).replaceAllUsesWith(
      builder.fromStorage(storage, op->getResult(0).getType()));
  op->erase();
}

// Whether `op` calls a function of the module that has a body.
bool callsDefinedFunction(Operation *op) {
  auto call = dyn_cast<func::CallOp>(op);
  if (!call)
    return false;
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  return callee && !callee.isDeclaration();
}

LogicalResult checkSupported(Operation *op) {
  if (!isa<stablehlo::StablehloDialect>(op->getDialect()) &&
      !callsDefinedFunction(op))
    return op->emitError() << "'" << op->getName()
                           << "' on quantized tensors is not supported by "
                              "disc yet";
  return success();
}

// Ops whose results only hold elements of their operands (or pad values
// given as operands), which the spec defines on quantized tensors as on any
// other: their storage integers move as they are.
bool movesElements(Operation *op) {
  return isa<
      stablehlo::ReshapeOp, stablehlo::DynamicReshapeOp, stablehlo::TransposeOp,
      stablehlo::BroadcastInDimOp, stablehlo::DynamicBroadcastInDimOp,
      stablehlo::BroadcastOp, stablehlo::SliceOp, stablehlo::DynamicSliceOp,
      stablehlo::RealDynamicSliceOp, stablehlo::DynamicUpdateSliceOp,
      stablehlo::ConcatenateOp, stablehlo::PadOp, stablehlo::DynamicPadOp,
      stablehlo::ReverseOp, stablehlo::SelectOp, stablehlo::GatherOp,
      stablehlo::DynamicGatherOp, stablehlo::OptimizationBarrierOp>(op);
}

// Whether values of `a` and `b` with one storage integer have one value:
// the same storage, expressed type, scales and zero points (a per-axis
// type's quantization dimension aside, which a transpose or broadcast
// moves).
bool sameQuantization(quant::QuantizedType a, quant::QuantizedType b) {
  if (a.getStorageType() != b.getStorageType() ||
      a.getStorageTypeMin() != b.getStorageTypeMin() ||
      a.getStorageTypeMax() != b.getStorageTypeMax() ||
      a.getExpressedType() != b.getExpressedType())
    return false;
  if (auto perTensorA = dyn_cast<quant::UniformQuantizedType>(a)) {
    auto perTensorB = dyn_cast<quant::UniformQuantizedType>(b);
    return perTensorB && perTensorA.getScale() == perTensorB.getScale() &&
           perTensorA.getZeroPoint() == perTensorB.getZeroPoint();
  }
  auto perAxisA = dyn_cast<quant::UniformQuantizedPerAxisType>(a);
  auto perAxisB = dyn_cast<quant::UniformQuantizedPerAxisType>(b);
  return perAxisA && perAxisB && perAxisA.getScales() == perAxisB.getScales() &&
         perAxisA.getZeroPoints() == perAxisB.getZeroPoints();
}

// Whether every quantized operand and result of `op` has one quantization,
// so that moving storage integers moves values.
bool hasOneQuantization(Operation *op) {
  quant::QuantizedType first;
  auto agrees = [&](Type type) {
    auto quantized = dyn_cast<quant::QuantizedType>(getElementTypeOrSelf(type));
    if (!quantized)
      return true;
    if (!first)
      first = quantized;
    return sameQuantization(first, quantized);
  };
  return llvm::all_of(op->getOperandTypes(), agrees) &&
         llvm::all_of(op->getResultTypes(), agrees);
}

// The body argument that takes the elements of `op`'s operand `index`,
// whose element type the spec lets be wider than the operand's (its
// is_promotable), or null.
BlockArgument bodyArgumentOf(Operation *op, unsigned index) {
  unsigned operands = op->getNumOperands();
  if (isa<stablehlo::ReduceOp, stablehlo::ReduceWindowOp>(op))
    return op->getRegion(0).getArgument(index);
  if (isa<stablehlo::ScatterOp>(op)) {
    // Inputs, the indices, then the updates.
    unsigned inputs = (operands - 1) / 2;
    if (index == inputs)
      return {};
    return op->getRegion(0).getArgument(index < inputs ? index : index - 1);
  }
  if (isa<stablehlo::SelectAndScatterOp>(op)) {
    // The operand, the source, then the init value.
    if (index == 0)
      return op->getRegion(0).getArgument(0);
    return op->getRegion(1).getArgument(index == 1 ? 1 : 0);
  }
  return {};
}

// An op with regions on quantized tensors, a call (whose callee takes and
// returns storage, as convertSignature gives every function), a custom call
// or an op that moves elements of one quantization runs on their storage
// integers, which it only moves: its quantized operands, results and region
// arguments take their storage types, and what its regions compute stays on
// quantized scalars (seen through bitcast_convert) that the ops inside
// expand as any other op, each dequantizing, computing and quantizing, as
// the spec's interpreter evaluates a body. An operand that the body takes
// in a wider quantized type is first converted to it, as the spec's
// `to_destination_type` does.
LogicalResult expandStorageOp(Operation *op) {
  ImplicitLocOpBuilder b(op->getLoc(), op);
  QuantizationBuilder builder{b};
  for (OpOperand &operand : op->getOpOperands()) {
    Value value = operand.get();
    Type bodyType;
    if (BlockArgument argument = bodyArgumentOf(op, operand.getOperandNumber()))
      bodyType = argument.getType();
    if (bodyType && isQuantized(bodyType) && isQuantized(value.getType()) &&
        getElementTypeOrSelf(bodyType) !=
            getElementTypeOrSelf(value.getType())) {
      auto type = cast<RankedTensorType>(value.getType());
      operand.set(builder.quantize(builder.toExpressed(value),
                                   type.clone(getElementTypeOrSelf(bodyType))));
      continue;
    }
    if (isQuantized(value.getType()))
      operand.set(builder.toStorage(value));
  }
  b.setInsertionPointAfter(op);
  for (OpResult result : op->getResults())
    builder.retypeToStorage(result);
  for (Region &region : op->getRegions()) {
    for (Block &block : region) {
      b.setInsertionPointToStart(&block);
      for (BlockArgument arg : block.getArguments())
        builder.retypeToStorage(arg);
      Operation *terminator = block.getTerminator();
      b.setInsertionPoint(terminator);
      for (OpOperand &operand : terminator->getOpOperands())
        if (isQuantized(operand.get().getType()))
          operand.set(builder.toStorage(operand.get()));
    }
  }
  return success();
}

LogicalResult expandOp(Operation *op) {
  if (failed(checkSupported(op)))
    return failure();
  // A custom call's kernel is opaque: it gets and returns the storage, as
  // the model's own inputs and outputs are (docs/ABI.md).
  if (op->getNumRegions() != 0 || callsDefinedFunction(op) ||
      isa<stablehlo::CustomCallOp>(op) ||
      (movesElements(op) && hasOneQuantization(op)))
    return expandStorageOp(op);
  ImplicitLocOpBuilder b(op->getLoc(), op);
  QuantizationBuilder builder{b};
  if (auto quantize = dyn_cast<stablehlo::UniformQuantizeOp>(op)) {
    Value x = builder.toExpressed(quantize.getOperand());
    replaceByStorage(
        builder, op,
        builder.quantize(x, cast<RankedTensorType>(quantize.getType())));
    return success();
  }
  if (auto dequantize = dyn_cast<stablehlo::UniformDequantizeOp>(op)) {
    dequantize.replaceAllUsesWith(builder.dequantize(dequantize.getOperand()));
    op->erase();
    return success();
  }
  if (auto constant = dyn_cast<stablehlo::ConstantOp>(op)) {
    replaceByStorage(builder, op,
                     stablehlo::ConstantOp::create(b, constant.getValue()));
    return success();
  }
  if (auto bitcast = dyn_cast<stablehlo::BitcastConvertOp>(op)) {
    Value operand = bitcast.getOperand();
    if (isQuantized(operand.getType()))
      operand = builder.toStorage(operand);
    auto resultType = cast<ShapedType>(bitcast.getType());
    Value storage = operand;
    if (operand.getType() != getStorageType(resultType))
      storage = stablehlo::BitcastConvertOp::create(
          b, getStorageType(resultType), operand);
    if (isQuantized(resultType)) {
      replaceByStorage(builder, op, storage);
    } else {
      bitcast.replaceAllUsesWith(storage);
      op->erase();
    }
    return success();
  }
  IRMapping expressedOperands;
  for (Value operand : op->getOperands())
    if (!expressedOperands.contains(operand))
      expressedOperands.map(operand, builder.toExpressed(operand));
  Operation *expressedOp = b.clone(*op, expressedOperands);
  for (auto [original, expressed] :
       llvm::zip(op->getResults(), expressedOp->getResults())) {
    auto type = cast<ShapedType>(original.getType());
    if (!isQuantized(type)) {
      original.replaceAllUsesWith(expressed);
      continue;
    }
    expressed.setType(getExpressedType(type));
    original.replaceAllUsesWith(builder.fromStorage(
        builder.quantize(expressed, cast<RankedTensorType>(type)), type));
  }
  op->erase();
  return success();
}

// A bitcast_convert to the storage type of a value that a bitcast_convert
// made from that storage is the storage itself.
void cancelStorageRoundTrips(func::FuncOp func) {
  func.walk([](stablehlo::BitcastConvertOp toStorage) {
    auto fromStorage =
        toStorage.getOperand().getDefiningOp<stablehlo::BitcastConvertOp>();
    if (!fromStorage || !isQuantized(fromStorage.getType()) ||
        fromStorage.getOperand().getType() != toStorage.getType())
      return;
    toStorage.replaceAllUsesWith(fromStorage.getOperand());
    toStorage->erase();
    if (fromStorage->use_empty())
      fromStorage->erase();
  });
}

struct ExpandQuantizationPass
    : disc::impl::ExpandQuantizationPassBase<ExpandQuantizationPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isDeclaration())
        continue;
      SmallVector<Operation *> quantizedOps;
      func.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (op != func && !isa<func::ReturnOp>(op) && touchesQuantized(op))
          quantizedOps.push_back(op);
      });
      convertSignature(func);
      for (Operation *op : quantizedOps) {
        // The terminator of a region whose op was expanded already returns
        // storage.
        if (!touchesQuantized(op))
          continue;
        if (failed(expandOp(op)))
          return signalPassFailure();
      }
      cancelStorageRoundTrips(func);
    }
  }
};

} // namespace
