#include "disc/runtime_stub.h"
#include "test_helpers.h"

#include <gtest/gtest.h>

#include <elf.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <regex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

using disc::test::loadOrFail;
using disc::test::message;
using disc::test::Model;
using disc::test::Outputs;
using disc::test::Status;

std::string loadError(const std::string &path) {
  disc_model *model = nullptr;
  Status status(disc_model_load(path.c_str(), &model));
  EXPECT_EQ(model, nullptr);
  return status ? disc_status_message(status.get()) : "(loaded)";
}

TEST(Loader, ReadsTheSignature) {
  Model model = loadOrFail(FAKE_MODEL_PATH);
  ASSERT_TRUE(model);
  EXPECT_STREQ(disc_model_target(model.get()), "cpu");
  EXPECT_STREQ(disc_model_target_cpu(model.get()), "generic");
  EXPECT_STREQ(disc_model_compiler_version(model.get()), "fake model 1.0");
  EXPECT_STREQ(disc_model_source_hash(model.get()), "fnv1a64:0000000000000001");
  ASSERT_EQ(disc_model_function_count(model.get()), 2);
  EXPECT_STREQ(disc_model_function_name(model.get(), 0), "add");
  EXPECT_STREQ(disc_model_function_name(model.get(), 1), "bad_api");
  EXPECT_EQ(disc_model_function_name(model.get(), 2), nullptr);
  EXPECT_EQ(disc_model_find_function(model.get(), "bad_api"), 1);
  EXPECT_EQ(disc_model_find_function(model.get(), "main"), -1);

  ASSERT_EQ(disc_function_input_count(model.get(), 0), 2);
  const disc_tensor_signature *b = disc_function_input(model.get(), 0, 1);
  ASSERT_NE(b, nullptr);
  EXPECT_STREQ(b->name, "b");
  EXPECT_STREQ(b->dtype, "f32");
  ASSERT_EQ(b->rank, 1);
  EXPECT_EQ(b->shape[0], 4);
  const disc_tensor_signature *sum = disc_function_output(model.get(), 0, 0);
  ASSERT_NE(sum, nullptr);
  EXPECT_STREQ(sum->name, "sum");
  const disc_tensor_signature *x = disc_function_input(model.get(), 1, 0);
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->shape[0], -1);
  EXPECT_EQ(disc_function_input(model.get(), 0, 2), nullptr);
}

TEST(Loader, DefaultFunctionNeedsMainWhenThereAreSeveral) {
  Model model = loadOrFail(FAKE_MODEL_PATH);
  int64_t index = -7;
  Status status(disc_model_default_function(model.get(), &index));
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(std::string(disc_status_message(status.get())),
            std::string("'") + FAKE_MODEL_PATH +
                "': has 2 functions and none is named 'main': add, bad_api");
}

TEST(Loader, RunsAFunction) {
  Model model = loadOrFail(FAKE_MODEL_PATH);
  std::vector<float> a = {1, 2, 3, 4}, b = {10, 20, 30, 40.5f};
  int64_t shape[] = {4};
  disc_tensor inputs[] = {{"f32", 1, shape, a.data()},
                          {"f32", 1, shape, b.data()}};
  disc_outputs *raw = nullptr;
  Status status(disc_model_run(model.get(), 0, inputs, 2, &raw));
  ASSERT_EQ(status, nullptr) << disc_status_message(status.get());
  Outputs outputs(raw);
  ASSERT_EQ(disc_outputs_count(outputs.get()), 1);
  const disc_tensor *sum = disc_outputs_get(outputs.get(), 0);
  ASSERT_NE(sum, nullptr);
  EXPECT_STREQ(sum->dtype, "f32");
  ASSERT_EQ(sum->rank, 1);
  EXPECT_EQ(sum->shape[0], 4);
  const float *values = static_cast<const float *>(sum->data);
  EXPECT_EQ(std::vector<float>(values, values + 4),
            (std::vector<float>{11, 22, 33, 44.5f}));
  EXPECT_EQ(disc_outputs_get(outputs.get(), 1), nullptr);
}

TEST(Loader, RunsFromManyThreadsAtOnce) {
  Model model = loadOrFail(FAKE_MODEL_PATH);
  constexpr int kThreads = 8, kRuns = 200;
  std::vector<int> failures(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      std::vector<float> a(4, static_cast<float>(t)), b = {0, 1, 2, 3};
      int64_t shape[] = {4};
      disc_tensor inputs[] = {{"f32", 1, shape, a.data()},
                              {"f32", 1, shape, b.data()}};
      for (int run = 0; run < kRuns; ++run) {
        disc_outputs *raw = nullptr;
        Status status(disc_model_run(model.get(), 0, inputs, 2, &raw));
        Outputs outputs(raw);
        const float *sum = status
                               ? nullptr
                               : static_cast<const float *>(
                                     disc_outputs_get(outputs.get(), 0)->data);
        if (!sum || sum[3] != static_cast<float>(t) + 3)
          ++failures[t];
      }
    });
  }
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(failures, std::vector<int>(kThreads, 0));
}

std::string runError(disc_model *model, int64_t function,
                     const std::vector<disc_tensor> &inputs) {
  disc_outputs *raw = nullptr;
  Status status(disc_model_run(model, function, inputs.data(),
                               static_cast<int64_t>(inputs.size()), &raw));
  EXPECT_EQ(raw, nullptr);
  return status ? disc_status_message(status.get()) : "(ran)";
}

TEST(Loader, ChecksInputsAgainstTheSignature) {
  Model model = loadOrFail(FAKE_MODEL_PATH);
  std::vector<float> data(409 * 3);
  int64_t four[] = {4}, wrong[] = {409, 3}, five[] = {5};
  disc_tensor good = {"f32", 1, four, data.data()};
  EXPECT_EQ(runError(model.get(), 0, {good, {"f32", 2, wrong, data.data()}}),
            "input 1 ('b'): expected 4xf32, got 409x3xf32");
  EXPECT_EQ(runError(model.get(), 0, {{"f32", 1, five, data.data()}, good}),
            "input 0 ('a'): expected 4xf32, got 5xf32");
  EXPECT_EQ(runError(model.get(), 0, {good, {"f64", 1, four, data.data()}}),
            "input 1 ('b'): expected 4xf32, got 4xf64");
  EXPECT_EQ(runError(model.get(), 0, {good, {"f17", 1, four, data.data()}}),
            "input 1 ('b'): unknown dtype 'f17'");
  EXPECT_EQ(runError(model.get(), 0, {good, good, good}),
            "expected 2 inputs, got 3");
  EXPECT_EQ(runError(model.get(), 0, {good}), "expected 2 inputs, got 1");
  EXPECT_EQ(runError(model.get(), 1, {{"i32", 2, wrong, data.data()}}),
            "input 0 ('x'): expected ?xf32, got 409x3xi32");
  // 2^62 four-byte elements: the byte size would wrap around to 0.
  int64_t huge[] = {int64_t(1) << 62};
  EXPECT_EQ(runError(model.get(), 1, {{"f32", 1, huge, nullptr}}),
            "input 0 ('x'): 4611686018427387904xf32 is too large: its size in "
            "bytes does not fit in 64 bits");
}

int32_t abiVersionOne() { return 1; }
const char *metadataWithHugeShape() {
  return R"({"functions": [{"name": "main", "symbol": "disc_entry_main",
    "inputs": [{"name": "x", "dtype": "f64",
                "shape": [-1, 4294967296, 4294967296]}],
    "outputs": []}]})";
}

TEST(Loader, RejectsMetadataShapesTooLargeToAddress) {
  disc_static_model linked = {"huge", &abiVersionOne, &metadataWithHugeShape, 0,
                              nullptr};
  disc_model *model = nullptr;
  Status status(disc_model_open_static(&linked, &model));
  EXPECT_EQ(model, nullptr);
  EXPECT_EQ(message(status),
            "'linked model huge': malformed metadata: function 0 ('main') "
            "input 0 ('x') has shape ?x4294967296x4294967296xf64, too large: "
            "its size in bytes does not fit in 64 bits");
}

TEST(Loader, ReportsErrorsFromInsideTheRun) {
  Model model = loadOrFail(FAKE_MODEL_PATH);
  std::vector<float> data(3);
  int64_t three[] = {3};
  EXPECT_EQ(runError(model.get(), 1, {{"f32", 1, three, data.data()}}),
            "unknown RAL API 'ral_no_such_api___cpu___pvoid___void'");
}

TEST(Loader, RejectsWhatIsNotAModel) {
  EXPECT_EQ(loadError("/nonexistent/model.so"),
            "cannot open '/nonexistent/model.so': No such file or directory");
  EXPECT_EQ(loadError(NOT_A_MODEL_PATH),
            std::string("'") + NOT_A_MODEL_PATH +
                "' is not a disc model (no disc_model_abi_version)");
  EXPECT_EQ(loadError(FAKE_MODEL_V2_PATH),
            std::string("'") + FAKE_MODEL_V2_PATH +
                "' has ABI version 2, this runtime supports 1");
  std::string notElf = loadError(NOT_ELF_PATH);
  EXPECT_EQ(
      notElf.rfind(std::string("cannot open '") + NOT_ELF_PATH + "': ", 0), 0u)
      << notElf;
  EXPECT_EQ(notElf.find('\n'), std::string::npos);
}

std::string readBytes(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)),
                     std::istreambuf_iterator<char>());
}

// A copy of the fake model changed by `edit`, in a file of its own.
class ModelCopy {
public:
  explicit ModelCopy(const std::string &name) {
    path_ = ::testing::TempDir() + "disc_loader_" + name + ".so";
  }
  ~ModelCopy() { std::remove(path_.c_str()); }
  const std::string &write(const std::string &bytes) {
    std::ofstream(path_, std::ios::binary | std::ios::trunc) << bytes;
    return path_;
  }

private:
  std::string path_;
};

// dlopen maps a truncated file and dies touching the pages past its end;
// the loader checks the ELF file first.
TEST(Loader, RejectsTruncatedAndForeignElfFilesBeforeDlopen) {
  std::string model = readBytes(FAKE_MODEL_PATH);
  ASSERT_GT(model.size(), 4096u);
  ModelCopy copy("truncated");
  for (size_t size : {size_t(0), size_t(3), size_t(40), size_t(100),
                      size_t(1000), model.size() / 2, model.size() - 1}) {
    SCOPED_TRACE(size);
    const std::string &path = copy.write(model.substr(0, size));
    std::string error = loadError(path);
    EXPECT_EQ(error.rfind("cannot open '" + path + "': ", 0), 0u) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
    std::string expected = size < 4    ? "not an ELF file"
                           : size < 64 ? "truncated ELF file: "
                                       : "truncated";
    EXPECT_NE(error.find(expected), std::string::npos) << error;
    disc_kg_model *graph = nullptr;
    Status status(disc_kg_model_load(path.c_str(), &graph));
    EXPECT_EQ(message(status), error);
  }
  std::string path = copy.write(model.substr(0, 1000));
  std::string error = loadError(path);
  EXPECT_TRUE(std::regex_match(
      error, std::regex("cannot open '" + path +
                        "': truncated ELF file: loadable segment [0-9]+ "
                        "\\(bytes [0-9]+ to [0-9]+\\) is not inside it "
                        "\\(the file has 1000 bytes\\)")))
      << error;

  std::string foreign = model;
  uint16_t machine = EM_X86_64;
  std::memcpy(&machine, &model[18], sizeof(machine));
  uint16_t other = machine == EM_ARM ? EM_X86_64 : EM_ARM;
  std::memcpy(&foreign[18], &other, sizeof(other));
  path = copy.write(foreign);
  EXPECT_EQ(loadError(path),
            "cannot open '" + path + "': an ELF file for another machine " +
                "(e_machine " + std::to_string(other) + ", this one is " +
                std::to_string(machine) + ")");
  std::string directory = ::testing::TempDir();
  EXPECT_EQ(loadError(directory),
            "cannot open '" + directory + "': Is a directory");
}

// The program headers of the 64-bit ELF file `model`.
std::vector<Elf64_Phdr> segmentsOf(const std::string &model) {
  Elf64_Ehdr header;
  std::memcpy(&header, model.data(), sizeof(header));
  std::vector<Elf64_Phdr> segments(header.e_phnum);
  std::memcpy(segments.data(), model.data() + header.e_phoff,
              segments.size() * sizeof(Elf64_Phdr));
  return segments;
}

// The file offset of the dynamic entry tagged `tag` of the 64-bit ELF file
// `model`, or 0.
size_t dynamicEntryOffset(const std::string &model, int64_t tag) {
  for (const Elf64_Phdr &segment : segmentsOf(model)) {
    if (segment.p_type != PT_DYNAMIC)
      continue;
    for (size_t at = segment.p_offset;
         at + sizeof(Elf64_Dyn) <= segment.p_offset + segment.p_filesz;
         at += sizeof(Elf64_Dyn)) {
      Elf64_Dyn entry;
      std::memcpy(&entry, model.data() + at, sizeof(entry));
      if (entry.d_tag == tag)
        return at;
    }
  }
  return 0;
}

// dlopen trusts the tables the dynamic section names and applies the
// relocations before anything can look; a fuzzed model whose relocation
// table pointed outside the file crashed it. The loader checks them first.
TEST(Loader, RejectsDynamicTablesOutsideTheImageBeforeDlopen) {
  if (sizeof(void *) != 8)
    GTEST_SKIP() << "the fake model is edited as a 64-bit ELF file";
  std::string model = readBytes(FAKE_MODEL_PATH);
  ModelCopy copy("dynamic");
  size_t rela = dynamicEntryOffset(model, DT_RELA);
  ASSERT_NE(rela, 0u);
  std::string outside = model;
  uint64_t address = uint64_t(1) << 40;
  std::memcpy(&outside[rela + offsetof(Elf64_Dyn, d_un)], &address,
              sizeof(address));
  std::string path = copy.write(outside);
  std::string error = loadError(path);
  EXPECT_TRUE(std::regex_match(
      error, std::regex("cannot open '" + path +
                        "': malformed ELF file: the RELA table "
                        "\\(0x10000000000, [0-9]+ bytes\\) is not inside a "
                        "loadable segment")))
      << error;

  // Every DT_NULL, the padding after the first included, becomes DT_DEBUG.
  std::string unterminated = model;
  int64_t debug = DT_DEBUG;
  ASSERT_NE(dynamicEntryOffset(unterminated, DT_NULL), 0u);
  for (size_t end; (end = dynamicEntryOffset(unterminated, DT_NULL)) != 0;)
    std::memcpy(&unterminated[end], &debug, sizeof(debug));
  path = copy.write(unterminated);
  EXPECT_EQ(loadError(path),
            "cannot open '" + path +
                "': malformed ELF file: the dynamic section has no DT_NULL "
                "end");
}

// The value of the dynamic entry tagged `tag` of the 64-bit ELF file
// `model`.
uint64_t dynamicValue(const std::string &model, int64_t tag) {
  size_t entry = dynamicEntryOffset(model, tag);
  EXPECT_NE(entry, 0u) << "no dynamic entry " << tag;
  uint64_t value = 0;
  if (entry != 0)
    std::memcpy(&value, &model[entry + offsetof(Elf64_Dyn, d_un)],
                sizeof(value));
  return value;
}

// The file offset of `address` in the 64-bit ELF file `model`, or 0.
size_t fileOffsetOf(const std::string &model, uint64_t address) {
  for (const Elf64_Phdr &segment : segmentsOf(model))
    if (segment.p_type == PT_LOAD && address >= segment.p_vaddr &&
        address - segment.p_vaddr < segment.p_filesz)
      return segment.p_offset + (address - segment.p_vaddr);
  return 0;
}

std::string hexText(uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof(text), "0x%llx",
                static_cast<unsigned long long>(value));
  return text;
}

// `model` with the `T` at file offset `at` replaced by `value`.
template <typename T>
std::string patched(std::string model, size_t at, T value) {
  std::memcpy(&model[at], &value, sizeof(value));
  return model;
}

// `model` with the value of its dynamic entry tagged `tag` replaced.
std::string withDynamicValue(const std::string &model, int64_t tag,
                             uint64_t value) {
  return patched(
      model, dynamicEntryOffset(model, tag) + offsetof(Elf64_Dyn, d_un), value);
}

// Why the loader refuses `bytes`, written to `copy`, before dlopen: its
// error less the "cannot open 'PATH': " that starts it.
std::string refusalOf(ModelCopy &copy, const std::string &bytes) {
  std::string path = copy.write(bytes);
  std::string error = loadError(path);
  std::string prefix = "cannot open '" + path + "': ";
  EXPECT_EQ(error.rfind(prefix, 0), 0u) << error;
  return error.substr(std::min(error.size(), prefix.size()));
}

// dlopen and every later symbol lookup read names, symbols and versions
// through the string table, the hash tables and the version tables, which
// ld.so trusts; a fuzzed model crashed it there. The loader checks first.
TEST(Loader, RejectsBadNamesAndSymbolTablesBeforeDlopen) {
  if (sizeof(void *) != 8)
    GTEST_SKIP() << "the fake model is edited as a 64-bit ELF file";
  std::string model = readBytes(FAKE_MODEL_PATH);
  ModelCopy copy("names");

  uint64_t strings = dynamicValue(model, DT_STRSZ);
  EXPECT_EQ(refusalOf(copy, withDynamicValue(model, DT_STRSZ, strings - 1)),
            "malformed ELF file: the string table (" +
                std::to_string(strings - 1) +
                " bytes) does not end with a NUL");

  size_t symbol1 = fileOffsetOf(model, dynamicValue(model, DT_SYMTAB)) +
                   sizeof(Elf64_Sym) + offsetof(Elf64_Sym, st_name);
  EXPECT_EQ(refusalOf(copy, patched<uint32_t>(model, symbol1, 0x7fffffff)),
            "malformed ELF file: the name of symbol 1 at 2147483647 is past "
            "the string table (" +
                std::to_string(strings) + " bytes)");

  // GNU hash: nbuckets, the first hashed symbol, bloom words, bloom shift,
  // the bloom filter, the buckets.
  size_t gnuHash = fileOffsetOf(model, dynamicValue(model, DT_GNU_HASH));
  uint32_t first;
  std::memcpy(&first, &model[gnuHash + 4], sizeof(first));
  ASSERT_GT(first, 1u);
  EXPECT_EQ(refusalOf(copy, patched<uint32_t>(model, gnuHash + 8, 3)),
            "malformed ELF file: the GNU hash table's bloom filter has 3 "
            "words, not a power of two");
  uint32_t bloomWords;
  std::memcpy(&bloomWords, &model[gnuHash + 8], sizeof(bloomWords));
  size_t bucket0 = gnuHash + 16 + bloomWords * sizeof(uint64_t);
  EXPECT_EQ(refusalOf(copy, patched<uint32_t>(model, bucket0, first - 1)),
            "malformed ELF file: the GNU hash table's bucket 0 starts at "
            "symbol " +
                std::to_string(first - 1) +
                ", before its first hashed symbol " + std::to_string(first));
  uint64_t hugeFirst = uint32_t(1) << 31;
  std::string error = refusalOf(
      copy, patched<uint32_t>(patched<uint32_t>(model, gnuHash + 4, hugeFirst),
                              gnuHash, 0));
  EXPECT_TRUE(std::regex_match(
      error, std::regex("malformed ELF file: the symbol table \\(0x[0-9a-f]+, "
                        "2147483648 entries of 24 bytes\\) is not inside a "
                        "loadable segment")))
      << error;

  // SysV hash: nbucket, nchain, the buckets, the chains.
  std::string sysv = readBytes(FAKE_MODEL_SYSV_PATH);
  size_t hash = fileOffsetOf(sysv, dynamicValue(sysv, DT_HASH));
  uint32_t buckets, chains, symbol;
  std::memcpy(&buckets, &sysv[hash], sizeof(buckets));
  std::memcpy(&chains, &sysv[hash + 4], sizeof(chains));
  std::memcpy(&symbol, &sysv[hash + 8], sizeof(symbol));
  ASSERT_NE(symbol, 0u) << "bucket 0 of the SysV fake model is empty";
  EXPECT_EQ(refusalOf(copy, patched<uint32_t>(sysv, hash + 8, chains)),
            "malformed ELF file: the hash table leads to symbol " +
                std::to_string(chains) + ", past its " +
                std::to_string(chains) + " chain entries");
  size_t chain = hash + 8 + 4 * (buckets + symbol);
  EXPECT_EQ(refusalOf(copy, patched<uint32_t>(sysv, chain, symbol)),
            "malformed ELF file: the hash table reaches symbol " +
                std::to_string(symbol) + " twice (its chains loop or meet)");
  // The unedited SysV model loads.
  disc_model *loaded = nullptr;
  Status status(disc_model_load(copy.write(sysv).c_str(), &loaded));
  EXPECT_EQ(message(status), "(ok)");
  disc_model_free(loaded);
}

// `model` with `entries` (tag, value) written over its dynamic section's
// DT_NULL end and the padding after it, which then ends after them.
std::string
withDynamicEntries(const std::string &model,
                   const std::vector<std::pair<int64_t, uint64_t>> &entries) {
  std::string edited = model;
  size_t at = dynamicEntryOffset(model, DT_NULL);
  for (const auto &[tag, value] : entries) {
    Elf64_Dyn entry{};
    entry.d_tag = tag;
    entry.d_un.d_val = value;
    edited = patched(edited, at, entry);
    at += sizeof(Elf64_Dyn);
  }
  EXPECT_EQ(dynamicEntryOffset(edited, DT_NULL), at)
      << "no room for the entries and a DT_NULL end";
  return edited;
}

// `model` with the tag of its dynamic entry tagged `tag` replaced.
std::string retagged(const std::string &model, int64_t tag, int64_t newTag) {
  return patched(model, dynamicEntryOffset(model, tag), newTag);
}

// ld.so reads the partner of an entry (a table's size, its entry size)
// without looking whether the file has it, asserts the entry sizes and the
// kind of PLT relocations, calls DT_INIT and DT_FINI and applies RELR
// relocations; fuzzed models crashed it through each of the first.
TEST(Loader, RejectsDynamicEntriesLdSoCannotTakeBeforeDlopen) {
  if (sizeof(void *) != 8)
    GTEST_SKIP() << "the fake model is edited as a 64-bit ELF file";
  std::string model = readBytes(FAKE_MODEL_PATH);
  ModelCopy copy("entries");
  EXPECT_EQ(refusalOf(copy, retagged(model, DT_RELAENT, DT_DEBUG)),
            "malformed ELF file: the dynamic section has DT_RELA but no "
            "DT_RELAENT");
  EXPECT_EQ(refusalOf(copy, retagged(model, DT_FINI_ARRAYSZ, DT_DEBUG)),
            "malformed ELF file: the dynamic section has DT_FINI_ARRAY but "
            "no DT_FINI_ARRAYSZ");
  EXPECT_EQ(refusalOf(copy, withDynamicValue(model, DT_RELAENT, 7)),
            "malformed ELF file: DT_RELAENT is 7, expected 24");
  // PLT relocations: the sanitized builds' fake model has them, the plain
  // one gets them.
  uint64_t rela = dynamicValue(model, DT_RELA);
  std::string plt = dynamicEntryOffset(model, DT_PLTREL) != 0
                        ? model
                        : withDynamicEntries(model, {{DT_PLTREL, DT_RELA},
                                                     {DT_JMPREL, rela},
                                                     {DT_PLTRELSZ, 24}});
  EXPECT_EQ(refusalOf(copy, retagged(plt, DT_JMPREL, DT_DEBUG)),
            "malformed ELF file: the dynamic section has DT_PLTREL but no "
            "DT_JMPREL");
  EXPECT_EQ(refusalOf(copy, withDynamicValue(plt, DT_PLTREL, DT_REL)),
            "malformed ELF file: DT_PLTREL is 17, this machine takes only "
            "DT_RELA");
  EXPECT_EQ(refusalOf(copy, withDynamicValue(model, DT_INIT, rela)),
            "malformed ELF file: DT_INIT (" + hexText(rela) +
                ") is not inside an executable loadable segment");
#ifdef DT_RELR
  // The file starts with "\x7fELF", an odd word, and e_entry, at 24, is 0.
  auto relr = [&](uint64_t address) {
    return withDynamicEntries(
        model, {{DT_RELR, address}, {DT_RELRSZ, 8}, {DT_RELRENT, 8}});
  };
  EXPECT_EQ(refusalOf(copy, relr(0)),
            "malformed ELF file: RELR entry 0 is a bitmap with no address "
            "before it");
  EXPECT_EQ(refusalOf(copy, relr(offsetof(Elf64_Ehdr, e_entry))),
            "malformed ELF file: RELR entry 0 relocates 0x0, outside the "
            "writable loadable segments");
#endif
}

// ld.so reads the dynamic section at its address and writes to it, reads
// the program headers again where PT_PHDR says they are, and the loader
// calls the model's functions at the addresses of their symbols.
TEST(Loader, RejectsMisplacedDynamicSectionsAndFunctions) {
  if (sizeof(void *) != 8)
    GTEST_SKIP() << "the fake model is edited as a 64-bit ELF file";
  std::string model = readBytes(FAKE_MODEL_PATH);
  ModelCopy copy("placement");
  Elf64_Ehdr header;
  std::memcpy(&header, model.data(), sizeof(header));
  std::vector<Elf64_Phdr> segments = segmentsOf(model);
  for (size_t i = 0; i < segments.size(); ++i)
    if (segments[i].p_type == PT_DYNAMIC)
      EXPECT_EQ(refusalOf(copy, patched<uint64_t>(
                                    model,
                                    header.e_phoff + i * sizeof(Elf64_Phdr) +
                                        offsetof(Elf64_Phdr, p_vaddr),
                                    dynamicValue(model, DT_SYMTAB))),
                "malformed ELF file: the dynamic section is not inside a "
                "writable loadable segment");

  // A PT_PHDR (the fake model's GNU_EH_FRAME retagged) must point at the
  // program headers ld.so read from e_phoff.
  for (size_t i = 0; i < segments.size(); ++i) {
    if (segments[i].p_type != PT_GNU_EH_FRAME)
      continue;
    size_t at = header.e_phoff + i * sizeof(Elf64_Phdr);
    std::string phdr = patched<uint32_t>(model, at, PT_PHDR);
    auto pointingAt = [&](uint64_t address) {
      return patched(phdr, at + offsetof(Elf64_Phdr, p_vaddr), address);
    };
    EXPECT_EQ(refusalOf(copy, pointingAt(header.e_phoff + sizeof(Elf64_Phdr))),
              "malformed ELF file: the program headers PT_PHDR points to are "
              "not the ones at e_phoff");
    std::string error = refusalOf(copy, pointingAt(uint64_t(1) << 40));
    EXPECT_EQ(error, "malformed ELF file: the loaded program headers "
                     "(0x10000000000, " +
                         std::to_string(segments.size()) +
                         " entries of 56 bytes) is not inside a loadable "
                         "segment");
  }

  // disc_model_abi_version pointing at the (read-only) symbol table.
  uint64_t symtab = dynamicValue(model, DT_SYMTAB);
  size_t symbols = fileOffsetOf(model, symtab);
  size_t strings = fileOffsetOf(model, dynamicValue(model, DT_STRTAB));
  size_t abiVersion = 0;
  for (size_t at = symbols; at < strings; at += sizeof(Elf64_Sym)) {
    Elf64_Sym symbol;
    std::memcpy(&symbol, &model[at], sizeof(symbol));
    if (model.c_str() + strings + symbol.st_name ==
        std::string("disc_model_abi_version"))
      abiVersion = at;
  }
  ASSERT_NE(abiVersion, 0u);
  std::string path = copy.write(patched<uint64_t>(
      model, abiVersion + offsetof(Elf64_Sym, st_value), symtab));
  std::string error = loadError(path);
  EXPECT_TRUE(std::regex_match(
      error, std::regex("'" + path +
                        "': disc_model_abi_version \\(0x[0-9a-f]+\\) is not "
                        "inside an executable segment of the model")))
      << error;
}

// The metadata text is the model's: read up to the end of the loaded
// segment holding it, never past.
TEST(Loader, RejectsMetadataWithNoEndInsideTheModel) {
  if (sizeof(void *) != 8)
    GTEST_SKIP() << "the fake model is edited as a 64-bit ELF file";
  std::string model = readBytes(FAKE_MODEL_PATH);
  size_t text = model.find("{\n  \"abi_version\"");
  ASSERT_NE(text, std::string::npos);
  for (const Elf64_Phdr &segment : segmentsOf(model)) {
    if (segment.p_type == PT_LOAD && text >= segment.p_offset &&
        text < segment.p_offset + segment.p_filesz) {
      ASSERT_EQ(segment.p_filesz, segment.p_memsz);
      std::fill(model.begin() + text,
                model.begin() + segment.p_offset + segment.p_filesz, 'x');
    }
  }
  ModelCopy copy("metadata");
  std::string path = copy.write(model);
  EXPECT_EQ(loadError(path), "'" + path +
                                 "': disc_model_metadata returned text with "
                                 "no NUL end inside the model's segment");
}

// The version tables: ld.so indexes a table by each symbol's version and
// reads the names of the versions needed, and asserts (ending the process)
// that each library versions are needed from is loaded.
TEST(Loader, RejectsBadVersionTablesBeforeDlopen) {
  if (sizeof(void *) != 8)
    GTEST_SKIP() << "the library is edited as a 64-bit ELF file";
  std::string library = readBytes(TEST_KERNELS_PATH);
  ModelCopy copy("versions");
  size_t strtab = fileOffsetOf(library, dynamicValue(library, DT_STRTAB));
  uint64_t strings = dynamicValue(library, DT_STRSZ);
  size_t needs = fileOffsetOf(library, dynamicValue(library, DT_VERNEED));
  Elf64_Verneed need;
  std::memcpy(&need, &library[needs], sizeof(need));
  std::string file = library.c_str() + strtab + need.vn_file;
  ASSERT_GT(file.size(), 1u);

  EXPECT_EQ(
      refusalOf(copy, patched<uint32_t>(
                          library, needs + offsetof(Elf64_Verneed, vn_file),
                          need.vn_file + 1)),
      "malformed ELF file: it needs versions of '" + file.substr(1) +
          "', which is not a library it needs");
  EXPECT_EQ(
      refusalOf(copy, patched<uint32_t>(
                          library, needs + offsetof(Elf64_Verneed, vn_file),
                          strings)),
      "malformed ELF file: the library name of a version needs entry "
      "at " +
          std::to_string(strings) + " is past the string table (" +
          std::to_string(strings) + " bytes)");
  size_t aux = needs + need.vn_aux;
  EXPECT_EQ(
      refusalOf(copy, patched<uint32_t>(library,
                                        aux + offsetof(Elf64_Vernaux, vna_name),
                                        strings)),
      "malformed ELF file: the name of a version needed at " +
          std::to_string(strings) + " is past the string table (" +
          std::to_string(strings) + " bytes)");
  std::string error = refusalOf(
      copy, patched<uint32_t>(library, needs + offsetof(Elf64_Verneed, vn_aux),
                              0x40000000));
  EXPECT_TRUE(std::regex_match(
      error, std::regex("malformed ELF file: a version needed \\(0x[0-9a-f]+, "
                        "1 entries of 16 bytes\\) is not inside a loadable "
                        "segment")))
      << error;

  size_t versym = fileOffsetOf(library, dynamicValue(library, DT_VERSYM));
  error = refusalOf(copy, patched<uint16_t>(library, versym + 2, 0x7ff0));
  EXPECT_TRUE(std::regex_match(
      error, std::regex("malformed ELF file: symbol 1 has version 32752, past "
                        "the highest it defines or needs \\([0-9]+\\)")))
      << error;
  std::string unversioned = library;
  unversioned[dynamicEntryOffset(library, DT_VERNEED)] = DT_DEBUG;
  EXPECT_EQ(refusalOf(copy, unversioned),
            "malformed ELF file: it has symbol versions (DT_VERSYM) but "
            "defines and needs none");
}

} // namespace
