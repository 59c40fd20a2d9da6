// Reading .npz archives: a zip file of .npy members. numpy.savez stores its
// members uncompressed and writes zip64 size fields, so the sizes and offsets
// are read from the central directory with its zip64 extensions.
#include "disc/runtime_stub/npy.h"

#include "disc/runtime_stub/text.h"

#include <array>
#include <cstring>

namespace disc::npy {
namespace {

constexpr uint32_t kLocalHeaderSignature = 0x04034b50;
constexpr uint32_t kCentralHeaderSignature = 0x02014b50;
constexpr uint32_t kEndOfCentralDirectorySignature = 0x06054b50;
constexpr uint32_t kZip64EndLocatorSignature = 0x07064b50;
constexpr uint32_t kZip64EndSignature = 0x06064b50;
constexpr uint16_t kZip64ExtraId = 0x0001;
constexpr size_t kEndOfCentralDirectorySize = 22;
constexpr size_t kLocalHeaderSize = 30;
constexpr size_t kCentralHeaderSize = 46;
constexpr uint16_t kMethodStored = 0;
constexpr uint16_t kMethodDeflated = 8;

uint32_t crc32(const unsigned char *bytes, size_t size) {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> result{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t value = i;
      for (int bit = 0; bit < 8; ++bit)
        value = (value & 1) ? 0xedb88320u ^ (value >> 1) : value >> 1;
      result[i] = value;
    }
    return result;
  }();
  uint32_t crc = 0xffffffffu;
  for (size_t i = 0; i < size; ++i)
    crc = table[(crc ^ bytes[i]) & 0xff] ^ (crc >> 8);
  return crc ^ 0xffffffffu;
}

// Little-endian reads that fail instead of running past the end.
class Reader {
public:
  explicit Reader(const std::string &contents) : contents_(contents) {}

  bool has(uint64_t offset, uint64_t size) const {
    return offset <= contents_.size() && size <= contents_.size() - offset;
  }
  uint64_t read(uint64_t offset, int bytes) const {
    uint64_t value = 0;
    for (int i = bytes - 1; i >= 0; --i)
      value = (value << 8) | static_cast<unsigned char>(contents_[offset + i]);
    return value;
  }
  uint16_t u16(uint64_t offset) const {
    return static_cast<uint16_t>(read(offset, 2));
  }
  uint32_t u32(uint64_t offset) const {
    return static_cast<uint32_t>(read(offset, 4));
  }
  uint64_t u64(uint64_t offset) const { return read(offset, 8); }

private:
  const std::string &contents_;
};

struct Member {
  std::string name;
  uint16_t method = 0;
  uint32_t crc = 0;
  uint64_t compressedSize = 0;
  uint64_t size = 0;
  uint64_t localHeaderOffset = 0;
};

// Replaces the 32-bit fields saturated at 0xffffffff with the values of the
// zip64 extra field, which holds exactly those, in this order.
bool applyZip64Extra(const Reader &reader, uint64_t extra, uint64_t extraSize,
                     Member &member) {
  uint64_t end = extra + extraSize;
  while (extra + 4 <= end) {
    uint16_t id = reader.u16(extra);
    uint16_t size = reader.u16(extra + 2);
    uint64_t field = extra + 4;
    if (field + size > end)
      return false;
    if (id == kZip64ExtraId) {
      uint64_t *targets[] = {&member.size, &member.compressedSize,
                             &member.localHeaderOffset};
      for (uint64_t *target : targets) {
        if (*target != 0xffffffffu)
          continue;
        if (field + 8 > extra + 4 + size)
          return false;
        *target = reader.u64(field);
        field += 8;
      }
      return true;
    }
    extra = field + size;
  }
  return true;
}

} // namespace

bool looksLikeNpz(const std::string &contents) {
  return contents.size() >= 4 && contents.compare(0, 4, "PK\x03\x04", 4) == 0;
}

bool parseNpz(const std::string &name, const std::string &contents,
              std::vector<NamedArray> &out, std::string &error) {
  auto failWith = [&](const std::string &message) {
    error = stub::escapeControlCharacters("'" + name + "': " + message);
    return false;
  };
  Reader reader(contents);
  if (!looksLikeNpz(contents))
    return failWith("not a .npz file (no zip signature)");
  // The end record sits at the end, before a comment of up to 64 KiB.
  if (contents.size() < kEndOfCentralDirectorySize)
    return failWith("truncated .npz file");
  uint64_t end = contents.size() - kEndOfCentralDirectorySize;
  uint64_t lowest = end > 0xffff ? end - 0xffff : 0;
  while (reader.u32(end) != kEndOfCentralDirectorySignature) {
    if (end == lowest)
      return failWith("malformed .npz file: no end of central directory");
    --end;
  }
  uint64_t entries = reader.u16(end + 10);
  uint64_t directoryOffset = reader.u32(end + 16);
  if (entries == 0xffff || directoryOffset == 0xffffffffu) {
    if (end < 20 || reader.u32(end - 20) != kZip64EndLocatorSignature)
      return failWith("malformed .npz file: no zip64 end locator");
    uint64_t zip64End = reader.u64(end - 20 + 8);
    if (!reader.has(zip64End, 56) || reader.u32(zip64End) != kZip64EndSignature)
      return failWith("malformed .npz file: bad zip64 end record");
    entries = reader.u64(zip64End + 32);
    directoryOffset = reader.u64(zip64End + 48);
  }

  std::vector<Member> members;
  uint64_t entry = directoryOffset;
  for (uint64_t i = 0; i < entries; ++i) {
    if (!reader.has(entry, kCentralHeaderSize) ||
        reader.u32(entry) != kCentralHeaderSignature)
      return failWith("malformed .npz file: bad central directory entry " +
                      std::to_string(i));
    Member member;
    member.method = reader.u16(entry + 10);
    member.crc = reader.u32(entry + 16);
    member.compressedSize = reader.u32(entry + 20);
    member.size = reader.u32(entry + 24);
    uint16_t nameSize = reader.u16(entry + 28);
    uint16_t extraSize = reader.u16(entry + 30);
    uint16_t commentSize = reader.u16(entry + 32);
    member.localHeaderOffset = reader.u32(entry + 42);
    uint64_t nameOffset = entry + kCentralHeaderSize;
    if (!reader.has(nameOffset, uint64_t(nameSize) + extraSize + commentSize))
      return failWith("malformed .npz file: truncated central directory");
    member.name = contents.substr(nameOffset, nameSize);
    if (!applyZip64Extra(reader, nameOffset + nameSize, extraSize, member))
      return failWith("malformed .npz file: bad zip64 field of '" +
                      member.name + "'");
    members.push_back(std::move(member));
    entry = nameOffset + nameSize + extraSize + commentSize;
  }

  out.clear();
  for (const Member &member : members) {
    std::string where = "member '" + member.name + "'";
    if (member.method == kMethodDeflated)
      return failWith(where +
                      " is compressed; only uncompressed .npz files are "
                      "supported (numpy.savez, not numpy.savez_compressed)");
    if (member.method != kMethodStored)
      return failWith(where + " uses zip compression method " +
                      std::to_string(member.method) +
                      "; only uncompressed .npz files are supported");
    uint64_t local = member.localHeaderOffset;
    if (!reader.has(local, kLocalHeaderSize) ||
        reader.u32(local) != kLocalHeaderSignature)
      return failWith("malformed .npz file: bad local header of " + where);
    uint64_t data = local + kLocalHeaderSize + reader.u16(local + 26) +
                    reader.u16(local + 28);
    if (member.compressedSize != member.size || !reader.has(data, member.size))
      return failWith("malformed .npz file: truncated " + where);
    const auto *bytes =
        reinterpret_cast<const unsigned char *>(contents.data() + data);
    if (crc32(bytes, member.size) != member.crc)
      return failWith(where + " is corrupt (CRC mismatch)");
    NamedArray named;
    named.name = member.name;
    const std::string suffix = ".npy";
    if (named.name.size() > suffix.size() &&
        named.name.compare(named.name.size() - suffix.size(), suffix.size(),
                           suffix) == 0)
      named.name.resize(named.name.size() - suffix.size());
    if (!parse(name + "[" + named.name + "]",
               contents.substr(data, member.size), named.array, error))
      return false;
    out.push_back(std::move(named));
  }
  return true;
}

bool readNpz(const std::string &path, std::vector<NamedArray> &out,
             std::string &error) {
  std::string contents;
  return readFile(path, contents, error) &&
         parseNpz(path, contents, out, error);
}

} // namespace disc::npy
