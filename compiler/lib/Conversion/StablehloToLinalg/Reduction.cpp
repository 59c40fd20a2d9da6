//===- Reduction.cpp - reduce and reduce_window to linalg.generic ---------===//
//
// A reduce over N operands becomes one linalg.generic with N inputs and N
// outputs (initialized with the init values), reduction iterators on the
// reduced dimensions, and the reduce body rewritten op by op into scalar
// arith/math ops. Any body the scalar emitter understands works, e.g. the
// compare/select pairs of an argmax. The body's float ops may be
// reassociated. A reduce_window is the same over the windows of its padded
// inputs (ReduceWindowLowering), but for the prefix scans that jnp.cumsum,
// cumprod, cummax and cummin print, which become log2(n) elementwise steps
// (ScanLowering) instead of n windows of up to n elements.
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "ScalarOps.h"
#include "Utils.h"
#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace {

/// The spec leaves the order in which reduce combines elements to the
/// implementation; saying so to LLVM (`reassoc`) lets it keep several
/// partial results in vector lanes instead of one chain of dependent adds.
void allowReassociation(Operation *op) {
  auto fastMath = dyn_cast_or_null<arith::ArithFastMathInterface>(op);
  if (!fastMath || !isa<FloatType>(op->getResult(0).getType()))
    return;
  arith::FastMathFlags flags = arith::FastMathFlags::reassoc;
  if (arith::FastMathFlagsAttr current = fastMath.getFastMathFlagsAttr())
    flags = flags | current.getValue();
  op->setAttr(fastMath.getFastMathAttrName(),
              arith::FastMathFlagsAttr::get(op->getContext(), flags));
}

/// Fills the region of `generic` with the reduction body `body`, whose
/// arguments are (accumulators..., elements...): the accumulators are the
/// block arguments of `outputs`, the elements those of as many first
/// inputs, each block argument typed as its operand's elements (an input
/// past those, a window's shape, is not read).
LogicalResult emitReducerBody(ConversionPatternRewriter &rewriter, Location loc,
                              Operation *op, Block &body,
                              linalg::GenericOp generic, ValueRange outputs) {
  SmallVector<Type> argTypes;
  for (Value value : llvm::concat<Value>(generic.getDpsInputs(), outputs))
    argTypes.push_back(getElementTypeOrSelf(value.getType()));
  SmallVector<Location> argLocs(argTypes.size(), loc);
  Block *block = rewriter.createBlock(
      &generic.getRegion(), generic.getRegion().end(), argTypes, argLocs);
  size_t count = outputs.size();
  size_t firstOutput = generic.getNumDpsInputs();
  SmallVector<Value> arguments;
  for (size_t i = 0; i < count; ++i)
    arguments.push_back(block->getArgument(firstOutput + i));
  for (size_t i = 0; i < count; ++i)
    arguments.push_back(block->getArgument(i));
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(block);
  FailureOr<SmallVector<Value>> results =
      disc::emitScalarBlock(rewriter, body, arguments);
  if (failed(results))
    return rewriter.notifyMatchFailure(op, "a body op has no scalar form");
  for (Operation &emitted : *block)
    allowReassociation(&emitted);
  linalg::YieldOp::create(rewriter, loc, *results);
  return success();
}

/// One tensor of each result type and of `sizes`, filled with its init
/// value: what a reduction accumulates into.
SmallVector<Value> createInitializedOutputs(OpBuilder &b, Location loc,
                                            ValueRange inits,
                                            TypeRange resultTypes,
                                            ArrayRef<OpFoldResult> sizes) {
  SmallVector<Value> outputs;
  for (auto [init, type] : llvm::zip_equal(inits, resultTypes))
    outputs.push_back(
        disc::createFilledTensor(b, loc, cast<RankedTensorType>(type), sizes,
                                 disc::extractScalar(b, loc, init)));
  return outputs;
}

struct ReduceLowering : disc::StablehloLowering<stablehlo::ReduceOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::ReduceOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange inputs = adaptor.getInputs();
    ValueRange inits = adaptor.getInitValues();
    size_t count = inputs.size();
    auto inputType = cast<RankedTensorType>(inputs.front().getType());
    int64_t rank = inputType.getRank();
    ArrayRef<int64_t> dimensions = op.getDimensions();

    SmallVector<Type> resultTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");

    SmallVector<OpFoldResult> inputSizes =
        disc::getCheckedSameSizes(rewriter, loc, inputs, "stablehlo.reduce");
    SmallVector<OpFoldResult> resultSizes;
    SmallVector<AffineExpr> resultExprs;
    SmallVector<utils::IteratorType> iterators;
    for (int64_t dim = 0; dim < rank; ++dim) {
      if (llvm::is_contained(dimensions, dim)) {
        iterators.push_back(utils::IteratorType::reduction);
        continue;
      }
      iterators.push_back(utils::IteratorType::parallel);
      resultSizes.push_back(inputSizes[dim]);
      resultExprs.push_back(rewriter.getAffineDimExpr(dim));
    }

    SmallVector<Value> outputs = createInitializedOutputs(
        rewriter, loc, inits, resultTypes, resultSizes);

    AffineMap inputMap = rewriter.getMultiDimIdentityMap(rank);
    AffineMap outputMap =
        AffineMap::get(rank, 0, resultExprs, rewriter.getContext());
    SmallVector<AffineMap> maps(count, inputMap);
    maps.append(count, outputMap);
    auto generic = linalg::GenericOp::create(rewriter, loc, resultTypes, inputs,
                                             outputs, maps, iterators);

    // Block arguments of a linalg.generic are (inputs..., outputs...).
    if (failed(emitReducerBody(rewriter, loc, op, op.getBody().front(), generic,
                               outputs)))
      return failure();
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// reduce_window: each output element reduces a window of the inputs padded
/// with the init values (padding at the edges, base dilation - 1 between
/// elements), the window at output index o reading padded[o * stride +
/// k * window_dilation]. One linalg.generic: a parallel loop per output
/// dim, then a reduction loop per window dim of size above 1, whose sizes
/// come from an empty tensor of the window's shape.
struct ReduceWindowLowering
    : disc::StablehloLowering<stablehlo::ReduceWindowOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::ReduceWindowOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange inputs = adaptor.getInputs();
    ValueRange inits = adaptor.getInitValues();
    int64_t rank = cast<RankedTensorType>(inputs.front().getType()).getRank();
    SmallVector<Type> resultTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");

    ArrayRef<int64_t> window = op.getWindowDimensions();
    SmallVector<int64_t> strides =
        disc::getDimValuesOr(op.getWindowStrides(), rank, 1);
    SmallVector<int64_t> baseDilations =
        disc::getDimValuesOr(op.getBaseDilations(), rank, 1);
    SmallVector<int64_t> windowDilations =
        disc::getDimValuesOr(op.getWindowDilations(), rank, 1);
    SmallVector<int64_t> low, high, interior(rank, 0);
    disc::getPaddingEdges(op.getPadding(), rank, low, high);
    for (int64_t dim = 0; dim < rank; ++dim)
      interior[dim] = baseDilations[dim] - 1;

    SmallVector<Value> padded;
    for (auto [input, init] : llvm::zip_equal(inputs, inits))
      padded.push_back(disc::emitPad(rewriter, loc, input,
                                     disc::extractScalar(rewriter, loc, init),
                                     low, high, interior));
    // Output size: (padded - dilated window) / stride + 1, or 0 where the
    // window does not fit.
    SmallVector<OpFoldResult> paddedSizes =
        disc::getMixedSizes(rewriter, loc, padded.front());
    SmallVector<OpFoldResult> resultSizes;
    auto resultType = cast<RankedTensorType>(resultTypes.front());
    for (int64_t dim = 0; dim < rank; ++dim) {
      if (!resultType.isDynamicDim(dim)) {
        resultSizes.push_back(
            rewriter.getIndexAttr(resultType.getDimSize(dim)));
        continue;
      }
      Value size =
          getValueOrCreateConstantIndexOp(rewriter, loc, paddedSizes[dim]);
      auto constant = [&](int64_t value) {
        return arith::ConstantIndexOp::create(rewriter, loc, value);
      };
      Value extent = constant((window[dim] - 1) * windowDilations[dim] + 1);
      Value beyond = arith::SubIOp::create(rewriter, loc, size, extent);
      Value count = arith::AddIOp::create(
          rewriter, loc,
          arith::DivSIOp::create(rewriter, loc, beyond, constant(strides[dim])),
          constant(1));
      Value fits = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::sge, size, extent);
      resultSizes.push_back(
          arith::SelectOp::create(rewriter, loc, fits, count, constant(0))
              .getResult());
    }
    SmallVector<Value> outputs = createInitializedOutputs(
        rewriter, loc, inits, resultTypes, resultSizes);

    // An empty result reads nothing (and no loop nest could say so: its
    // windows would reach past the input).
    if (llvm::is_contained(resultType.getShape(), 0)) {
      rewriter.replaceOp(op, outputs);
      return success();
    }

    // Loops: the output dims, then the window dims of size above 1.
    SmallVector<int64_t> windowDims, windowShape;
    for (int64_t dim = 0; dim < rank; ++dim)
      if (window[dim] != 1) {
        windowDims.push_back(dim);
        windowShape.push_back(window[dim]);
      }
    int64_t loops = rank + windowDims.size();
    SmallVector<AffineExpr> inputExprs;
    for (int64_t dim = 0; dim < rank; ++dim) {
      AffineExpr index = rewriter.getAffineDimExpr(dim) * strides[dim];
      const int64_t *position = llvm::find(windowDims, dim);
      if (position != windowDims.end())
        index = index + rewriter.getAffineDimExpr(
                            rank + (position - windowDims.begin())) *
                            windowDilations[dim];
      inputExprs.push_back(index);
    }
    SmallVector<AffineExpr> windowExprs;
    for (size_t i = 0; i < windowDims.size(); ++i)
      windowExprs.push_back(rewriter.getAffineDimExpr(rank + i));
    MLIRContext *context = rewriter.getContext();
    AffineMap inputMap = AffineMap::get(loops, 0, inputExprs, context);
    SmallVector<AffineExpr> outputExprs;
    for (int64_t dim = 0; dim < rank; ++dim)
      outputExprs.push_back(rewriter.getAffineDimExpr(dim));
    AffineMap outputMap = AffineMap::get(loops, 0, outputExprs, context);
    SmallVector<Value> genericInputs = padded;
    SmallVector<AffineMap> maps(padded.size(), inputMap);
    if (!windowShape.empty()) {
      Type elementType = getElementTypeOrSelf(padded.front().getType());
      genericInputs.push_back(
          tensor::EmptyOp::create(rewriter, loc, windowShape, elementType));
      maps.push_back(AffineMap::get(loops, 0, windowExprs, context));
    }
    maps.append(outputs.size(), outputMap);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    iterators.append(windowDims.size(), utils::IteratorType::reduction);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultTypes, genericInputs, outputs, maps, iterators);
    if (failed(emitReducerBody(rewriter, loc, op, op.getBody().front(), generic,
                               outputs)))
      return failure();
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// The constant splat scalar `value` holds, looking through the 0-d
/// broadcasts and reshapes JAX wraps init values in; null when none.
Attribute getScalarConstant(Value value) {
  while (Operation *definition = value.getDefiningOp()) {
    if (!isa<stablehlo::BroadcastInDimOp, stablehlo::ReshapeOp>(definition))
      break;
    value = definition->getOperand(0);
  }
  DenseElementsAttr elements;
  if (!matchPattern(value, m_Constant(&elements)) || !elements.isSplat())
    return nullptr;
  return elements.getSplatValue<Attribute>();
}

/// Whether `attr` is the number `number`: integer, float, or complex (the
/// [real, imaginary] pair a complex splat gives) with no imaginary part.
bool isNumber(Attribute attr, int64_t number) {
  if (auto parts = dyn_cast_or_null<ArrayAttr>(attr))
    return parts.size() == 2 && isNumber(parts[0], number) &&
           isNumber(parts[1], 0);
  if (auto integer = dyn_cast_or_null<IntegerAttr>(attr))
    return integer.getValue() == number;
  if (auto floating = dyn_cast_or_null<FloatAttr>(attr))
    return floating.getValue().convertToDouble() == static_cast<double>(number);
  return false;
}

/// A reduce_window that is a prefix scan: one input, and one dimension whose
/// window spans all its n elements, padded by n - 1 init values before it
/// (`reverse`: after it), every other dimension untouched. Output k then
/// reduces elements [0, k] (reverse: [k, n)), with init values, of an
/// associative and commutative body (add, multiply, max, min, and, or) for
/// which body(init, init) == init, so that the padding adds nothing and any
/// order of combining is the spec's.
struct ScanForm {
  int64_t dimension;
  bool reverse;
};

std::optional<ScanForm> matchScan(stablehlo::ReduceWindowOp op) {
  if (op.getInputs().size() != 1)
    return std::nullopt;
  auto type = cast<RankedTensorType>(op.getInputs().front().getType());
  int64_t rank = type.getRank();
  auto ones = [&](std::optional<ArrayRef<int64_t>> values) {
    return llvm::all_of(disc::getDimValuesOr(values, rank, 1),
                        [](int64_t value) { return value == 1; });
  };
  if (!ones(op.getWindowStrides()) || !ones(op.getBaseDilations()) ||
      !ones(op.getWindowDilations()))
    return std::nullopt;
  SmallVector<int64_t> low, high;
  disc::getPaddingEdges(op.getPadding(), rank, low, high);
  std::optional<ScanForm> form;
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t window = op.getWindowDimensions()[dim];
    if (window == 1 && low[dim] == 0 && high[dim] == 0)
      continue;
    int64_t size = type.getDimSize(dim);
    if (form || window != size || size < 2)
      return std::nullopt;
    if (low[dim] == size - 1 && high[dim] == 0)
      form = ScanForm{dim, /*reverse=*/false};
    else if (low[dim] == 0 && high[dim] == size - 1)
      form = ScanForm{dim, /*reverse=*/true};
    else
      return std::nullopt;
  }
  if (!form)
    return std::nullopt;

  Block &body = op.getBody().front();
  if (body.getOperations().size() != 2)
    return std::nullopt;
  Operation &combine = body.front();
  if (combine.getNumOperands() != 2 ||
      !llvm::is_contained(combine.getOperands(), body.getArgument(0)) ||
      !llvm::is_contained(combine.getOperands(), body.getArgument(1)))
    return std::nullopt;
  Attribute init = getScalarConstant(op.getInitValues().front());
  if (isa<stablehlo::MaxOp, stablehlo::MinOp, stablehlo::AndOp,
          stablehlo::OrOp>(combine))
    return form;
  if (isa<stablehlo::AddOp>(combine) && isNumber(init, 0))
    return form;
  if (isa<stablehlo::MulOp>(combine) && isNumber(init, 1))
    return form;
  return std::nullopt;
}

/// A prefix scan (see matchScan), in one of two forms:
///   - sequential (the CPU): one scf.for along the scanned dimension per
///     position of the others, carrying the running value in a register, in
///     an scf.parallel over those positions: O(n), one pass over memory;
///   - log-step (targets that run elementwise kernels, the GPU): a
///     Hillis-Steele scan, first each element combined with init, then for
///     s = 1, 2, 4, ... < n each element k >= s with element k - s
///     (reverse: k < n - s with k + s), one elementwise linalg.generic over
///     the shifted slices per step: O(n log n) work in log2(n) parallel
///     passes.
/// init combined with a value that already holds it changes nothing
/// (matchScan's condition), so the log-step form may combine it in once.
struct ScanLowering : disc::StablehloLowering<stablehlo::ReduceWindowOp> {
  ScanLowering(const TypeConverter &converter, MLIRContext *context,
               bool sequential)
      : StablehloLowering(converter, context, /*benefit=*/2),
        sequential(sequential) {}

  LogicalResult lower(stablehlo::ReduceWindowOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    std::optional<ScanForm> form = matchScan(op);
    if (!form)
      return rewriter.notifyMatchFailure(op, "not a prefix scan");
    Value input = adaptor.getInputs().front();
    Value init = disc::extractScalar(rewriter, op.getLoc(),
                                     adaptor.getInitValues().front());
    Block &body = op.getBody().front();
    FailureOr<Value> scan =
        sequential
            ? emitSequentialScan(rewriter, op.getLoc(), input, init, body,
                                 *form)
            : emitLogStepScan(rewriter, op.getLoc(), input, init, body, *form);
    if (failed(scan))
      return rewriter.notifyMatchFailure(op, "a body op has no scalar form");
    rewriter.replaceOp(op, *scan);
    return success();
  }

private:
  FailureOr<Value> emitSequentialScan(OpBuilder &b, Location loc, Value input,
                                      Value init, Block &body,
                                      ScanForm form) const {
    auto type = cast<RankedTensorType>(input.getType());
    int64_t rank = type.getRank();
    SmallVector<OpFoldResult> sizes = disc::getMixedSizes(b, loc, input);
    auto bufferType = MemRefType::get(type.getShape(), type.getElementType());
    // No tensor op may come between the to_buffer and the loops, which
    // bufferization does not see read it (as in Sort.cpp).
    Value source = bufferization::ToBufferOp::create(b, loc, bufferType, input,
                                                     /*read_only=*/true);
    SmallVector<Value> dynamicSizes;
    for (OpFoldResult size : sizes)
      if (auto value = dyn_cast<Value>(size))
        dynamicSizes.push_back(value);
    Value result = memref::AllocOp::create(b, loc, bufferType, dynamicSizes);
    int64_t length = type.getDimSize(form.dimension);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value last = arith::ConstantIndexOp::create(b, loc, length - 1);
    Value end = arith::ConstantIndexOp::create(b, loc, length);
    bool emitted = true;

    // Scans the row at `position` (the indices of the other dimensions).
    auto scanRow = [&](OpBuilder &rb, Location rl, ValueRange position) {
      scf::ForOp::create(
          rb, rl, zero, end, one, ValueRange{init},
          [&](OpBuilder &fb, Location fl, Value step, ValueRange running) {
            Value index =
                form.reverse ? arith::SubIOp::create(fb, fl, last, step) : step;
            SmallVector<Value> indices(position.begin(), position.end());
            indices.insert(indices.begin() + form.dimension, index);
            Value element =
                memref::LoadOp::create(fb, fl, source, indices).getResult();
            FailureOr<SmallVector<Value>> combined =
                disc::emitScalarBlock(fb, body, {running[0], element});
            if (failed(combined)) {
              emitted = false;
              scf::YieldOp::create(fb, fl, running);
              return;
            }
            memref::StoreOp::create(fb, fl, combined->front(), result, indices);
            scf::YieldOp::create(fb, fl, *combined);
          });
    };
    if (rank == 1) {
      scanRow(b, loc, {});
    } else {
      SmallVector<Value> lowerBounds(rank - 1, zero), steps(rank - 1, one),
          upperBounds;
      for (auto [dim, size] : llvm::enumerate(sizes))
        if (static_cast<int64_t>(dim) != form.dimension)
          upperBounds.push_back(getValueOrCreateConstantIndexOp(b, loc, size));
      scf::ParallelOp::create(
          b, loc, lowerBounds, upperBounds, steps,
          [&](OpBuilder &pb, Location pl, ValueRange position) {
            scanRow(pb, pl, position);
          });
    }
    if (!emitted)
      return failure();
    return bufferization::ToTensorOp::create(b, loc, type, result,
                                             /*restrict=*/true,
                                             /*writable=*/true)
        .getResult();
  }

  FailureOr<Value> emitLogStepScan(OpBuilder &b, Location loc, Value input,
                                   Value init, Block &body,
                                   ScanForm form) const {
    auto type = cast<RankedTensorType>(input.getType());
    int64_t rank = type.getRank();
    int64_t length = type.getDimSize(form.dimension);
    SmallVector<OpFoldResult> sizes = disc::getMixedSizes(b, loc, input);
    AffineMap identity = b.getMultiDimIdentityMap(rank);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    bool emitted = true;
    // `body` applied elementwise to `lhs` (of `rhs`'s shape, or 0-d) and
    // `rhs`.
    auto combine = [&](Value lhs, Value rhs) -> Value {
      auto resultType = cast<RankedTensorType>(rhs.getType());
      AffineMap lhsMap = cast<RankedTensorType>(lhs.getType()).getRank() == 0
                             ? AffineMap::get(rank, 0, {}, b.getContext())
                             : identity;
      Value empty = disc::createEmptyTensor(b, loc, resultType,
                                            disc::getMixedSizes(b, loc, rhs));
      return linalg::GenericOp::create(
                 b, loc, resultType, ValueRange{lhs, rhs}, ValueRange{empty},
                 {lhsMap, identity, identity}, iterators,
                 [&](OpBuilder &gb, Location gl, ValueRange args) {
                   FailureOr<SmallVector<Value>> results =
                       disc::emitScalarBlock(gb, body, args.drop_back());
                   emitted &= succeeded(results);
                   linalg::YieldOp::create(gb, gl,
                                           succeeded(results)
                                               ? ValueRange(*results)
                                               : args.take_back());
                 })
          .getResult(0);
    };
    // The offsets, sizes and strides of `size` elements of the scanned
    // dimension from `offset`, all of the others.
    auto window = [&](int64_t offset, int64_t size) {
      SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
      SmallVector<OpFoldResult> windowSizes = sizes;
      offsets[form.dimension] = b.getIndexAttr(offset);
      windowSizes[form.dimension] = b.getIndexAttr(size);
      return std::make_tuple(
          offsets, windowSizes,
          SmallVector<OpFoldResult>(rank, b.getIndexAttr(1)));
    };

    Value scan =
        combine(tensor::FromElementsOp::create(
                    b, loc, RankedTensorType::get({}, type.getElementType()),
                    ValueRange{init}),
                input);
    for (int64_t shift = 1; shift < length; shift *= 2) {
      auto [earlyOffsets, earlySizes, strides] = window(0, length - shift);
      auto [lateOffsets, lateSizes, lateStrides] =
          window(shift, length - shift);
      Value earlier = tensor::ExtractSliceOp::create(b, loc, scan, earlyOffsets,
                                                     earlySizes, strides);
      Value later = tensor::ExtractSliceOp::create(b, loc, scan, lateOffsets,
                                                   lateSizes, lateStrides);
      // Forward, element k >= shift takes in element k - shift; reverse,
      // element k < length - shift takes in element k + shift.
      scan =
          form.reverse
              ? tensor::InsertSliceOp::create(b, loc, combine(later, earlier),
                                              scan, earlyOffsets, earlySizes,
                                              strides)
              : tensor::InsertSliceOp::create(b, loc, combine(earlier, later),
                                              scan, lateOffsets, lateSizes,
                                              lateStrides);
    }
    if (!emitted)
      return failure();
    return scan;
  }

  bool sequential;
};

} // namespace

std::optional<disc::Preconditions>
mlir::disc::getReductionPreconditions(Operation *op) {
  if (isa<stablehlo::ReduceOp>(op))
    return Preconditions().withComplexElements().withCheck(
        [](Operation *reduce) {
          return checkScalarBody(reduce,
                                 cast<stablehlo::ReduceOp>(reduce).getBody());
        });
  if (isa<stablehlo::ReduceWindowOp>(op))
    return Preconditions().withComplexElements().withCheck(
        [](Operation *reduceWindow) {
          return checkScalarBody(
              reduceWindow,
              cast<stablehlo::ReduceWindowOp>(reduceWindow).getBody());
        });
  return std::nullopt;
}

void mlir::disc::populateReductionPatterns(const TypeConverter &converter,
                                           RewritePatternSet &patterns,
                                           bool sequentialScans) {
  patterns.add<ReduceLowering, ReduceWindowLowering>(converter,
                                                     patterns.getContext());
  patterns.add<ScanLowering>(converter, patterns.getContext(), sequentialScans);
}
