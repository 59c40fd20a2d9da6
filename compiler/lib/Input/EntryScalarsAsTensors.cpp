//===- EntryScalarsAsTensors.cpp - Scalars at the entry as rank-0 tensors -===//
//
// torch-mlir prints a function that takes or returns a Python number with
// that number as a scalar (`func.func @f(%x: tensor<3xf32>) -> f64`). The
// model ABI passes tensors only, so a scalar input or output of a public
// function becomes a rank-0 tensor of its type, unwrapped with tensor.extract
// where the function reads it and wrapped with tensor.from_elements where it
// returns it.
//
//===----------------------------------------------------------------------===//

#include "disc/Input/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_ENTRYSCALARSASTENSORSPASS
#include "disc/Input/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

/// The rank-0 tensor a scalar of `type` passes as, or null for a type that
/// is not a scalar the ABI has an element type for.
RankedTensorType rankZeroTensorOf(Type type) {
  if (!isa<IntegerType, FloatType, ComplexType>(type))
    return nullptr;
  return RankedTensorType::get({}, type);
}

void passScalarsAsTensors(func::FuncOp func) {
  Block &entry = func.getBody().front();
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  SmallVector<Type> inputs;
  for (BlockArgument arg : func.getArguments()) {
    RankedTensorType tensorType = rankZeroTensorOf(arg.getType());
    if (tensorType) {
      arg.setType(tensorType);
      auto scalar =
          tensor::ExtractOp::create(builder, arg.getLoc(), arg, ValueRange());
      arg.replaceAllUsesExcept(scalar.getResult(), scalar);
    }
    inputs.push_back(arg.getType());
  }
  SmallVector<Type> results;
  for (Type type : func.getResultTypes()) {
    RankedTensorType tensorType = rankZeroTensorOf(type);
    results.push_back(tensorType ? Type(tensorType) : type);
  }
  func.walk([&](func::ReturnOp ret) {
    builder.setInsertionPoint(ret);
    for (OpOperand &operand : ret->getOpOperands())
      if (rankZeroTensorOf(operand.get().getType()))
        operand.set(tensor::FromElementsOp::create(
            builder, ret.getLoc(),
            cast<RankedTensorType>(results[operand.getOperandNumber()]),
            ValueRange{operand.get()}));
  });
  func.setFunctionType(builder.getFunctionType(inputs, results));
}

struct EntryScalarsAsTensorsPass
    : disc::impl::EntryScalarsAsTensorsPassBase<EntryScalarsAsTensorsPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (func.isPublic() && !func.isExternal())
        passScalarsAsTensors(func);
  }
};

} // namespace
