//===- KernelBuilder.cpp - A linalg op's body inside a GPU kernel ---------===//

#include "disc/Conversion/LinalgToGPU/KernelBuilder.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::disc;

namespace {

/// Whether the operand of `map` walks `loop` as its last, unit-stride
/// dimension and in no other, so that consecutive iterations read
/// consecutive elements.
bool readsAlongLastDim(AffineMap map, unsigned loop) {
  if (map.getNumResults() == 0)
    return false;
  auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
  return last && last.getPosition() == loop &&
         llvm::none_of(map.getResults().drop_back(), [&](AffineExpr expr) {
           return expr.isFunctionOfDim(loop);
         });
}

bool usesLoop(AffineMap map, unsigned loop) {
  return map.isFunctionOfDim(loop);
}

bool isContiguous(Value operand) {
  auto type = dyn_cast<MemRefType>(operand.getType());
  return type && type.getLayout().isIdentity();
}

} // namespace

int64_t mlir::disc::chooseVectorWidth(linalg::GenericOp op,
                                      int64_t vectorBytes) {
  unsigned numLoops = op.getNumLoops();
  if (numLoops == 0)
    return 1;
  unsigned innermost = numLoops - 1;
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  int64_t innerSize = bounds.back();
  if (ShapedType::isDynamic(innerSize))
    return 1;

  int64_t widestElement = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    // A scalar operand (a fill value) is splat like a constant.
    if (!isa<ShapedType>(operand.get().getType()))
      continue;
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || !type.getElementType().isIntOrFloat())
      return 1;
    int64_t bits = type.getElementType().getIntOrFloatBitWidth();
    if (bits % 8 != 0)
      return 1;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!usesLoop(map, innermost))
      continue;
    if (!readsAlongLastDim(map, innermost) || !isContiguous(operand.get()))
      return 1;
    widestElement = std::max(widestElement, bits / 8);
  }
  if (op.getIteratorTypesArray().back() == utils::IteratorType::parallel)
    for (OpOperand &init : op.getDpsInitsMutable())
      if (!readsAlongLastDim(op.getMatchingIndexingMap(&init), innermost))
        return 1;
  if (widestElement == 0)
    return 1;
  int64_t width = vectorBytes / widestElement;
  if (width <= 1 || innerSize % width != 0)
    return 1;

  for (Operation &bodyOp : op.getBody()->without_terminator()) {
    if (isa<arith::ConstantOp>(bodyOp))
      continue;
    if (!OpTrait::hasElementwiseMappableTraits(&bodyOp))
      return 1;
  }
  return width;
}

FailureOr<linalg::GenericOp> mlir::disc::asGenericOp(linalg::LinalgOp op) {
  if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
    return generic;
  IRRewriter rewriter(op.getContext());
  rewriter.setInsertionPoint(op);
  return linalg::generalizeNamedOp(rewriter, op);
}

SmallVector<Value> mlir::disc::createLoopSizes(linalg::LinalgOp op,
                                               OpBuilder &builder) {
  Location loc = op.getLoc();
  SmallVector<Value> sizes;
  for (Range range : op.createLoopRanges(builder, loc))
    sizes.push_back(getValueOrCreateConstantIndexOp(builder, loc, range.size));
  return sizes;
}

Value mlir::disc::createProduct(OpBuilder &builder, Location loc,
                                ValueRange sizes) {
  // Folded, a static count is a constant the kernel outlining copies into
  // the kernel, where it divides by constants.
  Value product = arith::ConstantIndexOp::create(builder, loc, 1);
  for (Value size : sizes)
    product = builder.createOrFold<arith::MulIOp>(loc, product, size);
  return product;
}

SmallVector<Value> mlir::disc::delinearize(OpBuilder &builder, Location loc,
                                           Value linear, ValueRange sizes) {
  SmallVector<Value> indices(sizes.size());
  Value rest = linear;
  for (int64_t dim = static_cast<int64_t>(sizes.size()) - 1; dim >= 0; --dim) {
    if (dim == 0) {
      indices[dim] = rest;
      break;
    }
    indices[dim] = arith::RemUIOp::create(builder, loc, rest, sizes[dim]);
    rest = arith::DivUIOp::create(builder, loc, rest, sizes[dim]);
  }
  return indices;
}

void mlir::disc::createIfNonZero(OpBuilder &builder, Location loc,
                                 Value count) {
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value nonZero = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ugt,
                                        count, zero);
  auto ifNonZero = scf::IfOp::create(builder, loc, nonZero,
                                     /*withElseRegion=*/false);
  builder.setInsertionPointToStart(ifNonZero.thenBlock());
}

Value mlir::disc::createThreadPerItemLaunch(OpBuilder &builder, Location loc,
                                            Value count, int64_t blockSize) {
  createIfNonZero(builder, loc, count);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  Value threads = arith::ConstantIndexOp::create(builder, loc, blockSize);
  Value blocks = arith::CeilDivUIOp::create(builder, loc, count, threads);
  auto launch =
      gpu::LaunchOp::create(builder, loc, blocks, one, one, threads, one, one);

  builder.setInsertionPointToStart(&launch.getBody().front());
  Value blockOffset = arith::MulIOp::create(
      builder, loc, launch.getBlockIds().x, launch.getBlockSize().x);
  Value item =
      arith::AddIOp::create(builder, loc, blockOffset, launch.getThreadIds().x);
  Value inRange = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                        item, count);
  auto ifInRange = scf::IfOp::create(builder, loc, inRange,
                                     /*withElseRegion=*/false);
  gpu::TerminatorOp::create(builder, loc);
  builder.setInsertionPointToStart(ifInRange.thenBlock());
  return item;
}

void KernelBuilder::emit(ArrayRef<Value> indices) {
  loadInputs(indices);
  for (OpOperand &init : op.getDpsInitsMutable()) {
    BlockArgument arg = op.getMatchingBlockArgument(&init);
    if (!arg.use_empty())
      load(init, indices, arg);
  }
  emitBody(indices);
  auto yield = cast<linalg::YieldOp>(op.getBody()->getTerminator());
  for (auto [init, value] :
       llvm::zip_equal(op.getDpsInitsMutable(), yield.getValues()))
    store(init, indices, value);
}

void KernelBuilder::loadInputs(ArrayRef<Value> indices) {
  for (OpOperand *input : op.getDpsInputOperands()) {
    BlockArgument arg = op.getMatchingBlockArgument(input);
    if (!arg.use_empty())
      load(*input, indices, arg);
  }
}

void KernelBuilder::setOutputs(ValueRange values) {
  for (auto [init, value] : llvm::zip_equal(op.getDpsInitsMutable(), values))
    scalars.map(op.getMatchingBlockArgument(&init), value);
}

void KernelBuilder::emitBody(ArrayRef<Value> indices,
                             ArrayRef<Operation *> skipped) {
  for (Operation &bodyOp : op.getBody()->without_terminator()) {
    if (llvm::is_contained(skipped, &bodyOp))
      continue;
    if (auto index = dyn_cast<linalg::IndexOp>(bodyOp)) {
      scalars.map(index.getResult(), indices[index.getDim()]);
      continue;
    }
    if (width == 1 || isa<arith::ConstantOp>(bodyOp)) {
      builder.clone(bodyOp, scalars);
      continue;
    }
    SmallVector<Value> operands;
    for (Value operand : bodyOp.getOperands())
      operands.push_back(getVector(operand));
    SmallVector<Type> resultTypes;
    for (Type type : bodyOp.getResultTypes())
      resultTypes.push_back(VectorType::get({width}, type));
    Operation *vectorOp =
        builder.create(bodyOp.getLoc(), bodyOp.getName().getIdentifier(),
                       operands, resultTypes, bodyOp.getAttrs());
    for (auto [scalar, vector] :
         llvm::zip_equal(bodyOp.getResults(), vectorOp->getResults()))
      vectors.map(scalar, vector);
  }
}

Value KernelBuilder::lookup(Value bodyValue) {
  if (width > 1)
    return getVector(bodyValue);
  return scalars.lookupOrDefault(bodyValue);
}

SmallVector<Value> KernelBuilder::lookupYielded() {
  SmallVector<Value> values;
  for (Value yielded : op.getBody()->getTerminator()->getOperands())
    values.push_back(lookup(yielded));
  return values;
}

SmallVector<Value> KernelBuilder::operandIndices(OpOperand &operand,
                                                 ArrayRef<Value> indices) {
  AffineMap map = op.getMatchingIndexingMap(&operand);
  SmallVector<Value> result;
  for (AffineExpr expr : map.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
      result.push_back(indices[dim.getPosition()]);
      continue;
    }
    // A size-1 dimension broadcast by the map reads its only element.
    if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
      result.push_back(
          arith::ConstantIndexOp::create(builder, loc, constant.getValue()));
      continue;
    }
    // A window (a convolution's input) reads at a sum of loop indices.
    result.push_back(affine::AffineApplyOp::create(
        builder, loc,
        AffineMap::get(map.getNumDims(), map.getNumSymbols(), expr), indices));
  }
  return result;
}

bool KernelBuilder::isVectorAccess(OpOperand &operand) {
  return width > 1 && isa<MemRefType>(operand.get().getType()) &&
         usesLoop(op.getMatchingIndexingMap(&operand), op.getNumLoops() - 1);
}

/// The whole vector's size: the innermost index is a multiple of the width,
/// and buffers start at least that aligned.
llvm::MaybeAlign KernelBuilder::vectorAlignment(Value memref) {
  Type element = cast<MemRefType>(memref.getType()).getElementType();
  return llvm::Align(width * element.getIntOrFloatBitWidth() / 8);
}

void KernelBuilder::load(OpOperand &operand, ArrayRef<Value> indices,
                         BlockArgument arg) {
  Value memref = operand.get();
  if (!isa<MemRefType>(memref.getType())) {
    scalars.map(arg, memref);
    return;
  }
  SmallVector<Value> at = operandIndices(operand, indices);
  if (isVectorAccess(operand)) {
    auto type = VectorType::get({width}, arg.getType());
    vectors.map(arg, vector::LoadOp::create(builder, loc, type, memref, at,
                                            /*nontemporal=*/false,
                                            vectorAlignment(memref)));
    return;
  }
  scalars.map(arg, memref::LoadOp::create(builder, loc, memref, at));
}

void KernelBuilder::store(OpOperand &init, ArrayRef<Value> indices,
                          Value yielded) {
  Value memref = init.get();
  SmallVector<Value> at = operandIndices(init, indices);
  if (width > 1) {
    vector::StoreOp::create(builder, loc, getVector(yielded), memref, at,
                            /*nontemporal=*/false, vectorAlignment(memref));
    return;
  }
  memref::StoreOp::create(builder, loc, scalars.lookupOrDefault(yielded),
                          memref, at);
}

Value KernelBuilder::getVector(Value value) {
  if (Value vector = vectors.lookupOrNull(value))
    return vector;
  Value scalar = scalars.lookupOrDefault(value);
  Value splat = vector::BroadcastOp::create(
      builder, loc, VectorType::get({width}, scalar.getType()), scalar);
  vectors.map(value, splat);
  return splat;
}
