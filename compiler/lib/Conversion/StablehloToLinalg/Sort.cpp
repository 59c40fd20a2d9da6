//===- Sort.cpp - stablehlo.sort to a parallel stable merge or radix sort -===//
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
// A comparator that is a strict less or greater of one operand's key (JAX's
// jnp.sort and jnp.argsort, lax.sort with one key) sorts rows of
// kRadixMinLength elements and more by a stable LSD radix sort instead,
// O(n) per row: see RadixSortEmitter.
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "ScalarOps.h"
#include "Utils.h"
#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace {

// Runs this short are cheaper to sort by insertion than by merging.
constexpr int64_t kInsertionRun = 16;
// The bits of a radix sort's digit: wide digits (fewer passes) for rows
// of kWideDigitMinLength elements and more, narrow ones below, where the
// counters of each row (2^bits per row and pass, zeroed and summed) would
// cost more than the pass they save and take more memory than the row.
constexpr int64_t kNarrowDigitBits = 8;
constexpr int64_t kWideDigitBits = 11;
// The elements of a row a radix pass handles in one piece of parallel work.
constexpr int64_t kRadixChunk = int64_t(1) << 16;
constexpr int64_t kWideDigitMinLength = kRadixChunk;
// Rows shorter than this are merge sorted: a radix pass zeroes and sums
// its counters per row whatever the row's length.
constexpr int64_t kRadixMinLength = 1024;

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

/// A comparator that orders elements by one key alone: `lhsKey`, computed
/// in the comparator from the block argument `lhsElement` (an element of
/// operand `operand`), compared by `compare` with the same computation on
/// the other element.
struct KeyOrder {
  unsigned operand;
  BlockArgument lhsElement;
  Value lhsKey;
  stablehlo::ComparisonType compare;
  bool descending;
  unsigned width;
};

/// Whether `lhs` and `rhs` are the same computation of the comparator
/// `block`, `lhs` on the element of one side where `rhs` has the element of
/// the other, and on one operand only; records in `lhsArgument` the block
/// argument `lhs` reads.
bool isMirrored(Value lhs, Value rhs, Block &block,
                BlockArgument &lhsArgument) {
  if (auto lhsArg = dyn_cast<BlockArgument>(lhs)) {
    auto rhsArg = dyn_cast<BlockArgument>(rhs);
    if (!rhsArg || lhsArg.getOwner() != &block || rhsArg.getOwner() != &block ||
        (lhsArg.getArgNumber() ^ 1) != rhsArg.getArgNumber() ||
        (lhsArgument && lhsArgument != lhsArg))
      return false;
    lhsArgument = lhsArg;
    return true;
  }
  Operation *lhsOp = lhs.getDefiningOp();
  Operation *rhsOp = rhs.getDefiningOp();
  // A constant (hoisted out of the block or not) is the same on both sides.
  if (lhs == rhs)
    return isa<stablehlo::ConstantOp>(lhsOp);
  if (!rhsOp || lhsOp->getBlock() != &block || rhsOp->getBlock() != &block ||
      lhsOp->getNumResults() != 1 || lhsOp->getNumRegions() != 0 ||
      (!isa<stablehlo::ConstantOp>(lhsOp) &&
       (!disc::isElementwiseStablehloOp(lhsOp) ||
        disc::checkScalarizable(lhsOp))))
    return false;
  return OperationEquivalence::isEquivalentTo(
      lhsOp, rhsOp,
      [&](Value l, Value r) {
        return success(isMirrored(l, r, block, lhsArgument));
      },
      /*markEquivalent=*/nullptr, OperationEquivalence::IgnoreLocations);
}

/// The order of `comparator` when it is a strict less or greater of one key
/// of 8 to 64 bits (JAX's sorts of one key, argsort's iota carried along);
/// nullopt for any other comparator.
std::optional<KeyOrder> matchKeyOrder(Block &comparator) {
  auto terminator = dyn_cast<stablehlo::ReturnOp>(comparator.getTerminator());
  if (!terminator || terminator->getNumOperands() != 1)
    return std::nullopt;
  auto compare =
      terminator->getOperand(0).getDefiningOp<stablehlo::CompareOp>();
  if (!compare || compare->getBlock() != &comparator)
    return std::nullopt;
  stablehlo::ComparisonDirection direction = compare.getComparisonDirection();
  if (direction != stablehlo::ComparisonDirection::LT &&
      direction != stablehlo::ComparisonDirection::GT)
    return std::nullopt;
  Type element = getElementTypeOrSelf(compare.getLhs().getType());
  // The float formats whose bits order as sign and magnitude, NaNs beyond
  // the infinities (not the 8-bit FNUZ ones, whose NaN is -0.0's bits).
  if (!element.isIntOrFloat() ||
      (isa<FloatType>(element) &&
       !isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(element)))
    return std::nullopt;
  unsigned width = element.getIntOrFloatBitWidth();
  if (width != 8 && width != 16 && width != 32 && width != 64)
    return std::nullopt;
  stablehlo::ComparisonType kind =
      compare.getCompareType().value_or(stablehlo::ComparisonType::NOTYPE);
  if (kind == stablehlo::ComparisonType::NOTYPE)
    kind = isa<FloatType>(element)       ? stablehlo::ComparisonType::FLOAT
           : element.isUnsignedInteger() ? stablehlo::ComparisonType::UNSIGNED
                                         : stablehlo::ComparisonType::SIGNED;
  bool isFloatOrder = kind == stablehlo::ComparisonType::FLOAT ||
                      kind == stablehlo::ComparisonType::TOTALORDER;
  if (isFloatOrder != isa<FloatType>(element))
    return std::nullopt;

  BlockArgument lhsArgument;
  if (!isMirrored(compare.getLhs(), compare.getRhs(), comparator, lhsArgument))
    return std::nullopt;
  // The compare's left side read the right element: the order is reversed.
  bool swapped = lhsArgument.getArgNumber() % 2 == 1;
  bool descending = (direction == stablehlo::ComparisonDirection::GT) ^ swapped;
  Value lhsKey = swapped ? compare.getRhs() : compare.getLhs();
  BlockArgument lhsElement =
      comparator.getArgument(lhsArgument.getArgNumber() & ~1u);
  return KeyOrder{lhsElement.getArgNumber() / 2,
                  lhsElement,
                  lhsKey,
                  kind,
                  descending,
                  width};
}

/// Emits a stable least-significant-digit radix sort of flat row-major
/// buffers of `rows` rows of `length` elements by the key `order` names,
/// one pass per `digitBits`-bit digit of the key made unsigned and
/// order-preserving. Each row is cut into chunks: a pass counts each
/// chunk's digits (one parallel loop over the chunks of every row), turns
/// the counts into the chunk's first position for each digit (one parallel
/// loop over the rows: digit by digit, chunk by chunk, so that equal digits
/// keep their order), then moves every operand's elements to those
/// positions (a parallel loop over the chunks again). The key is computed
/// again from the key operand where needed rather than stored: the
/// operands are all that is moved.
class RadixSortEmitter {
public:
  RadixSortEmitter(const KeyOrder &order, int64_t digitBits, Value rows,
                   Value length)
      : order(order), digitBits(digitBits), radix(int64_t(1) << digitBits),
        rows(rows), length(length) {}

  /// The counters the sort needs: one per digit value, chunk and row.
  Value emitCounterCount(OpBuilder &b, Location loc) {
    return arith::MulIOp::create(
        b, loc, arith::MulIOp::create(b, loc, rows, emitChunksPerRow(b, loc)),
        constant(b, loc, radix));
  }

  /// Sorts the rows of `inputs` into `results` through `scratch`, with
  /// `counters` (emitCounterCount of them) for the digit counts.
  void emitSort(OpBuilder &b, Location loc, ValueRange inputs,
                ValueRange results, ValueRange scratch, Value counters) {
    chunks = emitChunksPerRow(b, loc);
    chunkLength = arith::DivUIOp::create(
        b, loc,
        arith::SubIOp::create(b, loc,
                              arith::AddIOp::create(b, loc, length, chunks),
                              constant(b, loc, 1)),
        arith::MaxUIOp::create(b, loc, chunks, constant(b, loc, 1)));
    this->counters = counters;
    int64_t passes = (order.width + digitBits - 1) / digitBits;
    ValueRange sources = inputs;
    for (int64_t pass = 0; pass < passes; ++pass) {
      // The last pass writes the results.
      ValueRange destinations =
          (passes - 1 - pass) % 2 == 0 ? results : scratch;
      int64_t shift = pass * digitBits;
      emitCountPass(b, loc, sources[order.operand], shift);
      emitOffsetPass(b, loc);
      emitMovePass(b, loc, sources, destinations, shift);
      sources = destinations;
    }
  }

private:
  static Value constant(OpBuilder &b, Location loc, int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }

  /// The chunks a row is cut into.
  Value emitChunksPerRow(OpBuilder &b, Location loc) {
    return arith::DivUIOp::create(
        b, loc,
        arith::AddIOp::create(b, loc, length,
                              constant(b, loc, kRadixChunk - 1)),
        constant(b, loc, kRadixChunk));
  }

  /// The key of `element` as an unsigned integer in the order of the sort.
  Value emitOrderedKey(OpBuilder &b, Location loc, Value element) {
    IRMapping scalars;
    scalars.map(order.lhsElement, element);
    std::function<Value(Value)> emit = [&](Value value) -> Value {
      if (Value scalar = scalars.lookupOrNull(value))
        return scalar;
      Operation *op = value.getDefiningOp();
      SmallVector<Value> operands;
      for (Value operand : op->getOperands())
        operands.push_back(emit(operand));
      Value scalar = disc::emitScalarOp(b, loc, op, operands);
      scalars.map(value, scalar);
      return scalar;
    };
    Value key = emit(order.lhsKey);
    auto bitsType = b.getIntegerType(order.width);
    Value signBit = arith::ConstantOp::create(
        b, loc, b.getIntegerAttr(bitsType, APInt::getSignMask(order.width)));
    if (isa<FloatType>(key.getType())) {
      if (order.compare == stablehlo::ComparisonType::FLOAT) {
        // A plain float compare ties -0.0 with 0.0. NaNs, which it orders
        // against nothing (no strict weak order), go by their bits.
        Value zero = arith::ConstantOp::create(
            b, loc, b.getFloatAttr(key.getType(), 0.0));
        Value isZero =
            arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, key, zero);
        key = arith::SelectOp::create(b, loc, isZero, zero, key);
      }
      // Negative floats order backwards by their bits, all below the
      // positive ones: flip every bit of those, the sign bit of the others.
      Value bits = arith::BitcastOp::create(b, loc, bitsType, key);
      Value negativeMask = arith::ShRSIOp::create(
          b, loc, bits,
          arith::ConstantOp::create(
              b, loc, b.getIntegerAttr(bitsType, order.width - 1)));
      key = arith::XOrIOp::create(
          b, loc, bits, arith::OrIOp::create(b, loc, negativeMask, signBit));
    } else if (order.compare == stablehlo::ComparisonType::SIGNED) {
      key = arith::XOrIOp::create(b, loc, key, signBit);
    }
    if (order.descending)
      key = arith::XOrIOp::create(
          b, loc, key,
          arith::ConstantOp::create(
              b, loc,
              b.getIntegerAttr(bitsType, APInt::getAllOnes(order.width))));
    return key;
  }

  /// The digit of `element`'s key `shift` bits up, as an index.
  Value emitDigit(OpBuilder &b, Location loc, Value element, int64_t shift) {
    Value key = emitOrderedKey(b, loc, element);
    Type bitsType = key.getType();
    Value shifted = arith::ShRUIOp::create(
        b, loc, key,
        arith::ConstantOp::create(b, loc, b.getIntegerAttr(bitsType, shift)));
    Value digit =
        arith::IndexCastUIOp::create(b, loc, b.getIndexType(), shifted);
    return arith::AndIOp::create(b, loc, digit, constant(b, loc, radix - 1));
  }

  /// One parallel loop over the chunks of every row; `body` gets the
  /// chunk's first element, its end and its first counter.
  void emitPerChunk(
      OpBuilder &b, Location loc,
      function_ref<void(OpBuilder &, Location, Value, Value, Value)> body) {
    scf::ParallelOp::create(
        b, loc, ValueRange{constant(b, loc, 0)},
        ValueRange{arith::MulIOp::create(b, loc, rows, chunks)},
        ValueRange{constant(b, loc, 1)},
        [&](OpBuilder &pb, Location pl, ValueRange ivs) {
          Value row = arith::DivUIOp::create(pb, pl, ivs[0], chunks);
          Value chunk = arith::RemUIOp::create(pb, pl, ivs[0], chunks);
          Value rowStart = arith::MulIOp::create(pb, pl, row, length);
          Value rowEnd = arith::AddIOp::create(pb, pl, rowStart, length);
          Value start = arith::MinUIOp::create(
              pb, pl,
              arith::AddIOp::create(
                  pb, pl, rowStart,
                  arith::MulIOp::create(pb, pl, chunk, chunkLength)),
              rowEnd);
          Value end = arith::MinUIOp::create(
              pb, pl, arith::AddIOp::create(pb, pl, start, chunkLength),
              rowEnd);
          Value firstCounter =
              arith::MulIOp::create(pb, pl, ivs[0], constant(pb, pl, radix));
          body(pb, pl, start, end, firstCounter);
        });
  }

  /// Runs `body` on each position of [start, end), a chunk: the loop
  /// counts up to the chunk length and skips what is past `end`, so that
  /// its trip count is a constant when the length is, which tells the CPU
  /// pipeline how much work a chunk is.
  void
  emitForEachElement(OpBuilder &b, Location loc, Value start, Value end,
                     function_ref<void(OpBuilder &, Location, Value)> body) {
    scf::ForOp::create(
        b, loc, constant(b, loc, 0), chunkLength, constant(b, loc, 1),
        ValueRange{},
        [&](OpBuilder &fb, Location fl, Value offset, ValueRange) {
          Value position = arith::AddIOp::create(fb, fl, start, offset);
          Value inside = arith::CmpIOp::create(
              fb, fl, arith::CmpIPredicate::ult, position, end);
          scf::IfOp::create(fb, fl, inside, [&](OpBuilder &ib, Location il) {
            body(ib, il, position);
            scf::YieldOp::create(ib, il);
          });
          scf::YieldOp::create(fb, fl);
        });
  }

  void emitCountPass(OpBuilder &b, Location loc, Value keys, int64_t shift) {
    emitPerChunk(
        b, loc,
        [&](OpBuilder &pb, Location pl, Value start, Value end,
            Value firstCounter) {
          Value zero = constant(pb, pl, 0), one = constant(pb, pl, 1);
          scf::ForOp::create(
              pb, pl, zero, constant(pb, pl, radix), one, ValueRange{},
              [&](OpBuilder &fb, Location fl, Value digit, ValueRange) {
                memref::StoreOp::create(fb, fl, zero, counters,
                                        ValueRange{arith::AddIOp::create(
                                            fb, fl, firstCounter, digit)});
                scf::YieldOp::create(fb, fl);
              });
          emitForEachElement(
              pb, pl, start, end,
              [&](OpBuilder &fb, Location fl, Value position) {
                Value element = memref::LoadOp::create(fb, fl, keys, position);
                Value counter = arith::AddIOp::create(
                    fb, fl, firstCounter, emitDigit(fb, fl, element, shift));
                Value count = memref::LoadOp::create(fb, fl, counters, counter);
                memref::StoreOp::create(
                    fb, fl, arith::AddIOp::create(fb, fl, count, one), counters,
                    counter);
              });
        });
  }

  /// Replaces each count by the position of the chunk's first element of
  /// that digit: a row's elements go digit by digit and, within a digit,
  /// chunk by chunk.
  void emitOffsetPass(OpBuilder &b, Location loc) {
    scf::ParallelOp::create(
        b, loc, ValueRange{constant(b, loc, 0)}, ValueRange{rows},
        ValueRange{constant(b, loc, 1)},
        [&](OpBuilder &pb, Location pl, ValueRange ivs) {
          Value zero = constant(pb, pl, 0), one = constant(pb, pl, 1);
          Value digits = constant(pb, pl, radix);
          Value rowStart = arith::MulIOp::create(pb, pl, ivs[0], length);
          Value firstChunk = arith::MulIOp::create(pb, pl, ivs[0], chunks);
          scf::ForOp::create(
              pb, pl, zero, digits, one, ValueRange{rowStart},
              [&](OpBuilder &db, Location dl, Value digit, ValueRange next) {
                auto perChunk = scf::ForOp::create(
                    db, dl, zero, chunks, one, next,
                    [&](OpBuilder &cb, Location cl, Value chunk,
                        ValueRange position) {
                      Value counter = arith::AddIOp::create(
                          cb, cl,
                          arith::MulIOp::create(
                              cb, cl,
                              arith::AddIOp::create(cb, cl, firstChunk, chunk),
                              digits),
                          digit);
                      Value count =
                          memref::LoadOp::create(cb, cl, counters, counter);
                      memref::StoreOp::create(cb, cl, position[0], counters,
                                              counter);
                      scf::YieldOp::create(cb, cl,
                                           ValueRange{arith::AddIOp::create(
                                               cb, cl, position[0], count)});
                    });
                scf::YieldOp::create(db, dl, perChunk.getResults());
              });
        });
  }

  void emitMovePass(OpBuilder &b, Location loc, ValueRange sources,
                    ValueRange destinations, int64_t shift) {
    emitPerChunk(
        b, loc,
        [&](OpBuilder &pb, Location pl, Value start, Value end,
            Value firstCounter) {
          Value one = constant(pb, pl, 1);
          emitForEachElement(
              pb, pl, start, end,
              [&](OpBuilder &fb, Location fl, Value position) {
                SmallVector<Value> elements;
                for (Value source : sources)
                  elements.push_back(
                      memref::LoadOp::create(fb, fl, source, position));
                Value counter = arith::AddIOp::create(
                    fb, fl, firstCounter,
                    emitDigit(fb, fl, elements[order.operand], shift));
                Value target =
                    memref::LoadOp::create(fb, fl, counters, counter);
                memref::StoreOp::create(
                    fb, fl, arith::AddIOp::create(fb, fl, target, one),
                    counters, counter);
                for (auto [element, destination] :
                     llvm::zip_equal(elements, destinations))
                  memref::StoreOp::create(fb, fl, element, destination, target);
              });
        });
  }

  const KeyOrder &order;
  int64_t digitBits, radix;
  Value rows, length;
  Value chunks, chunkLength, counters;
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

Value allocateCounters(OpBuilder &b, Location loc, Value count) {
  return memref::AllocOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, b.getIndexType()),
      ValueRange{count});
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
    Block &comparator = op.getComparator().front();
    MergeSortEmitter mergeSort(comparator, rows, length);
    std::optional<KeyOrder> keyOrder = matchKeyOrder(comparator);
    std::optional<int64_t> staticLength = getConstantIntValue(rowSizes.back());
    if (!keyOrder || (staticLength && *staticLength < kRadixMinLength)) {
      mergeSort.emitSort(rewriter, loc, inputs, results, scratch);
    } else if (staticLength) {
      RadixSortEmitter radixSort(*keyOrder,
                                 *staticLength < kWideDigitMinLength
                                     ? kNarrowDigitBits
                                     : kWideDigitBits,
                                 rows, length);
      radixSort.emitSort(
          rewriter, loc, inputs, results, scratch,
          allocateCounters(rewriter, loc,
                           radixSort.emitCounterCount(rewriter, loc)));
    } else {
      // A dynamic length chooses at run time; the counters are only
      // allocated for a radix sort.
      RadixSortEmitter narrow(*keyOrder, kNarrowDigitBits, rows, length);
      RadixSortEmitter wide(*keyOrder, kWideDigitBits, rows, length);
      auto isAtLeast = [&](int64_t minimum) {
        return arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::uge, length,
            arith::ConstantIndexOp::create(rewriter, loc, minimum));
      };
      Value useRadix = isAtLeast(kRadixMinLength);
      Value useWide = isAtLeast(kWideDigitMinLength);
      Value counters = allocateCounters(
          rewriter, loc,
          arith::SelectOp::create(
              rewriter, loc, useRadix,
              arith::SelectOp::create(rewriter, loc, useWide,
                                      wide.emitCounterCount(rewriter, loc),
                                      narrow.emitCounterCount(rewriter, loc)),
              arith::ConstantIndexOp::create(rewriter, loc, 0)));
      scf::IfOp::create(
          rewriter, loc, useRadix,
          [&](OpBuilder &tb, Location tl) {
            scf::IfOp::create(
                tb, tl, useWide,
                [&](OpBuilder &wb, Location wl) {
                  wide.emitSort(wb, wl, inputs, results, scratch, counters);
                  scf::YieldOp::create(wb, wl);
                },
                [&](OpBuilder &nb, Location nl) {
                  narrow.emitSort(nb, nl, inputs, results, scratch, counters);
                  scf::YieldOp::create(nb, nl);
                });
            scf::YieldOp::create(tb, tl);
          },
          [&](OpBuilder &eb, Location el) {
            mergeSort.emitSort(eb, el, inputs, results, scratch);
            scf::YieldOp::create(eb, el);
          });
    }
    if (failed(mergeSort.status()))
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

std::optional<disc::Preconditions>
mlir::disc::getSortPreconditions(Operation *op) {
  if (!isa<stablehlo::SortOp>(op))
    return std::nullopt;
  return Preconditions().withComplexElements().withCheck([](Operation *sort) {
    return checkScalarBody(sort, cast<stablehlo::SortOp>(sort).getComparator());
  });
}

void mlir::disc::populateSortPatterns(const TypeConverter &converter,
                                      RewritePatternSet &patterns) {
  patterns.add<SortLowering>(converter, patterns.getContext());
}
