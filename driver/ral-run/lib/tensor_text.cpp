// IREE's tensor text as ral-run reads and prints it: "2x3xf32=1 2 3 4 5 6",
// "4x3xf32=@x.bin", .npy and .npz files, and the scalar arguments of
// kernel-graph functions.
#include "disc/tooling/tensor_text.h"

#include "disc/ral/memref.h"
#include "disc/runtime_stub/text.h"

#include <cerrno>
#include <cinttypes>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace disc::tooling {

using ral::DType;
using ral::DTypeKind;

namespace {

// User text inside a one-line message.
std::string quoted(const std::string &text) {
  return stub::escapeControlCharacters(text);
}

template <typename T> double widen(T value) {
  return static_cast<double>(value);
}
double widen(ral::half value) { return ral::toFloat(value); }
double widen(ral::bfloat16 value) { return ral::toFloat(value); }
#define DISC_WIDEN_NARROW_FLOAT(Token, CppType)                                \
  double widen(CppType value) {                                                \
    return ral::narrowFloatToFloat(DType::Token, value.bits);                  \
  }
DISC_WIDEN_NARROW_FLOAT(f8E5M2, ral::float8_e5m2)
DISC_WIDEN_NARROW_FLOAT(f8E4M3FN, ral::float8_e4m3fn)
DISC_WIDEN_NARROW_FLOAT(f8E4M3FNUZ, ral::float8_e4m3fnuz)
DISC_WIDEN_NARROW_FLOAT(f8E5M2FNUZ, ral::float8_e5m2fnuz)
DISC_WIDEN_NARROW_FLOAT(f8E4M3B11FNUZ, ral::float8_e4m3b11fnuz)
DISC_WIDEN_NARROW_FLOAT(f8E3M4, ral::float8_e3m4)
DISC_WIDEN_NARROW_FLOAT(f8E4M3, ral::float8_e4m3)
DISC_WIDEN_NARROW_FLOAT(f8E8M0FNU, ral::float8_e8m0fnu)
DISC_WIDEN_NARROW_FLOAT(f4E2M1FN, ral::float4_e2m1fn)
DISC_WIDEN_NARROW_FLOAT(f6E2M3FN, ral::float6_e2m3fn)
DISC_WIDEN_NARROW_FLOAT(f6E3M2FN, ral::float6_e3m2fn)
#undef DISC_WIDEN_NARROW_FLOAT
// A sub-byte integer's value from its low bits, whatever the byte's upper
// bits hold.
double widen(ral::int2 value) { return int8_t(uint8_t(value.value) << 6) >> 6; }
double widen(ral::int4 value) { return int8_t(uint8_t(value.value) << 4) >> 4; }
double widen(ral::uint2 value) { return value.value & 0x3; }
double widen(ral::uint4 value) { return value.value & 0xf; }

// What one number of a buffer is: a part of a complex element, else the
// element itself.
template <typename T> struct NumberOf {
  using type = T;
};
template <typename T> struct NumberOf<std::complex<T>> {
  using type = T;
};

void appendNested(std::string &out, DType dtype, const disc_tensor &tensor,
                  int64_t dim, int64_t &next) {
  if (dim == tensor.rank - 1) {
    for (int64_t i = 0; i < tensor.shape[dim]; ++i) {
      if (i != 0)
        out += ' ';
      out += formatElement(dtype, tensor.data, next++);
    }
    return;
  }
  for (int64_t i = 0; i < tensor.shape[dim]; ++i) {
    out += '[';
    appendNested(out, dtype, tensor, dim + 1, next);
    out += ']';
  }
}

// A complex number as numpy prints one: "1.5-2j", "3" (no imaginary part)
// or "2j" (no real part).
bool parseComplex(const std::string &text, std::complex<double> &out) {
  const char *begin = text.c_str();
  char *end = nullptr;
  double first = std::strtod(begin, &end);
  if (end == begin)
    return false;
  if (*end == '\0') {
    out = {first, 0};
    return true;
  }
  if (*end == 'j' && end[1] == '\0') {
    out = {0, first};
    return true;
  }
  if (*end != '+' && *end != '-')
    return false;
  const char *imagBegin = end;
  double second = std::strtod(imagBegin, &end);
  if (end == imagBegin || *end != 'j' || end[1] != '\0')
    return false;
  out = {first, second};
  return true;
}

} // namespace

std::string shapeText(const int64_t *shape, int64_t rank, const char *dtype) {
  std::string out;
  for (int64_t i = 0; i < rank; ++i)
    out += (shape[i] < 0 ? std::string("?") : std::to_string(shape[i])) + "x";
  return out + dtype;
}

int64_t elementCount(const int64_t *shape, int64_t rank) {
  int64_t count = 1;
  for (int64_t i = 0; i < rank; ++i)
    count *= shape[i];
  return count;
}

double elementAsDouble(DType dtype, const void *data, int64_t index) {
  switch (dtype) {
#define DISC_RAL_SCALAR_TYPE(Token, CppType, BitWidth, Kind)                   \
  case DType::Token: {                                                         \
    return widen(                                                              \
        static_cast<const typename NumberOf<CppType>::type *>(data)[index]);   \
  }
#include "disc/ral/type_encoding.def"
  }
  return 0;
}

std::string formatElement(DType dtype, const void *data, int64_t index) {
  char text[64];
  switch (dtype) {
  case DType::i1:
    return static_cast<const uint8_t *>(data)[index] ? "1" : "0";
  case DType::i8:
  case DType::i16:
  case DType::i32:
  case DType::i64: {
    int64_t value = 0;
    if (dtype == DType::i8)
      value = static_cast<const int8_t *>(data)[index];
    else if (dtype == DType::i16)
      value = static_cast<const int16_t *>(data)[index];
    else if (dtype == DType::i32)
      value = static_cast<const int32_t *>(data)[index];
    else
      value = static_cast<const int64_t *>(data)[index];
    std::snprintf(text, sizeof(text), "%" PRId64, value);
    return text;
  }
  case DType::ui8:
  case DType::ui16:
  case DType::ui32:
  case DType::ui64: {
    uint64_t value = 0;
    if (dtype == DType::ui8)
      value = static_cast<const uint8_t *>(data)[index];
    else if (dtype == DType::ui16)
      value = static_cast<const uint16_t *>(data)[index];
    else if (dtype == DType::ui32)
      value = static_cast<const uint32_t *>(data)[index];
    else
      value = static_cast<const uint64_t *>(data)[index];
    std::snprintf(text, sizeof(text), "%" PRIu64, value);
    return text;
  }
  case DType::f16:
    std::snprintf(text, sizeof(text), "%.5g",
                  elementAsDouble(dtype, data, index));
    return text;
  case DType::bf16:
    std::snprintf(text, sizeof(text), "%.4g",
                  elementAsDouble(dtype, data, index));
    return text;
  case DType::f32:
    std::snprintf(text, sizeof(text), "%.7g",
                  elementAsDouble(dtype, data, index));
    return text;
  case DType::f64:
    std::snprintf(text, sizeof(text), "%.15g",
                  elementAsDouble(dtype, data, index));
    return text;
  case DType::i2:
  case DType::i4:
  case DType::ui2:
  case DType::ui4:
    std::snprintf(text, sizeof(text), "%d",
                  static_cast<int>(elementAsDouble(dtype, data, index)));
    return text;
  case DType::c64:
  case DType::c128:
    // numpy's spelling, e.g. 1.5-2j.
    std::snprintf(text, sizeof(text),
                  dtype == DType::c64 ? "%.7g%+.7gj" : "%.15g%+.15gj",
                  elementAsDouble(dtype, data, 2 * index),
                  elementAsDouble(dtype, data, 2 * index + 1));
    return text;
  default:
    // The 8-, 6- and 4-bit floats: every value prints exactly in 4 digits
    // but for f8E3M4's, and %.5g shows those too.
    std::snprintf(text, sizeof(text), "%.5g",
                  elementAsDouble(dtype, data, index));
    return text;
  }
}

std::string formatTensor(const disc_tensor &tensor) {
  DType dtype = *ral::dtypeFromToken(tensor.dtype);
  std::string out = shapeText(tensor.shape, tensor.rank, tensor.dtype) + "=";
  int64_t next = 0;
  if (tensor.rank == 0)
    out += formatElement(dtype, tensor.data, 0);
  // A tensor without elements prints none and no brackets either: the
  // dimensions before its 0 may be huge (2^40x0xf32 would print 2^40 "[]").
  else if (elementCount(tensor.shape, tensor.rank) != 0)
    appendNested(out, dtype, tensor, 0, next);
  return out;
}

std::string formatIndex(int64_t flat, const int64_t *shape, int64_t rank) {
  std::vector<int64_t> index(rank);
  for (int64_t i = rank - 1; i >= 0; --i) {
    index[i] = shape[i] == 0 ? 0 : flat % shape[i];
    flat = shape[i] == 0 ? 0 : flat / shape[i];
  }
  std::string out = "[";
  for (int64_t i = 0; i < rank; ++i)
    out += (i ? ", " : "") + std::to_string(index[i]);
  return out + "]";
}

bool parseTensorType(const std::string &type, DType &dtype,
                     std::vector<int64_t> &shape, std::string &error) {
  std::vector<std::string> parts;
  for (size_t start = 0;;) {
    size_t x = type.find('x', start);
    parts.push_back(type.substr(start, x - start));
    if (x == std::string::npos)
      break;
    start = x + 1;
  }
  auto parsed = ral::dtypeFromToken(parts.back());
  if (!parsed) {
    error = "unknown dtype '" + quoted(parts.back()) + "'";
    return false;
  }
  dtype = *parsed;
  shape.clear();
  for (size_t i = 0; i + 1 < parts.size(); ++i) {
    char *end = nullptr;
    errno = 0;
    long long dim = std::strtoll(parts[i].c_str(), &end, 10);
    if (parts[i].empty() || *end != '\0' || dim < 0 || errno == ERANGE) {
      error = "bad dimension '" + quoted(parts[i]) + "'";
      return false;
    }
    shape.push_back(dim);
  }
  return true;
}

bool parseInlineValues(const std::string &valueText, DType dtype, int64_t count,
                       ral::AlignedBuffer &buffer, std::string &error) {
  const char *token = ral::dtypeToken(dtype);
  if (dtype == DType::f16) {
    error = std::string("inline ") + token +
            " values are not supported; use a .npy file or raw data (@file)";
    return false;
  }
  // numpy has no dtype for these: only their raw bytes can name values.
  if (dtype == DType::bf16 || ral::dtypeKind(dtype) == DTypeKind::NarrowFloat) {
    error = std::string("inline ") + token +
            " values are not supported; use raw data (@file)";
    return false;
  }
  std::string text = valueText;
  for (char &c : text)
    if (c == '[' || c == ']' || c == ',')
      c = ' ';
  std::vector<std::string> values;
  for (size_t start = text.find_first_not_of(' ');
       start != std::string::npos;) {
    size_t end = text.find(' ', start);
    values.push_back(text.substr(start, end - start));
    start = text.find_first_not_of(' ', end);
  }
  if (static_cast<int64_t>(values.size()) != count) {
    error = "expected " + std::to_string(count) + " values, got " +
            std::to_string(values.size());
    return false;
  }
  size_t elementSize = ral::dtypeSize(dtype);
  buffer.reset(ral::alignedAllocate(static_cast<size_t>(count) * elementSize));
  if (!buffer) {
    error = "out of memory";
    return false;
  }
  char *bytes = static_cast<char *>(buffer.get());
  for (int64_t i = 0; i < count; ++i) {
    const std::string &value = values[i];
    char *end = nullptr;
    errno = 0;
    char *slot = bytes + i * elementSize;
    DTypeKind kind = ral::dtypeKind(dtype);
    if (dtype == DType::i1) {
      if (value != "0" && value != "1" && value != "true" && value != "false") {
        error =
            "'" + quoted(value) + "' is not an i1 value (0, 1, true, false)";
        return false;
      }
      *slot = value == "1" || value == "true";
      continue;
    }
    if (kind == DTypeKind::Complex) {
      std::complex<double> parsed;
      if (!parseComplex(value, parsed)) {
        error = "'" + quoted(value) + "' is not a complex number (1.5-2j)";
        return false;
      }
      if (dtype == DType::c64) {
        std::complex<float> narrow(parsed);
        std::memcpy(slot, &narrow, sizeof(narrow));
      } else {
        std::memcpy(slot, &parsed, sizeof(parsed));
      }
      continue;
    }
    if (kind == DTypeKind::Float) {
      double parsed = std::strtod(value.c_str(), &end);
      if (*end != '\0') {
        error = "'" + quoted(value) + "' is not a number";
        return false;
      }
      if (dtype == DType::f32) {
        float narrow = static_cast<float>(parsed);
        std::memcpy(slot, &narrow, sizeof(narrow));
      } else {
        std::memcpy(slot, &parsed, sizeof(parsed));
      }
      continue;
    }
    uint64_t raw;
    int bits = ral::dtypeBitWidth(dtype);
    if (kind == DTypeKind::Unsigned) {
      raw = std::strtoull(value.c_str(), &end, 10);
      if (value[0] == '-' || (bits < 64 && raw >> bits))
        errno = ERANGE;
    } else {
      long long parsed = std::strtoll(value.c_str(), &end, 10);
      int64_t limit = bits < 64 ? int64_t(1) << (bits - 1) : 0;
      if (bits < 64 && (parsed < -limit || parsed >= limit))
        errno = ERANGE;
      raw = static_cast<uint64_t>(parsed);
    }
    if (value.empty() || *end != '\0' || errno == ERANGE) {
      error = "'" + quoted(value) + "' is not a valid " + token + " value";
      return false;
    }
    // Little-endian host: the low bytes are the narrower integer. An i4
    // keeps its low 4 bits and zeros above, as ml_dtypes stores it.
    if (bits < 8)
      raw &= (uint64_t(1) << bits) - 1;
    std::memcpy(slot, &raw, elementSize);
  }
  return true;
}

bool parseTypedTensor(const std::string &spec, npy::Array &out,
                      std::string &error) {
  size_t equals = spec.find('=');
  std::string valueText = spec.substr(equals + 1);
  std::string message;
  if (!parseTensorType(spec.substr(0, equals), out.dtype, out.shape, message)) {
    error = "'" + quoted(spec) + "': " + message;
    return false;
  }
  std::optional<ral::TensorSize> size = ral::tensorSize(out.shape, out.dtype);
  if (!size) {
    error = "'" + quoted(spec) + "': shape " +
            shapeText(out.shape.data(), static_cast<int64_t>(out.shape.size()),
                      ral::dtypeToken(out.dtype)) +
            " is too large: its size in bytes does not fit in 64 bits";
    return false;
  }
  if (!valueText.empty() && valueText[0] == '@')
    return npy::readRaw(valueText.substr(1), out.dtype, out.shape, out, error);
  if (!parseInlineValues(valueText, out.dtype, size->elements, out.buffer,
                         message)) {
    error = "'" + quoted(spec) + "': " + message;
    return false;
  }
  out.bytes = static_cast<size_t>(size->bytes);
  return true;
}

bool readTensors(const std::string &spec, std::vector<LabeledArray> &out,
                 std::string &error) {
  bool isFile = !spec.empty() && spec[0] == '@';
  if (!isFile && spec.find('=') != std::string::npos) {
    LabeledArray tensor{spec, {}};
    if (!parseTypedTensor(spec, tensor.array, error))
      return false;
    out.push_back(std::move(tensor));
    return true;
  }
  std::string path = isFile ? spec.substr(1) : spec;
  std::vector<npy::NamedArray> arrays;
  bool isArchive = false;
  if (!npy::readArrays(path, arrays, isArchive, error))
    return false;
  for (npy::NamedArray &named : arrays)
    out.push_back({isArchive ? path + "[" + named.name + "]" : path,
                   std::move(named.array)});
  return true;
}

bool parseKgArgument(const std::string &text, const char *type,
                     disc_kg_scalar &value, std::string &error) {
  value = {type, 0, 0, nullptr};
  std::string spelling(type);
  if (spelling == "!tfrt.string") {
    value.string = text.c_str();
    return true;
  }
  char *end = nullptr;
  errno = 0;
  if (spelling == "f32" || spelling == "f64" || spelling == "f16" ||
      spelling == "bf16")
    value.real = std::strtod(text.c_str(), &end);
  else if (spelling[0] == 'u')
    value.integer = static_cast<int64_t>(std::strtoull(text.c_str(), &end, 0));
  else if (spelling[0] == 'i')
    value.integer = std::strtoll(text.c_str(), &end, 0);
  else {
    error = "cannot pass a value of type '" + quoted(spelling) +
            "' from the command line";
    return false;
  }
  if (text.empty() || *end != '\0' || errno != 0) {
    error = "'" + quoted(text) + "' is not a valid " + spelling + " value";
    return false;
  }
  return true;
}

} // namespace disc::tooling
