//===- ShardyDialect.h - Shardy's sdy dialect as disc reads it --*- C++ -*-===//
//
// JAX prints Shardy's sharding annotations (`sdy.mesh`, `#sdy.sharding`,
// `sdy.manual_computation`, ...) into every program it lowers with a mesh.
// disc runs on one device, where each of them is an identity, so it parses
// them only to drop them: the ops stay unregistered ops of this dialect,
// keeping their operands, regions and the text of their shardings, and every
// `#sdy.` attribute stays opaque.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_HLO_SHARDYDIALECT_H
#define DISC_DIALECT_HLO_SHARDYDIALECT_H

#include "mlir/IR/Dialect.h"

namespace mlir::sdy {

class ShardyDialect : public Dialect {
public:
  explicit ShardyDialect(MLIRContext *context);
  static StringRef getDialectNamespace() { return "sdy"; }

  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  std::optional<ParseOpHook>
  getParseOperationHook(StringRef opName) const override;
};

/// The number of devices of a parsed `sdy.mesh`.
inline constexpr StringLiteral kMeshDeviceCountAttr = "device_count";

} // namespace mlir::sdy

MLIR_DECLARE_EXPLICIT_TYPE_ID(mlir::sdy::ShardyDialect)

#endif // DISC_DIALECT_HLO_SHARDYDIALECT_H
