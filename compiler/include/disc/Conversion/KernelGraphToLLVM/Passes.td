//===- Passes.td - Lowering a kernel graph to LLVM ---------*- tablegen -*-===//

#ifndef DISC_CONVERSION_KERNELGRAPHTOLLVM_PASSES_TD
#define DISC_CONVERSION_KERNELGRAPHTOLLVM_PASSES_TD

include "mlir/Pass/PassBase.td"

def KernelGraphToLLVMPass
    : Pass<"disc-kernel-graph-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Compiles kernel-graph functions into calls of the host "
                "runtime (kernel_graph_abi.h)";
  let description = [{
    Every function of the module is a kernel graph: a block of kernel ops
    (tfrt, tfrt_test, dht or unregistered ops) ending in `tfrt.return`.
    Each becomes an LLVM function `(ptr ctx_struct, ptr args, ptr results)`
    over `DiscKgValue *`s:

    - every kernel gets a `DiscKgSite` global (kernel name, "file:line:col",
      argument/result type codes, attributes, functions, `resolved` = null,
      writable) and one call of `api->invoke(ctx_struct[0], site, args,
      results)` in program order, `api` being `ctx_struct[2]`; the args and
      results arrays live on the stack and are only valid during the call;
    - a site's functions are the callees its attributes name (symbol refs,
      or arrays of them, in attribute-name order), then its regions, each
      outlined into an internal function named `<parent>.region<N>`;
      every other attribute becomes a `DiscKgAttribute` under its name;
    - a value a kernel produced is released (`drop_ref`) after its last use;
      arguments are borrowed; each returned value is `add_ref`ed into its
      result slot.

    A public function `@f` is exported as `disc_kg_entry_f`, a private one
    stays internal; `disc_model_abi_version` is emitted, and the module gets
    `disc.kernel_graph_signatures` for the metadata JSON. An attribute a
    kernel cannot receive, a call of an unknown function or an op that is
    not a kernel is a located error.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // DISC_CONVERSION_KERNELGRAPHTOLLVM_PASSES_TD
