//===- Passes.td - StableHLO to Linalg conversion passes -----*- tablegen -*-===//

#ifndef DISC_CONVERSION_STABLEHLOTOLINALG_PASSES
#define DISC_CONVERSION_STABLEHLOTOLINALG_PASSES

include "mlir/Pass/PassBase.td"

def StablehloToLinalgPass : Pass<"disc-stablehlo-to-linalg", "ModuleOp"> {
  let summary = "Lower StableHLO ops on tensors to linalg, tensor, arith and "
                "math ops on tensors";
  let description = [{
    Rewrites every StableHLO op of the module into linalg-on-tensors (one
    linalg.generic per elementwise op, so that elementwise fusion can merge
    chains), tensor ops for data movement, and arith/math/scf for scalar
    computation. Unsigned integer element types become signless, function
    signatures included; every op whose meaning depends on signedness uses
    its unsigned form. Sizes that must agree at run time (dynamic operands of
    an elementwise op, contracting dimensions, ...) are checked with
    cf.assert, which the runtime reports as an error of the run.

    A stablehlo.custom_call becomes disc_ral.custom_call, the call of a
    user kernel registered with TAO_RAL_API.

    With fft-calls (the CPU), a stablehlo.fft becomes disc_ral.custom_call
    of the runtime's `ral_fft`, `ral_ifft`, `ral_rfft` or `ral_irfft` on its
    operand with the untransformed dimensions folded into one; without it,
    fft is reported unsupported for the target.

    Ops that cannot be lowered are reported once per op kind at the source
    location of their first occurrence, followed by a summary at the module
    ("unsupported ops: stablehlo.sort (2), ..."), and the pass fails without
    changing the module.

    A reduce_window that is a prefix scan (jnp.cumsum and its kin) becomes
    log2(n) elementwise steps, or, with sequential-scans (the CPU), one loop
    along the scanned dimension per position of the others.

    A scatter visits its update elements in order, one loop nest over the
    updates. With split-scatter-windows (the CPU), a scatter whose window
    has a dimension that the indices do not move (an embedding gradient's
    row) becomes an scf.forall over blocks of whole cache lines of that
    dimension: each block walks every update in order but writes only its
    own part of the window, so the blocks never write one element and each
    element's updates keep their order, whatever the body. When that
    dimension is the innermost of the updates and of the inputs, a block's
    part of one update row is combined by one elementwise linalg.generic
    over the two contiguous rows.
  }];
  let options = [
    Option<"sequentialScans", "sequential-scans", "bool", "false",
           "Lower prefix scans to a loop along the scanned dimension, in "
           "parallel over the other dimensions, rather than log2(n) "
           "elementwise steps">,
    Option<"fftCalls", "fft-calls", "bool", "false",
           "Lower stablehlo.fft to calls of the runtime's FFT, which the "
           "CPU runtime computes with FFTW">,
    Option<"splitScatterWindows", "split-scatter-windows", "bool", "false",
           "Run a scatter in parallel over blocks of a window dimension "
           "that its indices do not move">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::disc_ral::RALDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ConvolutionToGemmPass
    : Pass<"disc-convolution-to-gemm", "::mlir::func::FuncOp"> {
  let summary = "Lower convolutions to im2col and a linalg.matmul a library "
                "can compute";
  let description = [{
    Rewrites each stablehlo.convolution with feature_group_count and
    batch_group_count 1, f32 or f16 operands and result of one element type,
    and static shapes but for the batch into linalg on tensors:

      patches = one parallel linalg.generic gathering every window of the
                padded input (im2col), collapsed to [N*Ho*Wo..., Kh*Kw*...*Cin]
      product = linalg.fill 0 + linalg.matmul of the patches and the kernel
                collapsed to [Kh*Kw*...*Cin, Cout] (or [Cout, ...] read
                transposed, for an OIHW kernel)
      result  = the product expanded to the output's dimensions and, when the
                output feature is not the last dimension, transposed into
                the output layout

    Rows and columns follow the layouts of the output and the kernel, so an
    NHWC output and an HWIO or OIHW kernel are reshapes only, and a 1x1
    window with unit strides and no padding on an input laid out as the
    output (NHWC) gathers nothing. Spatial window dimensions of size 1 are
    left out of the columns; window reversal reads the window backwards.

    disc-compile runs it before disc-stablehlo-to-linalg, so that
    disc-linalg-matmul-to-ral makes the product a cuBLAS or BLAS call, or,
    with `--cpu-library=none`, disc-cpu-tile-contractions tiles and
    vectorizes it; every other convolution keeps the direct lowering of
    disc-stablehlo-to-linalg.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ConvolutionToLinalgConvPass
    : Pass<"disc-convolution-to-linalg-conv", "::mlir::func::FuncOp"> {
  let summary = "Lower 2-D f32 convolutions to linalg.conv_2d_nhwc_hwcf, "
                "which the CPU runtime computes with oneDNN or the "
                "compiler tiles";
  let description = [{
    Rewrites each stablehlo.convolution with two spatial dimensions, f32
    operands and result, feature_group_count and batch_group_count 1, no
    lhs dilation or window reversal, non-negative padding and static shapes
    but for the batch into

      input   = the input transposed to NHWC (where it is not) and padded
                with zeros
      result  = linalg.fill 0 + linalg.conv_2d_nhwc_hwcf of the input and
                the kernel transposed to HWIO (where it is not), with the
                window strides and rhs dilation
      output  = the result transposed into the output layout (where it is
                not NHWC)

    disc-linalg-conv-to-ral makes the named convolution a ral_conv call,
    taking the zero padding back into the call. A convolution whose window
    reads its input as it lies (1x1, unit strides, no padding, NHWC) is
    left to disc-convolution-to-gemm: it is a plain matrix product.

    With `grouped`, a convolution of G > 1 feature groups (a depthwise one
    among them) becomes linalg.conv_2d_nhwgc_gfhwc the same way: the padded
    NHWC input expanded to N x H x W x G x C/G, the kernel transposed to
    O x H x W x I and expanded to G x O/G x H x W x I, the result collapsed
    back to NHWC. disc-linalg-conv-to-ral makes it a ral_conv call with its
    groups. Without it, such a convolution keeps the direct lowering.

    Without a library (`--cpu-library=none`), disc-cpu-tile-contractions
    tiles and vectorizes the named convolution itself, reading the windows
    in place as well.

    disc-compile runs it for the CPU, before disc-convolution-to-gemm.
  }];
  let options = [
    Option<"grouped", "grouped", "bool", /*default=*/"false",
           "Also rewrite convolutions of several feature groups, for a "
           "library that computes them">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // DISC_CONVERSION_STABLEHLOTOLINALG_PASSES
