//===- Passes.td - disc's RAL passes -----------------------*- tablegen -*-===//

#ifndef DISC_TRANSFORMS_PASSES_TD
#define DISC_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def DiscEntryScalarsAsTensors
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

def DiscRecordEntrySignature
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

def DiscRALInjectContext
    : Pass<"disc-ral-inject-context", "::mlir::ModuleOp"> {
  let summary = "Gives every public function the execution context";
  let description = [{
    Prepends a `!disc_ral.context` argument to every public function with a
    body that does not already start with one. Runtime calls made in the
    function use it.
  }];
  let dependentDialects = ["::mlir::disc_ral::RALDialect"];
}

def DiscRALBindIO : Pass<"disc-ral-bind-io", "::mlir::ModuleOp"> {
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

def DiscRALLegalizeToDispatch
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

def DiscCpuStreamingStores
    : Pass<"disc-cpu-streaming-stores", "::mlir::func::FuncOp"> {
  let summary = "Writes large elementwise outputs with non-temporal stores";
  let description = [{
    An outermost `scf.parallel` whose body is elementwise along its
    innermost dimension (from 0, step 1, a constant trip count) becomes a
    loop over whole cache lines of that dimension when it writes at least
    `min-bytes` into buffers from `ral_alloc`: each line is computed as a
    vector of 64 bytes (16 f32), loads along the dimension become
    `vector.load`, values that do not vary along it are broadcast, and each
    store becomes a `vector.store {nontemporal = true, alignment = 64}`.
    What remains of a one-dimensional loop after its last whole line stays
    a loop of scalars.

    A non-temporal store writes a line without first reading it from memory
    (a plain store of a line the cache does not hold reads it, only to
    overwrite it), so an output larger than the cache costs one pass over
    memory instead of two. The lines are not kept in the cache, which is
    why only outputs larger than it are written this way: the default
    `min-bytes`, 32 MiB, is the last-level cache of a large server CPU (an
    output that fits would be read back from the cache by what uses it
    next).

    A loop qualifies when its body is loads, stores and pure elementwise
    ops, the stores write consecutive elements along the innermost
    dimension of static-shape, identity-layout buffers that `ral_alloc`
    made (64-byte aligned, docs/ABI.md) with one element size among them,
    no load reads a buffer the loop writes, nothing but the loads and the
    stores' last index uses the induction variable, and, for a loop of more
    than one dimension, the innermost trip count and the buffers' rows are
    whole lines (so that every store is aligned).
  }];
  let options = [
    Option<"minBytes", "min-bytes", "int64_t", /*default=*/"32 << 20",
           "The fewest bytes a loop must write to be rewritten">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def DiscCpuLowerVectorContractions
    : Pass<"disc-cpu-lower-vector-contractions", "::mlir::func::FuncOp"> {
  let summary = "Lowers the register tiles of products to FMAs on whole "
                "vector registers";
  let description = [{
    The vector.contract ops of disc-cpu-tile-contractions become one
    vector.outerproduct per k step and then a vector.fma per accumulator
    row (a broadcast element of A times a row of B); the transposes,
    broadcasts and shape casts around them are lowered, and transfers of
    more than one dimension are unrolled (fully, their shapes being those of
    a register tile) into transfers of one row, which the LLVM lowering
    turns into vector loads and stores (or scalar ones for a column of A);
    a row at a dynamic edge, not in bounds, into a masked load or store of
    the lanes before the edge. The masks of masked transfers (the last
    vector of a row that disc-cpu-vectorize-rows vectorizes) become
    comparisons of a lane index vector, and the transfers masked loads and
    stores. What is left is the vector form the LLVM phase lowers.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def DiscExpandNarrowFloats : Pass<"disc-expand-narrow-floats"> {
  let summary = "Computes on 8-, 6- and 4-bit floats in f32 and converts "
                "them with integer arithmetic";
  let description = [{
    LLVM has no 8-, 6- or 4-bit float types, so nothing of them may reach
    the LLVM lowering but their bits. Arithmetic on a narrow float
    (`arith.addf`, `arith.cmpf`, ... on f8E4M3FN, f8E5M2, f6E2M3FN,
    f4E2M1FN and the rest) is computed in f32 between an `arith.extf` and an
    `arith.truncf` (upstream emulate-unsupported-floats): f32 carries more
    than twice their precision plus two bits, so a single operation rounded
    once more to the narrow format is still correctly rounded. Each
    `arith.extf` from and `arith.truncf` to a narrow float then becomes
    integer arithmetic on its bits, exact one way and rounding to nearest,
    ties to even, the other, with each format's special values as LLVM's
    APFloat has them: a value too large for a format without infinities
    (the FN and FNUZ formats) becomes NaN, the FNUZ formats have no negative
    zero and one NaN, 0x80; the 6- and 4-bit formats have neither
    infinities nor NaN, so a value too large saturates to the largest one
    and an infinity or NaN becomes a zero of its sign. A truncation from
    f64 rounds to f32 first. f8E8M0FNU goes through upstream's expansion.
    Constants of narrow floats stay: the LLVM lowering writes their bits.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def DiscExpandCeilFloorDivisions : Pass<"disc-expand-ceil-floor-divisions"> {
  let summary = "Expands arith's ceiling and floor divisions, which LLVM "
                "has no instruction for";
  let description = [{
    arith.ceildivsi, arith.ceildivui and arith.floordivsi (the trip counts
    and bounds of tiled loops of dynamic size) become divisions, compares
    and selects, as upstream arith-expand does them, and nothing else
    changes. arith-expand itself also turns arith.maximumf and
    arith.minimumf into compares and selects, which LLVM then no longer
    vectorizes as min/max reductions: softmax's row maximum ran 3.6x slower.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def DiscByteLanesInMemory : Pass<"disc-byte-lanes-in-memory"> {
  let summary = "Reads and writes vectors of sub-byte lanes a byte a lane, "
                "as scalar memory holds them";
  let description = [{
    A memref of i1, i2 or i4 holds a byte per element (scalar loads and
    stores, and the runtime's numpy booleans), but LLVM lays out a vector
    of such lanes packed: `load <16 x i1>` reads two bytes. Every LLVM
    load, store, masked load or store, gather, scatter, expand load and
    compress store of such a vector then reads or writes its lanes widened
    to a byte (zeros above) and narrows them back in registers, and allocas
    and getelementptrs of such vectors size them a byte a lane. Runs on the
    LLVM dialect; a global of such a vector is an error, as nothing in disc
    makes one.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def DiscConstantGlobalsAsBytes : Pass<"disc-constant-globals-as-bytes",
                                      "::mlir::ModuleOp"> {
  let summary = "Gives each constant LLVM global of numbers its bytes, as "
                "one array of i8";
  let description = [{
    A constant `llvm.mlir.global` whose value is a dense or dense_resource
    array of integers or floats of whole bytes becomes an `!llvm.array<N x
    i8>` of the same bytes, aligned to at least 64 bytes. LLVM's code
    generation writes a byte array in one piece but a float array an
    element at a time: a ResNet-50's 25 million weights took 3 s of its
    compile. Accesses are unchanged: they address the global through
    opaque pointers and getelementptrs that name their own types. Splats
    stay, as do globals of booleans or other sub-byte types, whose dense
    attributes pack bits.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def DiscCpuParallelFor : Pass<"disc-cpu-parallel-for", "::mlir::ModuleOp"> {
  let summary = "Runs the outer parallel loops on every core";
  let description = [{
    Each outermost `scf.parallel` of a function whose first argument is a
    `!disc_ral.context`, with enough work to pay for a hand-off to other
    threads, becomes a `disc_ral.parallel_for` over its first dimension:
    the loop moves into a new private function
    `@<function>_parallel_<N>(%captures: !llvm.ptr, %begin: index,
    %end: index)` that runs iterations [begin, end) of that dimension (and
    all of the others), and the runtime splits the iterations among the
    cores (`ral_parallel_for`, docs/ABI.md).

    Constants, views and other pure ops the loop uses are cloned into it; the
    values still defined outside (buffer pointers, identity-layout memrefs,
    scalars) are stored into one stack array of 8-byte slots in the caller,
    `captures`, and loaded back in the body (an identity-layout memref as its
    aligned pointer and dynamic sizes). The grain, the fewest iterations a
    chunk gets, makes each chunk at least `min-chunk-work` operations:
    a loop's work is the number of ops in its body (a vector op counting
    its lanes) times the trip counts of every loop in it, a dynamic trip
    count counting as 64.

    When the first dimension has fewer than 8 iterations (a batch of 1),
    the leading dimensions are merged into one first (scf.parallel
    collapsing), all of them when the body has loops of its own (a loop over
    rows) and all but the innermost otherwise (the contiguous loop of an
    elementwise nest stays a loop LLVM vectorizes).

    A loop stays as it is when its statically known work is below twice
    `min-chunk-work`, or when it does more than load, store, compute and
    take scratch buffers of static size on the stack: a runtime call, an
    allocation from the runtime, or a value it would have to capture that
    is neither a scalar, a pointer nor an identity-layout memref.

    Every stack buffer of static size left in a loop (a row's scratch
    buffers from disc-parallel-loop-buffers-to-stack) then moves to the
    entry of its function: each outlined function runs its range of
    iterations one after the other on one thread, and so does a loop that
    was not outlined, so one buffer serves all the iterations instead of the
    stack growing with each.
  }];
  let options = [
    Option<"minChunkWork", "min-chunk-work", "int64_t", /*default=*/"32768",
           "The fewest operations one chunk of a parallel loop runs">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::disc_ral::RALDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def DiscGpuPlaceHostBuffers
    : Pass<"disc-gpu-place-host-buffers", "::mlir::func::FuncOp"> {
  let summary = "Places the buffers host code reads or writes in host memory";
  let description = [{
    On a GPU target, host code that reads or writes a buffer element by
    element (a slice offset, a pad value, a loop condition, the sizes of a
    dynamic shape) cannot touch device memory. Such a buffer's
    `ral_alloc` becomes the host's (`device "cpu"`), as does every buffer
    aliasing it (views, values loops and branches carry) and every buffer
    the linalg ops and copies that touch it read or write; those ops become
    host loops. An input the host reads is received once more on the host;
    constant globals are read from the host's copy, and a buffer on the
    host or a constant global is sent as an output from the host, and a
    buffer on the host is freed by the host (`ral_dealloc`). A buffer
    that cannot go to the host (a dynamic shape, more than
    `max-host-elements` elements, a use that is not a host one, or ties to
    such a buffer) stays on the device: a load from it copies the element
    to a host buffer first (`ral_copy_to_host`, which waits for the kernels
    before it), a store into it is reported. Runs before kernels are formed,
    on functions that take the `!disc_ral.context` first.
  }];
  let options = [
    Option<"maxHostElements", "max-host-elements", "int64_t",
           /*default=*/"64",
           "The most elements a buffer placed on the host may have">,
  ];
  let dependentDialects = [
    "::mlir::disc_ral::RALDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
  ];
}

def DiscGpuSinkConstantGlobals
    : Pass<"disc-gpu-sink-constant-globals", "::mlir::func::FuncOp"> {
  let summary = "Reads constant globals inside the kernels that use them";
  let description = [{
    A `memref.get_global` of a constant `memref.global` whose memref a
    `gpu.launch` body uses is cloned into that body, so that kernel outlining
    copies the global into the kernel's `gpu.module` and the kernel reads it
    from device memory. Passed in as an operand instead, the kernel would get
    the address of the host's copy.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def DiscGpuModuleToBinary
    : Pass<"disc-gpu-module-to-binary", "::mlir::ModuleOp"> {
  let summary = "Compiles each gpu.module into PTX and cubins";
  let description = [{
    Replaces every `gpu.module` by a `gpu.binary` holding, for each target
    the module carries (`nvvm-attach-target`, one per architecture), the PTX
    the LLVM NVPTX backend emits in-process and, when `<toolkit>/bin/ptxas`
    exists, the cubin ptxas assembles from it. The GPU modules must already
    be in the LLVM and NVVM dialects (`convert-gpu-to-nvvm`). libdevice is
    linked from `<toolkit>/nvvm/libdevice` when a kernel calls it. Nothing
    queries a GPU.
  }];
  let options = [
    Option<"toolkit", "toolkit", "std::string", /*default=*/"",
           "The CUDA toolkit whose ptxas and libdevice are used; none gives "
           "PTX only">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def DiscGpuLaunchToRAL : Pass<"disc-gpu-launch-to-ral", "::mlir::ModuleOp"> {
  let summary = "Turns kernel launches into RAL dispatches";
  let description = [{
    Every `gpu.binary` becomes a private constant in the `.disc_gpu` section
    holding its device blob (`disc/ral/device_blob.h`: the PTX and cubin of
    each architecture), and every `gpu.launch_func` of one of its kernels a
    dispatch

    ```mlir
    disc_ral.dispatch %ctx, "ral_kernel_launch" device "gpu" may_fail
        (%blob, %kernel_name, %grid_x, %grid_y, %grid_z, %block_x, %block_y,
         %block_z, %shared_memory_bytes, %params, %num_params)
        : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i32,
           !llvm.ptr, i64) -> ()
    ```

    whose `%params` is the `disc_ral.kernel_args` array of the launch's
    operands. The runtime loads the blob once per context and picks the
    image of the device's architecture. The launching function must take a
    `!disc_ral.context` first. Asynchronous launches and clusters are
    rejected.
  }];
  let dependentDialects = [
    "::mlir::disc_ral::RALDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
  ];
}

#endif // DISC_TRANSFORMS_PASSES_TD
