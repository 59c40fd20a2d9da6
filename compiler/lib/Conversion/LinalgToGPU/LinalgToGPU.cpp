//===- LinalgToGPU.cpp - Elementwise linalg ops as GPU kernels ------------===//
//
// A parallel linalg op becomes
//
//   gpu.launch blocks(ceil(groups / blockSize)) threads(blockSize) {
//     t = blockIdx.x * blockDim.x + threadIdx.x
//     if t < groups:
//       indices = delinearize(t) with the innermost index scaled by width
//       <load each operand at its indexing map, as a vector or a scalar>
//       <the op's body on vectors of `width` elements>
//       <store each result>
//   }
//
// where groups is the number of elements divided by the vector width.
//
//===----------------------------------------------------------------------===//

#include "disc/Conversion/LinalgToGPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_DISCLINALGTOGPULAUNCH
#include "disc/Conversion/LinalgToGPU/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

/// Whether the operand of `map` walks `loop` as its last, unit-stride
/// dimension, so that consecutive iterations read consecutive elements.
bool readsAlongLastDim(AffineMap map, unsigned loop) {
  if (map.getNumResults() == 0)
    return false;
  auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
  return last && last.getPosition() == loop;
}

bool usesLoop(AffineMap map, unsigned loop) {
  return map.isFunctionOfDim(loop);
}

bool isContiguous(Value operand) {
  auto type = dyn_cast<MemRefType>(operand.getType());
  return type && type.getLayout().isIdentity();
}

/// The number of elements each thread computes: a whole vector of
/// `vectorBytes` when every operand allows it, else 1.
int64_t chooseVectorWidth(linalg::GenericOp op, int64_t vectorBytes) {
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

/// Builds the kernel body of one op.
class KernelBuilder {
public:
  KernelBuilder(linalg::GenericOp op, OpBuilder &builder, int64_t width)
      : op(op), builder(builder), loc(op.getLoc()), width(width) {}

  /// Emits loads, the body and stores at the loop indices `indices`.
  void emit(ArrayRef<Value> indices) {
    Block *body = op.getBody();
    for (OpOperand &operand : op->getOpOperands()) {
      BlockArgument arg = op.getMatchingBlockArgument(&operand);
      if (arg.use_empty())
        continue;
      load(operand, indices, arg);
    }
    for (Operation &bodyOp : body->without_terminator()) {
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
    auto yield = cast<linalg::YieldOp>(body->getTerminator());
    for (auto [init, value] :
         llvm::zip_equal(op.getDpsInitsMutable(), yield.getValues()))
      store(init, indices, value);
  }

private:
  SmallVector<Value> operandIndices(OpOperand &operand,
                                    ArrayRef<Value> indices) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    SmallVector<Value> result;
    for (AffineExpr expr : map.getResults()) {
      if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
        result.push_back(indices[dim.getPosition()]);
        continue;
      }
      // A size-1 dimension broadcast by the map reads its only element.
      result.push_back(arith::ConstantIndexOp::create(builder, loc, 0));
    }
    return result;
  }

  bool isVectorAccess(OpOperand &operand) {
    return width > 1 && isa<MemRefType>(operand.get().getType()) &&
           usesLoop(op.getMatchingIndexingMap(&operand), op.getNumLoops() - 1);
  }

  /// The whole vector's size: the innermost index is a multiple of the
  /// width, and buffers start at least that aligned.
  llvm::MaybeAlign vectorAlignment(Value memref) {
    Type element = cast<MemRefType>(memref.getType()).getElementType();
    return llvm::Align(width * element.getIntOrFloatBitWidth() / 8);
  }

  void load(OpOperand &operand, ArrayRef<Value> indices, BlockArgument arg) {
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

  void store(OpOperand &init, ArrayRef<Value> indices, Value yielded) {
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

  /// The vector of `value`: computed on vectors, or a scalar (a broadcast
  /// operand, a constant, a value from outside the op) splat.
  Value getVector(Value value) {
    if (Value vector = vectors.lookupOrNull(value))
      return vector;
    Value scalar = scalars.lookupOrDefault(value);
    Value splat = vector::BroadcastOp::create(
        builder, loc, VectorType::get({width}, scalar.getType()), scalar);
    vectors.map(value, splat);
    return splat;
  }

  linalg::GenericOp op;
  OpBuilder &builder;
  Location loc;
  int64_t width;
  IRMapping scalars;
  IRMapping vectors;
};

void convertToLaunch(linalg::GenericOp op, int64_t blockSize,
                     int64_t vectorBytes) {
  int64_t width = chooseVectorWidth(op, vectorBytes);
  OpBuilder builder(op);
  Location loc = op.getLoc();

  SmallVector<Value> loopSizes;
  for (Range range :
       cast<linalg::LinalgOp>(op.getOperation()).createLoopRanges(builder, loc))
    loopSizes.push_back(
        getValueOrCreateConstantIndexOp(builder, loc, range.size));
  // The innermost loop advances by whole vectors.
  SmallVector<Value> groupSizes(loopSizes);
  if (width > 1)
    groupSizes.back() = arith::DivUIOp::create(
        builder, loc, groupSizes.back(),
        arith::ConstantIndexOp::create(builder, loc, width));
  Value groups = arith::ConstantIndexOp::create(builder, loc, 1);
  for (Value size : groupSizes)
    groups = arith::MulIOp::create(builder, loc, groups, size);

  // CUDA rejects an empty grid, so an empty iteration space launches
  // nothing.
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value nonEmpty = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::ugt, groups, zero);
  auto ifNonEmpty = scf::IfOp::create(builder, loc, nonEmpty,
                                      /*withElseRegion=*/false);
  builder.setInsertionPointToStart(ifNonEmpty.thenBlock());
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  Value threads = arith::ConstantIndexOp::create(builder, loc, blockSize);
  Value blocks = arith::CeilDivUIOp::create(builder, loc, groups, threads);
  auto launch =
      gpu::LaunchOp::create(builder, loc, blocks, one, one, threads, one, one);

  builder.setInsertionPointToStart(&launch.getBody().front());
  Value blockOffset = arith::MulIOp::create(
      builder, loc, launch.getBlockIds().x, launch.getBlockSize().x);
  Value group =
      arith::AddIOp::create(builder, loc, blockOffset, launch.getThreadIds().x);
  Value inRange = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                        group, groups);
  auto ifInRange = scf::IfOp::create(builder, loc, inRange,
                                     /*withElseRegion=*/false);
  gpu::TerminatorOp::create(builder, loc);

  builder.setInsertionPointToStart(ifInRange.thenBlock());
  SmallVector<Value> indices(groupSizes.size());
  Value rest = group;
  for (int64_t dim = static_cast<int64_t>(groupSizes.size()) - 1; dim >= 0;
       --dim) {
    if (dim == 0) {
      indices[dim] = rest;
      break;
    }
    indices[dim] = arith::RemUIOp::create(builder, loc, rest, groupSizes[dim]);
    rest = arith::DivUIOp::create(builder, loc, rest, groupSizes[dim]);
  }
  if (width > 1)
    indices.back() = arith::MulIOp::create(
        builder, loc, indices.back(),
        arith::ConstantIndexOp::create(builder, loc, width));
  KernelBuilder(op, builder, width).emit(indices);
  op.erase();
}

/// Buffers live on the device, so the host may only pass them around.
LogicalResult checkNoHostAccess(func::FuncOp func) {
  WalkResult result = func.walk([](Operation *op) {
    if (op->getParentOfType<gpu::LaunchOp>())
      return WalkResult::skip();
    if (isa<linalg::LinalgOp>(op)) {
      op->emitOpError("has reduction loops, which the cuda target does not "
                      "support yet");
      return WalkResult::interrupt();
    }
    if (isa<memref::LoadOp, memref::StoreOp, memref::CopyOp>(op)) {
      op->emitOpError("accesses a device buffer from the host, which the "
                      "cuda target does not support yet");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

struct LinalgToGPULaunchPass
    : disc::impl::DiscLinalgToGPULaunchBase<LinalgToGPULaunchPass> {
  using Base::Base;

  void runOnOperation() override {
    if (blockSize <= 0 || vectorBytes <= 0) {
      getOperation().emitError("block-size and vector-bytes must be positive");
      return signalPassFailure();
    }
    SmallVector<linalg::LinalgOp> ops;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.hasPureBufferSemantics() &&
          op.getNumLoops() == op.getNumParallelLoops())
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : ops) {
      auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
      if (!generic) {
        rewriter.setInsertionPoint(op);
        FailureOr<linalg::GenericOp> generalized =
            linalg::generalizeNamedOp(rewriter, op);
        if (failed(generalized)) {
          op.emitOpError("cannot be generalized into a kernel");
          return signalPassFailure();
        }
        generic = *generalized;
      }
      convertToLaunch(generic, blockSize, vectorBytes);
    }
    if (failed(checkNoHostAccess(getOperation())))
      signalPassFailure();
  }
};

} // namespace
