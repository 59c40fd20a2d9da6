//===- TFRTOps.h - The kernel-graph dialects --------------------*- C++ -*-===//
//
// tfrt (basic kernels, !tfrt.chain), tfrt_test (TFRT's test kernels), dht
// (dense host tensor kernels) and t (!t.tensor): the input of kernel-graph
// programs.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_TFRT_TFRTOPS_H
#define DISC_DIALECT_TFRT_TFRTOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

#include "disc/Dialect/TFRT/DHTOpsDialect.h.inc"
#include "disc/Dialect/TFRT/TFRTOpsDialect.h.inc"
#include "disc/Dialect/TFRT/TFRTTensorDialect.h.inc"
#include "disc/Dialect/TFRT/TFRTTestOpsDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "disc/Dialect/TFRT/TFRTOpsTypes.h.inc"
#define GET_TYPEDEF_CLASSES
#include "disc/Dialect/TFRT/TFRTTensorTypes.h.inc"

namespace mlir {
namespace dht {
/// Checks that `shape` holds `rank` integers.
LogicalResult verifyShapeOfRank(Operation *op, ArrayAttr shape, int64_t rank);
/// `%tensor [, %chain...] [,] value` with the value of `elementType`.
ParseResult parseFillTensor(OpAsmParser &parser, OperationState &result,
                            Type elementType);
void printFillTensor(OpAsmPrinter &printer, Operation *op);
} // namespace dht
} // namespace mlir

#define GET_OP_CLASSES
#include "disc/Dialect/TFRT/TFRTOps.h.inc"
#define GET_OP_CLASSES
#include "disc/Dialect/TFRT/TFRTTestOps.h.inc"
#define GET_OP_CLASSES
#include "disc/Dialect/TFRT/DHTOps.h.inc"

#endif // DISC_DIALECT_TFRT_TFRTOPS_H
