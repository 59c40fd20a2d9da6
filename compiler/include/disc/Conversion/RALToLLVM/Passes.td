//===- Passes.td - Lowering a RAL program to LLVM ----------*- tablegen -*-===//

#ifndef DISC_CONVERSION_RALTOLLVM_PASSES_TD
#define DISC_CONVERSION_RALTOLLVM_PASSES_TD

include "mlir/Pass/PassBase.td"

def RALToLLVMPass : Pass<"disc-ral-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lowers the whole module to the LLVM dialect of a model .so";
  let description = [{
    The last step before LLVM IR. Every public function must have the form
    `(!disc_ral.context) -> ()` (after `disc-ral-bind-io`) and carry a
    `disc.entry_signature`; the module then gets a `disc.entry_signatures`
    dictionary from function name to signature.

    Arith, math, memref, func, cf, index, vector and ub ops are lowered with
    the upstream patterns: math ops without an LLVM intrinsic become libm
    calls. `!disc_ral.context` becomes `!llvm.ptr`, the `void **` ctx_struct
    of docs/ABI.md. Each `disc_ral.dispatch` becomes an indirect call of
    `ctx_struct[1]` with `ctx_struct[0]`, the mangled API name (a private
    constant string) and an array of `void *` slots built in stack memory
    allocated at function entry; when the dispatch `may_fail`, a non-zero
    status returns from the function at once.

    Each public function `@f` gets an exported `disc_entry_f(ptr)` wrapper;
    `disc_model_abi_version() -> i32` returns 1; every other definition
    becomes internal.

    `disc_ral.recv_input`, `disc_ral.send_output`, `memref.alloc` and
    `memref.dealloc` must already be dispatches
    (`disc-ral-legalize-to-dispatch`): heap memory comes from the runtime,
    never from malloc.

    Runs after scf, affine and strided-metadata memref ops are gone
    (`convert-scf-to-cf`, `lower-affine`, `expand-strided-metadata`) and
    memref.copy has been turned into loops or contiguous copies.
  }];
  // Libm calls are made as func.call (scalarizing vector operands with
  // arith and vector ops) before everything becomes LLVM.
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::vector::VectorDialect"];
}

#endif // DISC_CONVERSION_RALTOLLVM_PASSES_TD
