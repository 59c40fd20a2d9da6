//===- Passes.td - Code generation every target shares -----*- tablegen -*-===//

#ifndef DISC_CODEGEN_COMMON_PASSES_TD
#define DISC_CODEGEN_COMMON_PASSES_TD

include "mlir/Pass/PassBase.td"

def LinalgContiguousInnerLoopPass
    : Pass<"disc-linalg-contiguous-inner-loop", "func::FuncOp"> {
  let summary = "Moves a reduction loop out so the innermost loop is contiguous";
  let description = [{
    A linalg op on buffers whose innermost loop is a reduction (a matmul's k)
    walks some operand with a stride in that loop. When the output's last
    dimension is a parallel loop that is the last, plain dimension of every
    operand that uses it (a matmul's j), this makes that loop the innermost
    one, so that the loops the device phase emits read and write unit-stride
    rows LLVM vectorizes. Each output element still accumulates its reduction
    in the same order, so results do not change.
  }];
  let dependentDialects = ["linalg::LinalgDialect"];
}

def LinalgFoldConstantPermutationsPass
    : Pass<"disc-linalg-fold-constant-permutations"> {
  let summary = "Lays a transposed constant out as its transpose writes it";
  let description = [{
    A linalg op that only permutes the elements of a constant (one input,
    parallel loops, permutation maps, a body that yields its input) becomes
    an arith.constant holding the permuted elements. It reads dense and
    dense_resource constants of byte-wide elements, so that the filters
    torch-mlir writes as OIHW blobs reach the convolution as HWIO constants
    instead of being transposed on every run.
  }];
  let dependentDialects = ["arith::ArithDialect", "linalg::LinalgDialect"];
}

def LinalgFuseElementwisePass : Pass<"disc-linalg-fuse-elementwise"> {
  let summary = "Fuses elementwise linalg ops on tensors, leaving matrix "
                "products whole";
  let description = [{
    linalg-fuse-elementwise-ops (elementwise producers fused into their
    consumers, reshapes folded into linalg ops by expanding their loops,
    constant folding), except that nothing is fused into a contraction (a
    product: mul-add body, projected-permutation maps) and no reshape is
    folded into or out of one. Upstream's pass folds a reshape of a
    linalg.matmul's operand or result into the product, which turns it into
    a linalg.generic of another rank, and then fuses the producer of an
    operand into it (an im2col gather gives back the direct convolution);
    the library call for a product (cuBLAS on CUDA) needs the product as it
    was written, and the reshapes it leaves are views, which cost nothing.
    Likewise the transposes, scales and dtype conversions that feed BERT
    attention's batched products stay ops of their own; fused, they would be
    recomputed for every output element that reads them.
    A constant read at index 0 along unit dims (a C x 1 x 1 bias) becomes one
    without them, so that the reshape folds apply to its consumer. An
    elementwise result that one generic transposes and other generics read
    (a residual sum of an NCHW network) is written in the transposed layout,
    which the others then read through the inverse permutation. Last, an
    all-parallel generic whose innermost loop runs once loses that loop.
  }];
  let dependentDialects = [
    "affine::AffineDialect", "linalg::LinalgDialect", "memref::MemRefDialect",
    "tensor::TensorDialect"
  ];
}

def LinalgUpdateLoopStateInPlacePass
    : Pass<"disc-linalg-update-loop-state-in-place"> {
  let summary = "Lets elementwise ops write a loop's state over itself";
  let description = [{
    An elementwise linalg.generic (identity maps, no reduction) that writes a
    tensor.empty and is the only reader of a tensor an scf.while or scf.for
    body receives, of the result's type, at the same element, writes into
    that tensor instead. One-Shot Bufferize then updates the state in place
    and the loop yields the buffer it received, where it would otherwise
    copy the whole state once an iteration.
  }];
  let dependentDialects = ["linalg::LinalgDialect"];
}

def MathPolynomialApproximationPass
    : Pass<"disc-math-polynomial-approximation"> {
  let summary = "Replaces transcendental math ops by polynomial approximations";
  let description = [{
    Rewrites math ops such as tanh, exp, log, erf on f32 (scalars and vectors)
    into arithmetic, so that they vectorize and the model .so needs no libm
    call for them. Ops on f16/bf16 are computed in f32. A power whose
    exponent is a constant whole number from -1 to 4 becomes products.
  }];
  let dependentDialects = [
    "arith::ArithDialect", "math::MathDialect", "vector::VectorDialect"
  ];
}

def MemrefCopyToLinalgPass : Pass<"disc-memref-copy-to-linalg"> {
  let summary = "Turns strided memref.copy ops into linalg.copy";
  let description = [{
    A memref.copy between buffers with identity layouts becomes a memcpy
    intrinsic; any other would become a call to MLIR's C runner library,
    which a model .so must not import. This rewrites those copies into
    linalg.copy, which the device phase lowers to loops (or to a kernel).
    With `include-contiguous`, copies between identity layouts are rewritten
    too: buffers on a GPU are out of reach of a host memcpy.
  }];
  let options = [
    Option<"includeContiguous", "include-contiguous", "bool",
           /*default=*/"false",
           "Also rewrite copies between identity layouts">,
  ];
  let dependentDialects = ["linalg::LinalgDialect"];
}

def MarkEntryArgsReadOnlyPass
    : Pass<"disc-mark-entry-args-read-only", "func::FuncOp"> {
  let summary = "Marks the tensor arguments of public functions not writable";
  let description = [{
    The inputs of an entry function are buffers the caller owns; the compiled
    code may read them but never write them. This sets
    `bufferization.writable = false` on every tensor argument of a public
    function with a body, so that One-Shot Bufferize copies before any
    in-place update instead of writing into an input.
  }];
  let dependentDialects = ["bufferization::BufferizationDialect"];
}

def ExpandNarrowFloatsPass : Pass<"disc-expand-narrow-floats"> {
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

def ExpandCeilFloorDivisionsPass : Pass<"disc-expand-ceil-floor-divisions"> {
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

def ByteLanesInMemoryPass : Pass<"disc-byte-lanes-in-memory"> {
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

def ConstantGlobalsAsBytesPass : Pass<"disc-constant-globals-as-bytes",
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

#endif // DISC_CODEGEN_COMMON_PASSES_TD
