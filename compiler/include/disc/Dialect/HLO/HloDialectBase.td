//===- HloDialectBase.td - What the stablehlo and mhlo dialects share -----===//
//
// disc defines StableHLO and MHLO from one ODS body (HloOps.td): each of
// StablehloOps.td and MhloOps.td defines its dialect from this class, names it
// `HLO_Dialect` with a defvar and then includes the body, so both dialects
// have the same ops, attributes and syntax, only spelled `stablehlo.*` or
// `mhlo.*`.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_HLO_HLODIALECTBASE_TD
#define DISC_DIALECT_HLO_HLODIALECTBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/EnumAttr.td"

// Dimension lists. Current JAX spells them `array<i64: ...>`; older JAX (MHLO
// and early StableHLO) `dense<[...]> : tensor<Nxi64>`. Both parse and print
// back as written; the getter reads either as an ArrayRef into a context-owned
// array attribute, so the result outlives the call.
def HLO_DimsAttr : Attr<Or<[DenseI64ArrayAttr.predicate,
                            I64ElementsAttr.predicate]>,
                        "i64 dimension list"> {
  let storageType = "::mlir::Attribute";
  let returnType = "::llvm::ArrayRef<int64_t>";
  let convertFromStorage = "::mlir::hlo::getI64ArrayAttr($_self).asArrayRef()";
  let constBuilderCall = "$_builder.getDenseI64ArrayAttr($0)";
}

// The cases of the enums that chlo shares with stablehlo and mhlo.
defvar HLO_ComparisonDirectionCases = [
  I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
  I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
  I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>];
defvar HLO_ComparisonTypeCases = [
  I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
  I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
  I32EnumAttrCase<"UNSIGNED", 4>];
defvar HLO_PrecisionCases = [
  I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
  I32EnumAttrCase<"HIGHEST", 2>];

class HLO_DialectBase<string dialectName, string namespace> : Dialect {
  let name = dialectName;
  let cppNamespace = namespace;
  let summary = "High-level tensor operations as JAX and XLA print them";
  let description = [{
    The StableHLO operation set (spelled `}] # dialectName # [{.*`), accepted
    in the pretty and generic forms JAX emits. Unknown operations of the
    dialect parse in generic form so that later passes can name them.
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
}

#endif // DISC_DIALECT_HLO_HLODIALECTBASE_TD
