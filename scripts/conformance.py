#!/usr/bin/python3
"""Runs the StableHLO interpreter tests through disc-compile and ral-run.

Reads ../shared/conformance/stablehlo_interpret/*.mlir (relative to the repo
root; never copied into the repo), splits each file on `// -----`, and turns
each case into a program the compiler cannot fold: every top-level
`stablehlo.constant` of the test function becomes a function argument (its
value written as .npy; constant.mlir keeps its constants, they are what it
tests), every `check.expect_*` op is replaced by returning the
checked value, and the expected values are compared here after the run.
A test that runs one function on a grid of processes
(`interpreter.run_parallel`) becomes that function compiled with
`--simulate-processes`; one whose processes run different functions (send
and recv) becomes the entry that `disc.process_programs` builds from them.
Element types numpy has no dtype for (bf16, the 8-bit floats, i2, i4, ui2,
ui4) go to and from ral-run as raw files (`4xbf16=@in0.bin`, `out0.bin`),
held here as their bits (bf16, f8*) or values (i2, ...) in a numpy integer
array and encoded and decoded by the format's layout, without ml_dtypes.

Prints `op_file: P/N passed` per file and a total. With `--floor FILE` it is
a gate: the exit status is 1 when fewer cases pass than the number FILE
holds, when a case computes a wrong value, when a tool crashes (ends other
than by its own error exit), or when the harness cannot rewrite a case; the
floor is raised as ops are added. The exit status is 2 when the harness
itself cannot work (no data, no tools).
"""

import argparse
import collections
import glob
import os
import re
import struct
import math
import subprocess
import sys

import numpy as np

COMPILE_TIMEOUT_S = 300
RUN_TIMEOUT_S = 120

NUMPY_DTYPES = {
    "i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
    "ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64,
    "f16": np.float16, "f32": np.float32, "f64": np.float64,
    "complex<f32>": np.complex64, "complex<f64>": np.complex128,
}
FLOAT_BITS = {"f16": np.uint16, "f32": np.uint32, "f64": np.uint64}

# Floats numpy lacks: (exponent bits, mantissa bits, bias, specials), after
# LLVM's APFloat. IEEE: infinities and NaNs at the all-ones exponent; FN: no
# infinities, all ones is NaN; FNUZ: no infinities, no negative zero, 0x80
# is the one NaN; FNU (f8E8M0FNU): no sign, no zero, 0xFF is NaN; FINITE
# (the 4- and 6-bit floats): no infinities and no NaN.
NARROW_FLOATS = {
    "bf16": (8, 7, 127, "IEEE"),
    "f8E5M2": (5, 2, 15, "IEEE"),
    "f8E4M3FN": (4, 3, 7, "FN"),
    "f8E4M3FNUZ": (4, 3, 8, "FNUZ"),
    "f8E5M2FNUZ": (5, 2, 16, "FNUZ"),
    "f8E4M3B11FNUZ": (4, 3, 11, "FNUZ"),
    "f8E3M4": (3, 4, 3, "IEEE"),
    "f8E4M3": (4, 3, 7, "IEEE"),
    "f8E8M0FNU": (8, 0, 127, "FNU"),
    "f4E2M1FN": (2, 1, 1, "FINITE"),
    "f6E2M3FN": (2, 3, 1, "FINITE"),
    "f6E3M2FN": (3, 2, 3, "FINITE"),
}
# Integers narrower than a byte: their width; a byte each in raw files.
NARROW_INTS = {"i2": 2, "i4": 4, "ui2": 2, "ui4": 4}


def storage_dtype(element):
    """The numpy dtype holding an element: its value, or a narrow float's bits."""
    if element in NUMPY_DTYPES:
        return np.dtype(NUMPY_DTYPES[element])
    if element in NARROW_FLOATS:
        return np.dtype(np.uint16 if element == "bf16" else np.uint8)
    return np.dtype(np.uint8 if element.startswith("ui") else np.int8)


def narrow_float_decode(bits, element):
    """The values (float64) of a narrow float's bit patterns."""
    exponent_bits, mantissa_bits, bias, specials = NARROW_FLOATS[element]
    width = narrow_float_width(element)
    out = []
    for b in np.asarray(bits).ravel().tolist():
        if specials == "FNU":
            out.append(float("nan") if b == 0xFF else 2.0 ** (b - bias))
            continue
        sign = -1.0 if b >> (width - 1) else 1.0
        exponent = (b >> mantissa_bits) & ((1 << exponent_bits) - 1)
        mantissa = b & ((1 << mantissa_bits) - 1)
        all_ones = exponent == (1 << exponent_bits) - 1
        if (specials == "FNUZ" and b == 1 << (width - 1)) or \
                (specials == "FN" and all_ones and mantissa == (1 << mantissa_bits) - 1) or \
                (specials == "IEEE" and all_ones and mantissa):
            out.append(float("nan"))
        elif specials == "IEEE" and all_ones:
            out.append(sign * float("inf"))
        elif exponent == 0:
            out.append(sign * mantissa * 2.0 ** (1 - bias - mantissa_bits))
        else:
            out.append(sign * (mantissa + (1 << mantissa_bits)) * 2.0 ** (exponent - bias - mantissa_bits))
    return np.array(out, dtype=np.float64).reshape(np.shape(bits))


def narrow_float_width(element):
    """The bits of a narrow float's encoding."""
    exponent_bits, mantissa_bits, _, specials = NARROW_FLOATS[element]
    return 8 if specials == "FNU" else 1 + exponent_bits + mantissa_bits


def narrow_float_encode(value, element):
    """The bits of the narrow float nearest `value` (ties to even), as APFloat
    rounds: too large a value is infinity, or NaN in a format without; a
    FINITE format saturates to its largest value and, having neither, makes
    infinities and NaN a zero of their sign."""
    exponent_bits, mantissa_bits, bias, specials = NARROW_FLOATS[element]
    if specials == "FNU":
        if value == 0:
            return 0  # APFloat: no zero, the smallest value
        if value != value or value < 0:
            return 0xFF
        m, k = math.frexp(value)  # value = m * 2^k, m in [0.5, 1)
        e = k - 1 + (1 if m * 2 > 1.5 or (m * 2 == 1.5 and (k - 1) % 2) else 0)
        return min(max(e + bias, 0), 0xFF)
    width = narrow_float_width(element)
    sign_bit = 1 << (width - 1)
    negative = math.copysign(1.0, value) < 0
    inf_bits = ((1 << exponent_bits) - 1) << mantissa_bits
    if specials == "FINITE":
        if value != value or abs(value) == float("inf"):
            return sign_bit if negative else 0
        nan_bits, largest = None, sign_bit - 1
    elif specials == "IEEE":
        nan_bits, largest = inf_bits | (1 << (mantissa_bits - 1)), inf_bits - 1
    elif specials == "FN":
        nan_bits, largest = sign_bit - 1, sign_bit - 2
    else:
        nan_bits, largest = sign_bit, sign_bit - 1
    if value != value:
        return nan_bits
    magnitude = abs(value)
    if magnitude == float("inf"):
        bits = largest + 1
    elif magnitude == 0:
        bits = 0
    else:
        min_exponent = 1 - bias
        exponent = max(math.frexp(magnitude)[1] - 1, min_exponent)
        steps = round(magnitude / 2.0 ** (exponent - mantissa_bits))  # half to even
        if exponent == min_exponent and steps < 1 << mantissa_bits:
            bits = steps
        else:
            if steps == 1 << (mantissa_bits + 1):
                exponent, steps = exponent + 1, 1 << mantissa_bits
            bits = ((exponent + bias) << mantissa_bits) | (steps - (1 << mantissa_bits))
    if bits > largest:
        if specials == "FINITE":
            bits = largest
        elif specials == "IEEE":
            bits = inf_bits
        else:
            return nan_bits if specials == "FNUZ" else nan_bits | (sign_bit if negative else 0)
    if negative and not (specials == "FNUZ" and bits == 0):
        bits |= sign_bit
    return bits


def narrow_int_value(raw, element):
    """The values of sub-byte integers from the low bits of their bytes."""
    bits = NARROW_INTS[element]
    low = np.asarray(raw).astype(np.int64) & ((1 << bits) - 1)
    if element.startswith("i"):
        low = np.where(low >= 1 << (bits - 1), low - (1 << bits), low)
    return low


class Skip(Exception):
    """The case cannot be expressed as a compiled program with .npy I/O."""


class NoCheck(Exception):
    """No function of the case holds a check op."""


class Fail(Exception):
    pass


class WrongValue(Fail):
    """The program ran and returned a value other than the expected one."""


class Crash(Fail):
    """A tool ended by a signal or an exit status other than its error exit."""


# ----------------------------------------------------------------------------
# Scanning MLIR text


def matching_close(text, start, open_char, close_char):
    """Index of the bracket closing the one at `start`; skips string literals."""
    depth = 0
    i = start
    while i < len(text):
        c = text[i]
        if c == '"':
            i = text.index('"', i + 1)
        elif c == open_char:
            depth += 1
        elif c == close_char:
            depth -= 1
            if depth == 0:
                return i
        i += 1
    raise ValueError("unbalanced %s at offset %d" % (open_char, start))


def angle_span(text, start):
    """For text[start:] beginning `word<`, the end index just past the `>`."""
    open_at = text.index("<", start)
    return matching_close(text, open_at, "<", ">") + 1


def parse_tensor_type(text):
    """`tensor<2x3xf32>` -> ((2, 3), "f32"); unknown element types raise Skip."""
    m = re.fullmatch(r"\s*tensor<(.*)>\s*", text, re.S)
    if not m:
        raise Skip("non-tensor type %s" % text.strip())
    body = m.group(1)
    parts = re.match(r"((?:(?:\d+|\?)x)*)(.*)", body)
    dims = [d for d in parts.group(1).split("x") if d]
    element = parts.group(2)
    if "?" in dims:
        raise Skip("dynamic type %s" % text.strip())
    if element not in NUMPY_DTYPES and element not in NARROW_FLOATS and \
            element not in NARROW_INTS:
        raise Skip("element type %s has no .npy dtype and no raw form" % element)
    return tuple(int(d) for d in dims), element


def parse_scalar(token, element):
    token = token.strip()
    if element == "i1":
        if token in ("true", "false"):
            return token == "true"
        return bool(int(token, 0))
    if element in NARROW_FLOATS:
        if re.fullmatch(r"-?0x[0-9A-Fa-f]+", token):
            return NarrowBits(int(token.lstrip("-"), 16), token.startswith("-"))
        return parse_scalar(token, "f64")
    if element.startswith("f"):
        if re.fullmatch(r"-?0x[0-9A-Fa-f]+", token):
            negative = token.startswith("-")
            bits = int(token.lstrip("-"), 16)
            value = np.array(bits, dtype=FLOAT_BITS[element]).view(NUMPY_DTYPES[element])[()]
            return -value if negative else value
        lowered = token.lower()
        if lowered in ("inf", "+inf"):
            return float("inf")
        if lowered == "-inf":
            return float("-inf")
        if lowered in ("nan", "+nan", "-nan"):
            return float("nan")
        return float(token)
    return int(token, 0)


class NarrowBits:
    """A narrow float literal written as its bit pattern (0x7F80)."""

    def __init__(self, bits, negative):
        self.bits = bits
        self.negative = negative


def narrow_float_bits(value, element):
    if isinstance(value, NarrowBits):
        sign_bit = 1 << (narrow_float_width(element) - 1)
        return value.bits ^ (sign_bit if value.negative else 0)
    return narrow_float_encode(value, element)


def parse_dense(literal, shape, element):
    """The contents of `dense<...>` as a numpy array of the given type (the
    bits of a narrow float, the values of a sub-byte integer)."""
    literal = literal.strip()
    dtype = storage_dtype(element)
    size = int(np.prod(shape)) if shape else 1
    if element.startswith("complex<"):
        part = element[len("complex<"):-1]
        pairs = re.findall(r"\(\s*([^,()\s]+)\s*,\s*([^,()\s]+)\s*\)", literal)
        parts = [parse_dense(p, (), part) for pair in pairs for p in pair]
        if len(parts) == 2 and size != 1:
            parts = parts * size
        if len(parts) != 2 * size:
            raise ValueError("literal has %d values, type needs %d" % (len(parts) // 2, size))
        return np.array(parts, NUMPY_DTYPES[part]).view(dtype).reshape(shape)
    if literal.startswith('"'):
        raw = bytes.fromhex(literal.strip('"')[2:])
        if len(raw) == dtype.itemsize and size != 1:
            return np.full(shape, np.frombuffer(raw, dtype)[0], dtype)
        if element == "i1":
            return np.frombuffer(raw, np.uint8).astype(np.bool_).reshape(shape)
        if element in NARROW_INTS:
            return narrow_int_value(np.frombuffer(raw, dtype), element).astype(dtype).reshape(shape)
        return np.frombuffer(raw, dtype).reshape(shape).copy()
    tokens = [t for t in re.split(r"[\[\],\s]+", literal) if t]
    values = [parse_scalar(t, element) for t in tokens]
    if len(values) == 1 and size != 1:
        values = values * size
    if len(values) != size:
        raise ValueError("literal has %d values, type needs %d" % (len(values), size))
    if element in NARROW_FLOATS:
        return np.array([narrow_float_bits(v, element) for v in values],
                        dtype=dtype).reshape(shape)
    if element in NARROW_INTS:
        bits = NARROW_INTS[element]
        return narrow_int_value(np.array(values, dtype=np.int64) & ((1 << bits) - 1),
                                element).astype(dtype).reshape(shape)
    if element.startswith("f"):
        # Hex bit patterns were decoded in the target type already; going
        # through a wider float keeps their value (and NaN-ness).
        array = np.array([np.asarray(v).astype(dtype) for v in values], dtype=dtype) \
            if values else np.zeros(0, dtype)
        return array.reshape(shape)
    if element.startswith("ui"):
        return np.array([v % (1 << (dtype.itemsize * 8)) for v in values],
                        dtype=dtype).reshape(shape)
    if element.startswith("i") and element != "i1":
        bits = dtype.itemsize * 8
        wrapped = [((v + (1 << (bits - 1))) % (1 << bits)) - (1 << (bits - 1)) for v in values]
        return np.array(wrapped, dtype=dtype).reshape(shape)
    return np.array(values, dtype=dtype).reshape(shape)


def split_cases(text):
    # A marker commented out once more (`// // -----`, in triangular_solve.mlir)
    # still separates two cases: each holds its own function and checks.
    return [chunk for chunk in re.split(r"^(?:// )+-----\s*$", text, flags=re.M) if chunk.strip()]


def statement_end(text, start):
    """End of the statement starting at `start`: the first newline outside any
    bracket (dense literals and attribute dicts may span lines) that neither
    follows a comma nor precedes a `:`, `{` or `dense<` continuation."""
    depth = 0
    i = start
    while i < len(text):
        c = text[i]
        if c == '"':
            i = text.index('"', i + 1)
        elif c in "([{<":
            depth += 1
        elif c in ")]}>":
            if not (c == ">" and text[i - 1] == "-"):
                depth -= 1
        elif c == "\n" and depth <= 0:
            following = text[i + 1:].lstrip()
            if not (text[start:i].rstrip().endswith(",") or following.startswith((":", "{", "dense<"))):
                return i
        i += 1
    return len(text)


# ----------------------------------------------------------------------------
# Turning a case into a program


class Check:
    def __init__(self, kind, values, types, expected=None, tolerance=None,
                 max_ulp=None, min_ulp=None):
        self.kind = kind
        self.values = values      # SSA names returned for this check
        self.types = types        # their types (text)
        self.expected = expected  # numpy array for the *_const forms
        self.tolerance = tolerance
        self.max_ulp = max_ulp
        self.min_ulp = min_ulp
        self.indices = None       # the program's results it compares


class Program:
    def __init__(self, name, mlir, inputs, checks, outputs=None, compile_flags=()):
        self.name = name
        self.mlir = mlir
        self.inputs = inputs
        self.checks = checks
        # The types of the function's results; each check reads those at its
        # `indices`, by default the results in the order of the checks.
        self.outputs = outputs if outputs is not None else \
            [ty for check in checks for ty in check.types]
        self.compile_flags = list(compile_flags)
        if outputs is None:
            position = 0
            for check in checks:
                check.indices = list(range(position, position + len(check.values)))
                position += len(check.values)


def find_test_function(chunk):
    """(name, header span, body span) of the function holding the checks."""
    for m in re.finditer(r"func\.func\s+(?:public\s+|private\s+)?@([\w.$-]+)\s*\(", chunk):
        paren_close = matching_close(chunk, m.end() - 1, "(", ")")
        body_open = chunk.index("{", paren_close)
        body_close = matching_close(chunk, body_open, "{", "}")
        if "check." in chunk[body_open:body_close]:
            if chunk[m.end():paren_close].strip():
                raise Skip("test function takes arguments")
            return m.group(1), (m.start(), body_open + 1), (body_open + 1, body_close)
    raise NoCheck()


def build_unchecked_program(chunk):
    """A case without check ops passes when it compiles and runs, as its
    interpreter RUN line does; one whose outcome only the interpreter's own
    printout shows cannot be judged here."""
    interpreter_op = re.search(r"interpreter\.\w+", chunk)
    if interpreter_op:
        raise Skip("no check op; uses the interpreter-only op %s" % interpreter_op.group(0))
    functions = list(re.finditer(r"func\.func\s+(?:public\s+|private\s+)?@([\w.$-]+)\s*\(", chunk))
    if len(functions) != 1:
        raise Skip("no check op and %d functions" % len(functions))
    paren_close = matching_close(chunk, functions[0].end() - 1, "(", ")")
    body_open = chunk.index("{", paren_close)
    if chunk[functions[0].end():paren_close].strip() or "->" in chunk[paren_close:body_open]:
        raise Skip("no check op; FileCheck reads the interpreter's printout of the results")
    return Program(functions[0].group(1), chunk, [], [])


def parse_check(statement):
    m = re.match(r"check\.(\w+)\s+(.*)", statement, re.S)
    kind, rest = m.group(1), m.group(2)
    tolerance = None
    t = re.search(r"tolerance\s*=\s*([-+0-9.eE]+)", rest)
    if t:
        tolerance = float(t.group(1))
    if kind in ("expect_eq_const", "expect_almost_eq_const"):
        value = re.match(r"(%[\w.$#-]+)\s*,\s*", rest)
        dense_at = rest.index("dense<", value.end())
        dense_end = angle_span(rest, dense_at)
        literal = rest[dense_at + len("dense<"):dense_end - 1]
        type_text = re.match(r"\s*:\s*(tensor<)", rest[dense_end:])
        if not type_text:
            raise Skip("check with a non-tensor type")
        type_start = dense_end + type_text.start(1)
        type_end = angle_span(rest, type_start)
        ty = rest[type_start:type_end]
        shape, element = parse_tensor_type(ty)
        return Check(kind, [value.group(1)], [ty], parse_dense(literal, shape, element),
                     tolerance)
    if kind in ("expect_eq", "expect_almost_eq", "expect_close"):
        values = re.match(r"(%[\w.$#-]+)\s*,\s*(%[\w.$#-]+)", rest)
        types = re.findall(r"tensor<[^>]*(?:<[^>]*>[^>]*)?>", rest[rest.rindex(":"):])
        if not types:
            raise Skip("check with a non-tensor type")
        if len(types) == 1:
            types = types * 2
        for ty in types:
            parse_tensor_type(ty)
        max_ulp = re.search(r"max_ulp_difference\s*=\s*(\d+)", rest)
        min_ulp = re.search(r"min_ulp_difference\s*=\s*(\d+)", rest)
        return Check(kind, [values.group(1), values.group(2)], types, tolerance=tolerance,
                     max_ulp=int(max_ulp.group(1)) if max_ulp else None,
                     min_ulp=int(min_ulp.group(1)) if min_ulp else 0)
    if kind == "expect_serialized_eq":
        return None
    raise Skip("unknown check op check.%s" % kind)


SSA_NAME_END = r"(?![\w.$#-])"


def drop_probes(chunk):
    """interpreter.probe is the interpreter's own: it writes its operand to a
    file for check.expect_serialized_eq and returns it. Here it is the
    identity: the statement goes and its result's uses read the operand."""
    probes = re.finditer(r"(%[\w.$#-]+)\s*=\s*interpreter\.probe\s+(%[\w.$#-]+)\s*,[^\n]*\n?",
                         chunk)
    for m in reversed(list(probes)):
        chunk = chunk[:m.start()] + chunk[m.end():]
        chunk = re.sub(re.escape(m.group(1)) + SSA_NAME_END, lambda _: m.group(2), chunk)
    return chunk


def build_program(chunk, keep_constants=False):
    """keep_constants: leave the constants in place (for constant.mlir, where
    the constant is the op under test, not an input)."""
    chunk = drop_probes(chunk)
    try:
        name, header, body = find_test_function(chunk)
    except NoCheck:
        return build_unchecked_program(chunk)
    body_text = chunk[body[0]:body[1]]
    arguments = []
    inputs = []
    checks = []
    removals = []  # (start, end) spans of the body to drop

    def region_depth(position):
        depth = 0
        i = 0
        while i < position:
            c = body_text[i]
            if c == '"':
                i = body_text.index('"', i + 1)
            elif c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            i += 1
        return depth

    for m in re.finditer(r"(%[\w.$#-]+)\s*=\s*stablehlo\.constant\s+dense<", body_text):
        if keep_constants or region_depth(m.start()) != 0:
            continue
        dense_end = angle_span(body_text, m.end() - len("dense<"))
        literal = body_text[m.end():dense_end - 1]
        type_match = re.match(r"\s*:\s*(tensor<)", body_text[dense_end:])
        if not type_match:
            raise Skip("constant of a non-tensor type")
        type_start = dense_end + type_match.start(1)
        ty = body_text[type_start:angle_span(body_text, type_start)]
        shape, element = parse_tensor_type(ty)
        arguments.append("%s: %s" % (m.group(1), ty))
        inputs.append((parse_dense(literal, shape, element), ty))
        removals.append((m.start(), statement_end(body_text, m.start())))

    for m in re.finditer(r"check\.\w+", body_text):
        end = statement_end(body_text, m.start())
        check = parse_check(body_text[m.start():end])
        removals.append((m.start(), end))
        if check is not None:
            checks.append(check)
    if not checks:
        raise Skip("only expect_serialized_eq checks")

    parallel = re.search(r"\"interpreter\.run_parallel\"", body_text)
    if parallel:
        return build_parallel_program(chunk, header, body, body_text[parallel.start():],
                                      dict(zip((a.split(":")[0] for a in arguments), inputs)),
                                      checks)

    results = []
    result_types = []
    for check in checks:
        for value, ty in zip(check.values, check.types):
            results.append(value)
            result_types.append(ty)

    returns = list(re.finditer(r"(?:func\.)?return\b[^\n]*", body_text))
    if not returns:
        raise Skip("no return")
    # The checked values become the results, in place of any the test
    # function returned.
    last = returns[-1]
    removals.append((last.start(), statement_end(body_text, last.start())))
    new_body = body_text
    for start, end in sorted(removals, reverse=True):
        new_body = new_body[:start] + new_body[end:]
    new_body = new_body.rstrip() + "\n  func.return %s : %s\n" % (
        ", ".join(results), ", ".join(result_types))

    signature = "func.func @%s(%s) -> (%s) {" % (name, ", ".join(arguments), ", ".join(result_types))
    mlir = chunk[:header[0]] + signature + new_body + chunk[body[1]:]
    return Program(name, mlir, inputs, checks)


def build_parallel_program(chunk, header, body, statement, argument_inputs, checks):
    """A test that runs functions on the processes of a grid
    (`interpreter.run_parallel` with programs=[[@f, ...], ...]: a row per
    replica, a column per partition) becomes, compiled with
    --simulate-processes for that grid, the function if every process runs
    the same, else the entry @run_parallel that the module's
    disc.process_programs has disc build from each process's function: it
    takes every process's operands and returns every process's results,
    process 0's first, as run_parallel hands them out and collects them,
    tokens left out."""
    end = statement_end(statement, 0)
    # The op's type may break its line before or after the arrow.
    while end < len(statement) and (statement[:end].rstrip().endswith("->")
                                    or statement[end:].lstrip().startswith("->")):
        end = statement_end(statement, end + 1)
    head = statement[:end]
    result = re.match(r'.*?(%[\w.$-]+)(?::\d+)?\s*=\s*$',
                      chunk[:chunk.index(head)].rsplit("\n", 1)[-1])
    operands_open = head.index("(")
    operand_text = head[operands_open + 1:matching_close(head, operands_open, "(", ")")]
    operands = re.findall(r"%[\w.$#-]+", operand_text)
    if re.search(r"\binfeed\s*=", head):
        raise Fail("unsupported op interpreter.run_parallel: infeed queues; disc has no host "
                   "transfer queue")
    programs = re.search(r"programs\s*=\s*\[(.*?)\]\s*\]", head, re.S)
    rows = [re.findall(r"@([\w.$-]+)", row)
            for row in re.findall(r"\[([^\[\]]*)", programs.group(1) + "]")]
    if len({len(row) for row in rows}) != 1:
        raise Fail("unsupported op interpreter.run_parallel: rows of programs of different "
                   "lengths")
    # Process replica * partitions + partition runs rows[replica][partition].
    process_functions = [name for row in rows for name in row]
    arrow = head.rindex("->")
    input_types = re.findall(r"tensor<[^>]*>|!stablehlo\.token",
                             head[head.rindex(":", 0, arrow):arrow])
    output_types = re.findall(r"tensor<[^>]*>|!stablehlo\.token", head[arrow:])
    if len(input_types) != len(operands) or not result:
        raise Fail("unsupported op interpreter.run_parallel: cannot read its operand types")
    # Tokens only order a process's effects: the entry disc builds gives
    # each process a token of its own and returns none.
    tensor_operands = [operand for operand, ty in zip(operands, input_types)
                       if ty != "!stablehlo.token"]
    tensor_results = [i for i, ty in enumerate(output_types) if ty != "!stablehlo.token"]
    for operand in tensor_operands:
        if operand not in argument_inputs:
            raise Fail("unsupported op interpreter.run_parallel: operand %s is not a constant "
                       "tensor the harness can pass in" % operand)
    if len(set(process_functions)) == 1:
        name = process_functions[0]
        if len(tensor_results) != len(output_types) or len(tensor_operands) != len(operands):
            raise Fail("unsupported op interpreter.run_parallel: a token operand or result "
                       "of a function every process runs")
    else:
        # Each process runs a function of its own: disc builds an entry that
        # runs them all (docs/ABI.md, "Programs of several processes").
        name = "run_parallel"
    prefix = result.group(1)
    for check in checks:
        check.indices = []
        for value in check.values:
            m = re.fullmatch(re.escape(prefix) + r"(?:#(\d+))?", value)
            if not m:
                raise Skip("a check of a value computed after interpreter.run_parallel")
            index = int(m.group(1) or 0)
            if index not in tensor_results:
                raise Skip("a check of a token")
            check.indices.append(tensor_results.index(index))
    # The test function goes; the module declares the grid.
    body_close = body[1] + 1
    text = chunk[:header[0]] + chunk[body_close:]
    grid = "mhlo.num_replicas = %d : i32, mhlo.num_partitions = %d : i32" % (
        len(rows), len(rows[0]))
    if name == "run_parallel":
        grid += ", disc.process_programs = {run_parallel = [%s]}" % ", ".join(
            "@" + function for function in process_functions)
    module = re.search(r"^\s*module\b(\s*@[\w.$-]+)?", text, re.M)
    if module:
        text = text[:module.end()] + " attributes {%s}" % grid + text[module.end():]
    else:
        text = "module attributes {%s} {\n%s\n}\n" % (grid, text)
    return Program(name, text, [argument_inputs[operand] for operand in tensor_operands],
                   checks, outputs=[output_types[i] for i in tensor_results],
                   compile_flags=["--simulate-processes"])


# ----------------------------------------------------------------------------
# Comparing


def ulp_order(x):
    """Floats mapped to integers whose difference counts ULPs."""
    bits = x.dtype.itemsize * 8
    u = x.view(FLOAT_BITS[{2: "f16", 4: "f32", 8: "f64"}[x.dtype.itemsize]]).astype(object)
    sign = [v >> (bits - 1) for v in u.ravel()]
    magnitude = [v & ((1 << (bits - 1)) - 1) for v in u.ravel()]
    return [-m if s else m for s, m in zip(sign, magnitude)]


def narrow_ulp_order(bits, element):
    """Narrow float bits mapped to integers whose difference counts ULPs."""
    if NARROW_FLOATS[element][3] == "FNU":
        return [int(b) for b in bits.ravel()]
    sign_bit = 1 << (narrow_float_width(element) - 1)
    return [-(b & (sign_bit - 1)) if b & sign_bit else b for b in bits.ravel().tolist()]


def compare(kind, actual, expected, tolerance, max_ulp=None, min_ulp=0, element=None):
    """`element` names a narrow float, whose arrays hold its bits."""
    if element in NARROW_FLOATS:
        if actual.shape != expected.shape:
            raise WrongValue("shape %s, expected %s" % (actual.shape, expected.shape))
        decoded_a = narrow_float_decode(actual, element)
        decoded_e = narrow_float_decode(expected, element)
        if kind == "expect_close":
            order_a = narrow_ulp_order(actual, element)
            order_e = narrow_ulp_order(expected, element)
            for k, (x, y) in enumerate(zip(order_a, order_e)):
                nan_a, nan_e = math.isnan(decoded_a.flat[k]), math.isnan(decoded_e.flat[k])
                if nan_a != nan_e:
                    raise WrongValue("got %r, expected %r at %d" % (decoded_a.flat[k], decoded_e.flat[k], k))
                if not nan_e and not min_ulp <= abs(x - y) <= max_ulp:
                    raise WrongValue("got %r, expected %r at %d (%d ulp)"
                                     % (decoded_a.flat[k], decoded_e.flat[k], k, abs(x - y)))
            return
        return compare(kind, decoded_a, decoded_e, tolerance)
    if actual.shape != expected.shape:
        raise WrongValue("shape %s, expected %s" % (actual.shape, expected.shape))
    if actual.dtype != expected.dtype:
        raise WrongValue("dtype %s, expected %s" % (actual.dtype, expected.dtype))
    if actual.size == 0:
        return
    if actual.dtype.kind == "c":
        # The real and imaginary parts are compared as floats, side by side.
        part = np.dtype("f%d" % (actual.dtype.itemsize // 2))
        actual = np.ascontiguousarray(actual).view(part).reshape(actual.shape + (2,))
        expected = np.ascontiguousarray(expected).view(part).reshape(expected.shape + (2,))
    is_float = actual.dtype.kind == "f"
    if not is_float:
        bad = actual != expected
        if bad.any():
            i = np.unravel_index(np.argmax(bad), actual.shape)
            raise WrongValue("got %r, expected %r at %s" % (actual[i].item(), expected[i].item(), i))
        return
    a = actual.astype(np.float64)
    e = expected.astype(np.float64)
    nan_a, nan_e = np.isnan(a), np.isnan(e)
    if (nan_a != nan_e).any():
        i = np.unravel_index(np.argmax(nan_a != nan_e), a.shape)
        raise WrongValue("got %r, expected %r at %s" % (a[i], e[i], i))
    live = ~nan_e
    if kind == "expect_close":
        oa, oe = ulp_order(actual), ulp_order(expected)
        for k, (x, y, is_live) in enumerate(zip(oa, oe, live.ravel())):
            if not is_live:
                continue
            distance = abs(x - y)
            if distance > max_ulp or distance < min_ulp:
                i = np.unravel_index(k, a.shape)
                raise WrongValue("got %r, expected %r at %s (%d ulp)" % (a[i], e[i], i, distance))
        return
    with np.errstate(invalid="ignore"):
        exact = (a == e) & live
        if kind in ("expect_eq_const", "expect_eq"):
            bad = live & ~exact
        else:
            diff = np.abs(a - e)
            close = (diff <= tolerance) | (diff <= tolerance * np.abs(e))
            bad = live & ~exact & ~np.nan_to_num(close, nan=False).astype(bool)
    if bad.any():
        i = np.unravel_index(np.argmax(bad), a.shape)
        raise WrongValue("got %r, expected %r at %s" % (a[i], e[i], i))


# ----------------------------------------------------------------------------
# Running


def first_error(stderr):
    lines = [l.strip() for l in stderr.splitlines() if l.strip()]
    for line in lines:
        if "error" in line:
            return line
    return lines[-1] if lines else "(no message)"


UNSUPPORTED = re.compile(r"is not supported|custom op '[^']+' is unknown|unregistered dialect|"
                         r"has no custom assembly form|failed to legalize|no lowering")


def op_at(mlir, line_number):
    """The op named on a line of the program (`%x = "a.b"(...)`, `a.b %x`)."""
    lines = mlir.splitlines()
    if not 0 < line_number <= len(lines):
        return None
    m = re.search(r"(?:=\s*|^\s*)\"?([a-z_]+\.[a-z_0-9.]+)", lines[line_number - 1])
    return m.group(1) if m else None


def classify_compile_error(stderr, mlir):
    """`unsupported op X: message` when the compiler rejects an op, else
    `compile error: message`."""
    line = first_error(stderr)
    located = re.match(r"\S+?:(\d+):\d+: error: (.*)", line)
    message = located.group(2) if located else line
    if UNSUPPORTED.search(message):
        named = re.search(r"((?:stablehlo|chlo|mhlo|interpreter|check)\.[a-z_0-9]+)", message)
        op = named.group(1) if named else (op_at(mlir, int(located.group(1))) if located else None)
        if op:
            return "unsupported op %s: %s" % (op, line)
    return "compile error: %s" % line


def reason_key(message):
    """A failure message without file locations, for counting alike failures."""
    m = re.match(r"unsupported op [^\s:]+", message)
    if m:
        return m.group(0)
    m = re.match(r"(compile error|run error): (?:\S+?:\d+:\d+: )?(?:error: )?(.*)", message)
    if m:
        return "%s: %s" % (m.group(1), m.group(2)[:90])
    return message[:90]


def run_tool(argv, timeout):
    try:
        proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return 124, "", "%s timed out after %d s" % (os.path.basename(argv[0]), timeout)
    return proc.returncode, proc.stdout.decode(errors="replace"), proc.stderr.decode(errors="replace")


def element_of(type_text):
    return parse_tensor_type(type_text)[1]


def write_raw(path, value, element):
    """A narrow type's raw file, as ml_dtypes lays it out: a narrow float's
    bits, a sub-byte integer's low bits in a byte with zeros above."""
    if element in NARROW_INTS:
        value = (value.astype(np.int64) & ((1 << NARROW_INTS[element]) - 1)).astype(np.uint8)
    value.astype(value.dtype.newbyteorder("<")).tofile(path)


def read_raw(path, shape, element):
    """A raw output file as the array parse_dense makes for `element`."""
    raw_dtype = np.dtype("<u2") if element == "bf16" else np.dtype(np.uint8)
    raw = np.fromfile(path, raw_dtype)
    count = int(np.prod(shape)) if shape else 1
    if raw.size != count:
        raise Fail("run error: %s holds %d elements, expected %d"
                   % (os.path.basename(path), raw.size, count))
    if element in NARROW_INTS:
        raw = narrow_int_value(raw, element)
    return raw.astype(storage_dtype(element)).reshape(shape)


def run_case(program, case_dir, tools):
    os.makedirs(case_dir, exist_ok=True)
    mlir_path = os.path.join(case_dir, "case.mlir")
    so_path = os.path.join(case_dir, "case.so")
    with open(mlir_path, "w") as f:
        f.write(program.mlir)
    for stale in glob.glob(os.path.join(case_dir, "*.npy")) + \
            glob.glob(os.path.join(case_dir, "*.bin")) + [so_path]:
        if os.path.exists(stale):
            os.remove(stale)
    rc, _, stderr = run_tool([os.path.join(tools, "disc-compile"), mlir_path, "-o", so_path]
                             + program.compile_flags, COMPILE_TIMEOUT_S)
    if rc not in (0, 1):
        raise Crash("disc-compile exited with %d: %s" % (rc, first_error(stderr)))
    if rc != 0:
        raise Fail(classify_compile_error(stderr, program.mlir))
    input_args = []
    for i, (value, ty) in enumerate(program.inputs):
        shape, element = parse_tensor_type(ty)
        if element in NUMPY_DTYPES:
            path = os.path.join(case_dir, "in%d.npy" % i)
            np.save(path, value)
            input_args.append(path)
            continue
        path = os.path.join(case_dir, "in%d.bin" % i)
        write_raw(path, value, element)
        input_args.append("%s=@%s" % ("x".join([str(d) for d in shape] + [element]), path))
    output_types = [parse_tensor_type(ty) for ty in program.outputs]
    output_paths = [os.path.join(case_dir, "out%d.%s" % (i, "npy" if element in NUMPY_DTYPES else "bin"))
                    for i, (_, element) in enumerate(output_types)]
    argv = [os.path.join(tools, "ral-run"), so_path, "--function", program.name]
    if input_args:
        argv += ["--inputs"] + input_args
    if output_paths:
        argv += ["--outputs"] + output_paths
    rc, _, stderr = run_tool(argv, RUN_TIMEOUT_S)
    if rc not in (0, 1):
        raise Crash("run error: ral-run exited with %d: %s" % (rc, first_error(stderr)))
    if rc != 0:
        raise Fail("run error: %s" % first_error(stderr))
    outputs = []
    for path, (shape, element) in zip(output_paths, output_types):
        if not os.path.exists(path):
            raise Fail("run error: no output %s" % os.path.basename(path))
        outputs.append(np.load(path) if element in NUMPY_DTYPES else read_raw(path, shape, element))
    for check in program.checks:
        checked = [outputs[i] for i in check.indices]
        if check.kind.endswith("_const"):
            compare(check.kind, checked[0], check.expected,
                    check.tolerance if check.tolerance is not None else 1e-4,
                    element=element_of(check.types[0]))
        else:
            compare(check.kind, checked[0], checked[1],
                    check.tolerance if check.tolerance is not None else 1e-4,
                    check.max_ulp, check.min_ulp, element=element_of(check.types[0]))


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conformance-dir",
                        default=os.path.join(os.path.dirname(root), "shared", "conformance",
                                             "stablehlo_interpret"))
    parser.add_argument("--tools", default=os.path.join(root, "build", "bin"))
    parser.add_argument("--work-dir", default=os.path.join(root, "build", "conformance"))
    parser.add_argument("-k", dest="filter", help="only files whose name contains this")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every case")
    parser.add_argument("--dry-run", action="store_true",
                        help="only rewrite the cases into work-dir, run no tool")
    parser.add_argument("--floor", metavar="FILE",
                        help="a file holding the least number of cases that must pass; "
                             "makes the run a gate")
    args = parser.parse_args()

    files = sorted(glob.glob(os.path.join(args.conformance_dir, "*.mlir")))
    if not files:
        print("conformance: error: no .mlir files in %s" % args.conformance_dir)
        return 2
    for tool in ("disc-compile", "ral-run"):
        if args.dry_run:
            break
        if not os.access(os.path.join(args.tools, tool), os.X_OK):
            print("conformance: error: %s not found in %s" % (tool, args.tools))
            return 2
    if args.filter:
        files = [f for f in files if args.filter in os.path.basename(f)]

    floor = None
    if args.floor and args.filter:
        print("conformance: error: --floor counts the whole suite; it cannot go with -k")
        return 2
    if args.floor:
        try:
            with open(args.floor) as f:
                floor = int(f.read().split()[0])
        except (OSError, ValueError, IndexError) as error:
            print("conformance: error: cannot read the floor from %s: %s" % (args.floor, error))
            return 2
    gate_failures = []
    total_passed = total_run = total_skipped = 0
    reasons = collections.Counter()
    log_path = os.path.join(args.work_dir, "results.txt")
    os.makedirs(args.work_dir, exist_ok=True)
    with open(log_path, "w") as log:
        for path in files:
            op_file = os.path.splitext(os.path.basename(path))[0]
            with open(path) as f:
                chunks = split_cases(f.read())
            passed = run = skipped = 0
            for index, chunk in enumerate(chunks):
                if "func.func" not in chunk:
                    continue
                label = "%s#%d" % (op_file, index)
                counted = False
                try:
                    program = build_program(chunk, keep_constants=op_file == "constant")
                    label = "%s#%d %s" % (op_file, index, program.name)
                    run += 1
                    counted = True
                    if args.dry_run:
                        case_dir = os.path.join(args.work_dir, op_file, str(index))
                        os.makedirs(case_dir, exist_ok=True)
                        with open(os.path.join(case_dir, "case.mlir"), "w") as f:
                            f.write(program.mlir)
                        raise Fail("dry run")
                    run_case(program, os.path.join(args.work_dir, op_file, str(index)), args.tools)
                    passed += 1
                    line = "PASS %s" % label
                except Skip as skip:
                    skipped += 1
                    line = "SKIP %s: %s" % (label, skip)
                    reasons["skip: " + re.sub(r"\d+", "N", str(skip))[:60]] += 1
                except (ValueError, AttributeError, IndexError) as error:
                    # A form this harness cannot rewrite: a failure of the harness.
                    line = "FAIL %s: harness cannot rewrite the case: %s" % (label, error)
                    reasons["harness cannot rewrite the case"] += 1
                    gate_failures.append(line)
                except Fail as failure:
                    # A case refused while rewriting it (interpreter.run_parallel
                    # of several functions) counts as run, as one the compiler
                    # refuses does.
                    run += not counted
                    line = "FAIL %s: %s" % (label, failure)
                    reasons[reason_key(str(failure))] += 1
                    if isinstance(failure, (WrongValue, Crash)):
                        gate_failures.append(line)
                log.write(line + "\n")
                if args.verbose:
                    print(line, flush=True)
            total_passed += passed
            total_run += run
            total_skipped += skipped
            note = " (%d skipped)" % skipped if skipped else ""
            print("%s: %d/%d passed%s" % (op_file, passed, run, note), flush=True)
    print("total: %d/%d passed, %d skipped" % (total_passed, total_run, total_skipped))
    print("reasons (cases):")
    for reason, count in reasons.most_common():
        print("  %4d  %s" % (count, reason))
    print("per-case results: %s" % log_path)
    if floor is None:
        return 0
    for line in gate_failures:
        print("conformance: gate: %s" % line)
    if total_passed < floor:
        print("conformance: gate: %d cases passed, fewer than the floor of %d in %s"
              % (total_passed, floor, args.floor))
    elif total_passed > floor:
        print("conformance: %d cases passed, above the floor of %d: raise it in %s"
              % (total_passed, floor, args.floor))
    return 1 if gate_failures or total_passed < floor else 0


if __name__ == "__main__":
    sys.exit(main())
