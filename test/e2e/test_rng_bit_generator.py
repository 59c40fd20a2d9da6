"""rng_bit_generator: THREE_FRY, PHILOX and DEFAULT on states given at run
time, bit for bit against what XLA's CPU backend computed
(data/rng_bit_generator_xla.json, written by rng_bit_generator_xla.py with
JAX 0.10.2), against the known-answer vectors of Random123 (Salmon et al.,
SC 2011) for Threefry-2x32-20 and Philox-4x32-10, and the errors for states
and outputs the op cannot take. Each XLA case of rank 1 or more also runs
as JAX exports an output of symbolic shape (custom_call
@stablehlo.dynamic_rng_bit_generator), one program per rank and type taking
the shape at run time, and as the plain op with a dynamic output whose
sizes an elementwise use fixes (through an input, or a constant of static
type defined after it)."""

import json
import os

import numpy as np

from e2e import Case, jax_module, np_dtype, run, tensor_type

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data",
                    "rng_bit_generator_xla.json")


def program(algorithm, state_size, shape, element):
    state = tensor_type((state_size,), "ui64")
    output = tensor_type(shape, element)
    return jax_module(
        [("state", state)], [(state, "result[0]"), (output, "result[1]")],
        ["%%output_state, %%output = stablehlo.rng_bit_generator %%arg0, algorithm = %s : "
         "(%s) -> (%s, %s)" % (algorithm, state, state, output),
         "return %%output_state, %%output : %s, %s" % (state, output)])


def bits_as(values, shape, element):
    """The unsigned integers `values` as elements of `element`, bit for bit."""
    dtype = np_dtype(element)
    unsigned = np.dtype("uint%d" % (8 * dtype.itemsize))
    return np.array(values, dtype=unsigned).view(dtype).reshape(shape)


def dynamic_program(algorithm, state_size, rank, element, static_dims=None):
    """The form jax.export prints for an output of symbolic shape:
    custom_call @stablehlo.dynamic_rng_bit_generator with the output's sizes
    read from the input `like`, whose dimensions are all dynamic unless
    `static_dims` gives them."""
    state = tensor_type((state_size,), "ui64")
    dims = static_dims or [-1] * rank
    like = tensor_type(dims, "f32")
    output = tensor_type([-1] * rank, element)
    sizes = tensor_type((rank,), "i32")
    lines = []
    for dim in range(rank):
        lines += ["%%size%d = stablehlo.get_dimension_size %%arg1, dim = %d : (%s) -> tensor<i32>"
                  % (dim, dim, like),
                  "%%word%d = stablehlo.reshape %%size%d : (tensor<i32>) -> tensor<1xi32>"
                  % (dim, dim)]
    if rank == 1:
        shape = "%word0"
    else:
        shape = "%shape"
        lines.append("%%shape = stablehlo.concatenate %s, dim = 0 : (%s) -> %s"
                     % (", ".join("%%word%d" % d for d in range(rank)),
                        ", ".join(["tensor<1xi32>"] * rank), sizes))
    lines += ["%%bits:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%%arg0, %s) "
              "{api_version = 2 : i32, rng_algorithm = #stablehlo<rng_algorithm %s>} : "
              "(%s, %s) -> (%s, %s)" % (shape, algorithm, state, sizes, state, output),
              "return %%bits#0, %%bits#1 : %s, %s" % (state, output)]
    return jax_module([("state", state), ("like", like)],
                      [(state, "result[0]"), (output, "result[1]")], lines)


def plain_dynamic_program(algorithm, state_size, rank, element):
    """The plain op with an output of dynamic shape, as a program whose
    shapes were not all refined prints it: the output's sizes are known only
    through an elementwise use, here an xor with zeros given at run time."""
    state = tensor_type((state_size,), "ui64")
    output = tensor_type([-1] * rank, element)
    return jax_module(
        [("state", state), ("zeros", output)], [(state, "result[0]"), (output, "result[1]")],
        ["%%output_state, %%output = stablehlo.rng_bit_generator %%arg0, algorithm = %s : "
         "(%s) -> (%s, %s)" % (algorithm, state, state, output),
         "%%bits = stablehlo.xor %%output, %%arg1 : %s" % output,
         "return %%output_state, %%bits : %s, %s" % (state, output)])


def plain_static_use_program(algorithm, state_size, shape, element):
    """The plain op with an output of dynamic shape whose sizes a value of
    static type fixes: an xor with a zero constant defined after it."""
    state = tensor_type((state_size,), "ui64")
    output = tensor_type([-1] * len(shape), element)
    fixed = tensor_type(shape, element)
    return jax_module(
        [("state", state)], [(state, "result[0]"), (fixed, "result[1]")],
        ["%%output_state, %%output = stablehlo.rng_bit_generator %%arg0, algorithm = %s : "
         "(%s) -> (%s, %s)" % (algorithm, state, state, output),
         "%%zeros = stablehlo.constant dense<0> : %s" % fixed,
         "%%bits = stablehlo.xor %%output, %%zeros : (%s, %s) -> %s" % (output, fixed, fixed),
         "return %%output_state, %%bits : %s, %s" % (state, fixed)])


def bit_case(name, algorithm, state, shape, element, new_state, bits):
    expected = [np.array(new_state, dtype=np.uint64), bits_as(bits, shape, element)]
    return Case(name, program(algorithm, len(state), shape, element),
                [np.array(state, dtype=np.uint64)], lambda _: expected, atol=0, rtol=0)


def xla_cases():
    with open(DATA) as f:
        data = json.load(f)
    cases = []
    for c in data["cases"]:
        name = "xla_%s_%dword_%s_%s" % (c["algorithm"].lower(), len(c["state"]), c["element"],
                                        "x".join(map(str, c["shape"])) or "scalar")
        cases.append(bit_case(name, c["algorithm"], c["state"], c["shape"], c["element"],
                              c["new_state"], c["bits"]))
        if not c["shape"]:
            continue
        # The same bits from one program for any shape of that rank, the
        # shape given at run time.
        expected = [np.array(c["new_state"], dtype=np.uint64),
                    bits_as(c["bits"], c["shape"], c["element"])]
        cases.append(Case("dynamic_" + name,
                          dynamic_program(c["algorithm"], len(c["state"]), len(c["shape"]),
                                          c["element"]),
                          [np.array(c["state"], dtype=np.uint64),
                           np.zeros(c["shape"], dtype=np.float32)],
                          lambda *_, expected=expected: expected, atol=0, rtol=0))
        if np.issubdtype(np_dtype(c["element"]), np.integer):
            cases.append(Case("plain_dynamic_" + name,
                              plain_dynamic_program(c["algorithm"], len(c["state"]),
                                                    len(c["shape"]), c["element"]),
                              [np.array(c["state"], dtype=np.uint64),
                               np.zeros(c["shape"], dtype=np_dtype(c["element"]))],
                              lambda *_, expected=expected: expected, atol=0, rtol=0))
            cases.append(Case("plain_static_use_" + name,
                              plain_static_use_program(c["algorithm"], len(c["state"]),
                                                       c["shape"], c["element"]),
                              [np.array(c["state"], dtype=np.uint64)],
                              lambda *_, expected=expected: expected, atol=0, rtol=0))
    return cases


def join(low, high):
    return low | (high << 32)


ALL_ONES = 2**64 - 1
PI_WORDS = [0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344, 0xA4093822, 0x299F31D0]

# Random123's kat_vectors. A scalar ui64 THREE_FRY output is the hash of the
# counter (state[1]) under the key (state[0]), its two words low first; the
# four ui32 elements of a PHILOX output from a three-word state are the hash
# of the counter (state[1], state[2]) under the key (state[0]).
KNOWN_ANSWERS = [
    bit_case("threefry2x32_20_zeros", "THREE_FRY", [0, 0], [], "ui64", [0, 1],
             [join(0x6B200159, 0x99BA4EFE)]),
    bit_case("threefry2x32_20_ones", "THREE_FRY", [ALL_ONES, ALL_ONES], [], "ui64",
             [ALL_ONES, 0], [join(0x1CB996FC, 0xBB002BE7)]),
    bit_case("threefry2x32_20_pi", "THREE_FRY",
             [join(PI_WORDS[2], PI_WORDS[3]), join(PI_WORDS[0], PI_WORDS[1])], [], "ui64",
             [join(PI_WORDS[2], PI_WORDS[3]), join(PI_WORDS[0], PI_WORDS[1]) + 1],
             [join(0xC4923A9C, 0x483DF7A0)]),
    bit_case("philox4x32_10_zeros", "PHILOX", [0, 0, 0], [4], "ui32", [0, 1, 0],
             [0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8]),
    bit_case("philox4x32_10_ones", "PHILOX", [ALL_ONES] * 3, [4], "ui32", [ALL_ONES, 0, 0],
             [0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD]),
    bit_case("philox4x32_10_pi", "PHILOX",
             [join(PI_WORDS[4], PI_WORDS[5]), join(PI_WORDS[0], PI_WORDS[1]),
              join(PI_WORDS[2], PI_WORDS[3])], [4], "ui32",
             [join(PI_WORDS[4], PI_WORDS[5]), join(PI_WORDS[0], PI_WORDS[1]) + 1,
              join(PI_WORDS[2], PI_WORDS[3])],
             [0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1]),
]


def error_case(name, algorithm, state_size, shape, element, pattern):
    return Case(name, program(algorithm, state_size, shape, element),
                [np.zeros(state_size, dtype=np.uint64)], expect="compile_error",
                stderr_patterns=[pattern])


ERRORS = [
    error_case("error_threefry_three_word_state", "THREE_FRY", 3, [4], "ui32",
               r"stablehlo.rng_bit_generator needs THREE_FRY with an initial_state of "
               r"tensor<2xui64>"),
    error_case("error_philox_four_word_state", "PHILOX", 4, [4], "ui32",
               r"stablehlo.rng_bit_generator needs PHILOX with an initial_state of "
               r"tensor<2xui64> or tensor<3xui64>"),
    error_case("error_bool_output", "PHILOX", 2, [4], "i1",
               r"stablehlo.rng_bit_generator needs an integer or float output element type"),
    # A plain op's dynamic output that nothing in the program sizes.
    Case("error_plain_dynamic_unsized",
         jax_module([("state", "tensor<2xui64>")],
                    [("tensor<2xui64>", "result[0]"), ("tensor<?xui32>", "result[1]")],
                    ["%s, %b = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : "
                     "(tensor<2xui64>) -> (tensor<2xui64>, tensor<?xui32>)",
                     "return %s, %b : tensor<2xui64>, tensor<?xui32>"]),
         [np.zeros(2, dtype=np.uint64)], expect="compile_error",
         stderr_patterns=[r"stablehlo.rng_bit_generator needs an output of static shape, or "
                          r"one whose sizes an elementwise use fixes"]),
    # A dynamic output whose sizes come from an input with a static
    # dimension: an input that contradicts it is refused by name.
    Case("error_dynamic_static_dim_mismatch",
         dynamic_program("THREE_FRY", 2, 2, "ui32", static_dims=[-1, 5]),
         [np.zeros(2, dtype=np.uint64), np.zeros((3, 4), dtype=np.float32)],
         expect="run_error",
         stderr_patterns=[r"^ral-run: error: ", r"'like'|\blike\b", r"(?<![0-9])3x4",
                          r"\?x5|-1x5"]),
]

if __name__ == "__main__":
    run(xla_cases() + KNOWN_ANSWERS + ERRORS)
