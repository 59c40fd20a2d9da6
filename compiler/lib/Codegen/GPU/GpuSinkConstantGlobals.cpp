//===- GpuSinkConstantGlobals.cpp - Constant globals read in kernels ------===//

#include "disc/Codegen/GPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_GPUSINKCONSTANTGLOBALSPASS
#include "disc/Codegen/GPU/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

struct GpuSinkConstantGlobalsPass
    : disc::impl::GpuSinkConstantGlobalsPassBase<GpuSinkConstantGlobalsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SymbolTableCollection symbols;
    func.walk([&](gpu::LaunchOp launch) {
      Region &body = launch.getBody();
      OpBuilder builder = OpBuilder::atBlockBegin(&body.front());
      // One clone per global and launch, shared by its uses there.
      DenseMap<Value, Value> clones;
      body.walk([&](Operation *op) {
        for (OpOperand &operand : op->getOpOperands()) {
          auto getGlobal = operand.get().getDefiningOp<memref::GetGlobalOp>();
          if (!getGlobal || launch->isAncestor(getGlobal))
            continue;
          auto global = symbols.lookupNearestSymbolFrom<memref::GlobalOp>(
              getGlobal, getGlobal.getNameAttr());
          if (!global || !global.getConstant())
            continue;
          Value &clone = clones[getGlobal.getResult()];
          if (!clone)
            clone = builder.clone(*getGlobal)->getResult(0);
          operand.set(clone);
        }
      });
    });
  }
};

} // namespace
