//===- Utils.h - Helpers of the StableHLO to Linalg patterns ----*- C++ -*-===//
//
// The type converter and the helpers the op families share: sizes, empty and
// filled tensors, run-time checks, attribute decoding (Utils.cpp), and the
// emitters of one family that another reuses (a pad, a transpose, a
// contraction), which stay in the file of their family. Private to the
// folder; nothing here needs the scalar emitter (ScalarOps.h).
//
//===----------------------------------------------------------------------===//

#ifndef DISC_LIB_CONVERSION_STABLEHLOTOLINALG_UTILS_H
#define DISC_LIB_CONVERSION_STABLEHLOTOLINALG_UTILS_H

#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/DialectConversion.h"

#include <optional>

namespace mlir {
namespace stablehlo {
class ConvolutionOp;
} // namespace stablehlo

namespace disc {

/// Maps unsigned integer element types (and tensors of them) to signless
/// integers of the same width; every other type is kept.
class StablehloToLinalgTypeConverter : public TypeConverter {
public:
  StablehloToLinalgTypeConverter();
};

/// Returns the signless form of an element type (ui32 -> i32).
Type getSignlessType(Type type);

/// True for unsigned integers and i1, whose extensions and comparisons are
/// unsigned.
bool isUnsignedLike(Type elementType);

/// True for the element types the lowering handles: f16 bf16 f32 f64,
/// complex<f32> and complex<f64>, i1, signless/signed/unsigned integers of
/// width 8..64.
bool isSupportedElementType(Type elementType);

/// The ranked tensor type `type` becomes under `converter`, or null.
RankedTensorType convertedTensorType(const TypeConverter *converter, Type type);

/// Returns the SSA values of the dynamic sizes of `shape`, read with
/// tensor.dim from `source`, which has the same shape.
SmallVector<Value> getDynamicSizes(OpBuilder &b, Location loc, Value source,
                                   RankedTensorType shape);

/// Returns the sizes of `tensor` as OpFoldResults (constants where static).
SmallVector<OpFoldResult> getMixedSizes(OpBuilder &b, Location loc,
                                        Value tensor);

/// Creates a tensor.empty of `type` whose dynamic sizes are taken from `sizes`
/// (one per dimension; static entries are ignored).
Value createEmptyTensor(OpBuilder &b, Location loc, RankedTensorType type,
                        ArrayRef<OpFoldResult> sizes);

/// Emits a run-time check that `operandSize` is 1 or `size`. Nothing is
/// emitted when the operand size is static. Run-time checks are cf.assert
/// ops, which the runtime reports as an error of the run.
void emitBroadcastableCheck(OpBuilder &b, Location loc,
                            OpFoldResult operandSize, OpFoldResult size,
                            const Twine &message);

/// Emits a run-time check that `actual` equals `expected`; nothing when both
/// are constants or the same value.
void emitSizeCheck(OpBuilder &b, Location loc, OpFoldResult actual,
                   OpFoldResult expected, const Twine &message);

/// The sizes of the first of `inputs`, after a run-time check that every
/// other input has the same ones (a variadic op's operands, named by
/// `opName` in the error).
SmallVector<OpFoldResult> getCheckedSameSizes(OpBuilder &b, Location loc,
                                              ValueRange inputs,
                                              StringRef opName);

/// Emits a run-time check that `actual` is at least `minimum`; nothing when
/// both are constants.
void emitMinimumSizeCheck(OpBuilder &b, Location loc, OpFoldResult actual,
                          OpFoldResult minimum, const Twine &message);

/// Emits a run-time check that `condition` (i1) holds.
void emitCheck(OpBuilder &b, Location loc, Value condition,
               const Twine &message);

/// Converts `value` (any integer or index) to index, honouring signedness.
Value castToIndex(OpBuilder &b, Location loc, Value value, bool isUnsigned);

/// Extracts the scalar of a 0-d tensor.
Value extractScalar(OpBuilder &b, Location loc, Value tensor);

/// The `count` values of an optional per-dimension attribute (window
/// strides, dilations, ...), each `fallback` where it is absent or empty.
SmallVector<int64_t> getDimValuesOr(std::optional<ArrayRef<int64_t>> values,
                                    int64_t count, int64_t fallback);

/// The low and high edges of an optional [count, 2] padding attribute
/// (convolution, reduce_window, select_and_scatter); zeros where it is
/// absent.
void getPaddingEdges(std::optional<DenseIntElementsAttr> padding, int64_t count,
                     SmallVectorImpl<int64_t> &low,
                     SmallVectorImpl<int64_t> &high);

/// Returns a tensor of `type` filled with the scalar `value`.
Value createFilledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                         ArrayRef<OpFoldResult> sizes, Value value);

/// The zero of `elementType`: an arith constant, or (0, 0) for a complex
/// type, which arith constants cannot hold.
Value createZero(OpBuilder &b, Location loc, Type elementType);

/// Returns a tensor of `type` filled with zeros (see createZero).
Value createZeroFilledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                             ArrayRef<OpFoldResult> sizes);

/// The iterator types of a linalg.generic whose `rank` loops are all
/// parallel.
SmallVector<utils::IteratorType> getParallelIterators(int64_t rank);

/// The map (d0, ..., d[numDims-1]) -> (d0, ..., d[numResults-1]); unlike
/// AffineMap::getMajorSubMap it is valid for zero results too.
AffineMap getLeadingDimsMap(MLIRContext *context, unsigned numDims,
                            unsigned numResults);

//===----------------------------------------------------------------------===//
// Emitters of one family that others reuse, defined in the family's file
//===----------------------------------------------------------------------===//

/// Pads `input` with `paddingValue` following stablehlo.pad semantics:
/// negative edges cut, interior padding spreads the elements apart.
Value emitPad(OpBuilder &b, Location loc, Value input, Value paddingValue,
              ArrayRef<int64_t> low, ArrayRef<int64_t> high,
              ArrayRef<int64_t> interior);

/// Reverses `input` along `dimensions`.
Value emitReverse(OpBuilder &b, Location loc, Value input,
                  ArrayRef<int64_t> dimensions);

/// Transposes `input`: dimension i of the result is dimension
/// permutation[i] of `input` (stablehlo.transpose semantics), as one
/// linalg.generic copy.
Value emitTranspose(OpBuilder &b, Location loc, Value input,
                    ArrayRef<int64_t> permutation);

/// The input of `op` padded with zeros as its padding and lhs_dilation say
/// (negative padding cuts, lhs dilation is interior padding); `input` itself
/// when there is neither.
Value emitPaddedConvolutionInput(OpBuilder &b, Location loc,
                                 stablehlo::ConvolutionOp op, Value input);

/// The dimensions of a dot_general's operands that are batch or contracted,
/// pairwise.
struct ContractionDims {
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContracting, rhsContracting;
};

/// The dot_general of `lhs` and `rhs` (signless tensors of the given
/// StableHLO element types) as linalg: a named op where the layout has one, a
/// linalg.generic contraction otherwise, into a zero-filled `resultType`
/// (batch, lhs free, rhs free dimensions). Sizes that must agree are
/// checked at run time, the error naming `opName`.
Value emitContraction(OpBuilder &b, Location loc, Value lhs, Value rhs,
                      Type lhsElementType, Type rhsElementType,
                      Type resultElementType, RankedTensorType resultType,
                      const ContractionDims &dims, StringRef opName);

} // namespace disc
} // namespace mlir

#endif // DISC_LIB_CONVERSION_STABLEHLOTOLINALG_UTILS_H
