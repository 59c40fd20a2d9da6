"""and/or/xor/not, shifts (including amounts past the bit width), popcnt, clz."""

import numpy as np

from e2e import elementwise_case, np_dtype, random_array, rng, run

SHAPE = (4, 6)
INT_TYPES = ["i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64"]


def bits_of(element_type):
    return int(element_type.lstrip("ui"))


def unsigned_view(x):
    return x.view(np.dtype("u%d" % x.dtype.itemsize))


def shift_left(x, s):
    bits = x.dtype.itemsize * 8
    amount = unsigned_view(s)
    in_range = amount < bits
    shifted = unsigned_view(x) << np.where(in_range, amount, 0).astype(unsigned_view(x).dtype)
    return np.where(in_range, shifted, 0).astype(unsigned_view(x).dtype).view(x.dtype)


def shift_right_logical(x, s):
    bits = x.dtype.itemsize * 8
    amount = unsigned_view(s)
    in_range = amount < bits
    shifted = unsigned_view(x) >> np.where(in_range, amount, 0).astype(unsigned_view(x).dtype)
    return np.where(in_range, shifted, 0).astype(unsigned_view(x).dtype).view(x.dtype)


def shift_right_arithmetic(x, s):
    """Sign fill: amounts past the width shift by width - 1."""
    bits = x.dtype.itemsize * 8
    signed = x.view(np.dtype("i%d" % x.dtype.itemsize))
    amount = np.minimum(unsigned_view(s), bits - 1).astype(signed.dtype)
    return (signed >> amount).view(x.dtype)


def popcnt(x):
    u = unsigned_view(x).astype(np.uint64)
    count = np.zeros(x.shape, np.uint64)
    for bit in range(x.dtype.itemsize * 8):
        count += (u >> np.uint64(bit)) & np.uint64(1)
    return count.astype(x.dtype)


def count_leading_zeros(x):
    bits = x.dtype.itemsize * 8
    u = unsigned_view(x).astype(np.uint64)
    result = np.full(x.shape, bits, np.int64)
    for bit in range(bits):  # the highest set bit wins: scan upward
        result = np.where((u >> np.uint64(bit)) & np.uint64(1) == 1, bits - 1 - bit, result)
    return result.astype(x.dtype)


def logic_cases():
    g = rng(30)
    cases = []
    for element_type in ["i1"] + INT_TYPES:
        a = random_array(g, SHAPE, element_type)
        b = random_array(g, SHAPE, element_type)
        for op, fn in [("and", np.bitwise_and), ("or", np.bitwise_or), ("xor", np.bitwise_xor)]:
            cases.append(elementwise_case("%s_%s" % (op, element_type), op, [a, b],
                                          lambda x, y, fn=fn: fn(x, y)))
        cases.append(elementwise_case("not_%s" % element_type, "not", [a],
                                      lambda x: np.logical_not(x) if x.dtype == np.bool_
                                      else np.invert(x)))
    return cases


def shift_cases():
    g = rng(31)
    cases = []
    for element_type in INT_TYPES:
        bits = bits_of(element_type)
        x = random_array(g, SHAPE, element_type)
        x[0, :3] = np.array([1, 0, -1], np.int64).astype(x.dtype)
        # Amounts 0..bits-1, plus bits, past bits and (signed) negative.
        s = random_array(g, SHAPE, element_type, 0, bits - 1)
        s[1, :3] = np.array([bits, bits + 1, min(2 * bits, np.iinfo(x.dtype).max)]).astype(x.dtype)
        if element_type.startswith("i"):
            s[2, 0] = -1
        s[3, :3] = [0, bits - 1, 1]
        for op, fn in [("shift_left", shift_left), ("shift_right_logical", shift_right_logical),
                       ("shift_right_arithmetic", shift_right_arithmetic)]:
            cases.append(elementwise_case("%s_%s" % (op, element_type), op, [x, s], fn))
    return cases


def count_cases():
    g = rng(32)
    cases = []
    for element_type in INT_TYPES:
        x = random_array(g, SHAPE, element_type)
        # Zero, all ones, single high and low bits.
        x[0, :4] = np.array([0, 1, -1, 2 ** (bits_of(element_type) - 2)]).astype(x.dtype)
        # Values with many leading zeros.
        x[1] = (unsigned_view(x[1]) >> np.arange(SHAPE[1], dtype=unsigned_view(x).dtype)
                * (bits_of(element_type) // SHAPE[1])).view(x.dtype)
        cases.append(elementwise_case("popcnt_%s" % element_type, "popcnt", [x], popcnt))
        cases.append(elementwise_case("count_leading_zeros_%s" % element_type,
                                      "count_leading_zeros", [x], count_leading_zeros))
    return cases


run(logic_cases() + shift_cases() + count_cases())
