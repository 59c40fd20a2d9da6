//===- Sort.cpp - stablehlo.sort to a parallel stable merge sort ----------===//
//
// Each row of a sort (its elements along the sort dimension) is sorted by a
// bottom-up merge sort on buffers, all operands moved together:
//
//   - a sort dimension other than the last is first moved last by a
//     transpose (and the results transposed back), so that each row is
//     contiguous; the operands are then flat buffers of rows x n elements;
//   - runs of kInsertionRun elements are sorted by insertion sort as they are
//     copied from the operands;
//   - runs are then merged pairwise, their width doubling each pass, between
//     the result buffers and scratch buffers of the same size; the copy pass
//     writes to whichever of the two makes the last merge land in the
//     results.
//
// Each pass is one scf.parallel over the runs (or pairs of runs) of every
// row, which the CPU pipeline spreads over the cores, so that even a single
// long row is sorted in parallel up to its last merges. The comparator is
// inlined through the scalar emitter. An element is placed before an element
// of an earlier position only when the comparator says it is less, so the
// sort is stable whatever is_stable says. O(n log n) per row.
//
//===----------------------------------------------------------------------===//

#include "disc/Conversion/StablehloToLinalg/Patterns.h"
#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace {

// Runs this short are cheaper to sort by insertion than by merging.
constexpr int64_t kInsertionRun = 16;

/// Emits the loops of the sort of flat row-major buffers of `rows` rows of
/// `length` elements, one buffer per operand.
class MergeSortEmitter {
public:
  MergeSortEmitter(Block &comparator, Value rows, Value length)
      : comparator(comparator), rows(rows), length(length) {}

  /// Sorts the rows of `inputs` into `results`, using `scratch` (buffers of
  /// the same sizes) between passes.
  void emitSort(OpBuilder &b, Location loc, ValueRange inputs,
                ValueRange results, ValueRange scratch) {
    Value run = constant(b, loc, kInsertionRun);
    Value two = constant(b, loc, 2);
    Type i1 = b.getI1Type();
    Value yes = arith::ConstantIntOp::create(b, loc, 1, 1);
    Value no = arith::ConstantIntOp::create(b, loc, 0, 1);

    // Loops over (run width, flag) while the width is below the length.
    auto whileWidthBelowLength = [&](OpBuilder &wb, Location wl,
                                     ValueRange state) {
      Value more = arith::CmpIOp::create(wb, wl, arith::CmpIPredicate::slt,
                                         state[0], length);
      scf::ConditionOp::create(wb, wl, more, state);
    };
    // Whether the number of merge passes is odd: then the copy pass writes
    // to the scratch buffers.
    auto countPasses = scf::WhileOp::create(
        b, loc, TypeRange{b.getIndexType(), i1}, ValueRange{run, no},
        whileWidthBelowLength,
        [&](OpBuilder &wb, Location wl, ValueRange state) {
          scf::YieldOp::create(
              wb, wl,
              ValueRange{arith::MulIOp::create(wb, wl, state[0], two),
                         arith::XOrIOp::create(wb, wl, state[1], yes)});
        });
    Value oddPasses = countPasses.getResult(1);
    Value firstInResults = arith::XOrIOp::create(b, loc, oddPasses, yes);

    emitEither(b, loc, firstInResults,
               [&](OpBuilder &ib, Location il, bool toResults) {
                 emitInsertionPass(ib, il, inputs,
                                   toResults ? results : scratch);
               });

    scf::WhileOp::create(
        b, loc, TypeRange{b.getIndexType(), i1},
        ValueRange{run, firstInResults}, whileWidthBelowLength,
        [&](OpBuilder &wb, Location wl, ValueRange state) {
          Value width = state[0], inResults = state[1];
          emitEither(wb, wl, inResults,
                     [&](OpBuilder &ib, Location il, bool fromResults) {
                       emitMergePass(ib, il, width,
                                     fromResults ? results : scratch,
                                     fromResults ? scratch : results);
                     });
          scf::YieldOp::create(
              wb, wl,
              ValueRange{arith::MulIOp::create(wb, wl, width, two),
                         arith::XOrIOp::create(wb, wl, inResults, yes)});
        });
  }

  /// Whether every comparator op had a scalar form.
  LogicalResult status() const { return emitted; }

private:
  static Value constant(OpBuilder &b, Location loc, int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }

  /// An scf.if on `condition` whose branches `emit` builds, told which
  /// branch it builds: the passes run between buffers chosen at run time.
  static void emitEither(OpBuilder &b, Location loc, Value condition,
                         function_ref<void(OpBuilder &, Location, bool)> emit) {
    scf::IfOp::create(
        b, loc, condition,
        [&](OpBuilder &tb, Location tl) {
          emit(tb, tl, true);
          scf::YieldOp::create(tb, tl);
        },
        [&](OpBuilder &eb, Location el) {
          emit(eb, el, false);
          scf::YieldOp::create(eb, el);
        });
  }

  /// Whether the element `lhs` (one value per operand) sorts before `rhs`.
  Value emitLess(OpBuilder &b, Location loc, ValueRange lhs, ValueRange rhs) {
    SmallVector<Value> arguments;
    for (auto [left, right] : llvm::zip_equal(lhs, rhs)) {
      arguments.push_back(left);
      arguments.push_back(right);
    }
    FailureOr<SmallVector<Value>> less =
        disc::emitScalarBlock(b, comparator, arguments);
    if (failed(less)) {
      emitted = failure();
      return arith::ConstantIntOp::create(b, loc, 0, 1);
    }
    return less->front();
  }

  static SmallVector<Value> load(OpBuilder &b, Location loc, ValueRange buffers,
                                 Value index) {
    SmallVector<Value> values;
    for (Value buffer : buffers)
      values.push_back(memref::LoadOp::create(b, loc, buffer, index));
    return values;
  }

  static void store(OpBuilder &b, Location loc, ValueRange values,
                    ValueRange buffers, Value index) {
    for (auto [value, buffer] : llvm::zip_equal(values, buffers))
      memref::StoreOp::create(b, loc, value, buffer, index);
  }

  /// One parallel loop over the `span`-element pieces of every row; `body`
  /// gets the first index of the piece and the end of its row.
  void
  emitPerPiece(OpBuilder &b, Location loc, Value span,
               function_ref<void(OpBuilder &, Location, Value, Value)> body) {
    Value piecesPerRow = arith::DivUIOp::create(
        b, loc,
        arith::SubIOp::create(b, loc,
                              arith::AddIOp::create(b, loc, length, span),
                              constant(b, loc, 1)),
        span);
    Value count = arith::MulIOp::create(b, loc, rows, piecesPerRow);
    scf::ParallelOp::create(
        b, loc, ValueRange{constant(b, loc, 0)}, ValueRange{count},
        ValueRange{constant(b, loc, 1)},
        [&](OpBuilder &pb, Location pl, ValueRange ivs) {
          Value row = arith::DivUIOp::create(pb, pl, ivs[0], piecesPerRow);
          Value piece = arith::RemUIOp::create(pb, pl, ivs[0], piecesPerRow);
          Value rowStart = arith::MulIOp::create(pb, pl, row, length);
          Value start = arith::AddIOp::create(
              pb, pl, rowStart, arith::MulIOp::create(pb, pl, piece, span));
          Value rowEnd = arith::AddIOp::create(pb, pl, rowStart, length);
          body(pb, pl, start, rowEnd);
        });
  }

  /// Copies each run of kInsertionRun elements from `inputs` to `outputs`,
  /// inserting each element after the ones before it that it is not less
  /// than.
  void emitInsertionPass(OpBuilder &b, Location loc, ValueRange inputs,
                         ValueRange outputs) {
    Value span = constant(b, loc, kInsertionRun);
    SmallVector<Type> stateTypes = {b.getIndexType()};
    for (Value input : inputs)
      stateTypes.push_back(cast<MemRefType>(input.getType()).getElementType());
    emitPerPiece(
        b, loc, span, [&](OpBuilder &pb, Location pl, Value lo, Value rowEnd) {
          Value hi = arith::MinUIOp::create(
              pb, pl, arith::AddIOp::create(pb, pl, lo, span), rowEnd);
          scf::ForOp::create(
              pb, pl, lo, hi, constant(pb, pl, 1), ValueRange{},
              [&](OpBuilder &fb, Location fl, Value position, ValueRange) {
                SmallVector<Value> element = load(fb, fl, inputs, position);
                // Shifts the sorted elements before `position` that `element`
                // is less than one place up; yields where `element` goes.
                auto shift = scf::WhileOp::create(
                    fb, fl, stateTypes, ValueRange{position},
                    [&](OpBuilder &wb, Location wl, ValueRange state) {
                      Value at = state[0];
                      Value previous = arith::MaxUIOp::create(
                          wb, wl,
                          arith::SubIOp::create(wb, wl, at,
                                                constant(wb, wl, 1)),
                          lo);
                      SmallVector<Value> before =
                          load(wb, wl, outputs, previous);
                      Value more = arith::AndIOp::create(
                          wb, wl,
                          arith::CmpIOp::create(
                              wb, wl, arith::CmpIPredicate::ugt, at, lo),
                          emitLess(wb, wl, element, before));
                      SmallVector<Value> forwarded = {at};
                      forwarded.append(before);
                      scf::ConditionOp::create(wb, wl, more, forwarded);
                    },
                    [&](OpBuilder &wb, Location wl, ValueRange state) {
                      Value at = state[0];
                      store(wb, wl, state.drop_front(), outputs, at);
                      scf::YieldOp::create(
                          wb, wl,
                          ValueRange{arith::SubIOp::create(
                              wb, wl, at, constant(wb, wl, 1))});
                    });
                store(fb, fl, element, outputs, shift.getResult(0));
                scf::YieldOp::create(fb, fl);
              });
        });
  }

  /// Merges each pair of sorted runs of `width` elements of `sources` into
  /// `destinations` from both ends at once: each step places the least
  /// remaining element at the front and the greatest at the back, two
  /// chains of loads and comparisons that overlap. An end takes from a run
  /// only while the run holds elements the other end has not taken, so
  /// every element is placed exactly once whatever the comparator says. On
  /// a tie the front takes the left element and the back the right one:
  /// stable. Heads are read clamped into their runs so that the choices are
  /// selects rather than branches.
  void emitMergePass(OpBuilder &b, Location loc, Value width,
                     ValueRange sources, ValueRange destinations) {
    Value span = arith::MulIOp::create(b, loc, width, constant(b, loc, 2));
    emitPerPiece(
        b, loc, span, [&](OpBuilder &pb, Location pl, Value lo, Value rowEnd) {
          Value mid = arith::MinUIOp::create(
              pb, pl, arith::AddIOp::create(pb, pl, lo, width), rowEnd);
          Value hi = arith::MinUIOp::create(
              pb, pl, arith::AddIOp::create(pb, pl, lo, span), rowEnd);
          Value one = constant(pb, pl, 1);
          Value yes = arith::ConstantIntOp::create(pb, pl, 1, 1);
          Value leftLast = arith::SubIOp::create(pb, pl, mid, one);
          Value rightLast = arith::SubIOp::create(pb, pl, hi, one);
          Value count = arith::SubIOp::create(pb, pl, hi, lo);
          Value steps = arith::ShRUIOp::create(pb, pl, count, one);
          // The element at `at`, moved into [first, last] (an empty right run
          // reads the left run's last element, which it never takes).
          auto loadClamped = [&](OpBuilder &lb, Location ll, Value at,
                                 Value first, Value last) {
            Value inside = arith::MinSIOp::create(
                lb, ll, arith::MaxSIOp::create(lb, ll, at, first), last);
            return load(lb, ll, sources, inside);
          };
          auto select = [&](OpBuilder &sb, Location sl, Value condition,
                            ValueRange whenTrue, ValueRange whenFalse) {
            SmallVector<Value> chosen;
            for (auto [t, f] : llvm::zip_equal(whenTrue, whenFalse))
              chosen.push_back(
                  arith::SelectOp::create(sb, sl, condition, t, f));
            return chosen;
          };
          auto step = [&](OpBuilder &sb, Location sl, Value take, Value at,
                          Value by) {
            return arith::SelectOp::create(
                sb, sl, take, arith::AddIOp::create(sb, sl, at, by), at);
          };
          auto merge = scf::ForOp::create(
              pb, pl, constant(pb, pl, 0), steps, one,
              ValueRange{lo, leftLast, mid, rightLast},
              [&](OpBuilder &fb, Location fl, Value done, ValueRange ends) {
                Value left = ends[0], leftBack = ends[1];
                Value right = ends[2], rightBack = ends[3];
                Value minusOne = constant(fb, fl, -1);
                SmallVector<Value> leftHead =
                    loadClamped(fb, fl, left, lo, leftLast);
                SmallVector<Value> rightHead =
                    loadClamped(fb, fl, right, mid, rightLast);
                SmallVector<Value> leftTail =
                    loadClamped(fb, fl, leftBack, lo, leftLast);
                SmallVector<Value> rightTail =
                    loadClamped(fb, fl, rightBack, mid, rightLast);

                Value leftHas = arith::CmpIOp::create(
                    fb, fl, arith::CmpIPredicate::sle, left, leftBack);
                Value rightHas = arith::CmpIOp::create(
                    fb, fl, arith::CmpIPredicate::sle, right, rightBack);
                Value takeRight = arith::AndIOp::create(
                    fb, fl, rightHas,
                    arith::OrIOp::create(
                        fb, fl, arith::XOrIOp::create(fb, fl, leftHas, yes),
                        emitLess(fb, fl, rightHead, leftHead)));
                store(fb, fl, select(fb, fl, takeRight, rightHead, leftHead),
                      destinations, arith::AddIOp::create(fb, fl, lo, done));
                Value takeLeft = arith::XOrIOp::create(fb, fl, takeRight, yes);
                Value nextLeft = step(fb, fl, takeLeft, left, one);
                Value nextRight = step(fb, fl, takeRight, right, one);

                leftHas = arith::CmpIOp::create(
                    fb, fl, arith::CmpIPredicate::sle, nextLeft, leftBack);
                rightHas = arith::CmpIOp::create(
                    fb, fl, arith::CmpIPredicate::sle, nextRight, rightBack);
                Value takeLeftTail = arith::AndIOp::create(
                    fb, fl, leftHas,
                    arith::OrIOp::create(
                        fb, fl, arith::XOrIOp::create(fb, fl, rightHas, yes),
                        emitLess(fb, fl, rightTail, leftTail)));
                store(fb, fl, select(fb, fl, takeLeftTail, leftTail, rightTail),
                      destinations,
                      arith::SubIOp::create(fb, fl, rightLast, done));
                Value takeRightTail =
                    arith::XOrIOp::create(fb, fl, takeLeftTail, yes);
                scf::YieldOp::create(
                    fb, fl,
                    ValueRange{
                        nextLeft,
                        step(fb, fl, takeLeftTail, leftBack, minusOne),
                        nextRight,
                        step(fb, fl, takeRightTail, rightBack, minusOne)});
              });
          // An odd count leaves one element between the two ends.
          Value odd = arith::CmpIOp::create(
              pb, pl, arith::CmpIPredicate::ne,
              arith::AndIOp::create(pb, pl, count, one), constant(pb, pl, 0));
          scf::IfOp::create(pb, pl, odd, [&](OpBuilder &ib, Location il) {
            Value leftHas =
                arith::CmpIOp::create(ib, il, arith::CmpIPredicate::sle,
                                      merge.getResult(0), merge.getResult(1));
            Value last = arith::SelectOp::create(
                ib, il, leftHas, merge.getResult(0), merge.getResult(2));
            store(ib, il, load(ib, il, sources, last), destinations,
                  arith::AddIOp::create(ib, il, lo, steps));
            scf::YieldOp::create(ib, il);
          });
        });
  }

  Block &comparator;
  Value rows, length;
  LogicalResult emitted = success();
};

/// The permutation moving `dimension` last, the others keeping their order.
SmallVector<int64_t> getMoveLastPermutation(int64_t rank, int64_t dimension) {
  SmallVector<int64_t> permutation;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (dim != dimension)
      permutation.push_back(dim);
  permutation.push_back(dimension);
  return permutation;
}

/// `buffer` as one dimension (a no-op for rank 1).
Value flatten(OpBuilder &b, Location loc, Value buffer) {
  int64_t rank = cast<MemRefType>(buffer.getType()).getRank();
  if (rank == 1)
    return buffer;
  ReassociationIndices all;
  for (int64_t dim = 0; dim < rank; ++dim)
    all.push_back(dim);
  return memref::CollapseShapeOp::create(b, loc, buffer,
                                         ArrayRef<ReassociationIndices>{all});
}

struct SortLowering : disc::StablehloLowering<stablehlo::SortOp> {
  using StablehloLowering::StablehloLowering;

  LogicalResult lower(stablehlo::SortOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange operands = adaptor.getInputs();
    auto operandType = cast<RankedTensorType>(operands.front().getType());
    int64_t rank = operandType.getRank();
    int64_t dimension = op.getDimension();
    if (dimension < 0)
      dimension += rank;
    if (dimension < 0 || dimension >= rank)
      return rewriter.notifyMatchFailure(op, "sort dimension out of range");

    SmallVector<OpFoldResult> sizes =
        disc::getCheckedSameSizes(rewriter, loc, operands, "stablehlo.sort");

    SmallVector<int64_t> toLast = getMoveLastPermutation(rank, dimension);
    bool transposed = dimension != rank - 1;
    SmallVector<Value> inputs, results, scratch;
    SmallVector<OpFoldResult> rowSizes;
    for (int64_t dim : toLast)
      rowSizes.push_back(sizes[dim]);
    SmallVector<Value> dynamicSizes;
    for (OpFoldResult size : rowSizes)
      if (auto value = dyn_cast<Value>(size))
        dynamicSizes.push_back(value);
    SmallVector<Value> rowMajor;
    for (Value operand : operands)
      rowMajor.push_back(
          transposed ? disc::emitTranspose(rewriter, loc, operand, toLast)
                     : operand);
    // Bufferization does not see the loops' reads through to_buffer, so no
    // tensor op may come between a to_buffer and the loops: it could reuse
    // the tensor's buffer, which looks dead.
    SmallVector<MemRefType> bufferTypes;
    for (Value tensor : rowMajor) {
      auto tensorType = cast<RankedTensorType>(tensor.getType());
      auto bufferType =
          MemRefType::get(tensorType.getShape(), tensorType.getElementType());
      bufferTypes.push_back(bufferType);
      inputs.push_back(flatten(
          rewriter, loc,
          bufferization::ToBufferOp::create(rewriter, loc, bufferType, tensor,
                                            /*read_only=*/true)));
    }
    SmallVector<Value> resultBuffers;
    for (MemRefType bufferType : bufferTypes) {
      resultBuffers.push_back(
          memref::AllocOp::create(rewriter, loc, bufferType, dynamicSizes));
      results.push_back(flatten(rewriter, loc, resultBuffers.back()));
      scratch.push_back(flatten(
          rewriter, loc,
          memref::AllocOp::create(rewriter, loc, bufferType, dynamicSizes)));
    }

    Value rows = arith::ConstantIndexOp::create(rewriter, loc, 1);
    for (OpFoldResult size : ArrayRef(rowSizes).drop_back())
      rows = arith::MulIOp::create(
          rewriter, loc, rows,
          getValueOrCreateConstantIndexOp(rewriter, loc, size));
    Value length =
        getValueOrCreateConstantIndexOp(rewriter, loc, rowSizes.back());
    MergeSortEmitter emitter(op.getComparator().front(), rows, length);
    emitter.emitSort(rewriter, loc, inputs, results, scratch);
    if (failed(emitter.status()))
      return rewriter.notifyMatchFailure(op, "a comparator op has no scalar "
                                             "form");

    SmallVector<Value> resultTensors;
    for (auto [buffer, tensor] : llvm::zip_equal(resultBuffers, rowMajor))
      resultTensors.push_back(bufferization::ToTensorOp::create(
          rewriter, loc, tensor.getType(), buffer, /*restrict=*/true,
          /*writable=*/true));
    if (transposed) {
      SmallVector<int64_t> back(rank);
      for (int64_t dim = 0; dim < rank; ++dim)
        back[toLast[dim]] = dim;
      for (Value &result : resultTensors)
        result = disc::emitTranspose(rewriter, loc, result, back);
    }
    rewriter.replaceOp(op, resultTensors);
    return success();
  }
};

} // namespace

void mlir::disc::populateSortPatterns(const TypeConverter &converter,
                                      RewritePatternSet &patterns) {
  patterns.add<SortLowering>(converter, patterns.getContext());
}
