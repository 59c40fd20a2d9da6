//===- MemRefPointer.cpp - A memref's buffer as a runtime pointer ---------===//

#include "disc/Dialect/RAL/Transforms/MemRefPointer.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

Value mlir::disc::createAlignedPointer(OpBuilder &builder, Location loc,
                                       Value memref) {
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(builder, loc, memref);
  Value address64 =
      arith::IndexCastOp::create(builder, loc, builder.getI64Type(), address);
  return LLVM::IntToPtrOp::create(
      builder, loc, LLVM::LLVMPointerType::get(builder.getContext()),
      address64);
}

Value mlir::disc::getAlignedPointerSource(Value pointer) {
  auto toPointer = pointer.getDefiningOp<LLVM::IntToPtrOp>();
  auto toInteger = toPointer
                       ? toPointer.getArg().getDefiningOp<arith::IndexCastOp>()
                       : nullptr;
  auto extract =
      toInteger ? toInteger.getIn()
                      .getDefiningOp<memref::ExtractAlignedPointerAsIndexOp>()
                : nullptr;
  return extract ? extract.getSource() : nullptr;
}
