//===- StablehloOneDevice.cpp - StableHLO for one device ------------------===//
//
// Collectives, tokens, tuples and composites have no lowering of their own:
// on one device each reduces to ops the lowering already has. The dynamic
// forms of pad, slice, gather and convolution become gathers at indices
// computed from their run-time operands, so that only the result's shape
// needs to be known when compiling.
//
//===----------------------------------------------------------------------===//

#include "disc/Dialect/HLO/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/Iterators.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::disc {
#define GEN_PASS_DEF_STABLEHLOONEDEVICEPASS
#include "disc/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace mlir::disc

using namespace mlir;

namespace {

using stablehlo::ComparisonDirection;

/// How many processes the ids of a replica_groups or source_target_pairs
/// attribute name; XLA pads uneven groups with -1.
int64_t countProcesses(DenseIntElementsAttr ids) {
  int64_t highest = -1;
  for (const APInt &id : ids.getValues<APInt>())
    highest = std::max(highest, id.getSExtValue());
  return highest + 1;
}

LogicalResult checkOneProcess(Operation *op, DenseIntElementsAttr ids,
                              StringRef attrName) {
  int64_t processes = countProcesses(ids);
  if (processes <= 1)
    return success();
  return op->emitError() << op->getName() << " names " << processes
                         << " processes in " << attrName
                         << "; disc runs a program on one device (one replica, "
                            "one partition)";
}

Value zerosLike(OpBuilder &b, Location loc, Type type) {
  return stablehlo::ConstantOp::create(b, loc,
                                       cast<ElementsAttr>(b.getZeroAttr(type)));
}

/// Builds the index arithmetic of the dynamic forms on i64 tensors of the
/// result's shape.
class IndexBuilder {
public:
  IndexBuilder(ImplicitLocOpBuilder &b, ArrayRef<int64_t> shape)
      : b(b), shape(shape),
        indexType(RankedTensorType::get(shape, b.getI64Type())) {}

  /// Entry `position` of an integer tensor, as an i64 of the result's shape.
  Value element(Value tensor, ArrayRef<int64_t> position) {
    auto type = cast<RankedTensorType>(tensor.getType());
    SmallVector<int64_t> limits(position), ones(position.size(), 1);
    for (int64_t &limit : limits)
      ++limit;
    Value slice = stablehlo::SliceOp::create(
        b, RankedTensorType::get(ones, type.getElementType()), tensor,
        b.getDenseI64ArrayAttr(position), b.getDenseI64ArrayAttr(limits),
        b.getDenseI64ArrayAttr(ones));
    Value scalar = stablehlo::ReshapeOp::create(
        b, RankedTensorType::get({}, type.getElementType()), slice);
    if (type.getElementType() != b.getI64Type())
      scalar = stablehlo::ConvertOp::create(
          b, RankedTensorType::get({}, b.getI64Type()), scalar);
    return broadcast(scalar);
  }

  Value constant(int64_t value) {
    return broadcast(stablehlo::ConstantOp::create(
        b, DenseElementsAttr::get(RankedTensorType::get({}, b.getI64Type()),
                                  b.getI64IntegerAttr(value))));
  }

  /// The coordinate along `dim` of each position of the result.
  Value coordinate(int64_t dim) {
    return stablehlo::IotaOp::create(b, indexType, dim);
  }

  Value add(Value x, Value y) {
    return stablehlo::AddOp::create(b, indexType, x, y);
  }
  Value sub(Value x, Value y) {
    return stablehlo::SubtractOp::create(b, indexType, x, y);
  }
  Value mul(Value x, Value y) {
    return stablehlo::MulOp::create(b, indexType, x, y);
  }
  Value div(Value x, Value y) {
    return stablehlo::DivOp::create(b, indexType, x, y);
  }
  Value compare(ComparisonDirection direction, Value x, Value y) {
    return stablehlo::CompareOp::create(b, predicateType(), x, y, direction,
                                        nullptr);
  }
  Value both(Value x, Value y) {
    return x ? stablehlo::AndOp::create(b, predicateType(), x, y) : y;
  }

  /// The elements of `operand` at one index per dimension (each of the
  /// result's shape), the indices clamped into the operand.
  Value gather(Value operand, ArrayRef<Value> indices) {
    auto operandType = cast<RankedTensorType>(operand.getType());
    int64_t rank = operandType.getRank();
    SmallVector<int64_t> columnShape(shape);
    columnShape.push_back(1);
    auto columnType = RankedTensorType::get(columnShape, b.getI64Type());
    SmallVector<Value> columns;
    for (auto [dim, index] : llvm::enumerate(indices))
      columns.push_back(stablehlo::ReshapeOp::create(
          b, columnType,
          stablehlo::ClampOp::create(
              b, indexType, constant(0), index,
              constant(operandType.getDimSize(dim) - 1))));
    SmallVector<int64_t> allIndicesShape(shape);
    allIndicesShape.push_back(rank);
    Value allIndices = stablehlo::ConcatenateOp::create(
        b, RankedTensorType::get(allIndicesShape, b.getI64Type()), columns,
        shape.size());
    SmallVector<int64_t> allDims = llvm::to_vector(llvm::seq<int64_t>(rank));
    auto dims = stablehlo::GatherDimensionNumbersAttr::get(
        b.getContext(), /*offsetDims=*/{}, /*collapsedSliceDims=*/allDims,
        /*operandBatchingDims=*/{}, /*startIndicesBatchingDims=*/{},
        /*startIndexMap=*/allDims, /*indexVectorDim=*/shape.size());
    return stablehlo::GatherOp::create(
        b, RankedTensorType::get(shape, operandType.getElementType()), operand,
        allIndices, dims, SmallVector<int64_t>(rank, 1),
        /*indices_are_sorted=*/false);
  }

private:
  RankedTensorType predicateType() {
    return RankedTensorType::get(shape, b.getI1Type());
  }
  Value broadcast(Value scalar) {
    return stablehlo::BroadcastInDimOp::create(b, indexType, scalar,
                                               ArrayRef<int64_t>{});
  }

  ImplicitLocOpBuilder &b;
  ArrayRef<int64_t> shape;
  RankedTensorType indexType;
};

/// `operand` padded with `paddingValue` into `resultType`: `low[d]` entries
/// before dimension d (cropping when negative) and `interior[d]` between
/// neighbours, each a run-time i64 of the result's shape. Entries past the
/// result's end are not computed, which is what makes the high padding
/// implied by the result type.
Value padAtRunTime(ImplicitLocOpBuilder &b, IndexBuilder &indices,
                   Value operand, Value paddingValue, ArrayRef<Value> low,
                   ArrayRef<Value> interior, RankedTensorType resultType) {
  auto operandType = cast<RankedTensorType>(operand.getType());
  Value fill = stablehlo::BroadcastInDimOp::create(b, resultType, paddingValue,
                                                   ArrayRef<int64_t>{});
  if (operandType.getNumElements() == 0)
    return fill;
  SmallVector<Value> sources;
  Value inside;
  for (int64_t dim = 0; dim < operandType.getRank(); ++dim) {
    Value offset = indices.sub(indices.coordinate(dim), low[dim]);
    Value step = indices.add(interior[dim], indices.constant(1));
    Value source = indices.div(offset, step);
    Value onOperand = indices.both(
        indices.compare(ComparisonDirection::GE, offset, indices.constant(0)),
        indices.both(
            indices.compare(ComparisonDirection::EQ, indices.mul(source, step),
                            offset),
            indices.compare(ComparisonDirection::LT, source,
                            indices.constant(operandType.getDimSize(dim)))));
    inside = indices.both(inside, onOperand);
    sources.push_back(source);
  }
  Value gathered = indices.gather(operand, sources);
  return stablehlo::SelectOp::create(b, resultType, inside, gathered, fill);
}

bool isStatic(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type && type.hasStaticShape();
}

LogicalResult rewriteDynamicPad(stablehlo::DynamicPadOp op) {
  if (!isStatic(op.getOperand()) || !isStatic(op.getResult()))
    return success();
  ImplicitLocOpBuilder b(op.getLoc(), op);
  auto resultType = cast<RankedTensorType>(op.getType());
  IndexBuilder indices(b, resultType.getShape());
  SmallVector<Value> low, interior;
  for (int64_t dim = 0; dim < resultType.getRank(); ++dim) {
    low.push_back(indices.element(op.getEdgePaddingLow(), {dim}));
    interior.push_back(indices.element(op.getInteriorPadding(), {dim}));
  }
  op.replaceAllUsesWith(padAtRunTime(b, indices, op.getOperand(),
                                     op.getPaddingValue(), low, interior,
                                     resultType));
  op.erase();
  return success();
}

/// The slice sizes are the result's offset dimensions in operand order, 1
/// for the collapsed and batching dimensions.
LogicalResult rewriteDynamicGather(stablehlo::DynamicGatherOp op) {
  auto operandType = dyn_cast<RankedTensorType>(op.getOperand().getType());
  auto resultType = cast<RankedTensorType>(op.getType());
  if (!operandType)
    return success();
  stablehlo::GatherDimensionNumbersAttr dims = op.getDimensionNumbers();
  SmallVector<int64_t> sliceSizes(operandType.getRank(), 1);
  ArrayRef<int64_t> offsetDims = dims.getOffsetDims();
  auto offsetDim = offsetDims.begin();
  for (int64_t dim = 0; dim < operandType.getRank(); ++dim) {
    if (llvm::is_contained(dims.getCollapsedSliceDims(), dim) ||
        llvm::is_contained(dims.getOperandBatchingDims(), dim))
      continue;
    if (offsetDim == offsetDims.end())
      return op.emitError() << "stablehlo.dynamic_gather has fewer "
                               "offset_dims than uncollapsed operand "
                               "dimensions";
    int64_t size = resultType.getDimSize(*offsetDim++);
    if (ShapedType::isDynamic(size))
      return success();
    sliceSizes[dim] = size;
  }
  OpBuilder b(op);
  Value gather = stablehlo::GatherOp::create(
      b, op.getLoc(), resultType, op.getOperand(), op.getStartIndices(), dims,
      sliceSizes, op.getIndicesAreSorted());
  op.replaceAllUsesWith(gather);
  op.erase();
  return success();
}

/// The padding and the lhs dilation move into a run-time pad of the input,
/// sized to what the result's windows read, and the convolution is left
/// with neither.
LogicalResult rewriteDynamicConv(stablehlo::DynamicConvOp op) {
  if (!isStatic(op.getLhs()) || !isStatic(op.getRhs()) ||
      !isStatic(op.getResult()))
    return success();
  auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
  auto rhsType = cast<RankedTensorType>(op.getRhs().getType());
  auto resultType = cast<RankedTensorType>(op.getType());
  stablehlo::ConvDimensionNumbersAttr dims = op.getDimensionNumbers();
  ArrayRef<int64_t> inputSpatial = dims.getInputSpatialDimensions();
  size_t spatialCount = inputSpatial.size();
  auto valueOr = [&](std::optional<ArrayRef<int64_t>> values, size_t i) {
    return values && !values->empty() ? (*values)[i] : int64_t{1};
  };
  SmallVector<int64_t> paddedShape(lhsType.getShape());
  for (size_t i = 0; i < spatialCount; ++i) {
    int64_t outputs =
        resultType.getDimSize(dims.getOutputSpatialDimensions()[i]);
    int64_t window = rhsType.getDimSize(dims.getKernelSpatialDimensions()[i]);
    if (outputs == 0 || window == 0)
      return success();
    paddedShape[inputSpatial[i]] =
        (outputs - 1) * valueOr(op.getWindowStrides(), i) +
        (window - 1) * valueOr(op.getRhsDilation(), i) + 1;
  }
  auto paddedType =
      RankedTensorType::get(paddedShape, lhsType.getElementType());
  ImplicitLocOpBuilder b(op.getLoc(), op);
  IndexBuilder indices(b, paddedShape);
  SmallVector<Value> low, interior;
  for (int64_t dim = 0; dim < lhsType.getRank(); ++dim) {
    const int64_t *spatial = llvm::find(inputSpatial, dim);
    if (spatial == inputSpatial.end()) {
      low.push_back(indices.constant(0));
      interior.push_back(indices.constant(0));
      continue;
    }
    int64_t i = spatial - inputSpatial.begin();
    low.push_back(indices.element(op.getPadding(), {i, 0}));
    interior.push_back(indices.constant(valueOr(op.getLhsDilation(), i) - 1));
  }
  Value zero = zerosLike(b, op.getLoc(),
                         RankedTensorType::get({}, lhsType.getElementType()));
  Value padded =
      padAtRunTime(b, indices, op.getLhs(), zero, low, interior, paddedType);
  Value conv = stablehlo::ConvolutionOp::create(
      b, resultType, padded, op.getRhs(), op.getWindowStridesAttr(),
      /*padding=*/nullptr, /*lhs_dilation=*/nullptr, op.getRhsDilationAttr(),
      op.getWindowReversalAttr(), dims, op.getFeatureGroupCountAttr(),
      op.getBatchGroupCountAttr(), op.getPrecisionConfigAttr());
  op.replaceAllUsesWith(conv);
  op.erase();
  return success();
}

/// The body of the decomposition replaces the composite, as a call would
/// once inlined.
LogicalResult inlineComposite(stablehlo::CompositeOp op,
                              SymbolTableCollection &symbols,
                              SetVector<func::FuncOp> &decompositions) {
  auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
      op, op.getDecompositionAttr());
  if (!callee || callee.isDeclaration())
    return op.emitError() << "stablehlo.composite \"" << op.getName()
                          << "\": decomposition @" << op.getDecomposition()
                          << " is not a function with a body";
  if (!callee.getBody().hasOneBlock())
    return op.emitError() << "stablehlo.composite \"" << op.getName()
                          << "\": decomposition @" << op.getDecomposition()
                          << " has more than one block";
  Block &body = callee.getBody().front();
  if (body.getNumArguments() != op.getNumOperands())
    return op.emitError() << "stablehlo.composite \"" << op.getName()
                          << "\" passes " << op.getNumOperands()
                          << " operands to @" << op.getDecomposition()
                          << ", which takes " << body.getNumArguments();
  decompositions.insert(callee);
  IRMapping mapping;
  mapping.map(body.getArguments(), op.getOperands());
  OpBuilder b(op);
  for (Operation &inner : body.without_terminator())
    b.clone(inner, mapping);
  SmallVector<Value> results = llvm::map_to_vector(
      body.getTerminator()->getOperands(),
      [&](Value value) { return mapping.lookupOrDefault(value); });
  op.replaceAllUsesWith(results);
  op.erase();
  return success();
}

/// A decomposition may hold composites itself: inline round by round until
/// none is left. A decomposition that reaches itself never ends, hence the
/// bound.
LogicalResult inlineComposites(ModuleOp module, SymbolTableCollection &symbols,
                               SetVector<func::FuncOp> &decompositions) {
  constexpr int kMaxNesting = 64;
  for (int round = 0; round <= kMaxNesting; ++round) {
    SmallVector<stablehlo::CompositeOp> composites;
    module.walk([&](stablehlo::CompositeOp op) { composites.push_back(op); });
    if (composites.empty())
      return success();
    if (round == kMaxNesting)
      return composites.front().emitError()
             << "stablehlo.composite \"" << composites.front().getName()
             << "\": decompositions nest more than " << kMaxNesting
             << " deep; is @" << composites.front().getDecomposition()
             << " recursive?";
    for (stablehlo::CompositeOp op : composites)
      if (failed(inlineComposite(op, symbols, decompositions)))
        return failure();
  }
  return success();
}

/// On one process every collective returns its operands, except that a
/// process in no group (collective_broadcast) or sent nothing
/// (collective_permute, whose only possible pair is [0, 0]) gets zeros.
LogicalResult rewriteCollective(Operation *op) {
  OpBuilder b(op);
  if (isa<stablehlo::ReplicaIdOp, stablehlo::PartitionIdOp>(op)) {
    op->getResult(0).replaceAllUsesWith(
        zerosLike(b, op->getLoc(), op->getResult(0).getType()));
    op->erase();
    return success();
  }
  if (!isa<stablehlo::AllReduceOp, stablehlo::AllGatherOp,
           stablehlo::AllToAllOp, stablehlo::ReduceScatterOp,
           stablehlo::CollectiveReduceOp, stablehlo::CollectiveBroadcastOp,
           stablehlo::CollectivePermuteOp>(op))
    return success();
  StringRef idsName = isa<stablehlo::CollectivePermuteOp>(op)
                          ? "source_target_pairs"
                          : "replica_groups";
  auto ids = op->getAttrOfType<DenseIntElementsAttr>(idsName);
  if (failed(checkOneProcess(op, ids, idsName)))
    return failure();
  if (auto allToAll = dyn_cast<stablehlo::AllToAllOp>(op);
      allToAll && allToAll.getSplitCount() != 1)
    return op->emitError()
           << "stablehlo.all_to_all splits into " << allToAll.getSplitCount()
           << " parts, one per process; disc runs a program on one device "
              "(one replica, one partition)";
  bool receivesNothing =
      isa<stablehlo::CollectiveBroadcastOp, stablehlo::CollectivePermuteOp>(
          op) &&
      ids.empty();
  // zip stops at the results: collective_broadcast's root operand has none.
  for (auto [result, operand] : llvm::zip(op->getResults(), op->getOperands()))
    result.replaceAllUsesWith(receivesNothing
                                  ? zerosLike(b, op->getLoc(), result.getType())
                                  : operand);
  op->erase();
  return success();
}

LogicalResult checkModuleProcesses(ModuleOp module) {
  for (StringRef name : {"mhlo.num_replicas", "mhlo.num_partitions"}) {
    auto count = module->getAttrOfType<IntegerAttr>(name);
    if (count && count.getInt() > 1)
      return module.emitError()
             << name << " = " << count.getInt()
             << "; disc runs a program on one device (one replica, one "
                "partition); disc-compile --simulate-processes runs all its "
                "processes there";
  }
  return success();
}

/// Tokens, tuples and private decomposition functions left without a use.
void eraseUnused(ModuleOp module, ArrayRef<func::FuncOp> decompositions) {
  module.walk<WalkOrder::PostOrder, ReverseIterator>([](Operation *op) {
    if (isa<stablehlo::AfterAllOp, stablehlo::CreateTokenOp, stablehlo::TupleOp,
            stablehlo::GetTupleElementOp>(op) &&
        op->use_empty())
      op->erase();
  });
  for (func::FuncOp function : llvm::make_early_inc_range(decompositions))
    if (function.isPrivate() &&
        SymbolTable::symbolKnownUseEmpty(function, module))
      function.erase();
}

struct StablehloOneDevicePass
    : public disc::impl::StablehloOneDevicePassBase<StablehloOneDevicePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkModuleProcesses(module)))
      return signalPassFailure();
    SymbolTableCollection symbols;
    SetVector<func::FuncOp> decompositions;
    if (failed(inlineComposites(module, symbols, decompositions)))
      return signalPassFailure();
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) { ops.push_back(op); });
    bool failedAny = false;
    for (Operation *op : ops) {
      LogicalResult result =
          llvm::TypeSwitch<Operation *, LogicalResult>(op)
              .Case<stablehlo::InfeedOp, stablehlo::OutfeedOp,
                    stablehlo::SendOp, stablehlo::RecvOp>([](Operation *op) {
                return op->emitError()
                       << op->getName()
                       << " is not supported by disc: a program runs on one "
                          "device with no host transfer queue and no peer";
              })
              .Case([](stablehlo::GetTupleElementOp op) {
                if (auto tuple =
                        op.getOperand().getDefiningOp<stablehlo::TupleOp>())
                  op.replaceAllUsesWith(tuple.getOperand(op.getIndex()));
                return success();
              })
              .Case(rewriteDynamicPad)
              .Case(rewriteDynamicGather)
              .Case(rewriteDynamicConv)
              .Default(rewriteCollective);
      failedAny |= failed(result);
    }
    if (failedAny)
      return signalPassFailure();
    eraseUnused(module, decompositions.getArrayRef());
  }
};

} // namespace
