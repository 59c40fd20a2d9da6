// The payload of a DISC_KG_TENSOR value: a dense row-major host tensor, as
// TFRT's DenseHostTensor (dht.* kernels).
#ifndef DISC_RAL_HOST_HOST_TENSOR_H
#define DISC_RAL_HOST_HOST_TENSOR_H

#include "disc/ral/dtype.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace disc::host {

class HostTensor {
public:
  HostTensor(ral::DType dtype, std::vector<int64_t> shape);

  ral::DType dtype() const { return dtype_; }
  const std::vector<int64_t> &shape() const { return shape_; }
  int64_t numElements() const { return numElements_; }
  void *data() { return data_.get(); }
  const void *data() const { return data_.get(); }
  template <typename T> T *elements() { return static_cast<T *>(data()); }
  template <typename T> const T *elements() const {
    return static_cast<const T *>(data());
  }

  // TFRT's DenseHostTensor::Print: "DenseHostTensor dtype = i32, shape =
  // [2, 2], values = [41, 41, 41, 41]", at most 32 values then "...".
  std::string describe() const;

private:
  ral::DType dtype_;
  std::vector<int64_t> shape_;
  int64_t numElements_;
  std::unique_ptr<unsigned char[]> data_;
};

} // namespace disc::host

#endif // DISC_RAL_HOST_HOST_TENSOR_H
