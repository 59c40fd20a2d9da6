// IREE's tensor text, as ral-run reads and prints tensors (after
// iree/tooling): "2x3xf32=1 2 3 4 5 6" inline, "4x3xf32=@x.bin" raw, .npy and
// .npz files, and the scalar arguments of kernel-graph functions. Every
// parse error is one line naming the text at fault.
#ifndef DISC_TOOLING_TENSOR_TEXT_H
#define DISC_TOOLING_TENSOR_TEXT_H

#include "disc/ral/allocator.h"
#include "disc/ral/dtype.h"
#include "disc/runtime_stub.h"
#include "disc/runtime_stub/npy.h"

#include <cstdint>
#include <string>
#include <vector>

namespace disc::tooling {

// "2x?x3xf32": a dimension below zero (dynamic) is spelled '?'.
std::string shapeText(const int64_t *shape, int64_t rank, const char *dtype);

// The product of the dimensions of a shape whose size was checked.
int64_t elementCount(const int64_t *shape, int64_t rank);

// Number `index` of a buffer of `dtype`, widened to double for printing and
// comparing floats: element `index`, or for a complex dtype part `index` of
// the buffer's real and imaginary parts, each element's real part first.
double elementAsDouble(ral::DType dtype, const void *data, int64_t index);

// Element `index` as text: integers exactly, floats with as many significant
// digits as their type carries (f16 5, bf16 4, f32 7, f64 15), complex
// numbers as numpy prints them ("1.5-2j", each part as its float type).
std::string formatElement(ral::DType dtype, const void *data, int64_t index);

// IREE's buffer view text: "2x3xf32=[1 2 3][4 5 6]", "4xf32=1 2 3 4",
// "f32=3", and "2x0xf32=" for a tensor without elements.
std::string formatTensor(const disc_tensor &tensor);

// The multi-dimensional index "[1, 2]" of element `flat` of `shape`.
std::string formatIndex(int64_t flat, const int64_t *shape, int64_t rank);

// The "4x3xf32" before the '=' of IREE's tensor forms. Errors: "unknown
// dtype 'X'", "bad dimension 'X'".
bool parseTensorType(const std::string &type, ral::DType &dtype,
                     std::vector<int64_t> &shape, std::string &error);

// The `count` values of IREE's inline form ("1 2 3 4"; brackets and commas
// between values are allowed and ignored) into a new `buffer`. Integers are
// range-checked for `dtype` (i4 from -8 to 7); complex numbers are written
// as numpy prints them ("1.5-2j", "3", "2j"); f16, bf16 and the 8-bit floats
// have no inline form.
bool parseInlineValues(const std::string &valueText, ral::DType dtype,
                       int64_t count, ral::AlignedBuffer &buffer,
                       std::string &error);

// IREE's typed forms: inline "2x2xf32=1 2 3 4" ("f32=3" for a scalar), or
// "4x3xf32=@x.bin" for raw little-endian data in a file. Errors start with
// the quoted `spec` (or, for a raw file, name the file).
bool parseTypedTensor(const std::string &spec, npy::Array &out,
                      std::string &error);

// A tensor argument with a name for messages: the file, the .npz member or
// the inline text it came from.
struct LabeledArray {
  std::string label;
  npy::Array array;
};

// Appends the tensors of one argument: a .npy file, a .npz file (all its
// arrays in order, labeled "a.npz[name]"), either with or without '@', or a
// typed form.
bool readTensors(const std::string &spec, std::vector<LabeledArray> &out,
                 std::string &error);

// Parses the text of one kernel-graph argument of type `type` ("i32", "f32",
// "!tfrt.string", ...). A string argument points into `text`, which must
// outlive `value`.
bool parseKgArgument(const std::string &text, const char *type,
                     disc_kg_scalar &value, std::string &error);

} // namespace disc::tooling

#endif // DISC_TOOLING_TENSOR_TEXT_H
