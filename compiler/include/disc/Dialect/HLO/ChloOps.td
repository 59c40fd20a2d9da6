//===- ChloOps.td - The chlo dialect -----------------------*- tablegen -*-===//
//
// The client HLO ops JAX prints besides StableHLO: special functions
// (`chlo.erf`, `chlo.lgamma`, ...), `chlo.top_k`, `chlo.ragged_dot` and the
// implicitly broadcasting binary ops of older exporters. Written from the
// CHLO specification and the forms JAX 0.10 prints; every op is decomposed
// into stablehlo by disc-chlo-to-stablehlo before anything else sees it.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_HLO_CHLOOPS_TD
#define DISC_DIALECT_HLO_CHLOOPS_TD

include "disc/Dialect/HLO/HloDialectBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Chlo_Dialect : Dialect {
  let name = "chlo";
  let cppNamespace = "::mlir::chlo";
  let summary = "Client HLO ops as JAX prints them";
  let description = [{
    Ops with a decomposition into StableHLO. Unknown ops of the dialect parse
    in generic form so that the lowering can name them.
  }];
  let useDefaultAttributePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// Types, enums and attributes
//===----------------------------------------------------------------------===//

def Chlo_Element : AnyTypeOf<[AnyFloat, AnyInteger, AnyComplex, Index]>;
def Chlo_Tensor : RankedTensorOf<[Chlo_Element]>;
def Chlo_FpTensor : RankedTensorOf<[AnyFloat]>;
def Chlo_FpOrComplexTensor : RankedTensorOf<[AnyFloat, AnyComplex]>;
def Chlo_IntTensor : RankedTensorOf<[AnyInteger, Index]>;
def Chlo_PredTensor : RankedTensorOf<[I1]>;

class Chlo_Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::chlo";
}

def Chlo_ComparisonDirection : Chlo_Enum<"ComparisonDirection",
    "which comparison broadcast_compare performs",
    HLO_ComparisonDirectionCases>;
def Chlo_ComparisonDirectionAttr : EnumAttr<Chlo_Dialect,
    Chlo_ComparisonDirection, "comparison_direction">;

def Chlo_ComparisonType : Chlo_Enum<"ComparisonType",
    "how broadcast_compare orders its operands", HLO_ComparisonTypeCases>;
def Chlo_ComparisonTypeAttr : EnumAttr<Chlo_Dialect, Chlo_ComparisonType,
    "comparison_type">;

def Chlo_Precision : Chlo_Enum<"Precision", "precision of a contraction",
    HLO_PrecisionCases>;
def Chlo_PrecisionAttr : EnumAttr<Chlo_Dialect, Chlo_Precision, "precision">;
def Chlo_PrecisionConfigAttr : TypedArrayAttrBase<Chlo_PrecisionAttr,
    "precision of each operand">;

def Chlo_RaggedDotDimensionNumbersAttr
    : AttrDef<Chlo_Dialect, "RaggedDotDimensionNumbers"> {
  let mnemonic = "ragged_dot";
  let summary = "the role of each dimension of a ragged_dot";
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$lhsContractingDimensions,
    ArrayRefParameter<"int64_t">:$rhsContractingDimensions,
    ArrayRefParameter<"int64_t">:$lhsRaggedDimensions,
    ArrayRefParameter<"int64_t">:$rhsGroupDimensions);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Op classes
//===----------------------------------------------------------------------===//

class Chlo_Op<string mnemonic, list<Trait> traits = []>
    : Op<Chlo_Dialect, mnemonic, traits>;

// `chlo.erf %x : tensor<4xf32> -> tensor<4xf32>`.
class Chlo_UnaryElementwiseOp<string mnemonic, Type operandType,
                              Type resultType, list<Trait> traits = []>
    : Chlo_Op<mnemonic, traits # [Pure, SameOperandsAndResultShape]> {
  let arguments = (ins operandType:$operand);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` type($operand) `->` type($result)
  }];
}

class Chlo_FloatUnaryOp<string mnemonic>
    : Chlo_UnaryElementwiseOp<mnemonic, Chlo_FpTensor, Chlo_FpTensor,
                              [SameOperandsAndResultElementType]>;

class Chlo_FloatOrComplexUnaryOp<string mnemonic>
    : Chlo_UnaryElementwiseOp<mnemonic, Chlo_FpOrComplexTensor,
                              Chlo_FpOrComplexTensor,
                              [SameOperandsAndResultElementType]>;

// `chlo.zeta %x, %q : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>`.
class Chlo_BinaryElementwiseOp<string mnemonic>
    : Chlo_Op<mnemonic, [Pure, SameOperandsAndResultShape,
                         SameOperandsAndResultElementType]> {
  let arguments = (ins Chlo_FpTensor:$lhs, Chlo_FpTensor:$rhs);
  let results = (outs Chlo_FpTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
}

// `chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>} :
// (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>`: the operands are
// broadcast to the result's shape, numpy-style (trailing dimensions
// aligned), or for operands of different ranks with the lower-ranked one's
// dimensions mapped by broadcast_dimensions.
class Chlo_BroadcastBinaryOp<string mnemonic, Type operandType,
                             Type resultType, list<Trait> traits = []>
    : Chlo_Op<mnemonic, traits # [Pure]> {
  let arguments = (ins operandType:$lhs, operandType:$rhs,
                   OptionalAttr<HLO_DimsAttr>:$broadcast_dimensions);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise special functions
//===----------------------------------------------------------------------===//

def Chlo_AcosOp : Chlo_FloatOrComplexUnaryOp<"acos">;
def Chlo_AcoshOp : Chlo_FloatOrComplexUnaryOp<"acosh">;
def Chlo_AsinOp : Chlo_FloatOrComplexUnaryOp<"asin">;
def Chlo_AsinhOp : Chlo_FloatOrComplexUnaryOp<"asinh">;
def Chlo_AtanOp : Chlo_FloatOrComplexUnaryOp<"atan">;
def Chlo_AtanhOp : Chlo_FloatOrComplexUnaryOp<"atanh">;
def Chlo_CoshOp : Chlo_FloatOrComplexUnaryOp<"cosh">;
def Chlo_SinhOp : Chlo_FloatOrComplexUnaryOp<"sinh">;
def Chlo_TanOp : Chlo_FloatOrComplexUnaryOp<"tan">;
def Chlo_ConjOp : Chlo_FloatOrComplexUnaryOp<"conj">;
def Chlo_BesselI1eOp : Chlo_FloatUnaryOp<"bessel_i1e">;
def Chlo_DigammaOp : Chlo_FloatUnaryOp<"digamma">;
def Chlo_ErfOp : Chlo_FloatUnaryOp<"erf">;
def Chlo_ErfcOp : Chlo_FloatUnaryOp<"erfc">;
def Chlo_ErfInvOp : Chlo_FloatUnaryOp<"erf_inv">;
def Chlo_LgammaOp : Chlo_FloatUnaryOp<"lgamma">;
def Chlo_SquareOp : Chlo_UnaryElementwiseOp<"square", Chlo_Tensor,
    Chlo_Tensor, [SameOperandsAndResultElementType]>;
def Chlo_IsInfOp : Chlo_UnaryElementwiseOp<"is_inf", Chlo_FpTensor,
    Chlo_PredTensor>;
def Chlo_IsNegInfOp : Chlo_UnaryElementwiseOp<"is_neg_inf", Chlo_FpTensor,
    Chlo_PredTensor>;
def Chlo_IsPosInfOp : Chlo_UnaryElementwiseOp<"is_pos_inf", Chlo_FpTensor,
    Chlo_PredTensor>;

def Chlo_NextAfterOp : Chlo_BinaryElementwiseOp<"next_after">;
def Chlo_PolygammaOp : Chlo_BinaryElementwiseOp<"polygamma">;
def Chlo_ZetaOp : Chlo_BinaryElementwiseOp<"zeta">;

//===----------------------------------------------------------------------===//
// Broadcasting binary ops
//===----------------------------------------------------------------------===//

def Chlo_BroadcastAddOp : Chlo_BroadcastBinaryOp<"broadcast_add", Chlo_Tensor,
    Chlo_Tensor, [SameOperandsAndResultElementType]>;
def Chlo_BroadcastSubOp : Chlo_BroadcastBinaryOp<"broadcast_subtract",
    Chlo_Tensor, Chlo_Tensor, [SameOperandsAndResultElementType]>;
def Chlo_BroadcastMulOp : Chlo_BroadcastBinaryOp<"broadcast_multiply",
    Chlo_Tensor, Chlo_Tensor, [SameOperandsAndResultElementType]>;
def Chlo_BroadcastDivOp : Chlo_BroadcastBinaryOp<"broadcast_divide",
    Chlo_Tensor, Chlo_Tensor, [SameOperandsAndResultElementType]>;
def Chlo_BroadcastRemOp : Chlo_BroadcastBinaryOp<"broadcast_remainder",
    Chlo_Tensor, Chlo_Tensor, [SameOperandsAndResultElementType]>;
def Chlo_BroadcastMaxOp : Chlo_BroadcastBinaryOp<"broadcast_maximum",
    Chlo_Tensor, Chlo_Tensor, [SameOperandsAndResultElementType]>;
def Chlo_BroadcastMinOp : Chlo_BroadcastBinaryOp<"broadcast_minimum",
    Chlo_Tensor, Chlo_Tensor, [SameOperandsAndResultElementType]>;
def Chlo_BroadcastPowOp : Chlo_BroadcastBinaryOp<"broadcast_power",
    Chlo_Tensor, Chlo_Tensor, [SameOperandsAndResultElementType]>;
def Chlo_BroadcastAtan2Op : Chlo_BroadcastBinaryOp<"broadcast_atan2",
    Chlo_FpTensor, Chlo_FpTensor, [SameOperandsAndResultElementType]>;
def Chlo_BroadcastAndOp : Chlo_BroadcastBinaryOp<"broadcast_and",
    Chlo_IntTensor, Chlo_IntTensor, [SameOperandsAndResultElementType]>;
def Chlo_BroadcastOrOp : Chlo_BroadcastBinaryOp<"broadcast_or",
    Chlo_IntTensor, Chlo_IntTensor, [SameOperandsAndResultElementType]>;
def Chlo_BroadcastXorOp : Chlo_BroadcastBinaryOp<"broadcast_xor",
    Chlo_IntTensor, Chlo_IntTensor, [SameOperandsAndResultElementType]>;
def Chlo_BroadcastShiftLeftOp : Chlo_BroadcastBinaryOp<"broadcast_shift_left",
    Chlo_IntTensor, Chlo_IntTensor, [SameOperandsAndResultElementType]>;
def Chlo_BroadcastShiftRightArithmeticOp : Chlo_BroadcastBinaryOp<
    "broadcast_shift_right_arithmetic", Chlo_IntTensor, Chlo_IntTensor,
    [SameOperandsAndResultElementType]>;
def Chlo_BroadcastShiftRightLogicalOp : Chlo_BroadcastBinaryOp<
    "broadcast_shift_right_logical", Chlo_IntTensor, Chlo_IntTensor,
    [SameOperandsAndResultElementType]>;
def Chlo_BroadcastNextAfterOp : Chlo_BroadcastBinaryOp<"broadcast_next_after",
    Chlo_FpTensor, Chlo_FpTensor, [SameOperandsAndResultElementType]>;
def Chlo_BroadcastPolygammaOp : Chlo_BroadcastBinaryOp<"broadcast_polygamma",
    Chlo_FpTensor, Chlo_FpTensor, [SameOperandsAndResultElementType]>;
def Chlo_BroadcastZetaOp : Chlo_BroadcastBinaryOp<"broadcast_zeta",
    Chlo_FpTensor, Chlo_FpTensor, [SameOperandsAndResultElementType]>;
def Chlo_BroadcastComplexOp : Chlo_BroadcastBinaryOp<"broadcast_complex",
    Chlo_FpTensor, RankedTensorOf<[AnyComplex]>, [SameOperandsElementType]>;

def Chlo_BroadcastCompareOp : Chlo_Op<"broadcast_compare",
    [Pure, SameOperandsElementType]> {
  let arguments = (ins Chlo_Tensor:$lhs, Chlo_Tensor:$rhs,
                   OptionalAttr<HLO_DimsAttr>:$broadcast_dimensions,
                   Chlo_ComparisonDirectionAttr:$comparison_direction,
                   OptionalAttr<Chlo_ComparisonTypeAttr>:$compare_type);
  let results = (outs Chlo_PredTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// Every operand is broadcast numpy-style to the result's shape.
def Chlo_BroadcastSelectOp : Chlo_Op<"broadcast_select", [Pure]> {
  let arguments = (ins Chlo_PredTensor:$pred, Chlo_Tensor:$on_true,
                   Chlo_Tensor:$on_false);
  let results = (outs Chlo_Tensor:$result);
  let assemblyFormat = [{
    $pred `,` $on_true `,` $on_false attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Constants, top_k and ragged_dot
//===----------------------------------------------------------------------===//

def Chlo_ConstantOp : Chlo_Op<"constant",
    [ConstantLike, Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Chlo_Tensor:$output);
  let assemblyFormat = "attr-dict $value";
}

// A tensor of the operand's shape filled with one scalar; printed generic.
def Chlo_ConstantLikeOp : Chlo_Op<"constant_like",
    [Pure, SameOperandsAndResultShape]> {
  let arguments = (ins TypedAttrInterface:$value, Chlo_Tensor:$operand);
  let results = (outs Chlo_Tensor:$result);
  let hasVerifier = 1;
}

// The k largest entries of each row (the last dimension), largest first,
// equal values in index order, with their indices.
def Chlo_TopKOp : Chlo_Op<"top_k", [Pure]> {
  let arguments = (ins Chlo_Tensor:$operand,
                   ConfinedAttr<I64Attr, [IntNonNegative]>:$k);
  let results = (outs Chlo_Tensor:$values,
                      RankedTensorOf<[AnySignlessInteger]>:$indices);
  let assemblyFormat = [{
    `(` $operand `,` `k` `=` $k `)` attr-dict `:`
    type($operand) `->` `(` type($values) `,` type($indices) `)`
  }];
  let hasVerifier = 1;
}

// A dot whose lhs rows (or contracting or batch entries) come in groups of
// the sizes `group_sizes` gives, each group multiplied with its own rhs;
// printed generic.
def Chlo_RaggedDotOp : Chlo_Op<"ragged_dot", [Pure]> {
  let arguments = (ins Chlo_Tensor:$lhs, Chlo_Tensor:$rhs,
                   Chlo_IntTensor:$group_sizes,
                   Chlo_RaggedDotDimensionNumbersAttr:
                     $ragged_dot_dimension_numbers,
                   OptionalAttr<Chlo_PrecisionConfigAttr>:$precision_config);
  let results = (outs Chlo_Tensor:$result);
}

#endif // DISC_DIALECT_HLO_CHLOOPS_TD
