// Element and buffer types shared by the runtime APIs and the compiled code.
#ifndef DISC_RAL_MEMREF_H
#define DISC_RAL_MEMREF_H

#include <cstdint>
#include <cstring>

namespace disc::ral {

// IEEE 754 binary16, kept as its bit pattern: the runtime only moves and
// prints these values, it does no arithmetic on them.
struct half {
  uint16_t bits;
};

// The upper half of an IEEE 754 binary32 (brain float).
struct bfloat16 {
  uint16_t bits;
};

static_assert(sizeof(half) == 2 && sizeof(bfloat16) == 2,
              "2-byte element types must match MLIR's f16/bf16 storage");

// The 8-bit floats of MLIR (and ml_dtypes), each kept as its bit pattern and
// a type of its own so that every one has its own RAL type token.
struct float8_e5m2 {
  uint8_t bits;
};
struct float8_e4m3fn {
  uint8_t bits;
};
struct float8_e4m3fnuz {
  uint8_t bits;
};
struct float8_e5m2fnuz {
  uint8_t bits;
};
struct float8_e4m3b11fnuz {
  uint8_t bits;
};
struct float8_e3m4 {
  uint8_t bits;
};
struct float8_e4m3 {
  uint8_t bits;
};
struct float8_e8m0fnu {
  uint8_t bits;
};

// The 4- and 6-bit floats (OCP MX formats), one byte per element as
// ml_dtypes stores them: the bit pattern in the low bits, zeros above.
struct float4_e2m1fn {
  uint8_t bits;
};
struct float6_e2m3fn {
  uint8_t bits;
};
struct float6_e3m2fn {
  uint8_t bits;
};

// Integers narrower than a byte, one byte per element: the value's two's
// complement in the low bits and zeros above, as ml_dtypes and LLVM store an
// i4 or i2 (both ignore the upper bits when reading).
struct int2 {
  int8_t value;
};
struct int4 {
  int8_t value;
};
struct uint2 {
  uint8_t value;
};
struct uint4 {
  uint8_t value;
};

inline float toFloat(half value) {
  uint32_t sign = static_cast<uint32_t>(value.bits & 0x8000u) << 16;
  uint32_t exponent = (value.bits >> 10) & 0x1fu;
  uint32_t mantissa = value.bits & 0x3ffu;
  uint32_t bits;
  if (exponent == 0x1f) {
    bits = sign | 0x7f800000u | (mantissa << 13);
  } else if (exponent != 0) {
    bits = sign | ((exponent + 112u) << 23) | (mantissa << 13);
  } else if (mantissa == 0) {
    bits = sign;
  } else {
    // Subnormal half: shift the mantissa up until it is normal in float.
    exponent = 113;
    while ((mantissa & 0x400u) == 0) {
      mantissa <<= 1;
      --exponent;
    }
    bits = sign | (exponent << 23) | ((mantissa & 0x3ffu) << 13);
  }
  float result;
  std::memcpy(&result, &bits, sizeof(result));
  return result;
}

inline float toFloat(bfloat16 value) {
  uint32_t bits = static_cast<uint32_t>(value.bits) << 16;
  float result;
  std::memcpy(&result, &bits, sizeof(result));
  return result;
}

// A strided buffer with MLIR's memref descriptor layout: the compiled code and
// the runtime exchange exactly these fields (docs/ABI.md).
template <typename T, int N> struct MemRefType {
  static_assert(N >= 0, "a memref rank is never negative");
  T *allocated;
  T *data;
  int64_t offset;
  int64_t sizes[N];
  int64_t strides[N];
};

template <typename T> struct MemRefType<T, 0> {
  T *allocated;
  T *data;
  int64_t offset;
};

// A row-major view of `data` with the N sizes in `shape`.
template <typename T, int N>
MemRefType<T, N> rowMajorMemRef(T *data, const int64_t *shape) {
  MemRefType<T, N> memref{};
  memref.allocated = data;
  memref.data = data;
  memref.offset = 0;
  if constexpr (N > 0) {
    int64_t stride = 1;
    for (int i = N - 1; i >= 0; --i) {
      memref.sizes[i] = shape[i];
      memref.strides[i] = stride;
      stride *= shape[i];
    }
  }
  return memref;
}

} // namespace disc::ral

#endif // DISC_RAL_MEMREF_H
