//===- ExpandRng.cpp - rng_bit_generator and rng as stablehlo ops ---------===//
//
// Every output element computes its own counter from iotas and hashes it, so
// the expansion is one elementwise computation over the output shape: the
// linalg phase fuses it into one parallel, vectorized loop nest. An element
// hashes the whole block its value comes from (Threefry-2x32 yields two
// words, Philox-4x32 four) and keeps its word: the repeated rounds stay in
// registers, where spreading one block over several elements would take a
// concatenate and a reshape through memory. With them, 4M ui32 of PHILOX took
// 46 ms against 88 ms for XLA's expansion (hash once, then shuffle) on a
// busy 2-core machine (one round, noisy).
//
//===----------------------------------------------------------------------===//

#include "disc/Dialect/HLO/Transforms/Passes.h"

#include "disc/Dialect/HLO/DynamicShapes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>

namespace mlir::disc {
#define GEN_PASS_DEF_EXPANDRNGPASS
#include "disc/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace mlir::disc

using namespace mlir;

namespace {

// The constants of Threefry-2x32 (20 rounds) and Philox-4x32 (10 rounds), as
// Salmon et al., "Parallel random numbers: as easy as 1, 2, 3" (SC 2011)
// define them.
constexpr uint32_t kThreefryParity = 0x1BD11BDA;
constexpr int kThreefryRotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
constexpr uint32_t kPhiloxMultiplierA = 0xD2511F53;
constexpr uint32_t kPhiloxMultiplierB = 0xCD9E8D57;
constexpr uint32_t kPhiloxWeylA = 0x9E3779B9;
constexpr uint32_t kPhiloxWeylB = 0xBB67AE85;
constexpr int kPhiloxRounds = 10;

// Builds unsigned integer arithmetic on tensors of one shape. A dynamic
// shape comes with its run-time sizes, `shapeValue` (a tensor of integers),
// to which constants and iotas are broadcast.
struct BitsBuilder {
  ImplicitLocOpBuilder &b;
  SmallVector<int64_t> shape;
  Value shapeValue = {};

  RankedTensorType type(unsigned width) const {
    return RankedTensorType::get(
        shape, IntegerType::get(b.getContext(), width, IntegerType::Unsigned));
  }
  static unsigned widthOf(Value x) {
    return getElementTypeOrSelf(x.getType()).getIntOrFloatBitWidth();
  }

  bool isStatic() const { return !ShapedType::isDynamicShape(shape); }

  Value constant(unsigned width, uint64_t value) const {
    RankedTensorType tensorType = type(width);
    if (isStatic())
      return stablehlo::ConstantOp::create(
          b, DenseElementsAttr::get(tensorType, APInt(width, value)));
    BitsBuilder scalar{b, {}};
    return broadcast(scalar.constant(width, value));
  }
  Value constantLike(Value x, uint64_t value) const {
    return constant(widthOf(x), value);
  }
  Value iota(int64_t dim) const {
    if (isStatic())
      return stablehlo::IotaOp::create(b, type(64), dim);
    return stablehlo::DynamicIotaOp::create(b, type(64), shapeValue, dim);
  }
  // A rank-0 value repeated over the shape.
  Value broadcast(Value scalar) const {
    auto scalarType = cast<RankedTensorType>(scalar.getType());
    return disc::broadcastInDim(
        b, scalar, RankedTensorType::get(shape, scalarType.getElementType()),
        shapeValue, {});
  }
  // Size `dim` of the shape as a rank-0 ui64.
  Value size(int64_t dim) const {
    BitsBuilder scalar{b, {}};
    if (!ShapedType::isDynamic(shape[dim]))
      return scalar.constant(64, shape[dim]);
    auto shapeType = cast<RankedTensorType>(shapeValue.getType());
    auto wordType = RankedTensorType::get({1}, shapeType.getElementType());
    Value slice = stablehlo::SliceOp::create(
        b, wordType, shapeValue, ArrayRef<int64_t>{dim},
        ArrayRef<int64_t>{dim + 1}, ArrayRef<int64_t>{1});
    Value word = stablehlo::ReshapeOp::create(
        b, RankedTensorType::get({}, wordType.getElementType()), slice);
    return scalar.convert(word, 64);
  }
  // The number of elements of the shape as a rank-0 ui64.
  Value numElements() const {
    BitsBuilder scalar{b, {}};
    if (isStatic())
      return scalar.constant(64, ShapedType::getNumElements(shape));
    Value count = size(0);
    for (int64_t dim = 1; dim < static_cast<int64_t>(shape.size()); ++dim)
      count = scalar.mul(count, size(dim));
    return count;
  }

  Value add(Value x, Value y) const {
    return stablehlo::AddOp::create(b, x.getType(), x, y);
  }
  Value mul(Value x, Value y) const {
    return stablehlo::MulOp::create(b, x.getType(), x, y);
  }
  Value bitXor(Value x, Value y) const {
    return stablehlo::XorOp::create(b, x.getType(), x, y);
  }
  Value bitOr(Value x, Value y) const {
    return stablehlo::OrOp::create(b, x.getType(), x, y);
  }
  Value bitAnd(Value x, Value y) const {
    return stablehlo::AndOp::create(b, x.getType(), x, y);
  }
  Value bitNot(Value x) const {
    return stablehlo::NotOp::create(b, x.getType(), x);
  }
  Value shiftLeft(Value x, unsigned amount) const {
    return stablehlo::ShiftLeftOp::create(b, x.getType(), x,
                                          constantLike(x, amount));
  }
  Value shiftRight(Value x, unsigned amount) const {
    return stablehlo::ShiftRightLogicalOp::create(b, x.getType(), x,
                                                  constantLike(x, amount));
  }
  Value convert(Value x, unsigned width) const {
    return stablehlo::ConvertOp::create(b, type(width), x);
  }
  Value compare(Value x, Value y,
                stablehlo::ComparisonDirection direction) const {
    return stablehlo::CompareOp::create(
        b, RankedTensorType::get(shape, b.getI1Type()), x, y, direction,
        nullptr);
  }
  Value lessThan(Value x, Value y) const {
    return compare(x, y, stablehlo::ComparisonDirection::LT);
  }
  Value equals(Value x, uint64_t value) const {
    return stablehlo::CompareOp::create(
        b, RankedTensorType::get(shape, b.getI1Type()), x,
        constantLike(x, value), stablehlo::ComparisonDirection::EQ, nullptr);
  }
  Value select(Value predicate, Value x, Value y) const {
    return stablehlo::SelectOp::create(b, x.getType(), predicate, x, y);
  }

  RankedTensorType floatType(FloatType element) const {
    return RankedTensorType::get(shape, element);
  }
  Value floatConstant(FloatType element, double value) const {
    return stablehlo::ConstantOp::create(
        b, DenseElementsAttr::get(floatType(element),
                                  b.getFloatAttr(element, value)));
  }

  Value low32(Value x) const { return convert(x, 32); }
  Value high32(Value x) const { return convert(shiftRight(x, 32), 32); }
  Value join64(Value low, Value high) const {
    return bitOr(convert(low, 64), shiftLeft(convert(high, 64), 32));
  }
  Value rotateLeft32(Value x, unsigned amount) const {
    return bitOr(shiftLeft(x, amount), shiftRight(x, 32 - amount));
  }

  // Threefry-2x32 with 20 rounds of the 64-bit counter `counter` under the
  // 64-bit `key` (low words first, as XLA splits both).
  std::array<Value, 2> threefry(Value counter, Value key) const {
    std::array<Value, 3> keys = {low32(key), high32(key), Value()};
    keys[2] = bitXor(bitXor(keys[0], keys[1]), constant(32, kThreefryParity));
    std::array<Value, 2> x = {add(low32(counter), keys[0]),
                              add(high32(counter), keys[1])};
    for (int group = 0; group < 5; ++group) {
      for (int round = 0; round < 4; ++round) {
        x[0] = add(x[0], x[1]);
        x[1] = bitXor(
            x[0],
            rotateLeft32(x[1], kThreefryRotations[(group % 2) * 4 + round]));
      }
      x[0] = add(x[0], keys[(group + 1) % 3]);
      x[1] = add(add(x[1], keys[(group + 2) % 3]), constant(32, group + 1));
    }
    return x;
  }

  // Philox-4x32 with 10 rounds of the 128-bit counter (low, high) under the
  // 64-bit `key`.
  std::array<Value, 4> philox(Value counterLow, Value counterHigh,
                              Value key) const {
    std::array<Value, 4> x = {low32(counterLow), high32(counterLow),
                              low32(counterHigh), high32(counterHigh)};
    std::array<Value, 2> keys = {low32(key), high32(key)};
    for (int round = 0; round < kPhiloxRounds; ++round) {
      Value product0 = mul(convert(x[0], 64), constant(64, kPhiloxMultiplierA));
      Value product1 = mul(convert(x[2], 64), constant(64, kPhiloxMultiplierB));
      x = {bitXor(bitXor(high32(product1), x[1]), keys[0]), low32(product1),
           bitXor(bitXor(high32(product0), x[3]), keys[1]), low32(product0)};
      keys = {add(keys[0], constant(32, kPhiloxWeylA)),
              add(keys[1], constant(32, kPhiloxWeylB))};
    }
    return x;
  }

  // The row-major position of each element in `sizes`, where `indices` are
  // the element's coordinates.
  Value linearIndex(ArrayRef<Value> indices, ArrayRef<int64_t> sizes) const {
    Value linear = constant(64, 0);
    uint64_t stride = 1;
    for (int64_t dim = static_cast<int64_t>(sizes.size()) - 1; dim >= 0;
         --dim) {
      linear = add(linear, mul(indices[dim], constant(64, stride)));
      stride *= sizes[dim];
    }
    return linear;
  }
  // The same with `sizes` known at run time, as rank-0 ui64 values.
  Value linearIndex(ArrayRef<Value> indices, ArrayRef<Value> sizes) const {
    BitsBuilder scalar{b, {}};
    Value linear = constant(64, 0);
    Value stride = scalar.constant(64, 1);
    for (int64_t dim = static_cast<int64_t>(sizes.size()) - 1; dim >= 0;
         --dim) {
      linear = add(linear, mul(indices[dim], broadcast(stride)));
      stride = scalar.mul(stride, sizes[dim]);
    }
    return linear;
  }
  Value linearIndex() const {
    SmallVector<Value> indices;
    for (int64_t dim = 0; dim < static_cast<int64_t>(shape.size()); ++dim)
      indices.push_back(iota(dim));
    if (isStatic())
      return linearIndex(indices, shape);
    SmallVector<Value> sizes;
    for (int64_t dim = 0; dim < static_cast<int64_t>(shape.size()); ++dim)
      sizes.push_back(size(dim));
    return linearIndex(indices, sizes);
  }

  // The word of each element picked out of `words` by `which`.
  Value pick(ArrayRef<Value> words, Value which) const {
    Value picked = words.back();
    for (int64_t word = static_cast<int64_t>(words.size()) - 2; word >= 0;
         --word)
      picked = select(equals(which, word), words[word], picked);
    return picked;
  }
};

// A rank-0 ui64 value: element `index` of the state vector.
Value stateWord(ImplicitLocOpBuilder &b, Value state, int64_t index) {
  auto wordType = RankedTensorType::get(
      {1}, cast<RankedTensorType>(state.getType()).getElementType());
  Value slice = stablehlo::SliceOp::create(
      b, wordType, state, ArrayRef<int64_t>{index},
      ArrayRef<int64_t>{index + 1}, ArrayRef<int64_t>{1});
  return stablehlo::ReshapeOp::create(
      b, RankedTensorType::get({}, wordType.getElementType()), slice);
}

Value joinState(ImplicitLocOpBuilder &b, RankedTensorType stateType,
                ArrayRef<Value> words) {
  auto wordType = RankedTensorType::get({1}, stateType.getElementType());
  SmallVector<Value> vectors;
  for (Value word : words)
    vectors.push_back(stablehlo::ReshapeOp::create(b, wordType, word));
  return stablehlo::ConcatenateOp::create(b, stateType, vectors, 0);
}

int64_t ceilDiv(int64_t x, int64_t y) { return (x + y - 1) / y; }

// The dimension XLA's Threefry halves for 32-bit and narrower outputs: the
// first of even size, else the first of the largest size.
int64_t threefryHalvedDim(ArrayRef<int64_t> shape) {
  for (auto [dim, size] : llvm::enumerate(shape))
    if (size % 2 == 0)
      return dim;
  int64_t largest = 0;
  for (auto [dim, size] : llvm::enumerate(shape))
    if (size > shape[largest])
      largest = dim;
  return largest;
}

// The bits of an rng_bit_generator with `stateWords` as ui64 state, and its
// next state, as XLA's RngBitGeneratorExpander computes them.
struct BitGenerator {
  BitsBuilder &bits;
  unsigned width; // 32 for every output of at most 32 bits, else 64.

  // Threefry: state (key, counter). A 64-bit element hashes its own counter;
  // narrower elements come two per counter, halving the dimension
  // threefryHalvedDim picks: element i of it is word i % 2 of the counter of
  // position i / 2 in the halved shape.
  std::pair<Value, SmallVector<Value>>
  threefry(ArrayRef<Value> stateWords) const {
    ImplicitLocOpBuilder &b = bits.b;
    Value key = bits.broadcast(stateWords[0]);
    Value start = bits.broadcast(stateWords[1]);
    ArrayRef<int64_t> shape = bits.shape;
    Value result;
    Value counters;
    if (width == 64) {
      counters = bits.numElements();
      std::array<Value, 2> words =
          bits.threefry(bits.add(start, bits.linearIndex()), key);
      result = bits.join64(words[0], words[1]);
    } else if (shape.empty()) {
      counters = scalarConstant(b, 1);
      result = bits.threefry(start, key)[0];
    } else if (!bits.isStatic()) {
      std::tie(result, counters) = threefryHalvedAtRunTime(key, start);
    } else {
      int64_t halved = threefryHalvedDim(shape);
      SmallVector<int64_t> halvedShape(shape);
      halvedShape[halved] = ceilDiv(shape[halved], 2);
      counters = scalarConstant(
          b, static_cast<uint64_t>(ShapedType::getNumElements(halvedShape)));
      SmallVector<Value> indices;
      for (int64_t dim = 0; dim < static_cast<int64_t>(shape.size()); ++dim)
        indices.push_back(bits.iota(dim));
      Value which = bits.low32(stablehlo::AndOp::create(
          b, indices[halved].getType(), indices[halved], bits.constant(64, 1)));
      indices[halved] = bits.shiftRight(indices[halved], 1);
      Value counter = bits.add(start, bits.linearIndex(indices, halvedShape));
      std::array<Value, 2> words = bits.threefry(counter, key);
      result = bits.pick(words, which);
    }
    Value next = stablehlo::AddOp::create(b, stateWords[1].getType(),
                                          stateWords[1], counters);
    return {result, {stateWords[0], next}};
  }

  // Threefry's narrow elements on a shape known at run time, which decides
  // the halved dimension: whether dimension d is it is a rank-0 predicate,
  // and each element selects its coordinates and word by them. Returns the
  // elements and the number of hashes.
  std::pair<Value, Value> threefryHalvedAtRunTime(Value key,
                                                  Value start) const {
    ImplicitLocOpBuilder &b = bits.b;
    BitsBuilder scalar{b, {}};
    int64_t rank = static_cast<int64_t>(bits.shape.size());
    SmallVector<Value> sizes;
    for (int64_t dim = 0; dim < rank; ++dim)
      sizes.push_back(bits.size(dim));
    // threefryHalvedDim on the run-time sizes: the first even one, else the
    // first of those no smaller than any other.
    SmallVector<Value> even, halved;
    Value anyEven;
    for (Value size : sizes) {
      Value isEven =
          scalar.equals(scalar.bitAnd(size, scalar.constant(64, 1)), 0);
      even.push_back(anyEven ? scalar.bitAnd(isEven, scalar.bitNot(anyEven))
                             : isEven);
      anyEven = anyEven ? scalar.bitOr(anyEven, isEven) : isEven;
    }
    for (int64_t dim = 0; dim < rank; ++dim) {
      Value largest = scalar.bitNot(anyEven);
      for (int64_t other = 0; other < rank; ++other)
        if (other != dim)
          largest = scalar.bitAnd(
              largest,
              scalar.compare(sizes[dim], sizes[other],
                             other < dim ? stablehlo::ComparisonDirection::GT
                                         : stablehlo::ComparisonDirection::GE));
      halved.push_back(scalar.bitOr(even[dim], largest));
    }
    SmallVector<Value> indices, halvedSizes;
    Value which = bits.constant(64, 0);
    Value counters = scalar.constant(64, 1);
    for (int64_t dim = 0; dim < rank; ++dim) {
      Value index = bits.iota(dim);
      Value isHalved = bits.broadcast(halved[dim]);
      indices.push_back(
          bits.select(isHalved, bits.shiftRight(index, 1), index));
      which = bits.select(isHalved, bits.bitAnd(index, bits.constant(64, 1)),
                          which);
      Value halvedSize = scalar.select(
          halved[dim],
          scalar.shiftRight(scalar.add(sizes[dim], scalar.constant(64, 1)), 1),
          sizes[dim]);
      halvedSizes.push_back(halvedSize);
      counters = scalar.mul(counters, halvedSize);
    }
    Value counter = bits.add(start, bits.linearIndex(indices, halvedSizes));
    std::array<Value, 2> words = bits.threefry(counter, key);
    return {bits.pick(words, bits.low32(which)), counters};
  }

  // Philox: state (key, counter low) with the key repeated as the counter's
  // high word, or (key, counter low, counter high); only the words the
  // state holds come back. Each 128-bit counter yields four 32-bit or two
  // 64-bit elements, in row-major order.
  std::pair<Value, SmallVector<Value>>
  philox(ArrayRef<Value> stateWords) const {
    ImplicitLocOpBuilder &b = bits.b;
    int64_t perCounter = width == 64 ? 2 : 4;
    BitsBuilder scalar{b, {}};
    Value counters =
        bits.isStatic()
            ? scalar.constant(
                  64,
                  ceilDiv(ShapedType::getNumElements(bits.shape), perCounter))
            : scalar.shiftRight(scalar.add(bits.numElements(),
                                           scalar.constant(64, perCounter - 1)),
                                width == 64 ? 1 : 2);
    Value key = bits.broadcast(stateWords[0]);
    Value startHigh = stateWords.size() == 3 ? stateWords[2] : stateWords[0];
    Value linear = bits.linearIndex();
    Value offset = bits.shiftRight(linear, width == 64 ? 1 : 2);
    Value which = bits.low32(stablehlo::AndOp::create(
        b, linear.getType(), linear, bits.constant(64, perCounter - 1)));
    auto [low, high] = add128(bits, bits.broadcast(stateWords[1]),
                              bits.broadcast(startHigh), offset);
    std::array<Value, 4> words = bits.philox(low, high, key);
    Value result = width == 64 ? bits.pick({bits.join64(words[0], words[1]),
                                            bits.join64(words[2], words[3])},
                                           which)
                               : bits.pick(words, which);

    auto [nextLow, nextHigh] =
        add128(scalar, stateWords[1], startHigh, counters);
    SmallVector<Value> next = {stateWords[0], nextLow};
    if (stateWords.size() == 3)
      next.push_back(nextHigh);
    return {result, next};
  }

  static Value scalarConstant(ImplicitLocOpBuilder &b, uint64_t value) {
    BitsBuilder scalar{b, {}};
    return scalar.constant(64, value);
  }

  // (low, high) + offset with the carry into the high word.
  static std::pair<Value, Value> add128(const BitsBuilder &on, Value low,
                                        Value high, Value offset) {
    Value sum = on.add(low, offset);
    Value carried = on.add(high, on.constant(64, 1));
    return {sum, on.select(on.lessThan(sum, low), carried, high)};
  }
};

// Replaces `op`, an rng_bit_generator or the custom call JAX exports for one
// of dynamic shape, by the bits it generates from `state` in `outputType`,
// whose run-time sizes `shape` holds when it is dynamic.
void expandBitGenerator(RewriterBase &rewriter, Operation *op,
                        stablehlo::RngAlgorithm algorithm, Value state,
                        RankedTensorType outputType, Value shape) {
  auto stateType = cast<RankedTensorType>(state.getType());
  unsigned outputWidth = outputType.getElementTypeBitWidth();
  unsigned width = outputWidth > 32 ? 64 : 32;

  rewriter.setInsertionPoint(op);
  ImplicitLocOpBuilder b(op->getLoc(), rewriter);
  SmallVector<Value> stateWords;
  for (int64_t index = 0; index < stateType.getDimSize(0); ++index)
    stateWords.push_back(stateWord(b, state, index));
  BitsBuilder bits{b, SmallVector<int64_t>(outputType.getShape()),
                   outputType.hasStaticShape() ? Value() : shape};
  BitGenerator generator{bits, width};
  auto [result, next] = algorithm == stablehlo::RngAlgorithm::THREE_FRY
                            ? generator.threefry(stateWords)
                            : generator.philox(stateWords);
  if (outputWidth < width)
    result = bits.convert(result, outputWidth);
  if (result.getType() != outputType)
    result = stablehlo::BitcastConvertOp::create(b, outputType, result);
  rewriter.replaceOp(op, {joinState(b, stateType, next), result});
}

// The call target of JAX's rng_bit_generator of a dynamic shape: operands
// the state and the output's sizes (a rank-1 integer tensor), results the
// next state and the output, its algorithm the `rng_algorithm` attribute.
constexpr StringLiteral kDynamicRngBitGenerator =
    "stablehlo.dynamic_rng_bit_generator";

bool isDynamicRngBitGenerator(stablehlo::CustomCallOp op) {
  return op.getCallTargetName() == kDynamicRngBitGenerator;
}

// Why a bit generator from `state` into `output` cannot be expanded, or
// nullopt.
std::optional<std::string> checkBitGenerator(stablehlo::RngAlgorithm algorithm,
                                             Type state, Type output) {
  auto stateType = dyn_cast<RankedTensorType>(state);
  auto outputType = dyn_cast<RankedTensorType>(output);
  if (!stateType || !outputType)
    return "a ranked initial_state and output";
  Type element = outputType.getElementType();
  if (!isa<IntegerType, FloatType>(element) ||
      element.getIntOrFloatBitWidth() == 1 ||
      element.getIntOrFloatBitWidth() > 64)
    return "an integer or float output element type of 2 to 64 bits";
  bool threefry = algorithm == stablehlo::RngAlgorithm::THREE_FRY;
  auto stateElement = dyn_cast<IntegerType>(stateType.getElementType());
  bool stateIsU64 = stateType.getRank() == 1 && stateElement &&
                    stateElement.isUnsigned() && stateElement.getWidth() == 64;
  int64_t stateSize = stateIsU64 ? stateType.getDimSize(0) : 0;
  if (threefry && stateSize != 2)
    return "THREE_FRY with an initial_state of tensor<2xui64>";
  if (!threefry && stateSize != 2 && stateSize != 3)
    return "PHILOX with an initial_state of tensor<2xui64> or tensor<3xui64>";
  return std::nullopt;
}

// A value whose run-time shape the output of `op` has: another operand or
// a result of an op that takes the output, or a value computed from it
// elementwise, and that requires its operands and result to have one
// shape; one of static type, or one defined before `op`. The op carries no
// sizes of its own, so a dynamic output is only known through such a
// value.
Value findSameShapeValue(stablehlo::RngBitGeneratorOp op,
                         DominanceInfo &dominance) {
  auto outputType = cast<RankedTensorType>(op.getOutput().getType());
  SmallVector<Value> sameShape = {op.getOutput()};
  llvm::SmallPtrSet<Value, 8> visited;
  while (!sameShape.empty()) {
    Value value = sameShape.pop_back_val();
    if (!visited.insert(value).second)
      continue;
    for (Operation *user : value.getUsers()) {
      if (!user->hasTrait<OpTrait::SameOperandsAndResultShape>())
        continue;
      // A value of static type gives its sizes wherever it is defined.
      for (Value candidate :
           llvm::concat<Value>(user->getOperands(), user->getResults())) {
        auto type = dyn_cast<RankedTensorType>(candidate.getType());
        // Another generator's output is itself replaced during the pass.
        if (candidate != value && type &&
            !candidate.getDefiningOp<stablehlo::RngBitGeneratorOp>() &&
            succeeded(verifyCompatibleShape(type, outputType)) &&
            (type.hasStaticShape() ||
             dominance.properlyDominates(candidate, op)))
          return candidate;
      }
      llvm::append_range(sameShape, user->getResults());
    }
  }
  return {};
}

std::optional<std::string> checkRngBitGenerator(stablehlo::RngBitGeneratorOp op,
                                                Value sameShape) {
  if (!cast<ShapedType>(op.getOutput().getType()).hasStaticShape() &&
      !sameShape)
    return "an output of static shape, or one whose sizes an elementwise "
           "use fixes through a value of static type or one defined before "
           "it "
           "(JAX exports a dynamic one as custom_call @" +
           kDynamicRngBitGenerator.str() + ", which carries its sizes)";
  return checkBitGenerator(op.getRngAlgorithm(), op.getInitialState().getType(),
                           op.getOutput().getType());
}

std::optional<std::string>
checkDynamicRngBitGenerator(stablehlo::CustomCallOp op) {
  auto algorithm =
      op->getAttrOfType<stablehlo::RngAlgorithmAttr>("rng_algorithm");
  if (op->getNumOperands() != 2 || op->getNumResults() != 2 || !algorithm)
    return "two operands (state, output shape), two results (state, output) "
           "and an rng_algorithm";
  auto outputType = dyn_cast<RankedTensorType>(op->getResult(1).getType());
  auto shapeType = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
  if (!outputType || !shapeType || shapeType.getRank() != 1 ||
      !isa<IntegerType>(shapeType.getElementType()) ||
      shapeType.getDimSize(0) != outputType.getRank())
    return "an output shape operand of one integer per output dimension";
  return checkBitGenerator(algorithm.getValue(), op->getOperand(0).getType(),
                           outputType);
}

struct ExpandDynamicRngBitGenerator
    : OpRewritePattern<stablehlo::CustomCallOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(stablehlo::CustomCallOp op,
                                PatternRewriter &rewriter) const override {
    if (!isDynamicRngBitGenerator(op))
      return failure();
    expandBitGenerator(
        rewriter, op,
        op->getAttrOfType<stablehlo::RngAlgorithmAttr>("rng_algorithm")
            .getValue(),
        op->getOperand(0), cast<RankedTensorType>(op->getResult(1).getType()),
        op->getOperand(1));
    return success();
  }
};

// Values in [0, 1) of `type`: the top mantissa-width bits of `random`
// scaled down, so that every value is exact and below 1.
Value unitInterval(const BitsBuilder &bits, Value random, FloatType type) {
  unsigned mantissaBits = type.getFPMantissaWidth() - 1;
  Value top =
      bits.shiftRight(random, BitsBuilder::widthOf(random) - mantissaBits);
  Value values =
      stablehlo::ConvertOp::create(bits.b, bits.floatType(type), top);
  return stablehlo::MulOp::create(
      bits.b, values.getType(), values,
      bits.floatConstant(type, std::ldexp(1.0, -int(mantissaBits))));
}

// 64 random bits from the hash of `counter`.
Value random64(const BitsBuilder &bits, Value counter, Value key) {
  std::array<Value, 2> words = bits.threefry(counter, key);
  return bits.join64(words[0], words[1]);
}

// Expands stablehlo.rng. Its values are Threefry-2x32 hashes of each
// element's row-major position under a key numbering the op among the
// module's rng ops (0, 1, ...): a program draws the same values on every
// run, and two rng ops of one program draw different ones.
void expandRng(stablehlo::RngOp op, uint64_t opNumber, RewriterBase &rewriter) {
  auto resultType = cast<RankedTensorType>(op.getType());
  Type element = resultType.getElementType();
  rewriter.setInsertionPoint(op);
  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  BitsBuilder bits{b, SmallVector<int64_t>(resultType.getShape())};
  Value key = bits.constant(64, opNumber);
  Value position = bits.linearIndex();
  Value a = bits.broadcast(op.getA());
  Value bound = bits.broadcast(op.getB());
  Value result;
  if (auto integer = dyn_cast<IntegerType>(element)) {
    // a + random mod (b - a), in unsigned arithmetic of the element's width
    // (the difference of two's complement values is their distance).
    unsigned width = integer.getWidth();
    unsigned randomWidth = width > 32 ? 64 : 32;
    Value random = randomWidth == 64 ? random64(bits, position, key)
                                     : bits.threefry(position, key)[0];
    auto asUnsigned = [&](Value x) -> Value {
      return integer.isUnsigned()
                 ? x
                 : stablehlo::BitcastConvertOp::create(b, bits.type(width), x);
    };
    Value low = asUnsigned(a);
    Value range =
        stablehlo::SubtractOp::create(b, low.getType(), asUnsigned(bound), low);
    if (width != randomWidth)
      range = bits.convert(range, randomWidth);
    Value offset = stablehlo::RemOp::create(b, random.getType(), random, range);
    if (width != randomWidth)
      offset = bits.convert(offset, width);
    result = bits.add(offset, low);
    if (result.getType() != resultType)
      result = stablehlo::BitcastConvertOp::create(b, resultType, result);
  } else if (op.getRngDistribution() == stablehlo::RngDistribution::UNIFORM) {
    // a + u * (b - a), u in [0, 1); a value that rounds up to b becomes a.
    auto type = cast<FloatType>(element);
    Value random = type.getWidth() == 64 ? random64(bits, position, key)
                                         : bits.threefry(position, key)[0];
    Value unit = unitInterval(bits, random, type);
    Value width = stablehlo::SubtractOp::create(b, resultType, bound, a);
    Value scaled = stablehlo::MulOp::create(b, resultType, unit, width);
    Value shifted = stablehlo::AddOp::create(b, resultType, scaled, a);
    Value below = stablehlo::CompareOp::create(
        b, RankedTensorType::get(bits.shape, b.getI1Type()), shifted, bound,
        stablehlo::ComparisonDirection::LT, nullptr);
    result = bits.select(below, shifted, a);
  } else {
    // Box-Muller in f32 (f64 for f64): mean a, standard deviation b.
    auto type = cast<FloatType>(element);
    FloatType computeType =
        type.getWidth() == 64 ? FloatType(b.getF64Type()) : b.getF32Type();
    RankedTensorType computeTensor = bits.floatType(computeType);
    Value first, second;
    if (computeType.getWidth() == 64) {
      Value doubled = bits.shiftLeft(position, 1);
      first = random64(bits, doubled, key);
      second = random64(bits, bits.add(doubled, bits.constant(64, 1)), key);
    } else {
      std::array<Value, 2> words = bits.threefry(position, key);
      first = words[0];
      second = words[1];
    }
    auto toCompute = [&](Value x) -> Value {
      return x.getType() == computeTensor
                 ? x
                 : stablehlo::ConvertOp::create(b, computeTensor, x);
    };
    // 1 - u lies in (0, 1], so its logarithm is finite.
    Value radiusUnit = stablehlo::SubtractOp::create(
        b, computeTensor, bits.floatConstant(computeType, 1.0),
        unitInterval(bits, first, computeType));
    Value radius = stablehlo::SqrtOp::create(
        b, computeTensor,
        stablehlo::MulOp::create(
            b, computeTensor, bits.floatConstant(computeType, -2.0),
            stablehlo::LogOp::create(b, computeTensor, radiusUnit)));
    Value angle = stablehlo::MulOp::create(
        b, computeTensor, bits.floatConstant(computeType, 2.0 * M_PI),
        unitInterval(bits, second, computeType));
    Value normal = stablehlo::MulOp::create(
        b, computeTensor, radius,
        stablehlo::CosineOp::create(b, computeTensor, angle));
    Value value = stablehlo::AddOp::create(
        b, computeTensor, toCompute(a),
        stablehlo::MulOp::create(b, computeTensor, toCompute(bound), normal));
    result = value.getType() == resultType
                 ? value
                 : stablehlo::ConvertOp::create(b, resultType, value);
  }
  rewriter.replaceOp(op, result);
}

// Why rng `op` cannot be expanded, or nullopt.
std::optional<std::string> checkRng(stablehlo::RngOp op) {
  auto resultType = dyn_cast<RankedTensorType>(op.getType());
  if (!resultType || !resultType.hasStaticShape())
    return "a result of static shape";
  Type element = resultType.getElementType();
  bool isFloat =
      isa<FloatType>(element) && element.getIntOrFloatBitWidth() >= 16;
  if (op.getRngDistribution() == stablehlo::RngDistribution::NORMAL && !isFloat)
    return "a float element type for NORMAL";
  if (!isFloat && (!element.isInteger() || element.getIntOrFloatBitWidth() < 8))
    return "an integer element type of 8 to 64 bits or a float element type";
  for (Value bound : {op.getA(), op.getB()}) {
    auto boundType = dyn_cast<RankedTensorType>(bound.getType());
    if (!boundType || boundType.getRank() != 0 ||
        boundType.getElementType() != element)
      return "rank-0 bounds of its result's element type";
  }
  return std::nullopt;
}

struct ExpandRngPass : disc::impl::ExpandRngPassBase<ExpandRngPass> {
  void runOnOperation() override {
    bool valid = true;
    SmallVector<stablehlo::RngOp> rngOps;
    // Each rng_bit_generator with the value giving its run-time sizes, null
    // for a static output.
    SmallVector<std::pair<stablehlo::RngBitGeneratorOp, Value>> generators;
    DominanceInfo &dominance = getAnalysis<DominanceInfo>();
    getOperation().walk([&](Operation *op) {
      std::optional<std::string> needed;
      std::string name = op->getName().getStringRef().str();
      if (auto generator = dyn_cast<stablehlo::RngBitGeneratorOp>(op)) {
        Value sameShape;
        if (!cast<ShapedType>(generator.getOutput().getType()).hasStaticShape())
          sameShape = findSameShapeValue(generator, dominance);
        needed = checkRngBitGenerator(generator, sameShape);
        generators.emplace_back(generator, sameShape);
      } else if (auto call = dyn_cast<stablehlo::CustomCallOp>(op);
                 call && isDynamicRngBitGenerator(call)) {
        needed = checkDynamicRngBitGenerator(call);
        name += " @" + kDynamicRngBitGenerator.str();
      } else if (auto rng = dyn_cast<stablehlo::RngOp>(op)) {
        needed = checkRng(rng);
        rngOps.push_back(rng);
      }
      if (needed) {
        op->emitError() << name << " needs " << *needed;
        valid = false;
      }
    });
    if (!valid)
      return signalPassFailure();
    IRRewriter rewriter(&getContext());
    for (auto [number, op] : llvm::enumerate(rngOps))
      expandRng(op, number, rewriter);
    for (auto [op, sameShape] : generators) {
      Value shape;
      if (sameShape) {
        rewriter.setInsertionPoint(op);
        ImplicitLocOpBuilder b(op.getLoc(), rewriter);
        auto type = cast<RankedTensorType>(sameShape.getType());
        shape = type.hasStaticShape()
                    ? stablehlo::ConstantOp::create(
                          b, b.getI64TensorAttr(type.getShape()))
                    : disc::getShapeOf(b, sameShape);
      }
      expandBitGenerator(
          rewriter, op, op.getRngAlgorithm(), op.getInitialState(),
          cast<RankedTensorType>(op.getOutput().getType()), shape);
    }
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandDynamicRngBitGenerator>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
