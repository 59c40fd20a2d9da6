//===- HloCommon.h - Syntax helpers shared by stablehlo and mhlo -*- C++
//-*-===//
//
// The parts of the HLO pretty syntax that do not depend on which dialect's
// attribute classes are in play. Both dialects' generated parsers and printers
// reach these through using-declarations in their own namespace.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_HLO_HLOCOMMON_H
#define DISC_DIALECT_HLO_HLOCOMMON_H

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/InliningUtils.h"

namespace mlir::hlo {

/// `: T` when every operand and the result share T, else `: (Ts) -> R`.
ParseResult parseSameOperandsAndResultTypeImpl(OpAsmParser &parser,
                                               ArrayRef<Type *> types);
void printSameOperandsAndResultTypeImpl(OpAsmPrinter &printer,
                                        ArrayRef<Type> types);

template <typename... TypeRefs>
ParseResult parseSameOperandsAndResultType(OpAsmParser &parser,
                                           TypeRefs &...types) {
  Type *refs[] = {&types...};
  return parseSameOperandsAndResultTypeImpl(parser, refs);
}

template <typename... Types>
void printSameOperandsAndResultType(OpAsmPrinter &printer, Operation *,
                                    Types... types) {
  Type all[] = {Type(types)...};
  printSameOperandsAndResultTypeImpl(printer, all);
}

/// complex's `: tensor<...xcomplex<T>>`, its operands the tensors of T of
/// the same shape, or `: (L, R) -> C`.
ParseResult parseComplexOpType(OpAsmParser &parser, Type &lhs, Type &rhs,
                               Type &result);
void printComplexOpType(OpAsmPrinter &printer, Operation *, Type lhs, Type rhs,
                        Type result);

/// select's `: pred_type, value_type` or `: (P, T, T) -> T`.
ParseResult parseSelectOpType(OpAsmParser &parser, Type &pred, Type &onTrue,
                              Type &onFalse, Type &result);
void printSelectOpType(OpAsmPrinter &printer, Operation *, Type pred,
                       Type onTrue, Type onFalse, Type result);

/// Operand and result lists of equal types: `: T1, T2`.
ParseResult parsePairwiseOpType(OpAsmParser &parser,
                                SmallVectorImpl<Type> &operandTypes,
                                SmallVectorImpl<Type> &resultTypes);
void printPairwiseOpType(OpAsmPrinter &printer, Operation *,
                         TypeRange operandTypes, TypeRange resultTypes);

/// tuple's `: tuple<T1, T2>`, the operand types being the elements'.
ParseResult parseTupleOpType(OpAsmParser &parser,
                             SmallVectorImpl<Type> &operandTypes,
                             Type &resultType);
void printTupleOpType(OpAsmPrinter &printer, Operation *,
                      TypeRange operandTypes, Type resultType);

/// The values of a dimension list in either spelling (`array<i64: ..>` or
/// `dense<..> : tensor<Nxi64>`); empty for a null attribute.
SmallVector<int64_t> getI64Values(Attribute attr);

/// A dimension list in either spelling as the (context-owned) array attribute.
DenseI64ArrayAttr getI64ArrayAttr(Attribute attr);

/// `[1, 2]` into a dimension-list attribute of either dialect.
ParseResult parseDimsImpl(OpAsmParser &parser, DenseI64ArrayAttr &dims);
template <typename AttrT>
ParseResult parseDims(OpAsmParser &parser, AttrT &dims) {
  DenseI64ArrayAttr parsed;
  if (parseDimsImpl(parser, parsed))
    return failure();
  dims = parsed;
  return success();
}
void printDims(OpAsmPrinter &printer, Operation *, Attribute dims);

/// `[start:limit(:stride)?, ...]`, the slice syntax JAX prints.
ParseResult parseSliceRangesImpl(OpAsmParser &parser, DenseI64ArrayAttr &start,
                                 DenseI64ArrayAttr &limit,
                                 DenseI64ArrayAttr &strides);
template <typename AttrT>
ParseResult parseSliceRanges(OpAsmParser &parser, AttrT &start, AttrT &limit,
                             AttrT &strides) {
  DenseI64ArrayAttr parsedStart, parsedLimit, parsedStrides;
  if (parseSliceRangesImpl(parser, parsedStart, parsedLimit, parsedStrides))
    return failure();
  start = parsedStart;
  limit = parsedLimit;
  strides = parsedStrides;
  return success();
}
void printSliceRanges(OpAsmPrinter &printer, Operation *, Attribute start,
                      Attribute limit, Attribute strides);

/// `%a, %b, ` before a keyword (concatenate's `dim`, dynamic_slice's `sizes`).
ParseResult parseOperandsWithTrailingComma(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands);
void printOperandsWithTrailingComma(OpAsmPrinter &printer, Operation *,
                                    OperandRange operands);

/// custom_call's `@target`.
ParseResult parseCustomCallTarget(OpAsmParser &parser, StringAttr &target);
void printCustomCallTarget(OpAsmPrinter &printer, Operation *,
                           StringAttr target);

/// reduce_precision's `eXmY`: X exponent bits and Y mantissa bits.
ParseResult parseExponentMantissa(OpAsmParser &parser, IntegerAttr &exponent,
                                  IntegerAttr &mantissa);
void printExponentMantissa(OpAsmPrinter &printer, Operation *,
                           IntegerAttr exponent, IntegerAttr mantissa);

/// convolution's `stride = [..], pad = [[l, h], ..], lhs_dilate = [..],
/// rhs_dilate = [..], reverse = [..]`, every entry optional.
ParseResult parseWindowAttributesImpl(OpAsmParser &parser,
                                      DenseI64ArrayAttr &windowStrides,
                                      DenseIntElementsAttr &padding,
                                      DenseI64ArrayAttr &lhsDilation,
                                      DenseI64ArrayAttr &rhsDilation,
                                      DenseBoolArrayAttr &windowReversal);
template <typename AttrT>
ParseResult parseWindowAttributes(OpAsmParser &parser, AttrT &windowStrides,
                                  DenseIntElementsAttr &padding,
                                  AttrT &lhsDilation, AttrT &rhsDilation,
                                  DenseBoolArrayAttr &windowReversal) {
  DenseI64ArrayAttr strides, lhs, rhs;
  if (parseWindowAttributesImpl(parser, strides, padding, lhs, rhs,
                                windowReversal))
    return failure();
  windowStrides = strides;
  lhsDilation = lhs;
  rhsDilation = rhs;
  return success();
}
void printWindowAttributes(OpAsmPrinter &printer, Operation *,
                           Attribute windowStrides,
                           DenseIntElementsAttr padding, Attribute lhsDilation,
                           Attribute rhsDilation,
                           DenseBoolArrayAttr windowReversal);

/// `[1, 2]`.
ParseResult parseDimList(AsmParser &parser, SmallVectorImpl<int64_t> &dims);
void printDimList(AsmPrinter &printer, ArrayRef<int64_t> dims);

/// A `name = [..]` or `name = N` entry of a dimension-numbers attribute.
struct DimsField {
  StringRef name;
  bool isScalar = false;
  SmallVector<int64_t> values;
};

/// `<name = [..], name = N, ...>`: entries in any order, lists may be left
/// out (empty), scalars too (0).
ParseResult parseDimsStruct(AsmParser &parser,
                            MutableArrayRef<DimsField> fields);
void printDimsStruct(AsmPrinter &printer, ArrayRef<DimsField> fields);

/// The roles of a convolution's dimensions, as in `[b, 0, 1, f]`.
struct ConvDims {
  int64_t inputBatch = -1, inputFeature = -1;
  SmallVector<int64_t> inputSpatial;
  int64_t kernelInputFeature = -1, kernelOutputFeature = -1;
  SmallVector<int64_t> kernelSpatial;
  int64_t outputBatch = -1, outputFeature = -1;
  SmallVector<int64_t> outputSpatial;
};

/// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`.
ParseResult parseConvDims(AsmParser &parser, ConvDims &dims);
void printConvDims(AsmPrinter &printer, const ConvDims &dims);

/// dot_general's `batching_dims = [..] x [..], contracting_dims = [..] x [..]`
/// (the batching part optional).
ParseResult parseDotDims(AsmParser &parser, SmallVectorImpl<int64_t> &lhsBatch,
                         SmallVectorImpl<int64_t> &rhsBatch,
                         SmallVectorImpl<int64_t> &lhsContract,
                         SmallVectorImpl<int64_t> &rhsContract);
void printDotDims(AsmPrinter &printer, ArrayRef<int64_t> lhsBatch,
                  ArrayRef<int64_t> rhsBatch, ArrayRef<int64_t> lhsContract,
                  ArrayRef<int64_t> rhsContract);

/// reduce's `(%x init: %c), ... applies OP across dimensions = [..]` and the
/// `reducer(%a: T, %b: T) {...}` region form.
ParseResult parseReduceOp(OpAsmParser &parser, OperationState &result);
void printReduceOp(OpAsmPrinter &printer, Operation *op,
                   ArrayRef<int64_t> dimensions);

/// while's `(%iterArg = %init, ...) : T, ... cond {..} do {..}`.
ParseResult parseWhileOp(OpAsmParser &parser, OperationState &result);
void printWhileOp(OpAsmPrinter &printer, Operation *op);

/// True when the types are tensors whose shapes agree where both are known.
bool isCompatibleShape(Type lhs, Type rhs);

/// The integer type a quantized element is stored in, as StableHLO spells it
/// (`i8` for signed storage, `ui8` for unsigned); any other type is returned
/// as it is.
Type getStorageElementTypeOrSelf(Type elementType);

/// True when two element types may stand where the spec asks for one: equal
/// types, or quantized types of one storage type, storage range and
/// expressed type, each with its own scales and zero points.
bool isCompatibleElementType(Type lhs, Type rhs);

/// The check of the Compatible*ElementType traits: every operand's element
/// type, and every result's too when `withResults`, compatible with the
/// first operand's.
LogicalResult verifyCompatibleElementTypes(Operation *op, bool withResults);

namespace OpTrait {
/// SameOperandsAndResultElementType, but quantized operands and results may
/// differ in their scales and zero points (isCompatibleElementType).
template <typename ConcreteType>
class CompatibleOperandsAndResultElementType
    : public mlir::OpTrait::TraitBase<ConcreteType,
                                      CompatibleOperandsAndResultElementType> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifyCompatibleElementTypes(op, /*withResults=*/true);
  }
};

/// SameOperandsElementType with the same allowance.
template <typename ConcreteType>
class CompatibleOperandsElementType
    : public mlir::OpTrait::TraitBase<ConcreteType,
                                      CompatibleOperandsElementType> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifyCompatibleElementTypes(op, /*withResults=*/false);
  }
};
} // namespace OpTrait

/// HLO ops are values without hidden state, so a call to a function made of
/// them may always be replaced by its body: JAX outlines helpers (relu,
/// softmax parts) into private functions that the input phase inlines.
struct HloInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const final {
    return true;
  }
  bool isLegalToInline(Region *dest, Region *src, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
};

} // namespace mlir::hlo

#endif // DISC_DIALECT_HLO_HLOCOMMON_H
