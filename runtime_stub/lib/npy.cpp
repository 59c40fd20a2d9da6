#include "disc/runtime_stub/npy.h"

#include "disc/runtime_stub/text.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <utility>

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
    {DType::i1, "|b1"},   {DType::i8, "|i1"},    {DType::i16, "<i2"},
    {DType::i32, "<i4"},  {DType::i64, "<i8"},   {DType::ui8, "|u1"},
    {DType::ui16, "<u2"}, {DType::ui32, "<u4"},  {DType::ui64, "<u8"},
    {DType::f16, "<f2"},  {DType::f32, "<f4"},   {DType::f64, "<f8"},
    {DType::c64, "<c8"},  {DType::c128, "<c16"},
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

// numpy.load refuses longer header dicts by default (its max_header_size):
// no array numpy writes needs more, and a bound keeps a hostile header from
// being read without end.
constexpr size_t kMaxHeaderLength = 10000;
// The magic, the version and a length field of 2 or 4 bytes.
constexpr size_t kMaxPreambleSize = kMagicSize + 2 + 4;

// Where the header dict of a .npy file starts and how long it is, read from
// the first bytes of the file (`start`, all of them when it is shorter than
// kMaxPreambleSize).
bool readPreamble(const std::string &start, size_t &prefix,
                  size_t &headerLength, std::string &message) {
  const auto *bytes = reinterpret_cast<const unsigned char *>(start.data());
  if (start.size() < kMagicSize + 2 ||
      start.compare(0, kMagicSize, kMagic, kMagicSize) != 0) {
    message = "not a .npy file (no \\x93NUMPY magic)";
    return false;
  }
  int major = bytes[kMagicSize];
  int minor = bytes[kMagicSize + 1];
  int lengthBytes;
  if (major == 1)
    lengthBytes = 2;
  else if (major == 2 || major == 3)
    lengthBytes = 4;
  else {
    message = "unsupported .npy format version " + std::to_string(major) + "." +
              std::to_string(minor);
    return false;
  }
  prefix = kMagicSize + 2 + lengthBytes;
  if (start.size() < prefix) {
    message = "truncated header";
    return false;
  }
  headerLength = readLittleEndian(bytes + kMagicSize + 2, lengthBytes);
  if (headerLength > kMaxHeaderLength) {
    message = "the header claims " + std::to_string(headerLength) +
              " bytes, more than the " + std::to_string(kMaxHeaderLength) +
              " a .npy header may have";
    return false;
  }
  return true;
}

// What the header dict of a .npy file says about the data after it.
struct Header {
  std::string descr;
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
  size_t dataBytes = 0;
};

bool parseHeader(const std::string &text, Header &header,
                 std::string &message) {
  bool fortranOrder = false;
  if (!HeaderParser(text).parse(header.descr, fortranOrder, header.shape,
                                message) ||
      !dtypeOfDescriptor(header.descr, header.dtype, message))
    return false;
  if (fortranOrder) {
    message = "Fortran-order arrays are not supported; save it with "
              "numpy.ascontiguousarray";
    return false;
  }
  std::optional<ral::TensorSize> size =
      ral::tensorSize(header.shape, header.dtype);
  if (!size) {
    message = "shape " + shapeTuple(header.shape) + " of " + header.descr +
              " is too large: its size in bytes does not fit in 64 bits";
    return false;
  }
  header.dataBytes = static_cast<size_t>(size->bytes);
  return true;
}

std::string truncatedHeader(size_t claimed, size_t present) {
  return "truncated header: it claims " + std::to_string(claimed) +
         " bytes, the file has " + std::to_string(present);
}

std::string truncatedData(const Header &header, size_t present) {
  return "truncated data: shape " + shapeTuple(header.shape) + " of " +
         header.descr + " needs " + std::to_string(header.dataBytes) +
         " bytes, the file has " + std::to_string(present);
}

// A file read with POSIX calls, so that a directory or an endless device
// fails with a message instead of an exception or a read without end.
class InputFile {
public:
  InputFile() = default;
  InputFile(const InputFile &) = delete;
  InputFile &operator=(const InputFile &) = delete;
  ~InputFile() {
    if (fd_ >= 0)
      ::close(fd_);
  }

  bool open(const std::string &path, std::string &error) {
    path_ = path;
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0)
      return failWith("cannot open", error);
    struct stat info;
    if (::fstat(fd_, &info) != 0)
      return failWith("cannot open", error);
    if (S_ISDIR(info.st_mode)) {
      errno = EISDIR;
      return failWith("cannot read", error);
    }
    if (S_ISREG(info.st_mode))
      size_ = static_cast<uint64_t>(info.st_size);
    return true;
  }

  // The bytes left from the current position, when the file has a known
  // size (a regular file).
  std::optional<uint64_t> remaining() const {
    if (!size_)
      return std::nullopt;
    return *size_ > offset_ ? *size_ - offset_ : 0;
  }

  // Reads up to `size` bytes into `out`; `got` is less only at the end.
  bool read(void *out, size_t size, size_t &got, std::string &error) {
    got = 0;
    while (got < size) {
      ssize_t n = ::read(fd_, static_cast<char *>(out) + got, size - got);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return failWith("cannot read", error);
      if (n == 0)
        break;
      got += static_cast<size_t>(n);
    }
    offset_ += got;
    return true;
  }

  // Appends up to `size` bytes to `out`.
  bool append(std::string &out, size_t size, std::string &error) {
    size_t old = out.size(), got = 0;
    out.resize(old + size);
    bool ok = read(&out[old], size, got, error);
    out.resize(old + got);
    return ok;
  }

  // Appends the rest of the file to `out`.
  bool appendAll(std::string &out, std::string &error) {
    constexpr size_t kChunk = 1 << 16;
    while (true) {
      size_t old = out.size();
      if (!append(out, kChunk, error))
        return false;
      if (out.size() - old < kChunk)
        return true;
    }
  }

  // Reads the last `bytes` bytes of the file into a new aligned buffer. When
  // the file holds fewer, sets `got` to how many; when it holds more, sets
  // `extra` (to how many more where that is known without reading them).
  // A regular file's size is checked before anything is allocated.
  bool readTail(size_t bytes, ral::AlignedBuffer &buffer, size_t &got,
                std::optional<uint64_t> &extra, bool &more,
                std::string &error) {
    more = false;
    extra.reset();
    if (std::optional<uint64_t> left = remaining()) {
      got = static_cast<size_t>(std::min<uint64_t>(*left, bytes));
      if (*left != bytes) {
        more = *left > bytes;
        if (more)
          extra = *left - bytes;
        return true;
      }
    }
    buffer.reset(ral::alignedAllocate(bytes));
    if (!buffer) {
      error = "'" + path_ + "': cannot allocate " + std::to_string(bytes) +
              " bytes";
      return false;
    }
    if (!read(buffer.get(), bytes, got, error))
      return false;
    if (got != bytes)
      return true;
    char next;
    size_t peeked = 0;
    if (!read(&next, 1, peeked, error))
      return false;
    more = peeked != 0;
    return true;
  }

private:
  bool failWith(const char *what, std::string &error) {
    error = "'" + path_ + "': " + what + ": " + std::strerror(errno);
    return false;
  }

  std::string path_;
  int fd_ = -1;
  std::optional<uint64_t> size_;
  uint64_t offset_ = 0;
};

// Reads a .npy file from `file`, whose first bytes, `start`, are read.
bool readNpy(InputFile &file, const std::string &name, std::string start,
             Array &out, std::string &error) {
  auto failWith = [&](const std::string &message) {
    error = stub::escapeControlCharacters("'" + name + "': " + message);
    return false;
  };
  size_t prefix = 0, headerLength = 0;
  std::string message;
  if (!readPreamble(start, prefix, headerLength, message))
    return failWith(message);
  if (start.size() < prefix + headerLength &&
      !file.append(start, prefix + headerLength - start.size(), error))
    return false;
  if (start.size() < prefix + headerLength)
    return failWith(truncatedHeader(headerLength, start.size() - prefix));
  Header header;
  if (!parseHeader(start.substr(prefix, headerLength), header, message))
    return failWith(message);
  ral::AlignedBuffer buffer;
  size_t got = 0;
  std::optional<uint64_t> extra;
  bool more = false;
  if (!file.readTail(header.dataBytes, buffer, got, extra, more, error))
    return false;
  if (got < header.dataBytes)
    return failWith(truncatedData(header, got));
  if (more)
    return failWith((extra ? std::to_string(*extra) + " unexpected bytes"
                           : std::string("unexpected bytes")) +
                    " after the data");
  out.dtype = header.dtype;
  out.shape = std::move(header.shape);
  out.buffer = std::move(buffer);
  out.bytes = header.dataBytes;
  return true;
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
    error = stub::escapeControlCharacters("'" + name + "': " + message);
    return false;
  };
  size_t prefix = 0, headerLength = 0;
  std::string message;
  if (!readPreamble(contents.substr(0, kMaxPreambleSize), prefix, headerLength,
                    message))
    return failWith(message);
  if (contents.size() - prefix < headerLength)
    return failWith(truncatedHeader(headerLength, contents.size() - prefix));
  Header header;
  if (!parseHeader(contents.substr(prefix, headerLength), header, message))
    return failWith(message);
  size_t available = contents.size() - prefix - headerLength;
  if (available < header.dataBytes)
    return failWith(truncatedData(header, available));
  if (available > header.dataBytes)
    return failWith(std::to_string(available - header.dataBytes) +
                    " unexpected bytes after the data");

  ral::AlignedBuffer buffer(ral::alignedAllocate(header.dataBytes));
  if (!buffer)
    return failWith("cannot allocate " + std::to_string(header.dataBytes) +
                    " bytes");
  if (header.dataBytes != 0)
    std::memcpy(buffer.get(), contents.data() + prefix + headerLength,
                header.dataBytes);
  out.dtype = header.dtype;
  out.shape = std::move(header.shape);
  out.buffer = std::move(buffer);
  out.bytes = header.dataBytes;
  return true;
}

bool readFile(const std::string &path, std::string &contents,
              std::string &error) {
  InputFile file;
  contents.clear();
  return file.open(path, error) && file.appendAll(contents, error);
}

bool read(const std::string &path, Array &out, std::string &error) {
  InputFile file;
  std::string start;
  return file.open(path, error) &&
         file.append(start, kMaxPreambleSize, error) &&
         readNpy(file, path, std::move(start), out, error);
}

bool readArrays(const std::string &path, std::vector<NamedArray> &out,
                bool &isArchive, std::string &error) {
  InputFile file;
  std::string start;
  if (!file.open(path, error) || !file.append(start, kMaxPreambleSize, error))
    return false;
  isArchive = looksLikeNpz(start);
  out.clear();
  if (isArchive)
    return file.appendAll(start, error) && parseNpz(path, start, out, error);
  out.emplace_back();
  return readNpy(file, path, std::move(start), out.back().array, error);
}

bool readRaw(const std::string &path, DType dtype,
             const std::vector<int64_t> &shape, Array &out,
             std::string &error) {
  std::string shapeName;
  for (int64_t dim : shape)
    shapeName += std::to_string(dim) + "x";
  shapeName += ral::dtypeToken(dtype);
  std::optional<ral::TensorSize> size = ral::tensorSize(shape, dtype);
  if (!size) {
    error = "'" + path + "': " + shapeName +
            " is too large: its size in bytes does not fit in 64 bits";
    return false;
  }
  size_t bytes = static_cast<size_t>(size->bytes);
  InputFile file;
  ral::AlignedBuffer buffer;
  size_t got = 0;
  std::optional<uint64_t> extra;
  bool more = false;
  if (!file.open(path, error) ||
      !file.readTail(bytes, buffer, got, extra, more, error))
    return false;
  if (got != bytes || more) {
    error =
        "'" + path + "': holds " +
        (more ? "more than " + std::to_string(bytes) : std::to_string(got)) +
        " bytes, " + shapeName + " needs " + std::to_string(bytes);
    return false;
  }
  out.dtype = dtype;
  out.shape = shape;
  out.buffer = std::move(buffer);
  out.bytes = bytes;
  return true;
}

namespace {

// Writes `bytes` to a new file beside `path`, `temporary`, to be renamed
// over `target` (`path`, or the file it links to); a path that is not a
// regular file is written in place and `temporary` left empty.
bool stageBytes(const std::string &path,
                const std::vector<std::pair<const void *, size_t>> &bytes,
                std::string &target, std::string &temporary,
                std::string &error) {
  auto failWith = [&](const char *what) {
    error = "'" + path + "': " + what + ": " + std::strerror(errno);
    return false;
  };
  target = path;
  struct stat info;
  bool exists = ::stat(path.c_str(), &info) == 0;
  if (exists && S_ISREG(info.st_mode)) {
    if (char *resolved = ::realpath(path.c_str(), nullptr)) {
      target = resolved;
      std::free(resolved);
    }
  }
  bool inPlace = exists && !S_ISREG(info.st_mode);
  temporary.clear();
  int fd = -1;
  if (inPlace) {
    fd = ::open(target.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  } else {
    static std::atomic<unsigned> counter{0};
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
      temporary = target + ".tmp" + std::to_string(::getpid()) + "." +
                  std::to_string(counter++);
      // 0666 less the umask, as for any file the tool creates.
      fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
                  0666);
      if (fd < 0 && errno != EEXIST)
        break;
    }
  }
  if (fd < 0)
    return failWith("cannot create");
  for (const auto &[data, size] : bytes) {
    for (size_t done = 0; done < size;) {
      ssize_t n =
          ::write(fd, static_cast<const char *>(data) + done, size - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0) {
        int saved = errno;
        ::close(fd);
        if (!inPlace)
          ::unlink(temporary.c_str());
        errno = saved;
        return failWith("cannot write");
      }
      done += static_cast<size_t>(n);
    }
  }
  if (::close(fd) != 0) {
    int saved = errno;
    if (!inPlace)
      ::unlink(temporary.c_str());
    errno = saved;
    return failWith("cannot write");
  }
  return true;
}

// The bytes of a .npy file holding `shape` of `dtype`, up to the data.
bool encodeHeader(const std::string &path, DType dtype,
                  const std::vector<int64_t> &shape, std::string &out,
                  size_t &dataBytes, std::string &error) {
  const char *descr = descriptorOf(dtype);
  if (!descr) {
    error = "'" + path + "': cannot write " + ral::dtypeToken(dtype) +
            " data: it has no standard .npy dtype (write it raw to a .bin "
            "file)";
    return false;
  }
  std::optional<ral::TensorSize> size = ral::tensorSize(shape, dtype);
  if (!size) {
    error = "'" + path + "': cannot write shape " + shapeTuple(shape) +
            ": its size in bytes does not fit in 64 bits";
    return false;
  }
  dataBytes = static_cast<size_t>(size->bytes);

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

  out.assign(kMagic, kMagicSize);
  out += static_cast<char>(major);
  out += '\0';
  size_t length = header.size();
  for (int i = 0; i < (major == 1 ? 2 : 4); ++i)
    out += static_cast<char>((length >> (8 * i)) & 0xff);
  out += header;
  return true;
}

} // namespace

StagedFile::StagedFile(StagedFile &&other) noexcept
    : path_(std::move(other.path_)), target_(std::move(other.target_)),
      temporary_(std::move(other.temporary_)) {
  other.temporary_.clear();
}

StagedFile &StagedFile::operator=(StagedFile &&other) noexcept {
  if (this != &other) {
    discard();
    path_ = std::move(other.path_);
    target_ = std::move(other.target_);
    temporary_ = std::move(other.temporary_);
    other.temporary_.clear();
  }
  return *this;
}

StagedFile::~StagedFile() { discard(); }

void StagedFile::discard() {
  if (!temporary_.empty())
    ::unlink(temporary_.c_str());
  temporary_.clear();
}

bool StagedFile::commit(std::string &error) {
  if (temporary_.empty())
    return true;
  if (::rename(temporary_.c_str(), target_.c_str()) != 0) {
    error = "'" + path_ + "': cannot write: " + std::strerror(errno);
    discard();
    return false;
  }
  temporary_.clear();
  return true;
}

bool stage(const std::string &path, DType dtype,
           const std::vector<int64_t> &shape, const void *data, StagedFile &out,
           std::string &error) {
  std::string header, target, temporary;
  size_t dataBytes = 0;
  if (!encodeHeader(path, dtype, shape, header, dataBytes, error) ||
      !stageBytes(path, {{header.data(), header.size()}, {data, dataBytes}},
                  target, temporary, error))
    return false;
  out = StagedFile(path, target, temporary);
  return true;
}

bool stageRaw(const std::string &path, DType dtype,
              const std::vector<int64_t> &shape, const void *data,
              StagedFile &out, std::string &error) {
  std::optional<ral::TensorSize> size = ral::tensorSize(shape, dtype);
  if (!size) {
    error = "'" + path + "': cannot write shape " + shapeTuple(shape) +
            ": its size in bytes does not fit in 64 bits";
    return false;
  }
  std::string target, temporary;
  if (!stageBytes(path, {{data, static_cast<size_t>(size->bytes)}}, target,
                  temporary, error))
    return false;
  out = StagedFile(path, target, temporary);
  return true;
}

bool write(const std::string &path, DType dtype,
           const std::vector<int64_t> &shape, const void *data,
           std::string &error) {
  StagedFile staged;
  return stage(path, dtype, shape, data, staged, error) && staged.commit(error);
}

// Appending keeps what the file held whatever happens, so it writes in
// place.
bool append(const std::string &path, DType dtype,
            const std::vector<int64_t> &shape, const void *data,
            std::string &error) {
  std::string header;
  size_t dataBytes = 0;
  if (!encodeHeader(path, dtype, shape, header, dataBytes, error))
    return false;
  std::ofstream file(path, std::ios::binary | std::ios::app);
  if (!file) {
    error = "'" + path + "': cannot create: " + std::strerror(errno);
    return false;
  }
  file.write(header.data(), static_cast<std::streamsize>(header.size()));
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

} // namespace disc::npy
