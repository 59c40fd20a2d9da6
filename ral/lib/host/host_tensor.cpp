#include "disc/ral/host/host_tensor.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>

namespace disc::host {

namespace {

int64_t product(const std::vector<int64_t> &shape) {
  int64_t count = 1;
  for (int64_t dim : shape)
    count *= dim;
  return count;
}

// One element as TFRT prints it: integers in decimal, floats as %e.
std::string formatElement(ral::DType dtype, const void *data, int64_t index) {
  char text[64];
  switch (dtype) {
  case ral::DType::i1:
    return static_cast<const bool *>(data)[index] ? "1" : "0";
  case ral::DType::i8:
    return std::to_string(static_cast<const int8_t *>(data)[index]);
  case ral::DType::i16:
    return std::to_string(static_cast<const int16_t *>(data)[index]);
  case ral::DType::i32:
    return std::to_string(static_cast<const int32_t *>(data)[index]);
  case ral::DType::i64:
    return std::to_string(static_cast<const int64_t *>(data)[index]);
  case ral::DType::ui8:
    return std::to_string(static_cast<const uint8_t *>(data)[index]);
  case ral::DType::ui16:
    return std::to_string(static_cast<const uint16_t *>(data)[index]);
  case ral::DType::ui32:
    return std::to_string(static_cast<const uint32_t *>(data)[index]);
  case ral::DType::ui64:
    return std::to_string(static_cast<const uint64_t *>(data)[index]);
  case ral::DType::f16:
    std::snprintf(text, sizeof(text), "%e",
                  static_cast<double>(ral::toFloat(
                      static_cast<const ral::half *>(data)[index])));
    return text;
  case ral::DType::bf16:
    std::snprintf(text, sizeof(text), "%e",
                  static_cast<double>(ral::toFloat(
                      static_cast<const ral::bfloat16 *>(data)[index])));
    return text;
  case ral::DType::f32:
    std::snprintf(text, sizeof(text), "%e",
                  static_cast<double>(static_cast<const float *>(data)[index]));
    return text;
  case ral::DType::f64:
    std::snprintf(text, sizeof(text), "%e",
                  static_cast<const double *>(data)[index]);
    return text;
  case ral::DType::i2:
  case ral::DType::i4:
    return std::to_string(static_cast<const int8_t *>(data)[index]);
  case ral::DType::ui2:
  case ral::DType::ui4:
    return std::to_string(static_cast<const uint8_t *>(data)[index]);
  case ral::DType::c64:
  case ral::DType::c128: {
    std::complex<double> value =
        dtype == ral::DType::c64
            ? std::complex<double>(
                  static_cast<const std::complex<float> *>(data)[index])
            : static_cast<const std::complex<double> *>(data)[index];
    std::snprintf(text, sizeof(text), "(%e,%e)", value.real(), value.imag());
    return text;
  }
  default:
    std::snprintf(text, sizeof(text), "%e",
                  static_cast<double>(ral::narrowFloatToFloat(
                      dtype, static_cast<const uint8_t *>(data)[index])));
    return text;
  }
}

} // namespace

HostTensor::HostTensor(ral::DType dtype, std::vector<int64_t> shape)
    : dtype_(dtype), shape_(std::move(shape)), numElements_(product(shape_)),
      data_(new unsigned char[static_cast<size_t>(numElements_) *
                                  ral::dtypeSize(dtype) +
                              1]) {
  std::memset(data_.get(), 0,
              static_cast<size_t>(numElements_) * ral::dtypeSize(dtype));
}

std::string HostTensor::describe() const {
  std::string out = "DenseHostTensor dtype = ";
  out += ral::dtypeToken(dtype_);
  out += ", shape = [";
  for (size_t i = 0; i < shape_.size(); ++i)
    out += (i ? ", " : "") + std::to_string(shape_[i]);
  out += "], values = [";
  constexpr int64_t kMaxPrinted = 32;
  for (int64_t i = 0; i < numElements_ && i < kMaxPrinted; ++i)
    out += (i ? ", " : "") + formatElement(dtype_, data(), i);
  if (numElements_ > kMaxPrinted)
    out += ", ...";
  return out + "]";
}

} // namespace disc::host
