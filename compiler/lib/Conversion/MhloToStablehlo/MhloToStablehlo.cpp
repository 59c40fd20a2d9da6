//===- MhloToStablehlo.cpp - Rewrite mhlo ops as stablehlo ops ------------===//

#include "disc/Conversion/MhloToStablehlo/Passes.h"
#include "disc/Dialect/HLO/MhloOps.h"
#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::disc {
#define GEN_PASS_DEF_MHLOTOSTABLEHLOPASS
#include "disc/Conversion/MhloToStablehlo/Passes.h.inc"
} // namespace mlir::disc

using namespace mlir;

namespace {

// Attributes that older MHLO spelled `dense<[...]> : tensor<Nxi64>` and
// StableHLO spells `array<i64: ...>`.
constexpr StringLiteral kDimListAttrNames[] = {"base_dilations",
                                               "broadcast_dimensions",
                                               "broadcast_sizes",
                                               "dimensions",
                                               "edge_padding_high",
                                               "edge_padding_low",
                                               "interior_padding",
                                               "known_expanding_dimensions",
                                               "known_nonexpanding_dimensions",
                                               "lhs_dilation",
                                               "limit_indices",
                                               "permutation",
                                               "rhs_dilation",
                                               "slice_sizes",
                                               "start_indices",
                                               "strides",
                                               "window_dilations",
                                               "window_dimensions",
                                               "window_strides"};

/// Maps MHLO attributes and types onto their StableHLO twins. The two
/// dialects come from one ODS body, so enums share their values and
/// dimension-number attributes share their fields.
class MhloToStablehloConverter {
public:
  explicit MhloToStablehloConverter(MLIRContext *context) : context(context) {}

  Type convertType(Type type) const {
    if (isa<mhlo::TokenType>(type))
      return stablehlo::TokenType::get(context);
    if (auto tuple = dyn_cast<TupleType>(type))
      return TupleType::get(context, convertTypes(tuple.getTypes()));
    if (auto function = dyn_cast<FunctionType>(type))
      return FunctionType::get(context, convertTypes(function.getInputs()),
                               convertTypes(function.getResults()));
    return type;
  }

  SmallVector<Type> convertTypes(TypeRange types) const {
    return llvm::map_to_vector(types,
                               [&](Type type) { return convertType(type); });
  }

  Attribute convertAttr(Attribute attr) const {
    return llvm::TypeSwitch<Attribute, Attribute>(attr)
        .Case([&](mhlo::ComparisonDirectionAttr value) -> Attribute {
          return stablehlo::ComparisonDirectionAttr::get(
              context,
              static_cast<stablehlo::ComparisonDirection>(value.getValue()));
        })
        .Case([&](mhlo::ComparisonTypeAttr value) -> Attribute {
          return stablehlo::ComparisonTypeAttr::get(
              context,
              static_cast<stablehlo::ComparisonType>(value.getValue()));
        })
        .Case([&](mhlo::PrecisionAttr value) -> Attribute {
          return stablehlo::PrecisionAttr::get(
              context, static_cast<stablehlo::Precision>(value.getValue()));
        })
        .Case([&](mhlo::RngAlgorithmAttr value) -> Attribute {
          return stablehlo::RngAlgorithmAttr::get(
              context, static_cast<stablehlo::RngAlgorithm>(value.getValue()));
        })
        .Case([&](mhlo::FftTypeAttr value) -> Attribute {
          return stablehlo::FftTypeAttr::get(
              context, static_cast<stablehlo::FftType>(value.getValue()));
        })
        .Case([&](mhlo::DotDimensionNumbersAttr value) -> Attribute {
          return stablehlo::DotDimensionNumbersAttr::get(
              context, value.getLhsBatchingDimensions(),
              value.getRhsBatchingDimensions(),
              value.getLhsContractingDimensions(),
              value.getRhsContractingDimensions());
        })
        .Case([&](mhlo::DotAlgorithmAttr value) -> Attribute {
          return stablehlo::DotAlgorithmAttr::get(
              context, value.getLhsPrecisionType(), value.getRhsPrecisionType(),
              value.getAccumulationType(), value.getLhsComponentCount(),
              value.getRhsComponentCount(), value.getNumPrimitiveOperations(),
              value.getAllowImpreciseAccumulation());
        })
        .Case([&](mhlo::ConvDimensionNumbersAttr value) -> Attribute {
          return stablehlo::ConvDimensionNumbersAttr::get(
              context, value.getInputBatchDimension(),
              value.getInputFeatureDimension(),
              value.getInputSpatialDimensions(),
              value.getKernelInputFeatureDimension(),
              value.getKernelOutputFeatureDimension(),
              value.getKernelSpatialDimensions(),
              value.getOutputBatchDimension(),
              value.getOutputFeatureDimension(),
              value.getOutputSpatialDimensions());
        })
        .Case([&](mhlo::GatherDimensionNumbersAttr value) -> Attribute {
          return stablehlo::GatherDimensionNumbersAttr::get(
              context, value.getOffsetDims(), value.getCollapsedSliceDims(),
              value.getOperandBatchingDims(),
              value.getStartIndicesBatchingDims(), value.getStartIndexMap(),
              value.getIndexVectorDim());
        })
        .Case([&](mhlo::ScatterDimensionNumbersAttr value) -> Attribute {
          return stablehlo::ScatterDimensionNumbersAttr::get(
              context, value.getUpdateWindowDims(),
              value.getInsertedWindowDims(), value.getInputBatchingDims(),
              value.getScatterIndicesBatchingDims(),
              value.getScatterDimsToOperandDims(), value.getIndexVectorDim());
        })
        .Case([&](mhlo::ChannelHandleAttr value) -> Attribute {
          return stablehlo::ChannelHandleAttr::get(context, value.getHandle(),
                                                   value.getType());
        })
        .Case([&](mhlo::OutputOperandAliasAttr value) -> Attribute {
          return stablehlo::OutputOperandAliasAttr::get(
              context, value.getOutputTupleIndices(), value.getOperandIndex(),
              value.getOperandTupleIndices());
        })
        .Case([&](ArrayAttr array) -> Attribute {
          return ArrayAttr::get(
              context, llvm::map_to_vector(array, [&](Attribute element) {
                return convertAttr(element);
              }));
        })
        .Case([&](DictionaryAttr dictionary) -> Attribute {
          return DictionaryAttr::get(context,
                                     convertAttrs(dictionary.getValue()));
        })
        .Case([&](TypeAttr type) -> Attribute {
          return TypeAttr::get(convertType(type.getValue()));
        })
        .Default([](Attribute other) { return other; });
  }

  /// Converts one named attribute of an op, upgrading legacy spellings of
  /// dimension lists and window reversal flags.
  Attribute convertNamedAttr(StringRef name, Attribute value) const {
    if (auto elements = dyn_cast<DenseIntElementsAttr>(value)) {
      if (llvm::is_contained(kDimListAttrNames, name) &&
          elements.getType().getRank() == 1 &&
          elements.getElementType().isInteger(64))
        return DenseI64ArrayAttr::get(
            context, llvm::to_vector(elements.getValues<int64_t>()));
      if (name == "window_reversal" && elements.getElementType().isInteger(1))
        return DenseBoolArrayAttr::get(
            context, llvm::to_vector(elements.getValues<bool>()));
    }
    return convertAttr(value);
  }

  SmallVector<NamedAttribute>
  convertAttrs(ArrayRef<NamedAttribute> attrs) const {
    return llvm::map_to_vector(attrs, [&](NamedAttribute attr) {
      return NamedAttribute(attr.getName(),
                            convertNamedAttr(attr.getName(), attr.getValue()));
    });
  }

  /// Builds `stablehlo.X` in place of `mhlo.X`, moving its regions over.
  void rewriteOp(Operation *op) const {
    OperationState state(op->getLoc(),
                         ("stablehlo." + op->getName().stripDialect()).str());
    state.addOperands(op->getOperands());
    state.addTypes(convertTypes(op->getResultTypes()));
    state.addSuccessors(op->getSuccessors());
    NamedAttrList attrs;
    if (auto inherent =
            dyn_cast_or_null<DictionaryAttr>(op->getPropertiesAsAttribute()))
      attrs.append(inherent.getValue());
    attrs.append(op->getDiscardableAttrs());
    state.addAttributes(convertAttrs(attrs.getAttrs()));
    for (Region &region : op->getRegions())
      state.addRegion()->takeBody(region);
    OpBuilder builder(op);
    Operation *replacement = builder.create(state);
    op->replaceAllUsesWith(replacement);
    op->erase();
  }

  /// Tokens may also flow through block arguments, function signatures and
  /// non-HLO ops (calls, returns).
  void convertRemainingTypes(Operation *root) const {
    root->walk([&](Operation *op) {
      for (OpResult result : op->getResults())
        result.setType(convertType(result.getType()));
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument argument : block.getArguments())
            argument.setType(convertType(argument.getType()));
      if (auto function = dyn_cast<FunctionOpInterface>(op))
        function.setType(convertType(function.getFunctionType()));
    });
  }

private:
  MLIRContext *context;
};

struct MhloToStablehloPass
    : public disc::impl::MhloToStablehloPassBase<MhloToStablehloPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> mhloOps;
    module.walk([&](Operation *op) {
      if (op->getName().getDialectNamespace() == "mhlo")
        mhloOps.push_back(op);
    });
    if (mhloOps.empty())
      return;
    MhloToStablehloConverter converter(&getContext());
    for (Operation *op : mhloOps)
      converter.rewriteOp(op);
    converter.convertRemainingTypes(module);
  }
};

} // namespace
