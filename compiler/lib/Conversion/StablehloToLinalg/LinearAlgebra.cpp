//===- LinearAlgebra.cpp - triangular_solve and cholesky to linalg --------===//
//
// Both ops are sequential along the matrix dimension they solve for and
// independent across batches and right-hand-side columns. They are blocked
// as LAPACK's routines are: an scf.for over blocks of 32 rows (columns for
// cholesky) whose bulk is one matrix product with what earlier blocks solved
// (a library call or the tiled product on the CPU), and the rest a row by row
// (column by column) scf.for inside the block whose body is linalg: a
// reduction over the rows already known, parallel over the batch dimensions
// and the columns, which the CPU pipeline tiles, vectorizes and parallelizes
// like any other linalg op.
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "Utils.h"
#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/ScopedPrinter.h"

using namespace mlir;

namespace {

// Slices of [batch..., rows, cols] tensors: the full batch dimensions, then
// the given offsets and sizes of the two matrix dimensions. `keepRows` and
// `keepCols` say whether the slice keeps a matrix dimension; one it drops
// must have size 1.
struct MatrixSlicer {
  OpBuilder &b;
  Location loc;
  SmallVector<OpFoldResult> batchSizes;

  Value slice(Value source, OpFoldResult rowOffset, OpFoldResult rows,
              OpFoldResult colOffset, OpFoldResult cols, bool keepRows = true,
              bool keepCols = true) const {
    SmallVector<OpFoldResult> offsets(batchSizes.size(), b.getIndexAttr(0));
    offsets.append({rowOffset, colOffset});
    SmallVector<OpFoldResult> sizes = batchSizes;
    sizes.append({rows, cols});
    SmallVector<OpFoldResult> strides(sizes.size(), b.getIndexAttr(1));
    auto sourceType = cast<RankedTensorType>(source.getType());
    SmallVector<int64_t> shape(
        sourceType.getShape().take_front(batchSizes.size()));
    for (auto [size, keep] : {std::pair(rows, keepRows), {cols, keepCols}})
      if (keep)
        shape.push_back(
            getConstantIntValue(size).value_or(ShapedType::kDynamic));
    auto resultType = RankedTensorType::get(shape, sourceType.getElementType());
    return tensor::ExtractSliceOp::create(b, loc, resultType, source, offsets,
                                          sizes, strides);
  }

  Value insert(Value source, Value dest, OpFoldResult rowOffset,
               OpFoldResult rows, OpFoldResult colOffset,
               OpFoldResult cols) const {
    SmallVector<OpFoldResult> offsets(batchSizes.size(), b.getIndexAttr(0));
    offsets.append({rowOffset, colOffset});
    SmallVector<OpFoldResult> sizes = batchSizes;
    sizes.append({rows, cols});
    SmallVector<OpFoldResult> strides(sizes.size(), b.getIndexAttr(1));
    return tensor::InsertSliceOp::create(b, loc, source, dest, offsets, sizes,
                                         strides);
  }
};

// The maps of a linalg.generic over (batch..., p, r): `withP` and `withR`
// select which of the two minor loops a tensor is indexed by, in that order
// after the batch dimensions.
AffineMap minorLoopsMap(MLIRContext *context, unsigned batchRank, bool withP,
                        bool withR) {
  SmallVector<AffineExpr> exprs;
  for (unsigned dim = 0; dim < batchRank; ++dim)
    exprs.push_back(getAffineDimExpr(dim, context));
  if (withP)
    exprs.push_back(getAffineDimExpr(batchRank, context));
  if (withR)
    exprs.push_back(getAffineDimExpr(batchRank + 1, context));
  return AffineMap::get(batchRank + 2, 0, exprs, context);
}

// x * y, x - y and x / y on real or complex scalars.
Value emitMul(OpBuilder &b, Location loc, Value x, Value y) {
  if (isa<ComplexType>(x.getType()))
    return complex::MulOp::create(b, loc, x, y);
  return arith::MulFOp::create(b, loc, x, y);
}

Value emitSub(OpBuilder &b, Location loc, Value x, Value y) {
  if (isa<ComplexType>(x.getType()))
    return complex::SubOp::create(b, loc, x, y);
  return arith::SubFOp::create(b, loc, x, y);
}

Value emitDiv(OpBuilder &b, Location loc, Value x, Value y) {
  if (isa<ComplexType>(x.getType()))
    return complex::DivOp::create(b, loc, x, y);
  return arith::DivFOp::create(b, loc, x, y);
}

// `init` - the sum of `lhs` * `rhs` over one of the minor loops of a
// linalg.generic over (batch..., p, r); the result is indexed by the batch
// and the other minor loop. Reducing over p keeps r innermost, so that rows
// indexed by (p, r) are read contiguously.
Value emitSubtractProducts(OpBuilder &b, Location loc, Value init, Value lhs,
                           AffineMap lhsMap, Value rhs, AffineMap rhsMap,
                           unsigned batchRank, bool reduceOverP) {
  MLIRContext *context = b.getContext();
  SmallVector<utils::IteratorType> iterators(batchRank + 2,
                                             utils::IteratorType::parallel);
  iterators[reduceOverP ? batchRank : batchRank + 1] =
      utils::IteratorType::reduction;
  AffineMap outMap =
      minorLoopsMap(context, batchRank, !reduceOverP, reduceOverP);
  return linalg::GenericOp::create(
             b, loc, init.getType(), ValueRange{lhs, rhs}, ValueRange{init},
             {lhsMap, rhsMap, outMap}, iterators,
             [](OpBuilder &nb, Location l, ValueRange args) {
               Value product = emitMul(nb, l, args[0], args[1]);
               linalg::YieldOp::create(nb, l, emitSub(nb, l, args[2], product));
             })
      .getResult(0);
}

// [batch..., p] elementwise with a [batch...] value per matrix:
// `body(element, perMatrix)`.
Value emitPerMatrixUpdate(
    OpBuilder &b, Location loc, Value vector, Value perMatrix,
    unsigned batchRank,
    function_ref<Value(OpBuilder &, Location, Value, Value)> body) {
  MLIRContext *context = b.getContext();
  auto type = cast<RankedTensorType>(vector.getType());
  AffineMap identity =
      AffineMap::getMultiDimIdentityMap(batchRank + 1, context);
  AffineMap batchOnly =
      disc::getLeadingDimsMap(context, batchRank + 1, batchRank);
  Value init = disc::createEmptyTensor(b, loc, type,
                                       disc::getMixedSizes(b, loc, vector));
  SmallVector<utils::IteratorType> iterators(batchRank + 1,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, type, ValueRange{vector, perMatrix}, ValueRange{init},
             {identity, batchOnly, identity}, iterators,
             [&](OpBuilder &nb, Location l, ValueRange args) {
               linalg::YieldOp::create(nb, l, body(nb, l, args[0], args[1]));
             })
      .getResult(0);
}

SmallVector<int64_t> swapMinorDims(int64_t rank) {
  auto permutation = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  std::swap(permutation[rank - 1], permutation[rank - 2]);
  return permutation;
}

// The rows (columns for cholesky) of one block.
constexpr int64_t kBlockSize = 32;

// [batch..., rows, cols] `lhs` - `rhs`, elementwise.
Value emitDifference(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  auto type = cast<RankedTensorType>(lhs.getType());
  AffineMap identity = b.getMultiDimIdentityMap(type.getRank());
  Value init =
      disc::createEmptyTensor(b, loc, type, disc::getMixedSizes(b, loc, lhs));
  return linalg::GenericOp::create(
             b, loc, type, ValueRange{lhs, rhs}, ValueRange{init},
             {identity, identity, identity},
             SmallVector<utils::IteratorType>(type.getRank(),
                                              utils::IteratorType::parallel),
             [](OpBuilder &nb, Location l, ValueRange args) {
               linalg::YieldOp::create(nb, l, emitSub(nb, l, args[0], args[1]));
             })
      .getResult(0);
}

// The product of [batch..., p, k] (or [batch..., k, p] when
// `lhsTransposed`) and [batch..., k, q] (or [batch..., q, k] when
// `rhsTransposed`): [batch..., p, q]; `opName` names the op in run-time
// size checks.
Value emitBatchProduct(OpBuilder &b, Location loc, Value lhs, Value rhs,
                       bool lhsTransposed, bool rhsTransposed,
                       StringRef opName) {
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  int64_t rank = lhsType.getRank();
  int64_t batchRank = rank - 2;
  disc::ContractionDims dims;
  dims.lhsBatch = llvm::to_vector(llvm::seq<int64_t>(0, batchRank));
  dims.rhsBatch = dims.lhsBatch;
  dims.lhsContracting = {lhsTransposed ? batchRank : batchRank + 1};
  dims.rhsContracting = {rhsTransposed ? batchRank + 1 : batchRank};
  SmallVector<int64_t> shape(lhsType.getShape().take_front(batchRank));
  shape.push_back(lhsType.getDimSize(lhsTransposed ? rank - 1 : rank - 2));
  shape.push_back(rhsType.getDimSize(rhsTransposed ? rank - 2 : rank - 1));
  Type elementType = lhsType.getElementType();
  return disc::emitContraction(
      b, loc, lhs, rhs, elementType, elementType, elementType,
      RankedTensorType::get(shape, elementType), dims, opName);
}

// Solves op(a) x = b for x, row by row: forward substitution when op(a) is
// lower triangular, backward otherwise. Row i of op(a) is row i of `a`, or
// its column i when `transposed`; only the triangle op(a) needs is read.
Value emitLeftSolve(OpBuilder &b, Location loc, Value a, Value rhs,
                    bool transposed, bool forward, bool unitDiagonal) {
  auto type = cast<RankedTensorType>(rhs.getType());
  unsigned batchRank = type.getRank() - 2;
  SmallVector<OpFoldResult> sizes = disc::getMixedSizes(b, loc, rhs);
  MatrixSlicer slicer{b, loc, {sizes.begin(), sizes.end() - 2}};
  OpFoldResult cols = sizes.back();
  Value n = getValueOrCreateConstantIndexOp(b, loc, sizes[batchRank]);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  MLIRContext *context = b.getContext();
  OpFoldResult unit = b.getIndexAttr(1);

  auto loop = scf::ForOp::create(
      b, loc, zero, n, one, ValueRange{rhs},
      [&](OpBuilder &lb, Location l, Value step, ValueRange iterArgs) {
        Value x = iterArgs[0];
        Value row =
            forward ? step
                    : arith::SubIOp::create(
                          lb, l, arith::SubIOp::create(lb, l, n, one), step);
        // The rows of x already solved: [0, row) or (row, n).
        Value known = forward ? row : step;
        Value knownBegin =
            forward ? zero : arith::AddIOp::create(lb, l, row, one);
        MatrixSlicer bodySlicer{lb, l, slicer.batchSizes};
        Value knownRows =
            bodySlicer.slice(x, knownBegin, known, lb.getIndexAttr(0), cols);
        Value coefficients =
            transposed
                ? bodySlicer.slice(a, knownBegin, known, row, unit,
                                   /*keepRows=*/true, /*keepCols=*/false)
                : bodySlicer.slice(a, row, unit, knownBegin, known,
                                   /*keepRows=*/false, /*keepCols=*/true);
        Value rowOfB = bodySlicer.slice(x, row, unit, lb.getIndexAttr(0), cols,
                                        /*keepRows=*/false, /*keepCols=*/true);
        // Over (batch..., known row, column).
        Value solved = emitSubtractProducts(
            lb, l, rowOfB, knownRows,
            minorLoopsMap(context, batchRank, true, true), coefficients,
            minorLoopsMap(context, batchRank, true, false), batchRank,
            /*reduceOverP=*/true);
        if (!unitDiagonal) {
          Value diagonal = bodySlicer.slice(a, row, unit, row, unit,
                                            /*keepRows=*/false,
                                            /*keepCols=*/false);
          solved = emitPerMatrixUpdate(
              lb, l, solved, diagonal, batchRank,
              [](OpBuilder &nb, Location nl, Value element, Value pivot) {
                return emitDiv(nb, nl, element, pivot);
              });
        }
        Value updated =
            bodySlicer.insert(solved, x, row, unit, lb.getIndexAttr(0), cols);
        scf::YieldOp::create(lb, l, updated);
      });
  return loop.getResult(0);
}

// Solves op(a) x = b for x a block of rows at a time, in the order
// emitLeftSolve goes: the block's rows of b less the product of op(a)'s
// coefficients with the rows already known, then solved within the block's
// diagonal triangle.
Value emitBlockedLeftSolve(OpBuilder &b, Location loc, Value a, Value rhs,
                           bool transposed, bool forward, bool unitDiagonal) {
  auto type = cast<RankedTensorType>(rhs.getType());
  unsigned batchRank = type.getRank() - 2;
  SmallVector<OpFoldResult> sizes = disc::getMixedSizes(b, loc, rhs);
  SmallVector<OpFoldResult> batchSizes(sizes.begin(), sizes.end() - 2);
  OpFoldResult cols = sizes.back();
  Value n = getValueOrCreateConstantIndexOp(b, loc, sizes[batchRank]);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value blockSize = arith::ConstantIndexOp::create(b, loc, kBlockSize);

  auto loop = scf::ForOp::create(
      b, loc, zero, n, blockSize, ValueRange{rhs},
      [&](OpBuilder &lb, Location l, Value known, ValueRange iterArgs) {
        Value x = iterArgs[0];
        MatrixSlicer slicer{lb, l, batchSizes};
        Value rows = arith::MinSIOp::create(
            lb, l, blockSize, arith::SubIOp::create(lb, l, n, known));
        // The block is rows [first, first + rows); the rows already known
        // are [0, first) forward and [first + rows, n) backward.
        Value first =
            forward ? known
                    : arith::SubIOp::create(
                          lb, l, arith::SubIOp::create(lb, l, n, known), rows);
        Value knownBegin =
            forward ? zero : arith::AddIOp::create(lb, l, first, rows);
        OpFoldResult col0 = lb.getIndexAttr(0);
        Value coefficients =
            transposed ? slicer.slice(a, knownBegin, known, first, rows)
                       : slicer.slice(a, first, rows, knownBegin, known);
        Value product = emitBatchProduct(
            lb, l, coefficients, slicer.slice(x, knownBegin, known, col0, cols),
            /*lhsTransposed=*/transposed, /*rhsTransposed=*/false,
            "stablehlo.triangular_solve");
        Value block = emitDifference(
            lb, l, slicer.slice(x, first, rows, col0, cols), product);
        Value solved =
            emitLeftSolve(lb, l, slicer.slice(a, first, rows, first, rows),
                          block, transposed, forward, unitDiagonal);
        scf::YieldOp::create(lb, l,
                             slicer.insert(solved, x, first, rows, col0, cols));
      });
  return loop.getResult(0);
}

// The complex conjugate of every element of `tensor`.
Value emitConjugate(OpBuilder &b, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  AffineMap identity = b.getMultiDimIdentityMap(type.getRank());
  Value init = disc::createEmptyTensor(b, loc, type,
                                       disc::getMixedSizes(b, loc, tensor));
  return linalg::GenericOp::create(
             b, loc, type, ValueRange{tensor}, ValueRange{init},
             {identity, identity},
             SmallVector<utils::IteratorType>(type.getRank(),
                                              utils::IteratorType::parallel),
             [](OpBuilder &nb, Location l, ValueRange args) {
               linalg::YieldOp::create(
                   nb, l, complex::ConjOp::create(nb, l, args[0]).getResult());
             })
      .getResult(0);
}

// The real element types are f32 and f64 only; complex<f32> and
// complex<f64> pass too.
std::optional<std::string> checkLinearAlgebra(Operation *op) {
  Type elementType = getElementTypeOrSelf(op->getResult(0).getType());
  if (!isa<ComplexType>(elementType) && !elementType.isF32() &&
      !elementType.isF64())
    return op->getName().getStringRef().str() + " on element type " +
           llvm::to_string(elementType);
  return std::nullopt;
}

struct TriangularSolveLowering
    : disc::StablehloLowering<stablehlo::TriangularSolveOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::TriangularSolveOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value a = adaptor.getA();
    Value rhs = adaptor.getB();
    int64_t rank = cast<RankedTensorType>(rhs.getType()).getRank();
    // ADJOINT is TRANSPOSE of the conjugate, which on real numbers is a.
    bool transposed = op.getTransposeA() != stablehlo::Transpose::NO_TRANSPOSE;
    if (op.getTransposeA() == stablehlo::Transpose::ADJOINT &&
        isa<ComplexType>(getElementTypeOrSelf(a.getType())))
      a = emitConjugate(rewriter, loc, a);
    // x op(a) = b is op(a)^T x^T = b^T.
    if (!op.getLeftSide()) {
      rhs = disc::emitTranspose(rewriter, loc, rhs, swapMinorDims(rank));
      transposed = !transposed;
    }
    bool forward = op.getLower() != transposed;
    Value x = emitBlockedLeftSolve(rewriter, loc, a, rhs, transposed, forward,
                                   op.getUnitDiagonal());
    if (!op.getLeftSide())
      x = disc::emitTranspose(rewriter, loc, x, swapMinorDims(rank));
    rewriter.replaceOp(op, x);
    return success();
  }
};

// `tensor` conjugated when its elements are complex, `tensor` otherwise.
Value emitConjugateIfComplex(OpBuilder &b, Location loc, Value tensor) {
  if (!isa<ComplexType>(getElementTypeOrSelf(tensor.getType())))
    return tensor;
  return emitConjugate(b, loc, tensor);
}

// The pivot l[j, j] of a Cholesky column, the square root of the updated
// diagonal element `pivot`, when `isPivot`, else the column's `element`
// divided by it. A Hermitian matrix's pivots are real: the imaginary part of
// a complex one is rounding (or a non-Hermitian input's, which LAPACK's
// potrf ignores too), so only the real part is read.
Value emitCholeskyColumnElement(OpBuilder &b, Location loc, Value isPivot,
                                Value element, Value pivot) {
  auto complexType = dyn_cast<ComplexType>(element.getType());
  if (!complexType) {
    Value root = math::SqrtOp::create(b, loc, pivot);
    return arith::SelectOp::create(
        b, loc, isPivot, root, arith::DivFOp::create(b, loc, element, root));
  }
  Value root =
      math::SqrtOp::create(b, loc, complex::ReOp::create(b, loc, pivot));
  Value zero = arith::ConstantOp::create(
      b, loc, b.getZeroAttr(complexType.getElementType()));
  Value scaled = complex::CreateOp::create(
      b, loc, complexType,
      arith::DivFOp::create(b, loc, complex::ReOp::create(b, loc, element),
                            root),
      arith::DivFOp::create(b, loc, complex::ImOp::create(b, loc, element),
                            root));
  return arith::SelectOp::create(
      b, loc, isPivot,
      complex::CreateOp::create(b, loc, complexType, root, zero), scaled);
}

// The lower Cholesky factor of the columns of `panel`, [batch..., m, c]
// with m >= c, whose top c rows hold the diagonal block, column by column
// (left-looking): l[j:, j] = panel[j:, j] - l[j:, :j] conj(l[j, :j]), then
// the pivot l[j, j] is its square root and the rest is divided by it. Zeros
// above the diagonal.
Value emitCholeskyPanel(OpBuilder &b, Location loc, Value panel,
                        ArrayRef<OpFoldResult> batchSizes) {
  auto type = cast<RankedTensorType>(panel.getType());
  unsigned batchRank = batchSizes.size();
  SmallVector<OpFoldResult> sizes = disc::getMixedSizes(b, loc, panel);
  Value m = getValueOrCreateConstantIndexOp(b, loc, sizes[batchRank]);
  Value c = getValueOrCreateConstantIndexOp(b, loc, sizes[batchRank + 1]);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Type elementType = type.getElementType();
  Value zeros = disc::createZeroFilledTensor(b, loc, type, sizes);
  MLIRContext *context = b.getContext();
  OpFoldResult unit = b.getIndexAttr(1);

  auto loop = scf::ForOp::create(
      b, loc, zero, c, one, ValueRange{zeros},
      [&](OpBuilder &lb, Location l, Value j, ValueRange iterArgs) {
        Value factor = iterArgs[0];
        MatrixSlicer slicer{lb, l, {batchSizes.begin(), batchSizes.end()}};
        Value remaining = arith::SubIOp::create(lb, l, m, j);
        Value column = slicer.slice(panel, j, remaining, j, unit,
                                    /*keepRows=*/true, /*keepCols=*/false);
        Value rows = slicer.slice(factor, j, remaining, lb.getIndexAttr(0), j);
        Value pivotRow = emitConjugateIfComplex(
            lb, l,
            slicer.slice(factor, j, unit, lb.getIndexAttr(0), j,
                         /*keepRows=*/false, /*keepCols=*/true));
        // Over (batch..., row, finished column).
        Value updated = emitSubtractProducts(
            lb, l, column, rows, minorLoopsMap(context, batchRank, true, true),
            pivotRow, minorLoopsMap(context, batchRank, false, true), batchRank,
            /*reduceOverP=*/false);
        // The pivot is the first element of the updated column.
        SmallVector<OpFoldResult> pivotOffsets(batchRank + 1,
                                               lb.getIndexAttr(0));
        SmallVector<OpFoldResult> pivotSizes = slicer.batchSizes;
        pivotSizes.push_back(unit);
        SmallVector<OpFoldResult> pivotStrides(batchRank + 1, unit);
        auto pivotType = RankedTensorType::get(
            type.getShape().take_front(batchRank), elementType);
        Value pivot = tensor::ExtractSliceOp::create(
            lb, l, pivotType, updated, pivotOffsets, pivotSizes, pivotStrides);
        Value finished = emitPerMatrixUpdate(
            lb, l, updated, pivot, batchRank,
            [&](OpBuilder &nb, Location nl, Value element,
                Value pivotValue) -> Value {
              Value p = linalg::IndexOp::create(nb, nl, batchRank);
              Value isPivot = arith::CmpIOp::create(
                  nb, nl, arith::CmpIPredicate::eq, p,
                  arith::ConstantIndexOp::create(nb, nl, 0));
              return emitCholeskyColumnElement(nb, nl, isPivot, element,
                                               pivotValue);
            });
        scf::YieldOp::create(
            lb, l, slicer.insert(finished, factor, j, remaining, j, unit));
      });
  return loop.getResult(0);
}

// Blocks of columns (left-looking, as LAPACK's potrf): a block's panel,
// its columns from the diagonal down, less the product of the factor's
// rows already known with those of the block's diagonal rows, is factored
// by emitCholeskyPanel. As XLA does, a matrix that is not positive definite
// (a NaN pivot) is all NaN, and the other triangle is zero. The upper factor
// u = l^T of `a` is the lower factor of a^T, whose lower triangle is a's
// upper one.
struct CholeskyLowering : disc::StablehloLowering<stablehlo::CholeskyOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::CholeskyOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value a = adaptor.getA();
    auto type = cast<RankedTensorType>(a.getType());
    int64_t rank = type.getRank();
    unsigned batchRank = rank - 2;
    if (!op.getLower())
      a = disc::emitTranspose(rewriter, loc, a, swapMinorDims(rank));
    SmallVector<OpFoldResult> sizes = disc::getMixedSizes(rewriter, loc, a);
    MatrixSlicer slicer{rewriter, loc, {sizes.begin(), sizes.end() - 2}};
    Value n = getValueOrCreateConstantIndexOp(rewriter, loc, sizes.back());
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value blockSize = arith::ConstantIndexOp::create(rewriter, loc, kBlockSize);
    Type elementType = type.getElementType();
    Value zeros = disc::createZeroFilledTensor(rewriter, loc, type, sizes);
    MLIRContext *context = rewriter.getContext();
    OpFoldResult unit = rewriter.getIndexAttr(1);

    auto loop = scf::ForOp::create(
        rewriter, loc, zero, n, blockSize, ValueRange{zeros},
        [&](OpBuilder &lb, Location l, Value known, ValueRange iterArgs) {
          Value factor = iterArgs[0];
          MatrixSlicer bodySlicer{lb, l, slicer.batchSizes};
          Value remaining = arith::SubIOp::create(lb, l, n, known);
          Value cols = arith::MinSIOp::create(lb, l, blockSize, remaining);
          OpFoldResult col0 = lb.getIndexAttr(0);
          Value product = emitBatchProduct(
              lb, l, bodySlicer.slice(factor, known, remaining, col0, known),
              emitConjugateIfComplex(
                  lb, l, bodySlicer.slice(factor, known, cols, col0, known)),
              /*lhsTransposed=*/false, /*rhsTransposed=*/true,
              "stablehlo.cholesky");
          Value panel = emitDifference(
              lb, l, bodySlicer.slice(a, known, remaining, known, cols),
              product);
          Value finished =
              emitCholeskyPanel(lb, l, panel, bodySlicer.batchSizes);
          scf::YieldOp::create(lb, l,
                               bodySlicer.insert(finished, factor, known,
                                                 remaining, known, cols));
        });
    Value factor = loop.getResult(0);

    // A NaN pivot makes every later pivot NaN, so the last one tells.
    Value last = arith::MaxSIOp::create(
        rewriter, loc, arith::SubIOp::create(rewriter, loc, n, one), zero);
    Value lastPivot = slicer.slice(factor, last, unit, last, unit,
                                   /*keepRows=*/false, /*keepCols=*/false);
    AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
    Value init = disc::createEmptyTensor(rewriter, loc, type, sizes);
    // A complex factor fails as JAX's does: NaN in both parts.
    auto complexType = dyn_cast<ComplexType>(elementType);
    Type partType = complexType ? complexType.getElementType() : elementType;
    FloatAttr nanPart = rewriter.getFloatAttr(
        partType,
        APFloat::getQNaN(cast<FloatType>(partType).getFloatSemantics()));
    Value nan =
        complexType
            ? complex::ConstantOp::create(
                  rewriter, loc, complexType,
                  rewriter.getArrayAttr({nanPart, nanPart}))
                  .getResult()
            : arith::ConstantOp::create(rewriter, loc, nanPart).getResult();
    Value result =
        linalg::GenericOp::create(
            rewriter, loc, type, ValueRange{factor, lastPivot},
            ValueRange{init},
            {identity, disc::getLeadingDimsMap(context, rank, batchRank),
             identity},
            SmallVector<utils::IteratorType>(rank,
                                             utils::IteratorType::parallel),
            [&](OpBuilder &nb, Location l, ValueRange args) {
              Value pivot =
                  complexType ? complex::ReOp::create(nb, l, args[1]) : args[1];
              Value failed = arith::CmpFOp::create(
                  nb, l, arith::CmpFPredicate::UNO, pivot, pivot);
              Value selected =
                  arith::SelectOp::create(nb, l, failed, nan, args[0]);
              linalg::YieldOp::create(nb, l, selected);
            })
            .getResult(0);
    if (!op.getLower())
      result = disc::emitTranspose(rewriter, loc, result, swapMinorDims(rank));
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

std::optional<disc::Preconditions>
mlir::disc::getLinearAlgebraPreconditions(Operation *op) {
  if (!isa<stablehlo::TriangularSolveOp, stablehlo::CholeskyOp>(op))
    return std::nullopt;
  return Preconditions().withComplexElements().withCheck(checkLinearAlgebra);
}

void mlir::disc::populateLinearAlgebraPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<TriangularSolveLowering, CholeskyLowering>(
      converter, patterns.getContext());
}
