//===- ShardyOneDevice.cpp - Shardy's annotations on one device -----------===//
//
// A sharding says how a value is split over the devices of a mesh; on one
// device nothing is split, so the annotations carry no meaning and go, and a
// manual computation's body already sees whole values.
//
//===----------------------------------------------------------------------===//

#include "disc/Dialect/HLO/ShardyDialect.h"
#include "disc/Dialect/HLO/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::disc {
#define GEN_PASS_DEF_SHARDYONEDEVICEPASS
#include "disc/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace mlir::disc

using namespace mlir;

namespace {

bool isShardyName(StringRef name) { return name.starts_with("sdy."); }

LogicalResult checkMesh(Operation *mesh) {
  auto devices = mesh->getAttrOfType<IntegerAttr>(sdy::kMeshDeviceCountAttr);
  if (!devices || devices.getInt() <= 1)
    return success();
  return mesh->emitError()
         << "sdy.mesh @"
         << mesh->getAttrOfType<StringAttr>("sym_name").getValue() << " has "
         << devices.getInt()
         << " devices; disc runs a program on one device, and "
            "disc-compile --simulate-processes runs all of them there";
}

/// The body's arguments are the operands and its sdy.return's operands the
/// results, provided the body sees whole values.
LogicalResult inlineManualComputation(Operation *op) {
  if (op->getNumRegions() != 1 || !op->getRegion(0).hasOneBlock())
    return op->emitError("sdy.manual_computation needs a body of one block");
  Block &body = op->getRegion(0).front();
  Operation *terminator = body.empty() ? nullptr : &body.back();
  if (!terminator || terminator->getName().getStringRef() != "sdy.return" ||
      terminator->getNumOperands() != op->getNumResults() ||
      body.getNumArguments() != op->getNumOperands())
    return op->emitError("sdy.manual_computation's body must take one "
                         "argument per operand and end in an sdy.return of "
                         "one value per result");
  auto checkWhole = [&](TypeRange outerTypes,
                        TypeRange innerTypes) -> LogicalResult {
    for (auto [outer, inner] : llvm::zip_equal(outerTypes, innerTypes))
      if (outer != inner)
        return op->emitError()
               << "sdy.manual_computation's body sees " << inner
               << " of a value of type " << outer
               << ", a shard of a value split over several devices; disc "
                  "runs a program on one device";
    return success();
  };
  if (failed(checkWhole(op->getOperandTypes(), body.getArgumentTypes())) ||
      failed(checkWhole(op->getResultTypes(), terminator->getOperandTypes())))
    return failure();
  for (auto [argument, operand] :
       llvm::zip_equal(body.getArguments(), op->getOperands()))
    argument.replaceAllUsesWith(operand);
  op->replaceAllUsesWith(terminator->getOperands());
  op->getBlock()->getOperations().splice(op->getIterator(),
                                         body.getOperations(), body.begin(),
                                         terminator->getIterator());
  op->erase();
  return success();
}

void dropShardingAttrs(Operation *op) {
  for (NamedAttribute attr : llvm::to_vector(op->getDiscardableAttrs()))
    if (isShardyName(attr.getName()))
      op->removeDiscardableAttr(attr.getName());
  auto function = dyn_cast<FunctionOpInterface>(op);
  if (!function)
    return;
  for (unsigned i = 0; i < function.getNumArguments(); ++i)
    for (NamedAttribute attr : function.getArgAttrs(i))
      if (isShardyName(attr.getName()))
        function.removeArgAttr(i, attr.getName());
  for (unsigned i = 0; i < function.getNumResults(); ++i)
    for (NamedAttribute attr : function.getResultAttrs(i))
      if (isShardyName(attr.getName()))
        function.removeResultAttr(i, attr.getName());
}

struct ShardyOneDevicePass
    : public disc::impl::ShardyOneDevicePassBase<ShardyOneDevicePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Post order: a nested manual computation joins its parent's body
    // before the parent's body joins the function.
    SmallVector<Operation *> shardyOps;
    module.walk([&](Operation *op) {
      // A return goes with its manual computation.
      if (isa_and_nonnull<sdy::ShardyDialect>(op->getDialect()) &&
          op->getName().getStringRef() != "sdy.return")
        shardyOps.push_back(op);
    });
    bool failedAny = false;
    for (Operation *op : shardyOps) {
      StringRef name = op->getName().getStringRef();
      if (name == "sdy.mesh") {
        failedAny |= failed(checkMesh(op));
        op->erase();
      } else if (name == "sdy.manual_computation") {
        failedAny |= failed(inlineManualComputation(op));
      } else if (name == "sdy.sharding_constraint" || name == "sdy.reshard") {
        op->replaceAllUsesWith(op->getOperands());
        op->erase();
      } else {
        failedAny |= failed(op->emitError()
                            << "'" << name << "' is not supported by disc");
      }
    }
    if (failedAny)
      return signalPassFailure();
    module.walk(dropShardingAttrs);
  }
};

} // namespace
