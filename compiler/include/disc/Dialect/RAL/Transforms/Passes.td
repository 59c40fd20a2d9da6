//===- Passes.td - Passes onto the runtime interface -------*- tablegen -*-===//

#ifndef DISC_DIALECT_RAL_TRANSFORMS_PASSES_TD
#define DISC_DIALECT_RAL_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def RALInjectContextPass
    : Pass<"disc-ral-inject-context", "::mlir::ModuleOp"> {
  let summary = "Gives every public function the execution context";
  let description = [{
    Prepends a `!disc_ral.context` argument to every public function with a
    body that does not already start with one. Runtime calls made in the
    function use it.
  }];
  let dependentDialects = ["::mlir::disc_ral::RALDialect"];
}

def RALBindIOPass : Pass<"disc-ral-bind-io", "::mlir::ModuleOp"> {
  let summary = "Receives inputs from and sends outputs to the context";
  let description = [{
    Turns each public function `(!disc_ral.context, memref...) ->
    (memref...)` into `(!disc_ral.context) -> ()`: argument `i` becomes
    `disc_ral.recv_input %ctx, i` and each returned value is handed over by
    `disc_ral.send_output %ctx, i, %v` before the return. Runs after
    bufferization and `disc-ral-inject-context`.

    The runtime checks each input's dtype and labels each output with the
    dtype of its call, so when the function's `disc.entry_signature` records
    `ui<N>` for a buffer the lowering made signless (`i<N>`), the buffer
    crosses as `ui<N>` through a `builtin.unrealized_conversion_cast` that
    vanishes in `disc-ral-to-llvm`. Any other disagreement with the recorded
    dtype is an error.
  }];
  let dependentDialects = ["::mlir::disc_ral::RALDialect"];
}

def RALLegalizeToDispatchPass
    : Pass<"disc-ral-legalize-to-dispatch", "::mlir::ModuleOp"> {
  let summary = "Turns io binding and heap memory into runtime calls";
  let description = [{
    Rewrites `disc_ral.recv_input`, `disc_ral.send_output`, `memref.alloc`
    and `memref.dealloc` into `disc_ral.dispatch` calls of `ral_recv_input`,
    `ral_send_output`, `ral_alloc` and `ral_dealloc` (docs/ABI.md). An
    allocation asks the runtime for the buffer's byte size and views the
    returned memory with `disc_ral.memref_from_ptr`. Stack allocations
    (`memref.alloca`) stay as they are.

    A `cf.assert` becomes an error of the run, never an abort: when its
    condition is false, `ral_report_error` (`void (ExecutionContext *, const
    char *message)`) is called with the message, prefixed by the assertion's
    `file:line:col` when it has one, and the entry returns.

    A `disc_ral.custom_call` on buffers becomes a dispatch of the user kernel
    it names, with its inputs then its outputs (docs/ABI.md, "User kernels");
    one returning memrefs becomes a dispatch returning them with every
    dimension dynamic, each size the program declares static checked as a
    `cf.assert` would check it, then cast to the declared type.

    Each function holding such ops must take a `!disc_ral.context` as its
    first argument.
  }];
  let options = [
    Option<"device", "device", "std::string", /*default=*/"\"cpu\"",
           "The device the runtime APIs are registered for">,
  ];
  let dependentDialects = [
    "::mlir::disc_ral::RALDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::cf::ControlFlowDialect",
  ];
}

#endif // DISC_DIALECT_RAL_TRANSFORMS_PASSES_TD
