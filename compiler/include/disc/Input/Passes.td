//===- Passes.td - Passes on the program as written --------*- tablegen -*-===//

#ifndef DISC_INPUT_PASSES_TD
#define DISC_INPUT_PASSES_TD

include "mlir/Pass/PassBase.td"

def RecordEntrySignaturePass
    : Pass<"disc-record-entry-signature", "::mlir::ModuleOp"> {
  let summary = "Records each public function's inputs and outputs";
  let description = [{
    Puts on every public function with a body a `disc.entry_signature`
    dictionary:

    ```mlir
    {inputs = [{name = "x", dtype = "f32", shape = array<i64: -1, 64>} ],
     outputs = [{name = "result0", dtype = "f32", shape = array<i64: -1, 10>} ]}
    ```

    An input is named by the argument's `loc("x")` (looked up through fused
    and call-site locations), else `arg<i>`; an output by its
    `jax.result_info` attribute when non-empty, else `result<i>`. Dynamic
    dimensions are -1. It runs while the program is still on tensors and
    unsigned element types are still distinct, so the dtypes are the
    user's. Every input and output must be a ranked tensor (or memref) whose
    element type has a RAL type encoding.
  }];
}

def EntryScalarsAsTensorsPass
    : Pass<"disc-entry-scalars-as-tensors", "::mlir::ModuleOp"> {
  let summary = "Passes the scalars a public function takes and returns as "
                "rank-0 tensors";
  let description = [{
    torch-mlir prints a function that takes or returns a Python number with
    a scalar in its signature (`-> f64`). Every integer, float or complex
    argument or result of a public function with a body becomes a rank-0
    tensor of that type: the body reads the argument through tensor.extract,
    and each return wraps the value with tensor.from_elements. The model's
    ABI and disc.Model then pass it as any other tensor.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

#endif // DISC_INPUT_PASSES_TD
