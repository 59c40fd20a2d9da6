//===- Passes.td - StableHLO to StableHLO passes -----------*- tablegen -*-===//

#ifndef DISC_DIALECT_HLO_TRANSFORMS_PASSES
#define DISC_DIALECT_HLO_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def ExpandBatchNormPass : Pass<"disc-expand-batch-norm", "ModuleOp"> {
  let summary = "Decompose the batch_norm ops into reductions, broadcasts "
                "and elementwise stablehlo ops";
  let description = [{
    As XLA's BatchNormExpander, in the operand's element type, with N the
    number of elements per feature and every per-feature vector broadcast
    along `feature_index`:

    - batch_norm_inference: `x * s + (offset - mean * s)` where
      `s = scale * rsqrt(variance + epsilon)` is computed per feature;
    - batch_norm_training: `mean = sum(x) / N`, the variance
      `sum((x - mean)^2) / N` (two passes: no cancellation), then the
      inference formula;
    - batch_norm_grad: `grad_offset = sum(dy)`,
      `grad_scale = sum(dy * (x - mean)) * rsqrt(variance + epsilon)` and
      `grad_operand = scale * rsqrt(variance + epsilon) / N *
      (N * dy - grad_offset - (x - mean) * sum(dy * (x - mean)) /
      (variance + epsilon))`.

    Ops on dynamic shapes stay, and the lowering to linalg reports them.
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

def WidenNarrowAccumulationsPass
    : Pass<"disc-widen-narrow-accumulations", "ModuleOp"> {
  let summary = "Accumulates products and sums of bf16 and f16 in f32";
  let description = [{
    As PyTorch and XLA do: a dot_general or convolution of bf16 or f16
    operands with a bf16 or f16 result computes an f32 result (the operands
    stay narrow) and converts it; a reduce or reduce_window of one bf16 or
    f16 operand whose body is an add sums the operand converted to f32 and
    converts the sum. A narrow accumulator loses a bit a term: one of 8
    mantissa bits stops growing at 256 times a term. Without `products`
    (the CUDA target, whose products cuBLAS accumulates in f32 already),
    only the sums are widened.
  }];
  let options = [
    Option<"products", "products", "bool", /*default=*/"true",
           "Also compute bf16 and f16 products into f32">,
  ];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

def FoldScalesIntoConvolutionsPass
    : Pass<"disc-fold-scales-into-convolutions", "ModuleOp"> {
  let summary = "Folds an inference batch norm's per-channel products into "
                "the convolution's filter";
  let description = [{
    Elementwise ops, converts, reshapes and broadcasts of small f32 or f64
    constants (at most 2^16 elements) are computed. A product by a constant
    broadcast along one dim (or a splat) moves in front of an addition or
    subtraction of another such constant: `(y - m) * s` becomes
    `y * s - m * s`. A convolution with a constant f32 filter times a
    constant along its output feature dim becomes the convolution with each
    output channel of the filter scaled. An inference batch norm as
    torch-mlir writes it, `((conv - mean) * rsqrt(var + eps)) * gamma + beta`,
    is then a convolution and a per-channel bias.
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

def ExpandRngPass : Pass<"disc-expand-rng", "ModuleOp"> {
  let summary = "Expand rng_bit_generator and rng into elementwise stablehlo "
                "ops";
  let description = [{
    rng_bit_generator computes the bits XLA computes (its
    RngBitGeneratorExpander), bit for bit:

    - THREE_FRY, state `[key, counter]` (tensor<2xui64>): Threefry-2x32 with
      20 rounds. A 64-bit element is the hash of `counter + i` (i its
      row-major position), low word first. Narrower elements come two per
      hash: the first dimension of even size (else the first largest one) is
      halved, element j along it taking word j % 2 of the hash of its
      position in the halved shape. The new state is `[key, counter + n]`, n
      the number of hashes.
    - PHILOX and DEFAULT (XLA's CPU and GPU pick PHILOX), state
      `[key, counter_low]` (the key then also serves as the counter's high
      word) or `[key, counter_low, counter_high]` (tensor<3xui64>):
      Philox-4x32 with 10 rounds of the 128-bit counter `counter + j`, whose
      four words are elements 4j..4j+3 (32 bits and narrower) or whose two
      word pairs are elements 2j, 2j+1 (64 bits). The new state holds the
      counter advanced by the number of hashes, in as many words as came in.

    Elements narrower than 32 bits keep the low bits of a 32-bit one; float
    elements are the bits of the unsigned integer of their width. Every
    element computes its counter from iotas, so the expansion is one
    elementwise computation the linalg phase fuses and vectorizes.

    An output of dynamic shape comes as JAX exports it:
    `stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%state,
    %shape)` with an `rng_algorithm` attribute, its results the next state
    and the output. The same bits are computed on the run-time shape
    (dynamic iotas and broadcasts; THREE_FRY's halved dimension, which
    depends on the sizes, chosen at run time). An rng_bit_generator op of
    dynamic output (which has no sizes to take), an i1 output, or a state
    of another type is an error naming what the op needs.

    rng's values are implementation-defined; disc's are Threefry-2x32
    hashes of each element's row-major position under a key that numbers
    the op among the module's rng ops (0, 1, ...). So a program draws the
    same values on every run, and its rng ops draw different ones.

    - UNIFORM, integers (8 to 64 bits): `a + r mod (b - a)`, r 32 random
      bits (64 for 64-bit elements), in unsigned arithmetic of the
      element's width.
    - UNIFORM, floats: `a + u * (b - a)`, u in [0, 1) from the top
      mantissa-width bits of r (every u exact); a value that rounds up to b
      becomes a, so every value lies in [a, b).
    - NORMAL, floats: Box-Muller, `a + b * sqrt(-2 log(1 - u1)) *
      cos(2 pi u2)`, computed in f32 (f64 for f64 elements) from the two
      words of one hash (two 64-bit hashes for f64).

    A result of dynamic shape, an i1 or narrower element type, or NORMAL on
    integers is an error naming what the op needs.
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

def ExpandQuantizationPass : Pass<"disc-expand-quantization", "ModuleOp"> {
  let summary = "Compute uniform_quantize, uniform_dequantize and every op on "
                "quantized tensors on their storage integers and expressed "
                "floats";
  let description = [{
    Removes the quant dialect's uniform quantized element types, per tensor
    and per axis, as the StableHLO spec defines them. A quantized tensor
    becomes the tensor of its storage integers (`i8` for signed storage,
    `ui8` for unsigned), and:

    - uniform_dequantize: `(convert(storage) - zero_point) * scale` in the
      expressed type, the difference taken exactly in i32 (i64 for 32-bit
      storage) as the StableHLO interpreter takes it;
    - uniform_quantize: `convert(round_nearest_even(clamp(storage_min,
      x / scale + zero_point, storage_max)))` into the storage type; from a
      quantized operand (requantization) it dequantizes first;
    - bitcast_convert to or from a quantized type is a bitcast_convert of
      its storage type, and a quantized constant the constant of its
      storage integers;
    - an op with regions (reduce, sort, while, ...) and a call of a function
      of the module take and return the storage, their region arguments and
      terminators too; the ops inside expand as any other, so a body on
      quantized scalars computes as the spec's interpreter evaluates it.
      an operand of reduce, reduce_window, scatter or select_and_scatter
      that the body takes in another (wider) quantized type is converted to
      it first (`to_destination_type`);
    - an op that only moves elements (reshape, transpose, broadcast, slices,
      concatenate, pad, reverse, select, gather, ...) whose quantized
      operands and results share one quantization moves the storage, exact
      for any storage width;
    - any other op dequantizes its quantized operands, runs in the expressed
      type and quantizes its quantized results (the spec's
      dequantize-op-quantize).

    Per-axis scales and zero points are broadcast along the
    quantization_dimension, on static or dynamic shapes. Quantized arguments
    and results of a function become its storage type. An op outside
    StableHLO on quantized tensors (but a call) is an error naming the op.
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

def FoldDotBroadcastsPass : Pass<"disc-fold-dot-broadcasts", "ModuleOp"> {
  let summary = "Multiply a batch by one matrix as one product, instead of "
                "by a copy of the matrix per batch element";
  let description = [{
    A dot_general of [B..., M, K] by a [K, N] (or [N, K]) matrix that a
    broadcast_in_dim copies over the batch dims [B...] becomes a product of
    the lhs's rows, reshaped to [B * M, K], by the matrix itself, reshaped
    back. PyTorch's linear layer on a sequence-major input (ViT's
    attention) is the case: the broadcast was a copy of the weight per
    batch element, 1.4 GB per in-projection for ViT-B/16 at batch 8.
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

def FoldDotTransposesPass : Pass<"disc-fold-dot-transposes", "ModuleOp"> {
  let summary = "Fold transposes into the dot_general products that read "
                "them, as XLA's transpose folding";
  let description = [{
    A transpose (seen through a reshape after it that only drops unit dims)
    whose only user is a dot_general becomes part of the product's batching
    and contracting dimensions: the product reads the transpose's input,
    which the CPU's ral_gemm takes as a strided view, instead of a
    transposed copy. Attention's q * k^T and its head splits are the case.
    The result's dims do not move (one free dim per operand keeps their
    order). Only products ral_gemm still takes on the CPU are folded: f32 or
    f64 throughout, or bf16 operands; one contracting and one free dim per
    operand; at most two batch dims; the folded operand's innermost dim not
    a batch dim.
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
}

#endif // DISC_DIALECT_HLO_TRANSFORMS_PASSES
