//===- RALOps.h - The disc_ral dialect ---------------------------*- C++
//-*-===//

#ifndef DISC_DIALECT_RAL_RALOPS_H
#define DISC_DIALECT_RAL_RALOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "disc/Dialect/RAL/RALOpsDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "disc/Dialect/RAL/RALOpsTypes.h.inc"

#define GET_OP_CLASSES
#include "disc/Dialect/RAL/RALOps.h.inc"

#endif // DISC_DIALECT_RAL_RALOPS_H
