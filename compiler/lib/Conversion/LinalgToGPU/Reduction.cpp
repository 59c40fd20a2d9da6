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

void printDimensions(llvm::raw_ostream &os, ArrayRef<unsigned> dims) {
  os << (dims.size() == 1 ? "dimension " : "dimensions ");
  llvm::interleave(dims, os, ", ");
}

} // namespace

FailureOr<ReductionCombiner>
mlir::disc::matchRowReduction(linalg::GenericOp op, std::string *whyNot) {
  std::string reason;
  llvm::raw_string_ostream os(reason);
  auto fail = [&]() -> FailureOr<ReductionCombiner> {
    if (whyNot)
      *whyNot = reason;
    return failure();
  };

  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  unsigned innermost = op.getNumLoops() - 1;
  if (reductionDims.size() != 1 || reductionDims.front() != innermost) {
    os << "reduces over ";
    printDimensions(os, reductionDims);
    os << " of its " << op.getNumLoops()
       << " loops rather than over the innermost one alone";
    return fail();
  }
  if (op.getNumDpsInits() != 1) {
    os << "reduces " << op.getNumDpsInits() << " outputs together";
    return fail();
  }
  OpOperand &init = op.getDpsInitsMutable()[0];
  AffineMap outputMap = op.getMatchingIndexingMap(&init);
  if (!outputMap.isProjectedPermutation() ||
      outputMap.getNumResults() != innermost ||
      outputMap.isFunctionOfDim(innermost)) {
    os << "writes its output at " << outputMap
       << ", not at one element per row";
    return fail();
  }
  // A body computing in a wider type (f16 math done in f32) reads the output
  // through an arith.extf and yields the combined value through an
  // arith.truncf.
  BlockArgument output = op.getMatchingBlockArgument(&init);
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
      combiner->getNumOperands() != 2 ||
      (outputExtension && !resultTruncation)) {
    os << "has a body that does not yield one op combining each element "
          "with the output";
    return fail();
  }
  std::optional<gpu::AllReduceOperation> kind = getAllReduceKind(combiner);
  if (!kind || !arith::getNeutralElement(combiner)) {
    os << "combines its elements with '" << combiner->getName() << "'";
    return fail();
  }
  Type type = combiner->getResult(0).getType();
  if (!type.isIntOrFloat() || type.getIntOrFloatBitWidth() > 64) {
    os << "reduces elements of type " << type;
    return fail();
  }
  unsigned outputOperand = combiner->getOperand(0) == combinedOutput ? 0 : 1;
  return ReductionCombiner{combiner, *kind, outputOperand, outputExtension,
                           resultTruncation};
}
