//===- HloOps.td - The op set of stablehlo and mhlo --------*- tablegen -*-===//
//
// Included after `HLO_Dialect` is defined (see HloDialectBase.td). Written
// from the StableHLO specification and the forms JAX prints; op class and
// argument names follow the specification's names.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_HLO_HLOOPS_TD
#define DISC_DIALECT_HLO_HLOOPS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

def HLO_TokenType : TypeDef<HLO_Dialect, "Token"> {
  let mnemonic = "token";
  let summary = "orders side-effecting operations";
}

// The quant dialect's uniform quantized types, per tensor and per axis
// (`!quant.uniform<i8:f32, 0.1:-30>`, `!quant.uniform<i8:f32:0, {...}>`),
// which the spec allows wherever it allows a quantized tensor.
def HLO_QuantizedElement : Type<
    CPred<"::llvm::isa<::mlir::quant::UniformQuantizedType, "
          "::mlir::quant::UniformQuantizedPerAxisType>($_self)">,
    "uniform quantized type">;

def HLO_Element : AnyTypeOf<[AnyFloat, AnyInteger, AnyComplex, Index,
                             HLO_QuantizedElement]>;
def HLO_Tensor : TensorOf<[HLO_Element]>;
def HLO_PredTensor : TensorOf<[I1]>;
def HLO_IntTensor : TensorOf<[AnyInteger, Index]>;
def HLO_ScalarIntTensor : 0DTensorOf<[AnyInteger, Index]>;
def HLO_ShapeTensor : 1DTensorOf<[AnyInteger, Index]>;
def HLO_TensorOrToken : AnyTypeOf<[HLO_Tensor, HLO_TokenType]>;
def HLO_Value : AnyTypeOf<[HLO_Tensor, HLO_TokenType, AnyTuple]>;

//===----------------------------------------------------------------------===//
// Enums and attributes
//===----------------------------------------------------------------------===//

class HLO_Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let genSpecializedAttr = 0;
  let cppNamespace = HLO_Dialect.cppNamespace;
}

def HLO_ComparisonDirection : HLO_Enum<"ComparisonDirection",
    "which comparison compare performs", HLO_ComparisonDirectionCases>;
def HLO_ComparisonDirectionAttr : EnumAttr<HLO_Dialect,
    HLO_ComparisonDirection, "comparison_direction">;

def HLO_ComparisonType : HLO_Enum<"ComparisonType",
    "how compare orders its operands", HLO_ComparisonTypeCases>;
def HLO_ComparisonTypeAttr : EnumAttr<HLO_Dialect, HLO_ComparisonType,
    "comparison_type">;

def HLO_Precision : HLO_Enum<"Precision", "precision of a contraction",
    HLO_PrecisionCases>;
def HLO_PrecisionAttr : EnumAttr<HLO_Dialect, HLO_Precision, "precision">;
def HLO_PrecisionConfigAttr : TypedArrayAttrBase<HLO_PrecisionAttr,
    "precision of each operand">;

def HLO_RngAlgorithm : HLO_Enum<"RngAlgorithm",
    "bit generator algorithm", [
  I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"THREE_FRY", 1>,
  I32EnumAttrCase<"PHILOX", 2>]>;
def HLO_RngAlgorithmAttr : EnumAttr<HLO_Dialect, HLO_RngAlgorithm,
    "rng_algorithm">;

def HLO_RngDistribution : HLO_Enum<"RngDistribution",
    "distribution of rng", [
  I32EnumAttrCase<"UNIFORM", 1>, I32EnumAttrCase<"NORMAL", 2>]>;
def HLO_RngDistributionAttr : EnumAttr<HLO_Dialect, HLO_RngDistribution,
    "rng_distribution">;

def HLO_Transpose : HLO_Enum<"Transpose",
    "how triangular_solve applies its matrix", [
  I32EnumAttrCase<"TRANSPOSE_INVALID", 0>, I32EnumAttrCase<"NO_TRANSPOSE", 1>,
  I32EnumAttrCase<"TRANSPOSE", 2>, I32EnumAttrCase<"ADJOINT", 3>]>;
def HLO_TransposeAttr : EnumAttr<HLO_Dialect, HLO_Transpose, "transpose">;

def HLO_FftType : HLO_Enum<"FftType", "which transform fft computes", [
  I32EnumAttrCase<"FFT", 0>, I32EnumAttrCase<"IFFT", 1>,
  I32EnumAttrCase<"RFFT", 2>, I32EnumAttrCase<"IRFFT", 3>]>;
def HLO_FftTypeAttr : EnumAttr<HLO_Dialect, HLO_FftType, "fft_type">;

def HLO_DotDimensionNumbersAttr : AttrDef<HLO_Dialect, "DotDimensionNumbers"> {
  let mnemonic = "dot";
  let summary = "batching and contracting dimensions of dot_general";
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$lhsContractingDimensions,
    ArrayRefParameter<"int64_t">:$rhsContractingDimensions);
  let hasCustomAssemblyFormat = 1;
}

def HLO_DotAlgorithmAttr : AttrDef<HLO_Dialect, "DotAlgorithm"> {
  let mnemonic = "dot_algorithm";
  let summary = "the precision a dot_general's products and sums must keep";
  let parameters = (ins
    "Type":$lhs_precision_type,
    "Type":$rhs_precision_type,
    "Type":$accumulation_type,
    "int64_t":$lhs_component_count,
    "int64_t":$rhs_component_count,
    "int64_t":$num_primitive_operations,
    "bool":$allow_imprecise_accumulation);
  let assemblyFormat = "`<` struct(params) `>`";
}

def HLO_ConvDimensionNumbersAttr
    : AttrDef<HLO_Dialect, "ConvDimensionNumbers"> {
  let mnemonic = "conv";
  let summary = "the role of each dimension of a convolution's tensors";
  let parameters = (ins
    "int64_t":$inputBatchDimension,
    "int64_t":$inputFeatureDimension,
    ArrayRefParameter<"int64_t">:$inputSpatialDimensions,
    "int64_t":$kernelInputFeatureDimension,
    "int64_t":$kernelOutputFeatureDimension,
    ArrayRefParameter<"int64_t">:$kernelSpatialDimensions,
    "int64_t":$outputBatchDimension,
    "int64_t":$outputFeatureDimension,
    ArrayRefParameter<"int64_t">:$outputSpatialDimensions);
  let hasCustomAssemblyFormat = 1;
}

def HLO_GatherDimensionNumbersAttr
    : AttrDef<HLO_Dialect, "GatherDimensionNumbers"> {
  let mnemonic = "gather";
  let summary = "the role of each dimension of a gather";
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$offsetDims,
    ArrayRefParameter<"int64_t">:$collapsedSliceDims,
    ArrayRefParameter<"int64_t">:$operandBatchingDims,
    ArrayRefParameter<"int64_t">:$startIndicesBatchingDims,
    ArrayRefParameter<"int64_t">:$startIndexMap,
    "int64_t":$indexVectorDim);
  let hasCustomAssemblyFormat = 1;
}

def HLO_ScatterDimensionNumbersAttr
    : AttrDef<HLO_Dialect, "ScatterDimensionNumbers"> {
  let mnemonic = "scatter";
  let summary = "the role of each dimension of a scatter";
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$updateWindowDims,
    ArrayRefParameter<"int64_t">:$insertedWindowDims,
    ArrayRefParameter<"int64_t">:$inputBatchingDims,
    ArrayRefParameter<"int64_t">:$scatterIndicesBatchingDims,
    ArrayRefParameter<"int64_t">:$scatterDimsToOperandDims,
    "int64_t":$indexVectorDim);
  let hasCustomAssemblyFormat = 1;
}

def HLO_ChannelHandleAttr : AttrDef<HLO_Dialect, "ChannelHandle"> {
  let mnemonic = "channel_handle";
  let summary = "the channel a collective or a send/recv pair talks over";
  let parameters = (ins "int64_t":$handle, "int64_t":$type);
  let assemblyFormat = "`<` struct(params) `>`";
}

def HLO_OutputOperandAliasAttr : AttrDef<HLO_Dialect, "OutputOperandAlias"> {
  let mnemonic = "output_operand_alias";
  let summary = "a custom_call result that reuses an operand's buffer";
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$outputTupleIndices,
    "int64_t":$operandIndex,
    ArrayRefParameter<"int64_t">:$operandTupleIndices);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Op classes
//===----------------------------------------------------------------------===//

// SameOperandsAndResultElementType and SameOperandsElementType, but quantized
// operands and results may carry different scales and zero points, as the
// spec allows.
def HLO_CompatibleOperandsAndResultElementType
    : NativeOpTrait<"CompatibleOperandsAndResultElementType"> {
  let cppNamespace = "::mlir::hlo::OpTrait";
}

def HLO_CompatibleOperandsElementType
    : NativeOpTrait<"CompatibleOperandsElementType"> {
  let cppNamespace = "::mlir::hlo::OpTrait";
}

class HLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<HLO_Dialect, mnemonic, traits>;

// The short form `op %a, %b : tensor<4xf32>` when every operand and the result
// have one type, else `: (operand types) -> result type`.
class HLO_UnaryElementwiseOp<string mnemonic, list<Trait> traits = [],
                             Type operandType = HLO_Tensor,
                             Type resultType = HLO_Tensor>
    : HLO_Op<mnemonic, traits # [Pure, SameOperandsAndResultShape]> {
  let arguments = (ins operandType:$operand);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:`
    custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

class HLO_BinaryElementwiseOp<string mnemonic, list<Trait> traits = [],
                              Type operandType = HLO_Tensor,
                              Type resultType = HLO_Tensor>
    : HLO_Op<mnemonic, traits # [Pure, SameOperandsAndResultShape]> {
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
    custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

def HLO_AddOp : HLO_BinaryElementwiseOp<"add",
    [Commutative, HLO_CompatibleOperandsAndResultElementType]>;
def HLO_SubtractOp : HLO_BinaryElementwiseOp<"subtract",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_MulOp : HLO_BinaryElementwiseOp<"multiply",
    [Commutative, HLO_CompatibleOperandsAndResultElementType]>;
def HLO_DivOp : HLO_BinaryElementwiseOp<"divide",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_RemOp : HLO_BinaryElementwiseOp<"remainder",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_MaxOp : HLO_BinaryElementwiseOp<"maximum",
    [Commutative, HLO_CompatibleOperandsAndResultElementType]>;
def HLO_MinOp : HLO_BinaryElementwiseOp<"minimum",
    [Commutative, HLO_CompatibleOperandsAndResultElementType]>;
def HLO_PowOp : HLO_BinaryElementwiseOp<"power",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_Atan2Op : HLO_BinaryElementwiseOp<"atan2",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_AndOp : HLO_BinaryElementwiseOp<"and",
    [Commutative, HLO_CompatibleOperandsAndResultElementType], HLO_IntTensor,
    HLO_IntTensor>;
def HLO_OrOp : HLO_BinaryElementwiseOp<"or",
    [Commutative, HLO_CompatibleOperandsAndResultElementType], HLO_IntTensor,
    HLO_IntTensor>;
def HLO_XorOp : HLO_BinaryElementwiseOp<"xor",
    [Commutative, HLO_CompatibleOperandsAndResultElementType], HLO_IntTensor,
    HLO_IntTensor>;
def HLO_ShiftLeftOp : HLO_BinaryElementwiseOp<"shift_left",
    [HLO_CompatibleOperandsAndResultElementType], HLO_IntTensor, HLO_IntTensor>;
def HLO_ShiftRightArithmeticOp : HLO_BinaryElementwiseOp<
    "shift_right_arithmetic", [HLO_CompatibleOperandsAndResultElementType],
    HLO_IntTensor, HLO_IntTensor>;
def HLO_ShiftRightLogicalOp : HLO_BinaryElementwiseOp<"shift_right_logical",
    [HLO_CompatibleOperandsAndResultElementType], HLO_IntTensor, HLO_IntTensor>;
def HLO_ComplexOp : HLO_BinaryElementwiseOp<"complex",
    [SameOperandsElementType], TensorOf<[AnyFloat]>, TensorOf<[AnyComplex]>> {
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
    custom<ComplexOpType>(type($lhs), type($rhs), type($result))
  }];
}

def HLO_NegOp : HLO_UnaryElementwiseOp<"negate",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_AbsOp : HLO_UnaryElementwiseOp<"abs">;
def HLO_SignOp : HLO_UnaryElementwiseOp<"sign",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_ExpOp : HLO_UnaryElementwiseOp<"exponential",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_Expm1Op : HLO_UnaryElementwiseOp<"exponential_minus_one",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_LogOp : HLO_UnaryElementwiseOp<"log",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_Log1pOp : HLO_UnaryElementwiseOp<"log_plus_one",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_SqrtOp : HLO_UnaryElementwiseOp<"sqrt",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_RsqrtOp : HLO_UnaryElementwiseOp<"rsqrt",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_CbrtOp : HLO_UnaryElementwiseOp<"cbrt",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_TanhOp : HLO_UnaryElementwiseOp<"tanh",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_LogisticOp : HLO_UnaryElementwiseOp<"logistic",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_SineOp : HLO_UnaryElementwiseOp<"sine",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_CosineOp : HLO_UnaryElementwiseOp<"cosine",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_TanOp : HLO_UnaryElementwiseOp<"tan",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_FloorOp : HLO_UnaryElementwiseOp<"floor",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_CeilOp : HLO_UnaryElementwiseOp<"ceil",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_RoundNearestEvenOp : HLO_UnaryElementwiseOp<"round_nearest_even",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_RoundOp : HLO_UnaryElementwiseOp<"round_nearest_afz",
    [HLO_CompatibleOperandsAndResultElementType]>;
def HLO_IsFiniteOp : HLO_UnaryElementwiseOp<"is_finite", [],
    TensorOf<[AnyFloat]>, HLO_PredTensor>;
def HLO_NotOp : HLO_UnaryElementwiseOp<"not",
    [HLO_CompatibleOperandsAndResultElementType], HLO_IntTensor, HLO_IntTensor>;
def HLO_PopulationCountOp : HLO_UnaryElementwiseOp<"popcnt",
    [HLO_CompatibleOperandsAndResultElementType], HLO_IntTensor, HLO_IntTensor>;
def HLO_ClzOp : HLO_UnaryElementwiseOp<"count_leading_zeros",
    [HLO_CompatibleOperandsAndResultElementType], HLO_IntTensor, HLO_IntTensor>;
def HLO_ConvertOp : HLO_UnaryElementwiseOp<"convert">;
def HLO_RealOp : HLO_UnaryElementwiseOp<"real">;
def HLO_ImagOp : HLO_UnaryElementwiseOp<"imag">;

// Same bit width keeps the shape; otherwise the last dimension absorbs the
// ratio, so the shape is checked by the verifier instead of a trait.
def HLO_BitcastConvertOp : HLO_Op<"bitcast_convert", [Pure]> {
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:`
    custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

// Quantization of floats to a quantized type's storage integers, or
// requantization from one quantized type to another; disc-expand-quantization
// computes both, and dequantization, in the expressed type.
def HLO_UniformQuantizeOp : HLO_UnaryElementwiseOp<"uniform_quantize", [],
    TensorOf<[AnyFloat, HLO_QuantizedElement]>,
    TensorOf<[HLO_QuantizedElement]>> {
  let hasVerifier = 1;
}

def HLO_UniformDequantizeOp : HLO_UnaryElementwiseOp<"uniform_dequantize", [],
    TensorOf<[HLO_QuantizedElement]>, TensorOf<[AnyFloat]>> {
  let hasVerifier = 1;
}

def HLO_CompareOp : HLO_Op<"compare",
    [Pure, HLO_CompatibleOperandsElementType, SameOperandsAndResultShape]> {
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                   HLO_ComparisonDirectionAttr:$comparison_direction,
                   OptionalAttr<HLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)?
    attr-dict `:` functional-type(operands, results)
  }];
}

def HLO_SelectOp : HLO_Op<"select", [Pure]> {
  let arguments = (ins HLO_PredTensor:$pred, HLO_Tensor:$on_true,
                   HLO_Tensor:$on_false);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:`
    custom<SelectOpType>(type($pred), type($on_true), type($on_false),
                         type($result))
  }];
  let hasVerifier = 1;
}

def HLO_ClampOp : HLO_Op<"clamp", [Pure]> {
  let arguments = (ins HLO_Tensor:$min, HLO_Tensor:$operand, HLO_Tensor:$max);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $min `,` $operand `,` $max attr-dict `:`
    custom<SameOperandsAndResultType>(type($min), type($operand), type($max),
                                      type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Constants and shapes
//===----------------------------------------------------------------------===//

def HLO_ConstantOp : HLO_Op<"constant", [ConstantLike, Pure]> {
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_Tensor:$output);
  let builders = [OpBuilder<(ins "::mlir::ElementsAttr":$value)>];
  let hasCustomAssemblyFormat = 1;
  let hasFolder = 1;
  let hasVerifier = 1;
}

def HLO_IotaOp : HLO_Op<"iota", [Pure]> {
  let arguments = (ins I64Attr:$iota_dimension);
  let results = (outs HLO_Tensor:$output);
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($output)";
  let hasVerifier = 1;
}

def HLO_DynamicIotaOp : HLO_Op<"dynamic_iota", [Pure]> {
  let arguments = (ins HLO_ShapeTensor:$output_shape, I64Attr:$iota_dimension);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $output_shape `,` `dim` `=` $iota_dimension attr-dict `:`
    functional-type(operands, results)
  }];
}

def HLO_BroadcastInDimOp : HLO_Op<"broadcast_in_dim", [Pure]> {
  let arguments = (ins HLO_Tensor:$operand,
                   HLO_DimsAttr:$broadcast_dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<Dims>($broadcast_dimensions) attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_DynamicBroadcastInDimOp : HLO_Op<"dynamic_broadcast_in_dim", [Pure]> {
  let arguments = (ins HLO_Tensor:$operand, HLO_ShapeTensor:$output_dimensions,
                   HLO_DimsAttr:$broadcast_dimensions,
                   OptionalAttr<HLO_DimsAttr>:$known_expanding_dimensions,
                   OptionalAttr<HLO_DimsAttr>:$known_nonexpanding_dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $output_dimensions `,` `dims` `=`
    custom<Dims>($broadcast_dimensions)
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_BroadcastOp : HLO_Op<"broadcast", [Pure]> {
  let arguments = (ins HLO_Tensor:$operand, HLO_DimsAttr:$broadcast_sizes);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `sizes` `=` custom<Dims>($broadcast_sizes) attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_ReshapeOp : HLO_Op<"reshape", [Pure]> {
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_DynamicReshapeOp : HLO_Op<"dynamic_reshape", [Pure]> {
  let arguments = (ins HLO_Tensor:$operand, HLO_ShapeTensor:$output_shape);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_GetDimensionSizeOp : HLO_Op<"get_dimension_size", [Pure]> {
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$dimension);
  let results = (outs 0DTensorOf<[I32]>:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_TransposeOp : HLO_Op<"transpose", [Pure]> {
  let arguments = (ins HLO_Tensor:$operand, HLO_DimsAttr:$permutation);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<Dims>($permutation) attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_SliceOp : HLO_Op<"slice", [Pure]> {
  let arguments = (ins HLO_Tensor:$operand,
                   HLO_DimsAttr:$start_indices,
                   HLO_DimsAttr:$limit_indices,
                   HLO_DimsAttr:$strides);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand custom<SliceRanges>($start_indices, $limit_indices, $strides)
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_DynamicSliceOp : HLO_Op<"dynamic_slice", [Pure]> {
  let arguments = (ins HLO_Tensor:$operand,
                   Variadic<HLO_ScalarIntTensor>:$start_indices,
                   HLO_DimsAttr:$slice_sizes);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` custom<OperandsWithTrailingComma>($start_indices)
    `sizes` `=` custom<Dims>($slice_sizes) attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// The slice [start, limit) with strides, all three given as 1-D tensors of
// one entry per dimension (torch-mlir slices dynamic shapes with it).
def HLO_RealDynamicSliceOp : HLO_Op<"real_dynamic_slice", [Pure]> {
  let arguments = (ins HLO_Tensor:$operand, HLO_ShapeTensor:$start_indices,
                   HLO_ShapeTensor:$limit_indices, HLO_ShapeTensor:$strides);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_DynamicUpdateSliceOp : HLO_Op<"dynamic_update_slice", [Pure]> {
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$update,
                   Variadic<HLO_ScalarIntTensor>:$start_indices);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_ConcatenateOp : HLO_Op<"concatenate", [Pure, SameOperandsElementType]> {
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, I64Attr:$dimension);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    custom<OperandsWithTrailingComma>($inputs) `dim` `=` $dimension attr-dict
    `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_PadOp : HLO_Op<"pad",
    [Pure, HLO_CompatibleOperandsAndResultElementType]> {
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$padding_value,
                   HLO_DimsAttr:$edge_padding_low,
                   HLO_DimsAttr:$edge_padding_high,
                   HLO_DimsAttr:$interior_padding);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,`
    `low` `=` custom<Dims>($edge_padding_low) `,`
    `high` `=` custom<Dims>($edge_padding_high) `,`
    `interior` `=` custom<Dims>($interior_padding)
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_ReverseOp : HLO_Op<"reverse",
    [Pure, SameOperandsAndResultShape,
     HLO_CompatibleOperandsAndResultElementType]> {
  let arguments = (ins HLO_Tensor:$operand, HLO_DimsAttr:$dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<Dims>($dimensions) attr-dict `:`
    custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and contractions
//===----------------------------------------------------------------------===//

def HLO_ReturnOp : HLO_Op<"return", [Pure, Terminator, ReturnLike]> {
  let arguments = (ins Variadic<HLO_Value>:$results);
  let assemblyFormat = "($results^ `:` type($results))? attr-dict";
}

def HLO_ReduceOp : HLO_Op<"reduce",
    [RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                   Variadic<HLO_Tensor>:$init_values,
                   HLO_DimsAttr:$dimensions);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def HLO_DotOp : HLO_Op<"dot", [Pure]> {
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                   OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `` custom<PrecisionConfig>($precision_config) attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_DotGeneralOp : HLO_Op<"dot_general", [Pure]> {
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                   HLO_DotDimensionNumbersAttr:$dot_dimension_numbers,
                   OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config,
                   OptionalAttr<HLO_DotAlgorithmAttr>:$algorithm);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` custom<DotDimensionNumbers>($dot_dimension_numbers) ``
    custom<PrecisionConfigAndAlgorithm>($precision_config, $algorithm)
    attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_ConvolutionOp : HLO_Op<"convolution", [Pure]> {
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                   OptionalAttr<HLO_DimsAttr>:$window_strides,
                   OptionalAttr<I64ElementsAttr>:$padding,
                   OptionalAttr<HLO_DimsAttr>:$lhs_dilation,
                   OptionalAttr<HLO_DimsAttr>:$rhs_dilation,
                   OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
                   HLO_ConvDimensionNumbersAttr:$dimension_numbers,
                   ConfinedAttr<I64Attr, [IntPositive]>:$feature_group_count,
                   ConfinedAttr<I64Attr, [IntPositive]>:$batch_group_count,
                   OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    `(` operands `)` `dim_numbers` `=`
    custom<ConvDimensionNumbers>($dimension_numbers) `,` `window` `=` `{`
    custom<WindowAttributes>($window_strides, $padding, $lhs_dilation,
                             $rhs_dilation, $window_reversal)
    `}` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Linear algebra and normalization
//===----------------------------------------------------------------------===//

def HLO_TriangularSolveOp : HLO_Op<"triangular_solve",
    [Pure, HLO_CompatibleOperandsAndResultElementType]> {
  let arguments = (ins TensorOf<[AnyFloat, AnyComplex]>:$a,
                   TensorOf<[AnyFloat, AnyComplex]>:$b,
                   BoolAttr:$left_side, BoolAttr:$lower,
                   BoolAttr:$unit_diagonal, HLO_TransposeAttr:$transpose_a);
  let results = (outs TensorOf<[AnyFloat, AnyComplex]>:$result);
  let hasVerifier = 1;
}

// The discrete Fourier transform over the innermost fft_length.size()
// dimensions; RFFT keeps the n/2+1 non-redundant outputs of the last one,
// which IRFFT reads back.
def HLO_FftOp : HLO_Op<"fft", [Pure]> {
  let arguments = (ins TensorOf<[AnyFloat, AnyComplex]>:$operand,
                   HLO_FftTypeAttr:$fft_type, HLO_DimsAttr:$fft_length);
  let results = (outs TensorOf<[AnyFloat, AnyComplex]>:$result);
  let assemblyFormat = [{
    $operand `,` `type` `=` $fft_type `,` `length` `=`
    custom<Dims>($fft_length) attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_CholeskyOp : HLO_Op<"cholesky",
    [Pure, SameOperandsAndResultShape,
     HLO_CompatibleOperandsAndResultElementType]> {
  let arguments = (ins TensorOf<[AnyFloat, AnyComplex]>:$a,
                   DefaultValuedOptionalAttr<BoolAttr, "false">:$lower);
  let results = (outs TensorOf<[AnyFloat, AnyComplex]>:$result);
  let assemblyFormat = [{
    $a (`,` `lower` `=` $lower^)? attr-dict `:`
    custom<SameOperandsAndResultType>(type($a), type($result))
  }];
  let hasVerifier = 1;
}

def HLO_ReducePrecisionOp : HLO_Op<"reduce_precision",
    [Pure, SameOperandsAndResultShape,
     HLO_CompatibleOperandsAndResultElementType]> {
  let arguments = (ins TensorOf<[AnyFloat]>:$operand,
                   ConfinedAttr<I32Attr, [IntPositive]>:$exponent_bits,
                   ConfinedAttr<I32Attr, [IntNonNegative]>:$mantissa_bits);
  let results = (outs TensorOf<[AnyFloat]>:$output);
  let assemblyFormat = [{
    $operand `,` `format` `=`
    custom<ExponentMantissa>($exponent_bits, $mantissa_bits) attr-dict `:`
    custom<SameOperandsAndResultType>(type($operand), type($output))
  }];
}

// The batch_norm ops normalize along `feature_index`; their one-dimensional
// operands hold one value per feature.
def HLO_BatchNormInferenceOp : HLO_Op<"batch_norm_inference", [Pure]> {
  let arguments = (ins TensorOf<[AnyFloat]>:$operand,
                   1DTensorOf<[AnyFloat]>:$scale,
                   1DTensorOf<[AnyFloat]>:$offset,
                   1DTensorOf<[AnyFloat]>:$mean,
                   1DTensorOf<[AnyFloat]>:$variance,
                   F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs TensorOf<[AnyFloat]>:$result);
  let hasVerifier = 1;
}

def HLO_BatchNormTrainingOp : HLO_Op<"batch_norm_training", [Pure]> {
  let arguments = (ins TensorOf<[AnyFloat]>:$operand,
                   1DTensorOf<[AnyFloat]>:$scale,
                   1DTensorOf<[AnyFloat]>:$offset,
                   F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs TensorOf<[AnyFloat]>:$output,
                      1DTensorOf<[AnyFloat]>:$batch_mean,
                      1DTensorOf<[AnyFloat]>:$batch_var);
  let hasVerifier = 1;
}

def HLO_BatchNormGradOp : HLO_Op<"batch_norm_grad", [Pure]> {
  let arguments = (ins TensorOf<[AnyFloat]>:$operand,
                   1DTensorOf<[AnyFloat]>:$scale,
                   1DTensorOf<[AnyFloat]>:$mean,
                   1DTensorOf<[AnyFloat]>:$variance,
                   TensorOf<[AnyFloat]>:$grad_output,
                   F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs TensorOf<[AnyFloat]>:$grad_operand,
                      1DTensorOf<[AnyFloat]>:$grad_scale,
                      1DTensorOf<[AnyFloat]>:$grad_offset);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Calls, control flow and the rest of what JAX emits
//===----------------------------------------------------------------------===//

def HLO_CustomCallOp : HLO_Op<"custom_call"> {
  let arguments = (ins Variadic<HLO_Value>:$inputs,
                   StrAttr:$call_target_name,
                   OptionalAttr<BoolAttr>:$has_side_effect,
                   OptionalAttr<AnyAttr>:$backend_config,
                   OptionalAttr<I32Attr>:$api_version,
                   OptionalAttr<ArrayAttr>:$called_computations,
                   OptionalAttr<ArrayAttr>:$operand_layouts,
                   OptionalAttr<ArrayAttr>:$result_layouts,
                   OptionalAttr<ArrayAttr>:$output_operand_aliases);
  let results = (outs Variadic<HLO_Value>:$results);
  let assemblyFormat = [{
    custom<CustomCallTarget>($call_target_name) `(` $inputs `)` attr-dict `:`
    functional-type(operands, results)
  }];
}

def HLO_WhileOp : HLO_Op<"while", [RecursiveMemoryEffects]> {
  let arguments = (ins Variadic<HLO_Value>:$operand);
  let results = (outs Variadic<HLO_Value>);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def HLO_IfOp : HLO_Op<"if", [RecursiveMemoryEffects]> {
  let arguments = (ins 0DTensorOf<[I1]>:$pred);
  let results = (outs Variadic<HLO_Value>);
  let regions = (region SizedRegion<1>:$true_branch,
                        SizedRegion<1>:$false_branch);
  let hasVerifier = 1;
}

def HLO_CaseOp : HLO_Op<"case", [RecursiveMemoryEffects]> {
  let arguments = (ins 0DTensorOf<[I32]>:$index);
  let results = (outs Variadic<HLO_Value>);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let hasVerifier = 1;
}

def HLO_SortOp : HLO_Op<"sort",
    [RecursiveMemoryEffects, SameOperandsAndResultShape]> {
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                   DefaultValuedAttr<I64Attr, "-1">:$dimension,
                   DefaultValuedAttr<BoolAttr, "false">:$is_stable);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$comparator);
  let hasVerifier = 1;
}

def HLO_MapOp : HLO_Op<"map",
    [RecursiveMemoryEffects, SameOperandsAndResultShape]> {
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                   HLO_DimsAttr:$dimensions);
  let results = (outs HLO_Tensor:$result);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def HLO_GatherOp : HLO_Op<"gather", [Pure]> {
  let arguments = (ins HLO_Tensor:$operand, HLO_IntTensor:$start_indices,
                   HLO_GatherDimensionNumbersAttr:$dimension_numbers,
                   HLO_DimsAttr:$slice_sizes,
                   DefaultValuedAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

def HLO_ScatterOp : HLO_Op<"scatter",
    [RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                   HLO_IntTensor:$scatter_indices,
                   Variadic<HLO_Tensor>:$updates,
                   HLO_ScatterDimensionNumbersAttr:$scatter_dimension_numbers,
                   DefaultValuedAttr<BoolAttr, "false">:$indices_are_sorted,
                   DefaultValuedAttr<BoolAttr, "false">:$unique_indices);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$update_computation);
}

def HLO_ReduceWindowOp : HLO_Op<"reduce_window",
    [RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                   Variadic<HLO_Tensor>:$init_values,
                   HLO_DimsAttr:$window_dimensions,
                   OptionalAttr<HLO_DimsAttr>:$window_strides,
                   OptionalAttr<HLO_DimsAttr>:$base_dilations,
                   OptionalAttr<HLO_DimsAttr>:$window_dilations,
                   OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
}

def HLO_SelectAndScatterOp : HLO_Op<"select_and_scatter",
    [RecursiveMemoryEffects]> {
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$source,
                   HLO_Tensor:$init_value,
                   OptionalAttr<HLO_DimsAttr>:$window_dimensions,
                   OptionalAttr<HLO_DimsAttr>:$window_strides,
                   OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs HLO_Tensor:$result);
  let regions = (region SizedRegion<1>:$select, SizedRegion<1>:$scatter);
}

def HLO_TupleOp : HLO_Op<"tuple", [Pure]> {
  let arguments = (ins Variadic<HLO_Value>:$val);
  let results = (outs AnyTuple:$result);
  let assemblyFormat = [{
    $val attr-dict `:` custom<TupleOpType>(type($val), type($result))
  }];
}

def HLO_GetTupleElementOp : HLO_Op<"get_tuple_element", [Pure]> {
  let arguments = (ins AnyTuple:$operand, I32Attr:$index);
  let results = (outs HLO_Value:$result);
  let assemblyFormat = [{
    $operand `[` $index `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_CompositeOp : HLO_Op<"composite"> {
  let arguments = (ins Variadic<HLO_Value>:$inputs, StrAttr:$name,
                   OptionalAttr<DictionaryAttr>:$composite_attributes,
                   FlatSymbolRefAttr:$decomposition,
                   OptionalAttr<I32Attr>:$version);
  let results = (outs Variadic<HLO_Value>);
  let assemblyFormat = [{
    $name $inputs attr-dict `:` functional-type(operands, results)
  }];
}

//===----------------------------------------------------------------------===//
// Tokens, host transfers and collectives
//===----------------------------------------------------------------------===//

def HLO_AfterAllOp : HLO_Op<"after_all", [Pure]> {
  let arguments = (ins Variadic<HLO_TokenType>:$inputs);
  let results = (outs HLO_TokenType:$result);
  let assemblyFormat = "$inputs attr-dict `:` type($result)";
}

def HLO_CreateTokenOp : HLO_Op<"create_token", [Pure]> {
  let results = (outs HLO_TokenType:$output);
  let assemblyFormat = "attr-dict `:` type($output)";
}

// The host transfers are parsed only so that the one-device rewrite can name
// them in its error: disc has no infeed/outfeed queue and no peer to talk to.
def HLO_InfeedOp : HLO_Op<"infeed"> {
  let arguments = (ins HLO_TokenType:$token,
                   OptionalAttr<StrAttr>:$infeed_config,
                   OptionalAttr<ArrayAttr>:$layout);
  let results = (outs Variadic<HLO_Value>);
}

def HLO_OutfeedOp : HLO_Op<"outfeed"> {
  let arguments = (ins Variadic<HLO_Value>:$inputs, HLO_TokenType:$token,
                   OptionalAttr<StrAttr>:$outfeed_config);
  let results = (outs HLO_TokenType);
}

def HLO_SendOp : HLO_Op<"send"> {
  let arguments = (ins Variadic<HLO_Value>:$inputs, HLO_TokenType:$token,
                   HLO_ChannelHandleAttr:$channel_handle,
                   OptionalAttr<BoolAttr>:$is_host_transfer,
                   OptionalAttr<I64ElementsAttr>:$source_target_pairs);
  let results = (outs HLO_TokenType);
}

def HLO_RecvOp : HLO_Op<"recv"> {
  let arguments = (ins HLO_TokenType:$token,
                   HLO_ChannelHandleAttr:$channel_handle,
                   OptionalAttr<BoolAttr>:$is_host_transfer,
                   OptionalAttr<I64ElementsAttr>:$source_target_pairs);
  let results = (outs Variadic<HLO_Value>);
}

def HLO_ReplicaIdOp : HLO_Op<"replica_id", [Pure]> {
  let results = (outs 0DTensorOf<[UI32]>);
  let assemblyFormat = "attr-dict `:` type(results)";
}

def HLO_PartitionIdOp : HLO_Op<"partition_id", [Pure]> {
  let results = (outs 0DTensorOf<[UI32]>);
  let assemblyFormat = "attr-dict `:` type(results)";
}

def HLO_AllReduceOp : HLO_Op<"all_reduce", [RecursiveMemoryEffects]> {
  let arguments = (ins Variadic<HLO_Tensor>:$operands,
                   I64ElementsAttr:$replica_groups,
                   OptionalAttr<HLO_ChannelHandleAttr>:$channel_handle,
                   UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$computation);
}

def HLO_AllGatherOp : HLO_Op<"all_gather"> {
  let arguments = (ins Variadic<HLO_Tensor>:$operands, I64Attr:$all_gather_dim,
                   I64ElementsAttr:$replica_groups,
                   OptionalAttr<HLO_ChannelHandleAttr>:$channel_handle,
                   UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_Tensor>);
}

def HLO_AllToAllOp : HLO_Op<"all_to_all"> {
  let arguments = (ins Variadic<HLO_Tensor>:$operands,
                   I64Attr:$split_dimension, I64Attr:$concat_dimension,
                   I64Attr:$split_count, I64ElementsAttr:$replica_groups,
                   OptionalAttr<HLO_ChannelHandleAttr>:$channel_handle);
  let results = (outs Variadic<HLO_Tensor>);
}

def HLO_ReduceScatterOp : HLO_Op<"reduce_scatter", [RecursiveMemoryEffects]> {
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$scatter_dimension,
                   I64ElementsAttr:$replica_groups,
                   OptionalAttr<HLO_ChannelHandleAttr>:$channel_handle,
                   UnitAttr:$use_global_device_ids);
  let results = (outs HLO_Tensor);
  let regions = (region SizedRegion<1>:$computation);
}

def HLO_CollectivePermuteOp : HLO_Op<"collective_permute"> {
  let arguments = (ins HLO_Tensor:$operand,
                   I64ElementsAttr:$source_target_pairs,
                   OptionalAttr<HLO_ChannelHandleAttr>:$channel_handle);
  let results = (outs HLO_Tensor);
}

// With has_dynamic_root, the last operand holds, per data operand, the index
// in its group of the process it is broadcast from.
def HLO_CollectiveBroadcastOp : HLO_Op<"collective_broadcast"> {
  let arguments = (ins Variadic<HLO_Tensor>:$operands,
                   I64ElementsAttr:$replica_groups,
                   OptionalAttr<HLO_ChannelHandleAttr>:$channel_handle,
                   UnitAttr:$has_dynamic_root);
  let results = (outs Variadic<HLO_Tensor>);
}

// The reduction over the group lands on its first process; the others get
// zeros.
def HLO_CollectiveReduceOp : HLO_Op<"collective_reduce",
    [RecursiveMemoryEffects]> {
  let arguments = (ins Variadic<HLO_Tensor>:$operands,
                   I64ElementsAttr:$replica_groups,
                   OptionalAttr<HLO_ChannelHandleAttr>:$channel_handle);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$computation);
}

//===----------------------------------------------------------------------===//
// Dynamic forms of pad, slice, gather and convolution
//===----------------------------------------------------------------------===//

def HLO_DynamicPadOp : HLO_Op<"dynamic_pad", [Pure]> {
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$padding_value,
                   HLO_ShapeTensor:$edge_padding_low,
                   HLO_ShapeTensor:$edge_padding_high,
                   HLO_ShapeTensor:$interior_padding);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
}

def HLO_DynamicGatherOp : HLO_Op<"dynamic_gather", [Pure]> {
  let arguments = (ins HLO_Tensor:$operand, HLO_IntTensor:$start_indices,
                   HLO_ShapeTensor:$slice_sizes,
                   HLO_GatherDimensionNumbersAttr:$dimension_numbers,
                   DefaultValuedAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_Tensor:$result);
}

def HLO_DynamicConvOp : HLO_Op<"dynamic_conv", [Pure]> {
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs, HLO_Tensor:$padding,
                   OptionalAttr<HLO_DimsAttr>:$window_strides,
                   OptionalAttr<HLO_DimsAttr>:$lhs_dilation,
                   OptionalAttr<HLO_DimsAttr>:$rhs_dilation,
                   OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
                   HLO_ConvDimensionNumbersAttr:$dimension_numbers,
                   ConfinedAttr<I64Attr, [IntPositive]>:$feature_group_count,
                   ConfinedAttr<I64Attr, [IntPositive]>:$batch_group_count,
                   OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
}

def HLO_OptimizationBarrierOp : HLO_Op<"optimization_barrier", [Pure]> {
  let arguments = (ins Variadic<HLO_Value>:$operand);
  let results = (outs Variadic<HLO_Value>:$result);
  let assemblyFormat = [{
    attr-dict ($operand^ `:` custom<PairwiseOpType>(type($operand),
                                                     type($result)))?
  }];
}

def HLO_RngBitGeneratorOp : HLO_Op<"rng_bit_generator", [Pure]> {
  let arguments = (ins HLO_Tensor:$initial_state,
                   HLO_RngAlgorithmAttr:$rng_algorithm);
  let results = (outs HLO_Tensor:$output_state, HLO_Tensor:$output);
  let assemblyFormat = [{
    $initial_state `,` `algorithm` `=` $rng_algorithm attr-dict `:`
    functional-type(operands, results)
  }];
}

def HLO_RngOp : HLO_Op<"rng", []> {
  let arguments = (ins HLO_Tensor:$a, HLO_Tensor:$b, HLO_ShapeTensor:$shape,
                   HLO_RngDistributionAttr:$rng_distribution);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $shape `,` `distribution` `=` $rng_distribution attr-dict
    `:` functional-type(operands, results)
  }];
}

#endif // DISC_DIALECT_HLO_HLOOPS_TD
