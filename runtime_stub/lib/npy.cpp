#include "disc/runtime_stub/npy.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

namespace disc::npy {

using ral::DType;

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;

struct Descriptor {
  DType dtype;
  const char *text;
};

constexpr Descriptor kDescriptors[] = {
    {DType::i1, "|b1"},   {DType::i8, "|i1"},   {DType::i16, "<i2"},
    {DType::i32, "<i4"},  {DType::i64, "<i8"},  {DType::ui8, "|u1"},
    {DType::ui16, "<u2"}, {DType::ui32, "<u4"}, {DType::ui64, "<u8"},
    {DType::f16, "<f2"},  {DType::f32, "<f4"},  {DType::f64, "<f8"},
};

// The dtype named by a .npy descriptor; sets `error` when there is none.
bool dtypeOfDescriptor(const std::string &descr, DType &dtype,
                       std::string &error) {
  if (descr.size() >= 2) {
    char order = descr[0];
    std::string code = descr.substr(1);
    for (const Descriptor &known : kDescriptors) {
      if (code != known.text + 1)
        continue;
      bool singleByte = ral::dtypeSize(known.dtype) == 1;
      if (order == '>' && !singleByte) {
        error = "big-endian data ('" + descr +
                "') is not supported; save it little-endian";
        return false;
      }
      if (order == '<' || order == '|' || order == '=' ||
          (order == '>' && singleByte)) {
        dtype = known.dtype;
        return true;
      }
    }
  }
  error = "unsupported dtype '" + descr + "'";
  if (descr.size() == 3 && descr.substr(1) == "V2")
    error += " (bf16 has no standard .npy dtype)";
  return false;
}

// Reads the Python dict literal of a .npy header.
class HeaderParser {
public:
  explicit HeaderParser(const std::string &text) : text_(text) {}

  bool parse(std::string &descr, bool &fortranOrder,
             std::vector<int64_t> &shape, std::string &error) {
    bool haveDescr = false, haveOrder = false, haveShape = false;
    skipSpace();
    if (!consume('{'))
      return fail("expected '{'", error);
    while (true) {
      skipSpace();
      if (consume('}'))
        break;
      std::string key;
      if (!parseString(key))
        return fail("expected a quoted key", error);
      skipSpace();
      if (!consume(':'))
        return fail("expected ':' after '" + key + "'", error);
      skipSpace();
      if (key == "descr") {
        if (!parseString(descr))
          return fail("'descr' is not a string", error);
        haveDescr = true;
      } else if (key == "fortran_order") {
        if (!parseBool(fortranOrder))
          return fail("'fortran_order' is not True or False", error);
        haveOrder = true;
      } else if (key == "shape") {
        if (!parseShape(shape))
          return fail("'shape' is not a tuple of non-negative integers", error);
        haveShape = true;
      } else {
        return fail("unexpected key '" + key + "'", error);
      }
      skipSpace();
      if (consume(','))
        continue;
      skipSpace();
      if (consume('}'))
        break;
      return fail("expected ',' or '}'", error);
    }
    skipSpace();
    if (pos_ != text_.size())
      return fail("unexpected text after the dict", error);
    if (!haveDescr || !haveOrder || !haveShape)
      return fail(std::string("missing '") +
                      (!haveDescr   ? "descr"
                       : !haveOrder ? "fortran_order"
                                    : "shape") +
                      "'",
                  error);
    return true;
  }

private:
  bool fail(const std::string &message, std::string &error) {
    error = "malformed header: " + message;
    return false;
  }
  void skipSpace() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\t'))
      ++pos_;
  }
  bool consume(char c) {
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool consumeWord(const char *word) {
    size_t length = std::strlen(word);
    if (text_.compare(pos_, length, word) != 0)
      return false;
    pos_ += length;
    return true;
  }
  bool parseString(std::string &out) {
    if (pos_ >= text_.size() || (text_[pos_] != '\'' && text_[pos_] != '"'))
      return false;
    char quote = text_[pos_++];
    size_t end = text_.find(quote, pos_);
    if (end == std::string::npos)
      return false;
    out = text_.substr(pos_, end - pos_);
    pos_ = end + 1;
    return true;
  }
  bool parseBool(bool &out) {
    if (consumeWord("True")) {
      out = true;
      return true;
    }
    if (consumeWord("False")) {
      out = false;
      return true;
    }
    return false;
  }
  bool parseShape(std::vector<int64_t> &shape) {
    shape.clear();
    if (!consume('('))
      return false;
    while (true) {
      skipSpace();
      if (consume(')'))
        return true;
      size_t start = pos_;
      int64_t value = 0;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
        if (__builtin_mul_overflow(value, 10, &value) ||
            __builtin_add_overflow(value, text_[pos_] - '0', &value))
          return false;
        ++pos_;
      }
      if (pos_ == start)
        return false;
      consume('L');
      shape.push_back(value);
      skipSpace();
      if (consume(','))
        continue;
      skipSpace();
      if (consume(')'))
        return true;
      return false;
    }
  }

  const std::string &text_;
  size_t pos_ = 0;
};

uint32_t readLittleEndian(const unsigned char *bytes, int count) {
  uint32_t value = 0;
  for (int i = count - 1; i >= 0; --i)
    value = (value << 8) | bytes[i];
  return value;
}

std::string shapeTuple(const std::vector<int64_t> &shape) {
  std::string out = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i != 0)
      out += ", ";
    out += std::to_string(shape[i]);
  }
  if (shape.size() == 1)
    out += ",";
  return out + ")";
}

} // namespace

const char *descriptorOf(DType dtype) {
  for (const Descriptor &known : kDescriptors)
    if (known.dtype == dtype)
      return known.text;
  return nullptr;
}

bool parse(const std::string &name, const std::string &contents, Array &out,
           std::string &error) {
  auto failWith = [&](const std::string &message) {
    error = "'" + name + "': " + message;
    return false;
  };
  const auto *bytes = reinterpret_cast<const unsigned char *>(contents.data());
  if (contents.size() < kMagicSize + 2 ||
      contents.compare(0, kMagicSize, kMagic, kMagicSize) != 0)
    return failWith("not a .npy file (no \\x93NUMPY magic)");
  int major = bytes[kMagicSize];
  int minor = bytes[kMagicSize + 1];
  int lengthBytes;
  if (major == 1)
    lengthBytes = 2;
  else if (major == 2 || major == 3)
    lengthBytes = 4;
  else
    return failWith("unsupported .npy format version " + std::to_string(major) +
                    "." + std::to_string(minor));
  size_t prefix = kMagicSize + 2 + lengthBytes;
  if (contents.size() < prefix)
    return failWith("truncated header");
  size_t headerLength = readLittleEndian(bytes + kMagicSize + 2, lengthBytes);
  if (contents.size() - prefix < headerLength)
    return failWith("truncated header: it claims " +
                    std::to_string(headerLength) + " bytes, the file has " +
                    std::to_string(contents.size() - prefix));
  std::string header = contents.substr(prefix, headerLength);

  std::string descr, message;
  bool fortranOrder = false;
  std::vector<int64_t> shape;
  if (!HeaderParser(header).parse(descr, fortranOrder, shape, message))
    return failWith(message);
  DType dtype;
  if (!dtypeOfDescriptor(descr, dtype, message))
    return failWith(message);
  if (fortranOrder)
    return failWith("Fortran-order arrays are not supported; save it with "
                    "numpy.ascontiguousarray");

  size_t count = 1;
  for (int64_t dim : shape)
    if (__builtin_mul_overflow(count, static_cast<size_t>(dim), &count))
      return failWith("shape " + shapeTuple(shape) + " is too large");
  size_t dataBytes;
  if (__builtin_mul_overflow(count, ral::dtypeSize(dtype), &dataBytes))
    return failWith("shape " + shapeTuple(shape) + " is too large");
  size_t available = contents.size() - prefix - headerLength;
  if (available < dataBytes)
    return failWith("truncated data: shape " + shapeTuple(shape) + " of " +
                    descr + " needs " + std::to_string(dataBytes) +
                    " bytes, the file has " + std::to_string(available));
  if (available > dataBytes)
    return failWith(std::to_string(available - dataBytes) +
                    " unexpected bytes after the data");

  ral::AlignedBuffer buffer(ral::alignedAllocate(dataBytes));
  if (!buffer)
    return failWith("cannot allocate " + std::to_string(dataBytes) + " bytes");
  if (dataBytes != 0)
    std::memcpy(buffer.get(), contents.data() + prefix + headerLength,
                dataBytes);
  out.dtype = dtype;
  out.shape = std::move(shape);
  out.buffer = std::move(buffer);
  out.bytes = dataBytes;
  return true;
}

bool readFile(const std::string &path, std::string &contents,
              std::string &error) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    error = "'" + path + "': cannot open: " + std::strerror(errno);
    return false;
  }
  contents.assign((std::istreambuf_iterator<char>(file)),
                  std::istreambuf_iterator<char>());
  if (file.bad()) {
    error = "'" + path + "': cannot read: " + std::strerror(errno);
    return false;
  }
  return true;
}

bool read(const std::string &path, Array &out, std::string &error) {
  std::string contents;
  return readFile(path, contents, error) && parse(path, contents, out, error);
}

namespace {

bool writeArray(const std::string &path, DType dtype,
                const std::vector<int64_t> &shape, const void *data,
                std::ios::openmode mode, std::string &error) {
  const char *descr = descriptorOf(dtype);
  if (!descr) {
    error = "'" + path + "': cannot write " + ral::dtypeToken(dtype) +
            " data: it has no standard .npy dtype";
    return false;
  }
  size_t count = 1;
  for (int64_t dim : shape)
    count *= static_cast<size_t>(dim);
  size_t dataBytes = count * ral::dtypeSize(dtype);

  std::string header =
      std::string("{'descr': '") + descr +
      "', 'fortran_order': False, 'shape': " + shapeTuple(shape) + ", }";
  // Pad with spaces so that the data starts on a 64-byte boundary, and end
  // with a newline, as numpy does.
  size_t prefix = kMagicSize + 2 + 2;
  int major = 1;
  if (header.size() + 64 > 65535) {
    major = 2;
    prefix = kMagicSize + 2 + 4;
  }
  size_t total = prefix + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';

  std::string out(kMagic, kMagicSize);
  out += static_cast<char>(major);
  out += '\0';
  size_t length = header.size();
  for (int i = 0; i < (major == 1 ? 2 : 4); ++i)
    out += static_cast<char>((length >> (8 * i)) & 0xff);
  out += header;

  std::ofstream file(path, std::ios::binary | mode);
  if (!file) {
    error = "'" + path + "': cannot create: " + std::strerror(errno);
    return false;
  }
  file.write(out.data(), static_cast<std::streamsize>(out.size()));
  if (dataBytes != 0)
    file.write(static_cast<const char *>(data),
               static_cast<std::streamsize>(dataBytes));
  file.close();
  if (!file) {
    error = "'" + path + "': cannot write: " + std::strerror(errno);
    return false;
  }
  return true;
}

} // namespace

bool write(const std::string &path, DType dtype,
           const std::vector<int64_t> &shape, const void *data,
           std::string &error) {
  return writeArray(path, dtype, shape, data, std::ios::trunc, error);
}

bool append(const std::string &path, DType dtype,
            const std::vector<int64_t> &shape, const void *data,
            std::string &error) {
  return writeArray(path, dtype, shape, data, std::ios::app, error);
}

} // namespace disc::npy
