//===- RALOps.td - disc_ral operations ---------------------*- tablegen -*-===//

#ifndef DISC_DIALECT_RAL_RALOPS_TD
#define DISC_DIALECT_RAL_RALOPS_TD

include "disc/Dialect/RAL/RALBase.td"
include "mlir/Dialect/LLVMIR/LLVMOpBase.td"
include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def RAL_RecvInputOp : RAL_Op<"recv_input", [MemoryEffects<[MemRead]>]> {
  let summary = "Receives an input of the run from the context";
  let description = [{
    Returns the buffer bound to input `index` of the run. The compiled code
    must not write to it.

    ```mlir
    %x = disc_ral.recv_input %ctx, 0 : memref<?x64xf32>
    ```
  }];
  let arguments = (ins RAL_ContextType:$ctx, I64Attr:$index);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = "$ctx `,` $index attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def RAL_SendOutputOp : RAL_Op<"send_output", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Hands a result of the run to the context";
  let description = [{
    The runtime copies `value` into output `index` of the run before it
    returns, so the buffer may be a temporary or a strided view.

    ```mlir
    disc_ral.send_output %ctx, 0, %y : memref<?x10xf32>
    ```
  }];
  let arguments = (ins RAL_ContextType:$ctx, I64Attr:$index,
                   AnyMemRef:$value);
  let assemblyFormat = "$ctx `,` $index `,` $value attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def RAL_DispatchOp : RAL_Op<"dispatch"> {
  let summary = "Calls a runtime API through the type-erased entry";
  let description = [{
    Calls the runtime API `call_target_name` registered for `device` with the
    context and `args`. It is lowered to one call of the context's dispatch
    function with the mangled name `name___device___<args>___<results>` and a
    `void *` slot per scalar and `3 + 2 * rank` slots per memref. When
    `may_fail` is set the caller checks the returned status and returns at
    once on failure.

    ```mlir
    %p = disc_ral.dispatch %ctx, "ral_alloc" device "cpu" may_fail (%bytes)
        : (i64) -> !llvm.ptr
    ```
  }];
  let arguments = (ins RAL_ContextType:$ctx, StrAttr:$call_target_name,
                   StrAttr:$device, UnitAttr:$may_fail,
                   Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $ctx `,` $call_target_name `device` $device (`may_fail` $may_fail^)?
    `(` $args `)` attr-dict `:` functional-type($args, $results)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The name the runtime registered this API under, e.g.
    /// `ral_alloc___cpu___pvoid_i64___pvoid`.
    std::string getMangledName();
  }];
}

def RAL_ParallelForOp : RAL_Op<"parallel_for"> {
  let summary = "Runs an outlined loop body over the runtime's threads";
  let description = [{
    Calls the runtime's `ral_parallel_for` on device "cpu" (docs/ABI.md),
    which runs `body`, a `(!llvm.ptr, index, index) -> ()` function, over
    the iterations [0, count) in chunks of at least `grain` iterations on
    the calling thread and the workers of the host work queue, and returns
    once all have run. `captures` points at the values the body reads, as
    disc-cpu-parallel-for packs them.

    ```mlir
    disc_ral.parallel_for %ctx, @main_parallel_0(%captures, %count, %grain)
    ```
  }];
  let arguments = (ins RAL_ContextType:$ctx, FlatSymbolRefAttr:$body,
                   LLVM_DefaultPointer:$captures, Index:$count,
                   Index:$grain);
  let assemblyFormat = [{
    $ctx `,` $body `(` $captures `,` $count `,` $grain `)` attr-dict
  }];
}

def RAL_MemRefFromPtrOp : RAL_Op<"memref_from_ptr", [Pure]> {
  let summary = "Views raw memory as a contiguous memref";
  let description = [{
    Builds an identity-layout memref over `ptr` (used as both the allocated
    and the aligned pointer, offset 0) with the given sizes for the dynamic
    dimensions, in order.

    ```mlir
    %m = disc_ral.memref_from_ptr %p[%n] : memref<?x64xf32>
    ```
  }];
  let arguments = (ins LLVM_DefaultPointer:$ptr,
                   Variadic<Index>:$dynamic_sizes);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    $ptr (`[` $dynamic_sizes^ `]`)? attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def RAL_ShapeAssertionOp : RAL_Op<"shape_assertion",
    [MemoryEffects<[MemWrite]>]> {
  let summary = "Fails the run with a message about its shapes unless "
                "`holds` is true";
  let description = [{
    What `jax.export` checks about the symbolic dimensions of its inputs
    (`stablehlo.custom_call @shape_assertion`): when `holds` is false, the
    run fails with `message`, each `{i}` in it replaced by `values[i]`.

    ```mlir
    disc_ral.shape_assertion %holds, %batch : i64
        "expected {0} >= 1 for dimension variable 'b'"
    ```
  }];
  let arguments = (ins I1:$holds, Variadic<I64>:$values, StrAttr:$message);
  let assemblyFormat = [{
    $holds (`,` $values^ `:` type($values))? $message attr-dict
  }];
}

def RAL_CustomCallOp : RAL_Op<"custom_call", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<BufferizableOpInterface,
        ["bufferizesToAllocation", "bufferizesToMemoryRead",
         "bufferizesToMemoryWrite", "getAliasingValues", "bufferize"]>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Calls a user kernel registered with TAO_RAL_API";
  let description = [{
    Calls the kernel `call_target_name` in destination-passing style: the
    kernel gets the context, every input, then one buffer per result to
    fill, and returns nothing (docs/ABI.md, "User kernels").

    On tensors the op takes `inputs` and returns `results`, whose dynamic
    dimensions `result_sizes` give, one index per `?` of the results in
    order (as tensor.empty takes them); bufferization allocates a new buffer
    per result and turns it into the form on buffers, which has `outputs`
    and no results:

    ```mlir
    %y = disc_ral.custom_call "my_kernel"(%x, %b : tensor<4x8xf32>,
        tensor<8xf32>) -> tensor<4x8xf32>
    %z = disc_ral.custom_call "my_kernel"(%v : tensor<?x8xf32>)
        sizes(%n) -> tensor<?x8xf32>
    disc_ral.custom_call "my_kernel"(%xm, %bm : memref<4x8xf32>,
        memref<8xf32>) outs(%ym : memref<4x8xf32>)
    ```

    A kernel whose result sizes only it knows (results with `?` and no
    `result_sizes`) returns every result instead, each a temporary of the
    run it allocated; on buffers the op then has memref results, whose
    dimensions are all dynamic when it becomes a runtime call:

    ```mlir
    %p = disc_ral.custom_call "positive"(%x : tensor<?xf32>)
        -> tensor<?xf32>
    %pm = disc_ral.custom_call "positive"(%xm : memref<?xf32>)
        -> memref<?xf32>
    ```
  }];
  let arguments = (ins StrAttr:$call_target_name,
                   Variadic<AnyTypeOf<[AnyRankedTensor, AnyMemRef]>>:$inputs,
                   Variadic<AnyMemRef>:$outputs,
                   Variadic<Index>:$result_sizes);
  let results = (outs Variadic<AnyTypeOf<[AnyRankedTensor, AnyMemRef]>>:$results);
  let assemblyFormat = [{
    $call_target_name `(` ($inputs^ `:` type($inputs))? `)`
    (`outs` `(` $outputs^ `:` type($outputs) `)`)?
    (`sizes` `(` $result_sizes^ `)`)?
    attr-dict (`->` type($results)^)?
  }];
  let builders = [
    OpBuilder<(ins "TypeRange":$results, "StringRef":$call_target_name,
                   "ValueRange":$inputs, "ValueRange":$outputs), [{
      build($_builder, $_state, results, call_target_name, inputs, outputs,
            ValueRange());
    }]>
  ];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Whether the kernel returns its results rather than filling buffers
    /// the caller allocated.
    bool returnsResults() {
      if (getResults().empty())
        return false;
      if (isa<MemRefType>(getResults().front().getType()))
        return true;
      return getResultSizes().empty() &&
             llvm::any_of(getResultTypes(), [](Type type) {
               return !cast<ShapedType>(type).hasStaticShape();
             });
    }
    /// Whether the op is in its form on buffers.
    bool hasBufferSemantics() {
      return !getOutputs().empty() ||
             (!getResults().empty() && isa<MemRefType>(getResults().front().getType()));
    }
  }];
}

def RAL_KernelArgsOp : RAL_Op<"kernel_args"> {
  let summary = "The parameter array of a GPU kernel launch";
  let description = [{
    Stores `values` in stack memory of the function and returns the address
    of an array of `void *`, one per kernel parameter, each pointing to its
    value: the `kernelParams` of `cuLaunchKernel`. A memref is expanded as
    the kernel's lowering expands it (allocated pointer, aligned pointer,
    offset, sizes, strides), which is the slot layout of a dispatch
    (docs/ABI.md); an index is an i64; a complex number is its two parts,
    as the kernel's lowering takes it by value.

    ```mlir
    %params = disc_ral.kernel_args(%n, %x : index, memref<?x4xf32>)
    ```
  }];
  let arguments = (ins Variadic<AnyTypeOf<[AnyMemRef, Index, AnySignlessInteger,
                                           AnyFloat, AnyComplex]>>:$values);
  let results = (outs LLVM_DefaultPointer:$result);
  let assemblyFormat = [{
    `(` ($values^ `:` type($values))? `)` attr-dict
  }];
  let extraClassDeclaration = [{
    /// The number of parameters the array holds.
    int64_t getNumParams();
  }];
}

#endif // DISC_DIALECT_RAL_RALOPS_TD
