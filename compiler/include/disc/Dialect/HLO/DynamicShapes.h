//===- DynamicShapes.h - stablehlo ops on dynamic shapes --------*- C++ -*-===//
//-*-===//
//
// The helpers the hlo-phase rewrites share to build the same computation on a
// static shape and on one known only at run time.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_HLO_DYNAMICSHAPES_H
#define DISC_DIALECT_HLO_DYNAMICSHAPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::disc {

/// The run-time shape of the ranked tensor `value` as a tensor of i32 sizes.
Value getShapeOf(ImplicitLocOpBuilder &b, Value value);

/// `operand` broadcast into `type`, its dimensions becoming `dimensions`:
/// a broadcast_in_dim when `type` is static, else a dynamic_broadcast_in_dim
/// to `shape`, the run-time sizes of `type` as a tensor of integers.
Value broadcastInDim(ImplicitLocOpBuilder &b, Value operand,
                     RankedTensorType type, Value shape,
                     ArrayRef<int64_t> dimensions);

} // namespace mlir::disc

#endif // DISC_DIALECT_HLO_DYNAMICSHAPES_H
