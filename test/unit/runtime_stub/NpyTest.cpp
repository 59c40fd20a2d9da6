#include "disc/runtime_stub/npy.h"

#include <gtest/gtest.h>

#include <cmath>

#include <dirent.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <complex>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace disc::npy {
namespace {

using ral::DType;

class NpyTest : public ::testing::Test {
protected:
  std::string path(const std::string &name) {
    std::string base =
        ::testing::TempDir() + "disc_npy_" +
        ::testing::UnitTest::GetInstance()->current_test_info()->name() + "_" +
        name;
    created_.push_back(base);
    return base;
  }
  void TearDown() override {
    for (const std::string &file : created_)
      std::remove(file.c_str());
  }
  void writeRaw(const std::string &file, const std::string &bytes) {
    std::ofstream out(file, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }

  std::vector<std::string> created_;
};

// A .npy file with the given version and header dict, followed by `data`.
std::string makeNpy(int major, const std::string &dict,
                    const std::string &data) {
  std::string header = dict + "\n";
  std::string out = "\x93NUMPY";
  out += static_cast<char>(major);
  out += '\0';
  size_t length = header.size();
  int lengthBytes = major == 1 ? 2 : 4;
  for (int i = 0; i < lengthBytes; ++i)
    out += static_cast<char>((length >> (8 * i)) & 0xff);
  return out + header + data;
}

TEST_F(NpyTest, RoundTripsEveryDtype) {
  for (DType dtype : ral::kAllDTypes) {
    if (!descriptorOf(dtype))
      continue;
    SCOPED_TRACE(ral::dtypeToken(dtype));
    std::vector<int64_t> shape = {2, 3};
    size_t bytes = 6 * ral::dtypeSize(dtype);
    std::vector<uint8_t> data(bytes);
    for (size_t i = 0; i < bytes; ++i)
      data[i] = static_cast<uint8_t>(dtype == DType::i1 ? i % 2 : i * 7 + 1);
    std::string file = path(std::string(ral::dtypeToken(dtype)) + ".npy");
    std::string error;
    ASSERT_TRUE(write(file, dtype, shape, data.data(), error)) << error;
    Array array;
    ASSERT_TRUE(read(file, array, error)) << error;
    EXPECT_EQ(array.dtype, dtype);
    EXPECT_EQ(array.shape, shape);
    ASSERT_EQ(array.bytes, bytes);
    EXPECT_EQ(std::vector<uint8_t>(static_cast<const uint8_t *>(array.data()),
                                   static_cast<const uint8_t *>(array.data()) +
                                       bytes),
              data);
  }
}

// The types numpy has no dtype for refuse .npy and go raw: the bytes
// alone, which readRaw reads back given the dtype and shape, one byte per
// element for the 8-bit floats and i2/i4/ui2/ui4.
TEST_F(NpyTest, RawRoundTripsEveryDtype) {
  for (DType dtype : ral::kAllDTypes) {
    SCOPED_TRACE(ral::dtypeToken(dtype));
    std::vector<int64_t> shape = {2, 3};
    size_t bytes = 6 * ral::dtypeSize(dtype);
    std::vector<uint8_t> data(bytes);
    for (size_t i = 0; i < bytes; ++i)
      data[i] = static_cast<uint8_t>(i * 7 + 1);
    std::string file = path(std::string(ral::dtypeToken(dtype)) + ".bin");
    std::string error;
    StagedFile staged;
    ASSERT_TRUE(stageRaw(file, dtype, shape, data.data(), staged, error))
        << error;
    ASSERT_TRUE(staged.commit(error)) << error;
    std::string contents;
    ASSERT_TRUE(readFile(file, contents, error)) << error;
    EXPECT_EQ(contents, std::string(data.begin(), data.end()));
    Array array;
    ASSERT_TRUE(readRaw(file, dtype, shape, array, error)) << error;
    EXPECT_EQ(array.dtype, dtype);
    ASSERT_EQ(array.bytes, bytes);
    EXPECT_EQ(std::memcmp(array.data(), data.data(), bytes), 0);
  }
  EXPECT_EQ(ral::dtypeSize(DType::f8E4M3FN), 1u);
  EXPECT_EQ(ral::dtypeSize(DType::i4), 1u);
  EXPECT_EQ(ral::dtypeBitWidth(DType::i4), 4);
  std::string error;
  uint8_t byte = 0;
  EXPECT_FALSE(write(path("e4m3.npy"), DType::f8E4M3FN, {1}, &byte, error));
  EXPECT_EQ(error, "'" + path("e4m3.npy") +
                       "': cannot write f8E4M3FN data: it has no standard "
                       ".npy dtype (write it raw to a .bin file)");
  Array array;
  EXPECT_FALSE(readRaw(path("i4.bin"), DType::i4, {7}, array, error));
  EXPECT_EQ(error, "'" + path("i4.bin") + "': holds 6 bytes, 7xi4 needs 7");
}

// The values of every format's bit patterns, as APFloat defines them.
TEST_F(NpyTest, DecodesEightBitFloats) {
  using ral::narrowFloatToFloat;
  EXPECT_EQ(narrowFloatToFloat(DType::f8E4M3FN, 0x38), 1.0f);
  EXPECT_EQ(narrowFloatToFloat(DType::f8E4M3FN, 0x7e), 448.0f);
  EXPECT_TRUE(std::isnan(narrowFloatToFloat(DType::f8E4M3FN, 0x7f)));
  EXPECT_EQ(narrowFloatToFloat(DType::f8E4M3FN, 0x01), 0.001953125f);
  EXPECT_EQ(narrowFloatToFloat(DType::f8E5M2, 0x7b), 57344.0f);
  EXPECT_TRUE(std::isinf(narrowFloatToFloat(DType::f8E5M2, 0xfc)));
  EXPECT_LT(narrowFloatToFloat(DType::f8E5M2, 0xfc), 0);
  EXPECT_EQ(narrowFloatToFloat(DType::f8E4M3FNUZ, 0x40), 1.0f);
  EXPECT_EQ(narrowFloatToFloat(DType::f8E4M3FNUZ, 0x7f), 240.0f);
  EXPECT_TRUE(std::isnan(narrowFloatToFloat(DType::f8E4M3FNUZ, 0x80)));
  EXPECT_EQ(narrowFloatToFloat(DType::f8E5M2FNUZ, 0x7f), 57344.0f);
  EXPECT_EQ(narrowFloatToFloat(DType::f8E4M3B11FNUZ, 0x58), 1.0f);
  EXPECT_EQ(narrowFloatToFloat(DType::f8E3M4, 0x30), 1.0f);
  EXPECT_EQ(narrowFloatToFloat(DType::f8E3M4, 0x6f), 15.5f);
  EXPECT_EQ(narrowFloatToFloat(DType::f8E4M3, 0x77), 240.0f);
  EXPECT_TRUE(std::isinf(narrowFloatToFloat(DType::f8E4M3, 0x78)));
  EXPECT_EQ(narrowFloatToFloat(DType::f8E8M0FNU, 0x7f), 1.0f);
  EXPECT_EQ(narrowFloatToFloat(DType::f8E8M0FNU, 0x80), 2.0f);
  EXPECT_TRUE(std::isnan(narrowFloatToFloat(DType::f8E8M0FNU, 0xff)));
}

// The 6- and 4-bit floats: the sign is their top bit, the all-ones pattern
// the largest value (no infinities, no NaN), and a byte's bits above the
// format's do not count.
TEST_F(NpyTest, DecodesSixAndFourBitFloats) {
  using ral::narrowFloatToFloat;
  EXPECT_EQ(narrowFloatToFloat(DType::f4E2M1FN, 0x2), 1.0f);
  EXPECT_EQ(narrowFloatToFloat(DType::f4E2M1FN, 0x1), 0.5f);
  EXPECT_EQ(narrowFloatToFloat(DType::f4E2M1FN, 0x7), 6.0f);
  EXPECT_EQ(narrowFloatToFloat(DType::f4E2M1FN, 0xf), -6.0f);
  EXPECT_EQ(narrowFloatToFloat(DType::f4E2M1FN, 0xf7), 6.0f);
  EXPECT_TRUE(std::signbit(narrowFloatToFloat(DType::f4E2M1FN, 0x8)));
  EXPECT_EQ(narrowFloatToFloat(DType::f6E2M3FN, 0x1f), 7.5f);
  EXPECT_EQ(narrowFloatToFloat(DType::f6E2M3FN, 0x21), -0.125f);
  EXPECT_EQ(narrowFloatToFloat(DType::f6E3M2FN, 0x1f), 28.0f);
  EXPECT_EQ(narrowFloatToFloat(DType::f6E3M2FN, 0x3f), -28.0f);
  EXPECT_EQ(narrowFloatToFloat(DType::f6E3M2FN, 0x01), 0.0625f);
}

TEST_F(NpyTest, WritesNumpyCompatibleHeaders) {
  std::string file = path("scalar.npy");
  double value = 2.5;
  std::string error;
  ASSERT_TRUE(write(file, DType::f64, {}, &value, error)) << error;
  std::ifstream in(file, std::ios::binary);
  std::string contents((std::istreambuf_iterator<char>(in)),
                       std::istreambuf_iterator<char>());
  ASSERT_EQ(contents.size(), 128u + 8u);
  EXPECT_EQ(contents.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  EXPECT_EQ(contents.substr(10, 118).find("{'descr': '<f8', 'fortran_order': "
                                          "False, 'shape': (), }"),
            0u);
  EXPECT_EQ(contents[127], '\n');
  Array array;
  ASSERT_TRUE(read(file, array, error)) << error;
  EXPECT_TRUE(array.shape.empty());
  EXPECT_EQ(*static_cast<const double *>(array.data()), 2.5);
}

TEST_F(NpyTest, ReadsAndWritesComplexAsNumpyDoes) {
  // numpy.save of numpy.array([1.5-2j, 3j]) (complex128).
  std::string data(32, '\0');
  double parts[4] = {1.5, -2, 0, 3};
  std::memcpy(data.data(), parts, sizeof(parts));
  std::string file = path("c128.npy");
  writeRaw(file, makeNpy(1,
                         "{'descr': '<c16', 'fortran_order': False, "
                         "'shape': (2,), }",
                         data));
  Array array;
  std::string error;
  ASSERT_TRUE(read(file, array, error)) << error;
  EXPECT_EQ(array.dtype, DType::c128);
  EXPECT_EQ(array.shape, std::vector<int64_t>{2});
  EXPECT_EQ(static_cast<const std::complex<double> *>(array.data())[0],
            std::complex<double>(1.5, -2));
  EXPECT_EQ(static_cast<const std::complex<double> *>(array.data())[1],
            std::complex<double>(0, 3));

  std::complex<float> value(0.5f, -1);
  std::string written = path("c64.npy");
  ASSERT_TRUE(write(written, DType::c64, {}, &value, error)) << error;
  std::ifstream in(written, std::ios::binary);
  std::string contents((std::istreambuf_iterator<char>(in)),
                       std::istreambuf_iterator<char>());
  EXPECT_EQ(contents.substr(10).find("{'descr': '<c8', "), 0u);
  ASSERT_TRUE(read(written, array, error)) << error;
  EXPECT_EQ(array.dtype, DType::c64);
  EXPECT_EQ(*static_cast<const std::complex<float> *>(array.data()), value);
}

TEST_F(NpyTest, ReadsVersionsTwoAndThree) {
  std::string data("\x01\x00\x02\x00\x03\x00", 6);
  for (int major : {2, 3}) {
    Array array;
    std::string error;
    ASSERT_TRUE(parse("v.npy",
                      makeNpy(major,
                              "{\"descr\": \"<i2\", \"fortran_order\": False, "
                              "\"shape\": (3L,)}",
                              data),
                      array, error))
        << error;
    EXPECT_EQ(array.dtype, DType::i16);
    EXPECT_EQ(array.shape, (std::vector<int64_t>{3}));
    EXPECT_EQ(static_cast<const int16_t *>(array.data())[2], 3);
  }
}

TEST_F(NpyTest, AcceptsAnyByteOrderMarkForSingleBytes) {
  Array array;
  std::string error;
  EXPECT_TRUE(parse("u.npy",
                    makeNpy(1,
                            "{'descr': '<u1', 'fortran_order': False, "
                            "'shape': (1,), }",
                            std::string("\x07", 1)),
                    array, error))
      << error;
  EXPECT_EQ(array.dtype, DType::ui8);
}

struct BadCase {
  const char *label;
  std::string contents;
  const char *message;
};

TEST_F(NpyTest, RejectsBadFilesWithOneLineNamingTheFile) {
  const std::string f4 =
      "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
  const std::string eightBytes(8, '\0');
  std::vector<BadCase> cases = {
      {"magic", "PK\x03\x04 not numpy",
       "'x.npy': not a .npy file (no \\x93NUMPY magic)"},
      {"version", makeNpy(4, f4, eightBytes),
       "'x.npy': unsupported .npy format version 4.0"},
      {"short header", makeNpy(1, f4, eightBytes).substr(0, 30),
       "'x.npy': truncated header: it claims 58 bytes, the file has 20"},
      {"truncated data", makeNpy(1, f4, eightBytes.substr(0, 5)),
       "'x.npy': truncated data: shape (2,) of <f4 needs 8 bytes, the file "
       "has 5"},
      {"extra data", makeNpy(1, f4, eightBytes + "!!"),
       "'x.npy': 2 unexpected bytes after the data"},
      {"fortran",
       makeNpy(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (1, 2), }",
               eightBytes),
       "'x.npy': Fortran-order arrays are not supported; save it with "
       "numpy.ascontiguousarray"},
      {"big endian",
       makeNpy(1, "{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }",
               eightBytes),
       "'x.npy': big-endian data ('>f4') is not supported; save it "
       "little-endian"},
      {"bf16",
       makeNpy(1, "{'descr': '<V2', 'fortran_order': False, 'shape': (4,), }",
               eightBytes),
       "'x.npy': unsupported dtype '<V2' (bf16 has no standard .npy dtype)"},
      {"long double complex",
       makeNpy(1, "{'descr': '<c32', 'fortran_order': False, 'shape': (), }",
               std::string(32, '\0')),
       "'x.npy': unsupported dtype '<c32'"},
      {"no shape", makeNpy(1, "{'descr': '<f4', 'fortran_order': False}", ""),
       "'x.npy': malformed header: missing 'shape'"},
      {"bad shape",
       makeNpy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (-2,)}",
               ""),
       "'x.npy': malformed header: 'shape' is not a tuple of non-negative "
       "integers"},
      {"not a dict", makeNpy(1, "[1, 2]", ""),
       "'x.npy': malformed header: expected '{'"},
  };
  for (const BadCase &bad : cases) {
    SCOPED_TRACE(bad.label);
    Array array;
    std::string error;
    EXPECT_FALSE(parse("x.npy", bad.contents, array, error));
    EXPECT_EQ(error, bad.message);
    EXPECT_EQ(error.find('\n'), std::string::npos);
  }
}

TEST_F(NpyTest, RefusesSizesThatOverflowAndHeadersLongerThanNumpyWrites) {
  Array array;
  std::string error;
  // 2^62 four-byte elements: the byte size wraps to 0 in 64 bits.
  std::string huge = makeNpy(1,
                             "{'descr': '<f4', 'fortran_order': False, "
                             "'shape': (4611686018427387904,), }",
                             "");
  EXPECT_FALSE(parse("x.npy", huge, array, error));
  EXPECT_EQ(error, "'x.npy': shape (4611686018427387904,) of <f4 is too "
                   "large: its size in bytes does not fit in 64 bits");
  std::string file = path("huge.npy");
  writeRaw(file, huge);
  EXPECT_FALSE(read(file, array, error));
  EXPECT_EQ(error, "'" + file +
                       "': shape (4611686018427387904,) of <f4 is too "
                       "large: its size in bytes does not fit in 64 bits");

  // A header length of 2^31 - 1 bytes is refused before any of it is read.
  std::string longHeader("\x93NUMPY\x02\x00\xff\xff\xff\x7f{", 13);
  EXPECT_FALSE(parse("x.npy", longHeader, array, error));
  EXPECT_EQ(error, "'x.npy': the header claims 2147483647 bytes, more than "
                   "the 10000 a .npy header may have");

  // A shape claiming more data than the file holds fails before the data is
  // allocated.
  file = path("short.npy");
  writeRaw(file, makeNpy(1,
                         "{'descr': '<f8', 'fortran_order': False, "
                         "'shape': (1000000000000,), }",
                         "abc"));
  EXPECT_FALSE(read(file, array, error));
  EXPECT_EQ(error, "'" + file +
                       "': truncated data: shape (1000000000000,) of <f8 "
                       "needs 8000000000000 bytes, the file has 3");
}

TEST_F(NpyTest, ReadsOfDirectoriesAndEndlessFilesFailNamingThePath) {
  Array array;
  std::string error;
  std::string directory = ::testing::TempDir();
  EXPECT_FALSE(read(directory, array, error));
  EXPECT_EQ(error, "'" + directory + "': cannot read: Is a directory");
  EXPECT_FALSE(read("/dev/zero", array, error));
  EXPECT_EQ(error, "'/dev/zero': not a .npy file (no \\x93NUMPY magic)");
  std::vector<NamedArray> arrays;
  bool isArchive = true;
  EXPECT_FALSE(readArrays(directory, arrays, isArchive, error));
  EXPECT_EQ(error, "'" + directory + "': cannot read: Is a directory");
  EXPECT_FALSE(readArrays("/dev/zero", arrays, isArchive, error));
  EXPECT_FALSE(isArchive);
  EXPECT_EQ(error, "'/dev/zero': not a .npy file (no \\x93NUMPY magic)");
  // Raw data is read up to one byte more than its shape needs.
  EXPECT_FALSE(readRaw("/dev/zero", DType::f32, {3}, array, error));
  EXPECT_EQ(error, "'/dev/zero': holds more than 12 bytes, 3xf32 needs 12");
  EXPECT_FALSE(
      readRaw("/dev/zero", DType::f32, {4611686018427387904}, array, error));
  EXPECT_EQ(error, "'/dev/zero': 4611686018427387904xf32 is too large: its "
                   "size in bytes does not fit in 64 bits");
  EXPECT_FALSE(readRaw(directory, DType::f32, {1}, array, error));
  EXPECT_EQ(error, "'" + directory + "': cannot read: Is a directory");
}

TEST_F(NpyTest, AFailedWriteLeavesTheFileAsItWas) {
  std::string file = path("kept.npy"), error;
  float small[] = {1, 2};
  ASSERT_TRUE(write(file, DType::f32, {2}, small, error)) << error;
  std::string before;
  ASSERT_TRUE(readFile(file, before, error)) << error;
  // A file size limit makes the write of a bigger array fail part way.
  std::vector<float> big(4096, 3.0f);
  struct rlimit saved;
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &saved), 0);
  auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit limit = saved;
  limit.rlim_cur = 1024;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &limit), 0);
  bool written = write(file, DType::f32, {4096}, big.data(), error);
  setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, oldHandler);
  EXPECT_FALSE(written);
  EXPECT_EQ(error, "'" + file + "': cannot write: File too large");
  std::string after;
  ASSERT_TRUE(readFile(file, after, error)) << error;
  EXPECT_EQ(after, before);
  // Nothing is left beside it.
  std::string directory = file.substr(0, file.rfind('/'));
  std::string name = file.substr(file.rfind('/') + 1);
  DIR *listing = opendir(directory.c_str());
  ASSERT_NE(listing, nullptr);
  while (dirent *entry = readdir(listing))
    EXPECT_NE(std::string(entry->d_name).rfind(name + ".tmp", 0), 0u)
        << entry->d_name;
  closedir(listing);
}

TEST_F(NpyTest, WritesThroughLinksAndIntoDevicesInPlace) {
  std::string file = path("target.npy"), link = path("link.npy"), error;
  float value = 5;
  ASSERT_TRUE(write(file, DType::f32, {}, &value, error)) << error;
  ASSERT_EQ(symlink(file.c_str(), link.c_str()), 0);
  value = 6;
  ASSERT_TRUE(write(link, DType::f32, {}, &value, error)) << error;
  struct stat info;
  ASSERT_EQ(lstat(link.c_str(), &info), 0);
  EXPECT_TRUE(S_ISLNK(info.st_mode));
  Array array;
  ASSERT_TRUE(read(file, array, error)) << error;
  EXPECT_EQ(*static_cast<const float *>(array.data()), 6);
  ASSERT_TRUE(write("/dev/null", DType::f32, {}, &value, error)) << error;
  ASSERT_EQ(stat("/dev/null", &info), 0);
  EXPECT_TRUE(S_ISCHR(info.st_mode));
}

TEST_F(NpyTest, ReportsMissingFilesAndUnwritableDtypes) {
  Array array;
  std::string error;
  EXPECT_FALSE(read("/nonexistent/dir/in.npy", array, error));
  EXPECT_EQ(
      error,
      "'/nonexistent/dir/in.npy': cannot open: No such file or directory");
  uint16_t value = 0;
  EXPECT_FALSE(write(path("bf16.npy"), DType::bf16, {1}, &value, error));
  EXPECT_NE(error.find("cannot write bf16 data"), std::string::npos) << error;
}

TEST_F(NpyTest, AppendWritesArraysOneAfterTheOther) {
  std::string error;
  float first[] = {1, 2, 3};
  int32_t second[] = {7, 8};
  std::string one = path("one.npy"), two = path("two.npy"),
              log = path("log.npy");
  ASSERT_TRUE(write(one, DType::f32, {3}, first, error)) << error;
  ASSERT_TRUE(write(two, DType::i32, {2, 1}, second, error)) << error;
  ASSERT_TRUE(append(log, DType::f32, {3}, first, error)) << error;
  ASSERT_TRUE(append(log, DType::i32, {2, 1}, second, error)) << error;
  std::string oneBytes, twoBytes, logBytes;
  ASSERT_TRUE(readFile(one, oneBytes, error)) << error;
  ASSERT_TRUE(readFile(two, twoBytes, error)) << error;
  ASSERT_TRUE(readFile(log, logBytes, error)) << error;
  EXPECT_EQ(logBytes, oneBytes + twoBytes);
  // write still replaces what the file held.
  ASSERT_TRUE(write(log, DType::f32, {3}, first, error)) << error;
  ASSERT_TRUE(readFile(log, logBytes, error)) << error;
  EXPECT_EQ(logBytes, oneBytes);
}

uint32_t zipCrc(const std::string &bytes) {
  uint32_t crc = 0xffffffffu;
  for (unsigned char byte : bytes) {
    crc ^= byte;
    for (int bit = 0; bit < 8; ++bit)
      crc = (crc & 1) ? 0xedb88320u ^ (crc >> 1) : crc >> 1;
  }
  return crc ^ 0xffffffffu;
}

void putLittleEndian(std::string &out, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i)
    out += static_cast<char>((value >> (8 * i)) & 0xff);
}

struct ZipMember {
  std::string name;
  std::string data;
  uint16_t method = 0;
  bool corruptCrc = false;
};

// A plain (not zip64) zip archive, as other tools than numpy write them.
std::string makeZip(const std::vector<ZipMember> &members) {
  std::string out, directory;
  for (const ZipMember &member : members) {
    uint32_t crc = zipCrc(member.data) ^ (member.corruptCrc ? 1u : 0u);
    uint64_t offset = out.size();
    putLittleEndian(out, 0x04034b50, 4);
    putLittleEndian(out, 20, 2);
    putLittleEndian(out, 0, 2);
    putLittleEndian(out, member.method, 2);
    putLittleEndian(out, 0, 4);
    putLittleEndian(out, crc, 4);
    putLittleEndian(out, member.data.size(), 4);
    putLittleEndian(out, member.data.size(), 4);
    putLittleEndian(out, member.name.size(), 2);
    putLittleEndian(out, 0, 2);
    out += member.name + member.data;

    putLittleEndian(directory, 0x02014b50, 4);
    putLittleEndian(directory, 20, 2);
    putLittleEndian(directory, 20, 2);
    putLittleEndian(directory, 0, 2);
    putLittleEndian(directory, member.method, 2);
    putLittleEndian(directory, 0, 4);
    putLittleEndian(directory, crc, 4);
    putLittleEndian(directory, member.data.size(), 4);
    putLittleEndian(directory, member.data.size(), 4);
    putLittleEndian(directory, member.name.size(), 2);
    putLittleEndian(directory, 0, 2 * 4);
    putLittleEndian(directory, 0, 4);
    putLittleEndian(directory, offset, 4);
    directory += member.name;
  }
  uint64_t directoryOffset = out.size();
  out += directory;
  putLittleEndian(out, 0x06054b50, 4);
  putLittleEndian(out, 0, 4);
  putLittleEndian(out, members.size(), 2);
  putLittleEndian(out, members.size(), 2);
  putLittleEndian(out, directory.size(), 4);
  putLittleEndian(out, directoryOffset, 4);
  putLittleEndian(out, 0, 2);
  return out;
}

const std::string kTwoFloats =
    makeNpy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }",
            std::string("\x00\x00\x80\x3f\x00\x00\x00\x40", 8));
const std::string kOneByte = makeNpy(
    1, "{'descr': '|u1', 'fortran_order': False, 'shape': (), }", "\x07");

TEST_F(NpyTest, ReadsTheMembersOfAnNpzInOrder) {
  std::vector<NamedArray> arrays;
  std::string error;
  std::string zip = makeZip({{"x.npy", kTwoFloats}, {"arr_1", kOneByte}});
  EXPECT_TRUE(looksLikeNpz(zip));
  EXPECT_FALSE(looksLikeNpz(kTwoFloats));
  ASSERT_TRUE(parseNpz("in.npz", zip, arrays, error)) << error;
  ASSERT_EQ(arrays.size(), 2u);
  EXPECT_EQ(arrays[0].name, "x");
  EXPECT_EQ(arrays[0].array.dtype, DType::f32);
  EXPECT_EQ(arrays[0].array.shape, std::vector<int64_t>{2});
  EXPECT_EQ(static_cast<const float *>(arrays[0].array.data())[1], 2.0f);
  EXPECT_EQ(arrays[1].name, "arr_1");
  EXPECT_EQ(arrays[1].array.dtype, DType::ui8);
  EXPECT_TRUE(arrays[1].array.shape.empty());
  EXPECT_EQ(*static_cast<const uint8_t *>(arrays[1].array.data()), 7);
}

TEST_F(NpyTest, RejectsCompressedCorruptAndBrokenNpz) {
  std::vector<NamedArray> arrays;
  std::string error;
  EXPECT_FALSE(
      parseNpz("in.npz", makeZip({{"x.npy", kTwoFloats, 8}}), arrays, error));
  EXPECT_EQ(error, "'in.npz': member 'x.npy' is compressed; only uncompressed "
                   ".npz files are supported (numpy.savez, not "
                   "numpy.savez_compressed)");
  EXPECT_FALSE(parseNpz("in.npz", makeZip({{"x.npy", kTwoFloats, 0, true}}),
                        arrays, error));
  EXPECT_EQ(error, "'in.npz': member 'x.npy' is corrupt (CRC mismatch)");
  std::string zip = makeZip({{"x.npy", kTwoFloats}});
  EXPECT_FALSE(
      parseNpz("in.npz", zip.substr(0, zip.size() - 30), arrays, error));
  EXPECT_EQ(error,
            "'in.npz': malformed .npz file: no end of central directory");
  EXPECT_FALSE(
      parseNpz("in.npz", makeZip({{"x.npy", "not npy"}}), arrays, error));
  EXPECT_EQ(error, "'in.npz[x]': not a .npy file (no \\x93NUMPY magic)");
}

} // namespace
} // namespace disc::npy
