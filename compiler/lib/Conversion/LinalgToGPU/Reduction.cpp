//===- Reduction.cpp - Reductions the cuda target compiles ----------------===//

#include "disc/Conversion/LinalgToGPU/Reduction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::disc;

namespace {

std::optional<gpu::AllReduceOperation> getAllReduceKind(Operation *op) {
  using Kind = gpu::AllReduceOperation;
  return llvm::TypeSwitch<Operation *, std::optional<Kind>>(op)
      .Case<arith::AddFOp, arith::AddIOp>([](auto) { return Kind::ADD; })
      .Case<arith::MulFOp, arith::MulIOp>([](auto) { return Kind::MUL; })
      .Case([](arith::MaximumFOp) { return Kind::MAXIMUMF; })
      .Case([](arith::MinimumFOp) { return Kind::MINIMUMF; })
      .Case([](arith::MaxNumFOp) { return Kind::MAXNUMF; })
      .Case([](arith::MinNumFOp) { return Kind::MINNUMF; })
      .Case([](arith::MaxSIOp) { return Kind::MAXSI; })
      .Case([](arith::MinSIOp) { return Kind::MINSI; })
      .Case([](arith::MaxUIOp) { return Kind::MAXUI; })
      .Case([](arith::MinUIOp) { return Kind::MINUI; })
      .Case([](arith::AndIOp) { return Kind::AND; })
      .Case([](arith::OrIOp) { return Kind::OR; })
      .Case([](arith::XOrIOp) { return Kind::XOR; })
      .Default([](Operation *) { return std::nullopt; });
}

} // namespace

LogicalResult mlir::disc::matchParallelOutputs(linalg::GenericOp op,
                                               std::string *whyNot) {
  SmallVector<unsigned> parallelDims;
  op.getParallelDims(parallelDims);
  for (OpOperand &init : op.getDpsInitsMutable()) {
    AffineMap map = op.getMatchingIndexingMap(&init);
    bool isPermutationOfParallelLoops =
        map.isProjectedPermutation() &&
        map.getNumResults() == parallelDims.size() &&
        llvm::all_of(parallelDims,
                     [&](unsigned dim) { return map.isFunctionOfDim(dim); });
    if (isPermutationOfParallelLoops)
      continue;
    if (whyNot) {
      llvm::raw_string_ostream os(*whyNot);
      os << "writes output " << init.getOperandNumber() - op.getNumDpsInputs()
         << " at " << map << ", not at one element per point of its parallel "
         << "loops";
    }
    return failure();
  }
  return success();
}

FailureOr<ReductionCombiner>
mlir::disc::matchRowReduction(linalg::GenericOp op) {
  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  unsigned innermost = op.getNumLoops() - 1;
  if (reductionDims.size() != 1 || reductionDims.front() != innermost ||
      op.getNumDpsInits() != 1 || failed(matchParallelOutputs(op)))
    return failure();

  // A body computing in a wider type (f16 math done in f32) reads the output
  // through an arith.extf and yields the combined value through an
  // arith.truncf.
  BlockArgument output =
      op.getMatchingBlockArgument(&op.getDpsInitsMutable()[0]);
  Value combinedOutput = output;
  Operation *outputExtension = nullptr;
  if (output.hasOneUse() && isa<arith::ExtFOp>(*output.getUsers().begin())) {
    outputExtension = *output.getUsers().begin();
    combinedOutput = outputExtension->getResult(0);
  }
  Value yielded = op.getBody()->getTerminator()->getOperand(0);
  Operation *resultTruncation = nullptr;
  if (outputExtension && yielded.getDefiningOp<arith::TruncFOp>()) {
    resultTruncation = yielded.getDefiningOp();
    yielded = resultTruncation->getOperand(0);
  }
  Operation *combiner = yielded.getDefiningOp();
  if (!combinedOutput.hasOneUse() || !combiner || !yielded.hasOneUse() ||
      combiner->getBlock() != op.getBody() ||
      *combinedOutput.getUsers().begin() != combiner ||
      combiner->getNumOperands() != 2 || (outputExtension && !resultTruncation))
    return failure();
  std::optional<gpu::AllReduceOperation> kind = getAllReduceKind(combiner);
  Type type = combiner->getResult(0).getType();
  if (!kind || !arith::getNeutralElement(combiner) || !type.isIntOrFloat() ||
      type.getIntOrFloatBitWidth() > 64)
    return failure();
  unsigned outputOperand = combiner->getOperand(0) == combinedOutput ? 0 : 1;
  return ReductionCombiner{combiner, *kind, outputOperand, outputExtension,
                           resultTruncation};
}
