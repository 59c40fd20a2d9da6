//===- LinalgReductionToGPU.cpp - Reductions as GPU kernels ---------------===//
//
// A row reduction (the only reduction loop is the innermost, and the body
// folds each element into the output with one associative arith op) becomes
// one block per row of that loop:
//
//   gpu.launch blocks(rows) threads(blockSize) {
//     indices = delinearize(blockIdx.x) over the parallel loops
//     acc = neutral element of the combiner, on `width` lanes
//     for j = threadIdx.x * width; j < n; j += blockDim.x * width:
//       <load each input at (indices, j), as a vector or a scalar>
//       acc = combine(acc, <the body's element, on vectors of `width`>)
//     partial = combine(acc's lanes)
//     total = gpu.all_reduce partial        // warp shuffles, shared memory
//     if threadIdx.x == 0:
//       out[indices] = combine(out[indices], total)
//   }
//
// Every thread reaches the all-reduce; one with no element of the row
// contributes the neutral element. The output's value before the kernel is
// combined in once, as a linalg reduction starts from it.
//
// Any other reduction whose outputs have one element per point of the
// parallel loops (over an outer dimension, over several, an argmax) becomes
// one thread per output element:
//
//   gpu.launch blocks(ceil(points / blockSize)) threads(blockSize) {
//     t = blockIdx.x * blockDim.x + threadIdx.x
//     if t < points:
//       indices = delinearize(t) over the parallel loops
//       values = <each output at indices>
//       for each reduction loop, outermost first:
//         values = <the body on the inputs at the loops' indices and values>
//       <store values>
//   }
//
//===----------------------------------------------------------------------===//

#include "disc/Conversion/LinalgToGPU/KernelBuilder.h"
#include "disc/Conversion/LinalgToGPU/Passes.h"
#include "disc/Conversion/LinalgToGPU/Reduction.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_LINALGREDUCTIONTOGPULAUNCHPASS
#include "disc/Conversion/LinalgToGPU/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

constexpr int64_t kWarpSize = 32;

/// `combiner` on `output` and `element`, in the body's operand order and on
/// their type (scalars or vectors).
Value combine(OpBuilder &builder, Location loc,
              const disc::ReductionCombiner &combiner, Value output,
              Value element) {
  SmallVector<Value, 2> operands(2);
  operands[combiner.outputOperand] = output;
  operands[1 - combiner.outputOperand] = element;
  Operation *op =
      builder.create(loc, combiner.op->getName().getIdentifier(), operands,
                     TypeRange{output.getType()}, combiner.op->getAttrs());
  return op->getResult(0);
}

bool isSignedKind(gpu::AllReduceOperation kind) {
  return kind == gpu::AllReduceOperation::MINSI ||
         kind == gpu::AllReduceOperation::MAXSI;
}

/// Widens a value narrower than 32 bits to 32, which the block's shuffles
/// move at least; the extension keeps the value exact, so the combiner
/// computes the same on it and `narrowAfterShuffle` gives the narrow result.
Value widenForShuffle(OpBuilder &builder, Location loc, Value value,
                      gpu::AllReduceOperation kind) {
  Type type = value.getType();
  if (type.getIntOrFloatBitWidth() >= 32)
    return value;
  if (isa<FloatType>(type))
    return arith::ExtFOp::create(builder, loc, builder.getF32Type(), value);
  Type i32 = builder.getI32Type();
  if (isSignedKind(kind))
    return arith::ExtSIOp::create(builder, loc, i32, value);
  return arith::ExtUIOp::create(builder, loc, i32, value);
}

Value narrowAfterShuffle(OpBuilder &builder, Location loc, Value value,
                         Type type) {
  if (value.getType() == type)
    return value;
  if (isa<FloatType>(type))
    return arith::TruncFOp::create(builder, loc, type, value);
  return arith::TruncIOp::create(builder, loc, type, value);
}

/// Threads per block: enough whole warps for one group of `width` elements
/// each along a row of static size `rowSize`, at most `blockSize`.
int64_t chooseThreads(int64_t rowSize, int64_t width, int64_t blockSize) {
  if (ShapedType::isDynamic(rowSize))
    return blockSize;
  int64_t groups = llvm::divideCeil(rowSize, width);
  int64_t warps = std::max<int64_t>(1, llvm::divideCeil(groups, kWarpSize));
  return std::min(blockSize, warps * kWarpSize);
}

/// A block per row; see the file's comment.
void convertToBlockPerRowLaunch(linalg::GenericOp op,
                                const disc::ReductionCombiner &combiner,
                                int64_t blockSize, int64_t vectorBytes) {
  int64_t width = disc::chooseVectorWidth(op, vectorBytes);
  OpBuilder builder(op);
  Location loc = op.getLoc();
  OpOperand &init = op.getDpsInitsMutable()[0];
  Type accumulatorType = combiner.op->getResult(0).getType();

  SmallVector<Value> loopSizes = disc::createLoopSizes(op, builder);
  Value rowSize = loopSizes.back();
  ValueRange rowCounts = ValueRange(loopSizes).drop_back();
  Value rows = disc::createProduct(builder, loc, rowCounts);

  disc::createIfNonZero(builder, loc, rows);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  int64_t threadCount =
      chooseThreads(op.getStaticLoopRanges().back(), width, blockSize);
  Value threads = arith::ConstantIndexOp::create(builder, loc, threadCount);
  auto launch =
      gpu::LaunchOp::create(builder, loc, rows, one, one, threads, one, one);

  builder.setInsertionPointToStart(&launch.getBody().front());
  Value thread = launch.getThreadIds().x;
  SmallVector<Value> indices =
      disc::delinearize(builder, loc, launch.getBlockIds().x, rowCounts);
  Value start = thread;
  Value step = launch.getBlockSize().x;
  if (width > 1) {
    Value widthValue = arith::ConstantIndexOp::create(builder, loc, width);
    start = arith::MulIOp::create(builder, loc, start, widthValue);
    step = arith::MulIOp::create(builder, loc, step, widthValue);
  }

  TypedAttr neutralAttr = *arith::getNeutralElement(combiner.op);
  Value neutral = arith::ConstantOp::create(builder, loc, neutralAttr);
  if (width > 1)
    neutral = vector::BroadcastOp::create(
        builder, loc, VectorType::get({width}, accumulatorType), neutral);
  Value element = combiner.op->getOperand(1 - combiner.outputOperand);
  auto loop = scf::ForOp::create(
      builder, loc, start, rowSize, step, ValueRange{neutral},
      [&](OpBuilder &loopBuilder, Location loopLoc, Value column,
          ValueRange accumulators) {
        SmallVector<Value> at(indices);
        at.push_back(column);
        disc::KernelBuilder kernel(op, loopBuilder, width);
        kernel.loadInputs(at);
        kernel.emitBody(at, {combiner.op, combiner.outputExtension,
                             combiner.resultTruncation});
        Value next = combine(loopBuilder, loopLoc, combiner,
                             accumulators.front(), kernel.lookup(element));
        scf::YieldOp::create(loopBuilder, loopLoc, next);
      });

  Value partial = loop.getResult(0);
  if (width > 1) {
    Value lanes = partial;
    partial = vector::ExtractOp::create(builder, loc, lanes, 0);
    for (int64_t lane = 1; lane < width; ++lane)
      partial = combine(builder, loc, combiner, partial,
                        vector::ExtractOp::create(builder, loc, lanes, lane));
  }
  Value wide = widenForShuffle(builder, loc, partial, combiner.kind);
  Value wideTotal = gpu::AllReduceOp::create(
      builder, loc, wide,
      gpu::AllReduceOperationAttr::get(builder.getContext(), combiner.kind),
      builder.getUnitAttr());
  Value total = narrowAfterShuffle(builder, loc, wideTotal, accumulatorType);

  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value isFirst = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                        thread, zero);
  auto ifFirst = scf::IfOp::create(builder, loc, isFirst,
                                   /*withElseRegion=*/false);
  gpu::TerminatorOp::create(builder, loc);

  builder.setInsertionPointToStart(ifFirst.thenBlock());
  SmallVector<Value> at(indices);
  at.push_back(zero);
  SmallVector<Value> outputIndices =
      disc::KernelBuilder(op, builder, /*width=*/1).operandIndices(init, at);
  Value current =
      memref::LoadOp::create(builder, loc, init.get(), outputIndices);
  IRMapping mapping;
  if (combiner.outputExtension) {
    mapping.map(combiner.outputExtension->getOperand(0), current);
    current = builder.clone(*combiner.outputExtension, mapping)->getResult(0);
  }
  Value result = combine(builder, loc, combiner, current, total);
  if (combiner.resultTruncation) {
    mapping.map(combiner.resultTruncation->getOperand(0), result);
    result = builder.clone(*combiner.resultTruncation, mapping)->getResult(0);
  }
  memref::StoreOp::create(builder, loc, result, init.get(), outputIndices);
  op.erase();
}

/// A thread per point of the parallel loops, which loads the outputs'
/// elements there, runs the reduction loops over them in order, as the op
/// would, and stores them; consecutive threads take consecutive points of
/// the innermost parallel loop, so that they read consecutive elements of a
/// column reduction's rows.
void convertToThreadPerOutputLaunch(linalg::GenericOp op, int64_t blockSize) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  SmallVector<Value> loopSizes = disc::createLoopSizes(op, builder);
  SmallVector<unsigned> parallelDims, reductionDims;
  op.getParallelDims(parallelDims);
  op.getReductionDims(reductionDims);
  SmallVector<Value> parallelSizes, reductionSizes;
  for (unsigned dim : parallelDims)
    parallelSizes.push_back(loopSizes[dim]);
  for (unsigned dim : reductionDims)
    reductionSizes.push_back(loopSizes[dim]);
  Value points = disc::createProduct(builder, loc, parallelSizes);

  Value point =
      disc::createThreadPerItemLaunch(builder, loc, points, blockSize);
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  SmallVector<Value> indices(op.getNumLoops(), zero);
  for (auto [dim, index] : llvm::zip_equal(
           parallelDims, disc::delinearize(builder, loc, point, parallelSizes)))
    indices[dim] = index;
  disc::KernelBuilder outputs(op, builder, /*width=*/1);
  SmallVector<Value> initial;
  for (OpOperand &init : op.getDpsInitsMutable())
    initial.push_back(memref::LoadOp::create(
        builder, loc, init.get(), outputs.operandIndices(init, indices)));

  SmallVector<Value> lowerBounds(reductionDims.size(), zero);
  SmallVector<Value> steps(reductionDims.size(), one);
  scf::LoopNest loops = scf::buildLoopNest(
      builder, loc, lowerBounds, reductionSizes, steps, initial,
      [&](OpBuilder &loopBuilder, Location, ValueRange reductionIndices,
          ValueRange values) {
        SmallVector<Value> at(indices);
        for (auto [dim, index] :
             llvm::zip_equal(reductionDims, reductionIndices))
          at[dim] = index;
        disc::KernelBuilder kernel(op, loopBuilder, /*width=*/1);
        kernel.loadInputs(at);
        kernel.setOutputs(values);
        kernel.emitBody(at);
        return kernel.lookupYielded();
      });
  for (auto [init, result] :
       llvm::zip_equal(op.getDpsInitsMutable(), loops.results))
    memref::StoreOp::create(builder, loc, result, init.get(),
                            outputs.operandIndices(init, indices));
  op.erase();
}

struct LinalgReductionToGPULaunchPass
    : disc::impl::LinalgReductionToGPULaunchPassBase<
          LinalgReductionToGPULaunchPass> {
  using Base::Base;

  void runOnOperation() override {
    if (blockSize <= 0 || blockSize > 1024 || vectorBytes <= 0) {
      getOperation().emitError("block-size must be in [1, 1024] and "
                               "vector-bytes positive");
      return signalPassFailure();
    }
    SmallVector<linalg::LinalgOp> ops;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.hasPureBufferSemantics() && op.getNumReductionLoops() > 0)
        ops.push_back(op);
    });
    for (linalg::LinalgOp op : ops) {
      // What stays a named op is reported by disc-linalg-to-gpu-launch.
      FailureOr<linalg::GenericOp> generic = disc::asGenericOp(op);
      if (failed(generic))
        continue;
      FailureOr<disc::ReductionCombiner> combiner =
          disc::matchRowReduction(*generic);
      if (succeeded(combiner))
        convertToBlockPerRowLaunch(*generic, *combiner, blockSize, vectorBytes);
      else if (succeeded(disc::matchParallelOutputs(*generic)))
        convertToThreadPerOutputLaunch(*generic, blockSize);
    }
  }
};

} // namespace
