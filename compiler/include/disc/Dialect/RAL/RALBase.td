//===- RALBase.td - The disc_ral dialect and its types -----*- tablegen -*-===//
//
// The Runtime Abstraction Layer as the compiler sees it: a context value that
// every entry function receives, and the calls into the runtime made through
// it (docs/ABI.md).
//
//===----------------------------------------------------------------------===//

#ifndef DISC_DIALECT_RAL_RALBASE_TD
#define DISC_DIALECT_RAL_RALBASE_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def RAL_Dialect : Dialect {
  let name = "disc_ral";
  let cppNamespace = "::mlir::disc_ral";
  let summary = "The runtime abstraction layer: context, io binding, dispatch";
  let description = [{
    Compiled code reaches every runtime service through one type-erased call
    made with the execution context it receives. `disc_ral.dispatch` is that
    call before it is lowered; the other ops are the shapes it takes while the
    program still works on memrefs.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
  let useDefaultTypePrinterParser = 1;
}

class RAL_Type<string name, string typeMnemonic>
    : TypeDef<RAL_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def RAL_ContextType : RAL_Type<"Context", "context"> {
  let summary = "RAL execution context";
  let description = [{
    Opaque to the compiled code. Lowered to `!llvm.ptr`: the `void **`
    ctx_struct holding the runtime's execution context and its dispatch
    function.
  }];
}

class RAL_Op<string mnemonic, list<Trait> traits = []>
    : Op<RAL_Dialect, mnemonic, traits>;

#endif // DISC_DIALECT_RAL_RALBASE_TD
