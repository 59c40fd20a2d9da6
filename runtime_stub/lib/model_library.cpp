#include "model_library.h"

#include "disc/runtime_stub.h"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>
#include <vector>

namespace disc::stub {

namespace {

// The ELF flavour of this process: only such a file can be dlopen'ed here.
#if UINTPTR_MAX == 0xffffffffffffffffu
using ElfHeader = Elf64_Ehdr;
using ElfProgramHeader = Elf64_Phdr;
using ElfSectionHeader = Elf64_Shdr;
using ElfDynamic = Elf64_Dyn;
using ElfRela = Elf64_Rela;
using ElfRel = Elf64_Rel;
using ElfSymbol = Elf64_Sym;
using ElfVerneed = Elf64_Verneed;
using ElfVernaux = Elf64_Vernaux;
using ElfVerdef = Elf64_Verdef;
using ElfVerdaux = Elf64_Verdaux;
constexpr unsigned char kElfClass = ELFCLASS64;
uint64_t relocationSymbol(uint64_t info) { return ELF64_R_SYM(info); }
uint64_t relocationType(uint64_t info) { return ELF64_R_TYPE(info); }
#else
using ElfHeader = Elf32_Ehdr;
using ElfProgramHeader = Elf32_Phdr;
using ElfSectionHeader = Elf32_Shdr;
using ElfDynamic = Elf32_Dyn;
using ElfRela = Elf32_Rela;
using ElfRel = Elf32_Rel;
using ElfSymbol = Elf32_Sym;
using ElfVerneed = Elf32_Verneed;
using ElfVernaux = Elf32_Vernaux;
using ElfVerdef = Elf32_Verdef;
using ElfVerdaux = Elf32_Verdaux;
constexpr unsigned char kElfClass = ELFCLASS32;
uint64_t relocationSymbol(uint64_t info) { return ELF32_R_SYM(info); }
uint64_t relocationType(uint64_t info) { return ELF32_R_TYPE(info); }
#endif
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
constexpr unsigned char kElfData = ELFDATA2LSB;
#else
constexpr unsigned char kElfData = ELFDATA2MSB;
#endif
// kRelativeRelocation: the relocation type DT_RELACOUNT and DT_RELCOUNT
// count, which dlopen applies without looking at the type.
// kPltRelocations: the one kind of PLT relocations (DT_PLTREL) ld.so takes
// on this machine; it asserts that, ending the process.
#if defined(__x86_64__)
constexpr uint16_t kElfMachine = EM_X86_64;
constexpr uint64_t kRelativeRelocation = R_X86_64_RELATIVE;
constexpr int64_t kPltRelocations = DT_RELA;
#elif defined(__aarch64__)
constexpr uint16_t kElfMachine = EM_AARCH64;
constexpr uint64_t kRelativeRelocation = R_AARCH64_RELATIVE;
constexpr int64_t kPltRelocations = DT_RELA;
#elif defined(__i386__)
constexpr uint16_t kElfMachine = EM_386;
constexpr uint64_t kRelativeRelocation = R_386_RELATIVE;
constexpr int64_t kPltRelocations = DT_REL;
#elif defined(__arm__)
constexpr uint16_t kElfMachine = EM_ARM;
constexpr uint64_t kRelativeRelocation = R_ARM_RELATIVE;
constexpr int64_t kPltRelocations = DT_REL;
#elif defined(__powerpc64__)
constexpr uint16_t kElfMachine = EM_PPC64;
constexpr uint64_t kRelativeRelocation = R_PPC64_RELATIVE;
constexpr int64_t kPltRelocations = DT_RELA;
#elif defined(__riscv)
constexpr uint16_t kElfMachine = EM_RISCV;
constexpr uint64_t kRelativeRelocation = R_RISCV_RELATIVE;
constexpr int64_t kPltRelocations = DT_RELA;
#else
#error "the ELF machine of this target is not known"
#endif

// Whether bytes [offset, offset + count * size) lie inside a file of
// `fileSize` bytes, without overflowing.
bool tableFits(uint64_t offset, uint64_t count, uint64_t size,
               uint64_t fileSize) {
  uint64_t bytes;
  return !__builtin_mul_overflow(count, size, &bytes) && offset <= fileSize &&
         bytes <= fileSize - offset;
}

// Reads `size` bytes at `offset`; false on a short read.
bool readAt(int fd, uint64_t offset, void *out, size_t size) {
  size_t done = 0;
  while (done < size) {
    ssize_t n = ::pread(fd, static_cast<char *>(out) + done, size - done,
                        static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

// The loadable segments of a file, which dlopen maps.
class Image {
public:
  explicit Image(const std::vector<ElfProgramHeader> &segments) {
    for (const ElfProgramHeader &segment : segments)
      if (segment.p_type == PT_LOAD)
        loads_.push_back(segment);
  }

  // The file offset of [address, address + size) when it lies inside the
  // file bytes of one loadable segment.
  std::optional<uint64_t> fileOffset(uint64_t address, uint64_t size) const {
    for (const ElfProgramHeader &load : loads_)
      if (address >= load.p_vaddr && address - load.p_vaddr <= load.p_filesz &&
          size <= load.p_filesz - (address - load.p_vaddr))
        return load.p_offset + (address - load.p_vaddr);
    return std::nullopt;
  }

  // How many file bytes the loadable segment holding `address` has from it
  // on; 0 when none holds it.
  uint64_t bytesFrom(uint64_t address) const {
    for (const ElfProgramHeader &load : loads_)
      if (address >= load.p_vaddr && address - load.p_vaddr < load.p_filesz)
        return load.p_filesz - (address - load.p_vaddr);
    return 0;
  }

  // Whether [address, address + size) lies inside the memory one loadable
  // segment takes, one mapped with every permission of `flags` (PF_W, PF_X).
  bool mapped(uint64_t address, uint64_t size, uint32_t flags) const {
    for (const ElfProgramHeader &load : loads_)
      if ((load.p_flags & flags) == flags && address >= load.p_vaddr &&
          address - load.p_vaddr <= load.p_memsz &&
          size <= load.p_memsz - (address - load.p_vaddr))
        return true;
    return false;
  }

private:
  std::vector<ElfProgramHeader> loads_;
};

std::string hex(uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof(text), "0x%llx",
                static_cast<unsigned long long>(value));
  return text;
}

// Reads `count` entries of type T at `address` of the image into `out`: an
// empty string, or what is wrong, naming the table `what`.
template <typename T>
std::string readEntries(int fd, const Image &image, const std::string &what,
                        uint64_t address, uint64_t count, std::vector<T> &out) {
  uint64_t bytes;
  std::optional<uint64_t> offset;
  if (!__builtin_mul_overflow(count, sizeof(T), &bytes))
    offset = image.fileOffset(address, bytes);
  if (!offset)
    return "malformed ELF file: " + what + " (" + hex(address) + ", " +
           std::to_string(count) + " entries of " + std::to_string(sizeof(T)) +
           " bytes) is not inside a loadable segment";
  out.resize(static_cast<size_t>(count));
  if (count != 0 && !readAt(fd, *offset, out.data(), bytes))
    return "cannot read " + what + ": " + std::strerror(errno);
  return std::string();
}

// Checks the relocations of a table of `Relocation` entries at `address`
// of `size` bytes, the first `relativeCount` of them counted as relative:
// dlopen applies them before anything else could look, writing to their
// targets and reading their symbols, and stops the process when a counted
// one is not relative. A target must be writable, unless the file asks for
// relocations of its text (DT_TEXTREL), for which dlopen unprotects it.
template <typename Relocation>
std::string relocationProblem(int fd, const Image &image, const char *table,
                              uint64_t address, uint64_t size,
                              uint64_t relativeCount, uint64_t symbolCount,
                              bool textRelocations, uint64_t &symbolsNamed) {
  std::optional<uint64_t> offset = image.fileOffset(address, size);
  if (!offset)
    return std::string("malformed ELF file: the ") + table + " table (" +
           hex(address) + ", " + std::to_string(size) +
           " bytes) is not inside a loadable segment";
  std::vector<Relocation> entries(size / sizeof(Relocation));
  if (!entries.empty() &&
      !readAt(fd, *offset, entries.data(), entries.size() * sizeof(Relocation)))
    return std::string("cannot read the ") + table +
           " table: " + std::strerror(errno);
  if (relativeCount > entries.size())
    return std::string("malformed ELF file: the dynamic section counts ") +
           std::to_string(relativeCount) + " relative relocations in the " +
           table + " table of " + std::to_string(entries.size());
  for (size_t i = 0; i < entries.size(); ++i) {
    if (i < relativeCount &&
        relocationType(entries[i].r_info) != kRelativeRelocation)
      return std::string("malformed ELF file: ") + table + " relocation " +
             std::to_string(i) + " is counted as relative and is not";
    if (!image.mapped(entries[i].r_offset, sizeof(uintptr_t),
                      textRelocations ? 0 : PF_W))
      return std::string("malformed ELF file: ") + table + " relocation " +
             std::to_string(i) + " writes to " + hex(entries[i].r_offset) +
             ", outside the writable loadable segments";
    if (relocationSymbol(entries[i].r_info) >= symbolCount)
      return std::string("malformed ELF file: ") + table + " relocation " +
             std::to_string(i) + " names symbol " +
             std::to_string(relocationSymbol(entries[i].r_info)) +
             ", past the symbol table";
    symbolsNamed =
        std::max(symbolsNamed, relocationSymbol(entries[i].r_info) + 1);
  }
  return std::string();
}

#ifdef DT_RELR
// Checks the relative relocations of the RELR table at `address` of `size`
// bytes: an even entry is the address of a word to relocate, an odd one a
// bitmap of the next 63 (31) words after the last; each must be writable,
// as for the other tables.
std::string relrProblem(int fd, const Image &image, uint64_t address,
                        uint64_t size, bool textRelocations) {
  std::vector<uintptr_t> entries;
  if (std::string problem = readEntries(fd, image, "the RELR table", address,
                                        size / sizeof(uintptr_t), entries);
      !problem.empty())
    return problem;
  constexpr uint64_t kWord = sizeof(uintptr_t);
  std::optional<uint64_t> next; // the word after the last relocated
  for (size_t i = 0; i < entries.size(); ++i) {
    uintptr_t entry = entries[i];
    auto relocates = [&](uint64_t where) {
      return image.mapped(where, kWord, textRelocations ? 0 : PF_W);
    };
    if ((entry & 1) == 0) {
      if (!relocates(entry))
        return "malformed ELF file: RELR entry " + std::to_string(i) +
               " relocates " + hex(entry) +
               ", outside the writable loadable segments";
      next = entry + kWord;
      continue;
    }
    if (!next)
      return "malformed ELF file: RELR entry " + std::to_string(i) +
             " is a bitmap with no address before it";
    for (uint64_t bit = 0; (entry >>= 1) != 0; ++bit)
      if ((entry & 1) && !relocates(*next + bit * kWord))
        return "malformed ELF file: RELR entry " + std::to_string(i) +
               " relocates " + hex(*next + bit * kWord) +
               ", outside the writable loadable segments";
    *next += (8 * kWord - 1) * kWord;
  }
  return std::string();
}
#endif

// What dlopen and every later symbol lookup read of the symbols, their
// names and versions, given the symbols relocations name
// ([0, `symbolsNamed`)): the string table must end with a NUL, the hash
// tables must lead only to symbols inside the image, every such symbol's
// name and version must exist, and every version needed must come from a
// library the file needs. ld.so reads them unchecked, and a fuzzed model
// crashed it in its symbol and version lookups; a version needed from a
// library not loaded fails an assertion that ends the process.
std::string namesProblem(int fd, const Image &image,
                         const std::map<int64_t, uint64_t> &values,
                         const std::vector<uint64_t> &needed,
                         uint64_t symbolsNamed) {
  auto value = [&](int64_t tag) -> std::optional<uint64_t> {
    auto found = values.find(tag);
    if (found == values.end())
      return std::nullopt;
    return found->second;
  };
  std::vector<char> strings;
  if (std::string problem =
          readEntries(fd, image, "the string table", *value(DT_STRTAB),
                      value(DT_STRSZ).value_or(0), strings);
      !problem.empty())
    return problem;
  // Then every name at an offset inside the table ends inside it.
  if (strings.empty() || strings.back() != '\0')
    return "malformed ELF file: the string table (" +
           std::to_string(strings.size()) + " bytes) does not end with a NUL";
  auto nameProblem = [&](const std::string &what, uint64_t name) {
    if (name < strings.size())
      return std::string();
    return "malformed ELF file: " + what + " at " + std::to_string(name) +
           " is past the string table (" + std::to_string(strings.size()) +
           " bytes)";
  };

  // The symbols a lookup reaches: those of the SysV hash table's chains...
  uint64_t symbols = symbolsNamed;
  if (std::optional<uint64_t> hash = value(DT_HASH)) {
    std::vector<uint32_t> header;
    if (std::string problem =
            readEntries(fd, image, "the hash table", *hash, 2, header);
        !problem.empty())
      return problem;
    uint64_t buckets = header[0], chains = header[1];
    std::vector<uint32_t> table;
    if (std::string problem = readEntries(fd, image, "the hash table", *hash,
                                          2 + buckets + chains, table);
        !problem.empty())
      return problem;
    // A chain ends at symbol 0; one that loops would hang every lookup.
    std::vector<bool> reached(chains);
    for (uint64_t bucket = 0; bucket < buckets; ++bucket) {
      for (uint64_t symbol = table[2 + bucket]; symbol != 0;
           symbol = table[2 + buckets + symbol]) {
        if (symbol >= chains)
          return "malformed ELF file: the hash table leads to symbol " +
                 std::to_string(symbol) + ", past its " +
                 std::to_string(chains) + " chain entries";
        if (reached[symbol])
          return "malformed ELF file: the hash table reaches symbol " +
                 std::to_string(symbol) + " twice (its chains loop or meet)";
        reached[symbol] = true;
      }
    }
    symbols = std::max(symbols, chains);
  }
  // ...and those of the GNU hash table's.
  if (std::optional<uint64_t> hash = value(DT_GNU_HASH)) {
    std::vector<uint32_t> header;
    if (std::string problem =
            readEntries(fd, image, "the GNU hash table", *hash, 4, header);
        !problem.empty())
      return problem;
    uint64_t buckets = header[0], first = header[1], bloomWords = header[2];
    // ld.so asserts this, ending the process.
    if (bloomWords == 0 || (bloomWords & (bloomWords - 1)) != 0)
      return "malformed ELF file: the GNU hash table's bloom filter has " +
             std::to_string(bloomWords) + " words, not a power of two";
    uint64_t wordsBefore = 4 + bloomWords * (sizeof(uintptr_t) / 4);
    std::vector<uint32_t> table;
    if (std::string problem = readEntries(fd, image, "the GNU hash table",
                                          *hash, wordsBefore + buckets, table);
        !problem.empty())
      return problem;
    // A chain runs from its bucket's symbol to the first hash value with
    // its low bit set; chains follow one another, so one walk over the
    // symbols in the buckets' order finds every chain's end.
    std::vector<uint32_t> starts;
    for (uint64_t bucket = 0; bucket < buckets; ++bucket)
      if (uint32_t symbol = table[wordsBefore + bucket]; symbol != 0) {
        if (symbol < first)
          return "malformed ELF file: the GNU hash table's bucket " +
                 std::to_string(bucket) + " starts at symbol " +
                 std::to_string(symbol) + ", before its first hashed symbol " +
                 std::to_string(first);
        starts.push_back(symbol);
      }
    std::sort(starts.begin(), starts.end());
    uint64_t chains = *hash + (wordsBefore + buckets) * 4;
    std::vector<uint32_t> chain;
    if (!starts.empty())
      if (std::string problem =
              readEntries(fd, image, "the GNU hash chains", chains,
                          image.bytesFrom(chains) / 4, chain);
          !problem.empty())
        return problem;
    uint64_t end = 0; // past the last chain's end
    for (uint64_t start : starts) {
      uint64_t at = std::max(start, end);
      while (at - first < chain.size() && (chain[at - first] & 1) == 0)
        ++at;
      if (at - first >= chain.size())
        return "malformed ELF file: the GNU hash chain of symbol " +
               std::to_string(start) + " runs past its loadable segment";
      end = at + 1;
    }
    symbols = std::max({symbols, first, end});
  }

  std::vector<ElfSymbol> symbolTable;
  if (std::string problem =
          readEntries(fd, image, "the symbol table", *value(DT_SYMTAB), symbols,
                      symbolTable);
      !problem.empty())
    return problem;
  for (size_t i = 0; i < symbolTable.size(); ++i)
    if (std::string problem = nameProblem(
            "the name of symbol " + std::to_string(i), symbolTable[i].st_name);
        !problem.empty())
      return problem;

  // The versions: the highest index the file needs or defines sizes the
  // table ld.so indexes by each symbol's version.
  constexpr int kMaxVersionEntries = 1 << 16;
  int versionEntries = 0;
  uint64_t highestVersion = 0;
  auto next = [&](uint64_t &address, uint64_t offset) {
    return !__builtin_add_overflow(address, offset, &address) &&
           ++versionEntries <= kMaxVersionEntries;
  };
  const char *tooMany =
      "malformed ELF file: the version needs and definitions have more than "
      "65536 entries, or an offset past the end of the address space";
  if (std::optional<uint64_t> address = value(DT_VERNEED)) {
    for (uint64_t at = *address;;) {
      std::vector<ElfVerneed> entry;
      if (std::string problem =
              readEntries(fd, image, "a version needs entry", at, 1, entry);
          !problem.empty())
        return problem;
      if (std::string problem = nameProblem(
              "the library name of a version needs entry", entry[0].vn_file);
          !problem.empty())
        return problem;
      const char *library = &strings[entry[0].vn_file];
      if (std::none_of(needed.begin(), needed.end(), [&](uint64_t name) {
            return std::strcmp(&strings[name], library) == 0;
          }))
        return std::string("malformed ELF file: it needs versions of '") +
               library + "', which is not a library it needs";
      uint64_t aux = at;
      if (!next(aux, entry[0].vn_aux))
        return tooMany;
      for (;;) {
        std::vector<ElfVernaux> version;
        if (std::string problem =
                readEntries(fd, image, "a version needed", aux, 1, version);
            !problem.empty())
          return problem;
        if (std::string problem = nameProblem("the name of a version needed",
                                              version[0].vna_name);
            !problem.empty())
          return problem;
        highestVersion =
            std::max<uint64_t>(highestVersion, version[0].vna_other & 0x7fff);
        if (version[0].vna_next == 0)
          break;
        if (!next(aux, version[0].vna_next))
          return tooMany;
      }
      if (entry[0].vn_next == 0)
        break;
      if (!next(at, entry[0].vn_next))
        return tooMany;
    }
  }
  if (std::optional<uint64_t> address = value(DT_VERDEF)) {
    for (uint64_t at = *address;;) {
      std::vector<ElfVerdef> entry;
      if (std::string problem =
              readEntries(fd, image, "a version definition", at, 1, entry);
          !problem.empty())
        return problem;
      uint64_t aux = at;
      std::vector<ElfVerdaux> name;
      if (!next(aux, entry[0].vd_aux))
        return tooMany;
      if (std::string problem = readEntries(
              fd, image, "a version definition's name", aux, 1, name);
          !problem.empty())
        return problem;
      if (std::string problem =
              nameProblem("the name of a version definition", name[0].vda_name);
          !problem.empty())
        return problem;
      highestVersion =
          std::max<uint64_t>(highestVersion, entry[0].vd_ndx & 0x7fff);
      if (entry[0].vd_next == 0)
        break;
      if (!next(at, entry[0].vd_next))
        return tooMany;
    }
  }
  // ld.so builds the version table only for a highest index above 0 and
  // then reads DT_VERSYM without looking; with DT_VERSYM, a relocation
  // reads that table whether it was built or not.
  std::optional<uint64_t> versions = value(DT_VERSYM);
  if (versions.has_value() != (highestVersion > 0))
    return versions ? "malformed ELF file: it has symbol versions "
                      "(DT_VERSYM) but defines and needs none"
                    : "malformed ELF file: it defines or needs versions but "
                      "has no symbol versions (DT_VERSYM)";
  if (versions) {
    std::vector<uint16_t> symbolVersions;
    if (std::string problem =
            readEntries(fd, image, "the symbol versions", *versions,
                        symbolTable.size(), symbolVersions);
        !problem.empty())
      return problem;
    for (size_t i = 0; i < symbolVersions.size(); ++i)
      if ((symbolVersions[i] & 0x7fff) > highestVersion)
        return "malformed ELF file: symbol " + std::to_string(i) +
               " has version " + std::to_string(symbolVersions[i] & 0x7fff) +
               ", past the highest it defines or needs (" +
               std::to_string(highestVersion) + ")";
  }
  return std::string();
}

// What in the dynamic section would make dlopen read or write outside the
// file's image: every table it names, every relocation and every name of
// a needed library must lie inside it. Checked before dlopen, which trusts
// them (a fuzzed model crashed it there).
std::string dynamicProblem(int fd,
                           const std::vector<ElfProgramHeader> &segments) {
  const ElfProgramHeader *dynamicSegment = nullptr;
  for (const ElfProgramHeader &segment : segments)
    if (segment.p_type == PT_DYNAMIC)
      dynamicSegment = &segment;
  if (!dynamicSegment)
    return std::string();
  Image image(segments);
  // ld.so reads the dynamic section at its address, not at its file offset,
  // and writes to it.
  std::optional<uint64_t> dynamicOffset =
      image.fileOffset(dynamicSegment->p_vaddr, dynamicSegment->p_filesz);
  if (!dynamicOffset ||
      !image.mapped(dynamicSegment->p_vaddr, dynamicSegment->p_filesz, PF_W))
    return "malformed ELF file: the dynamic section is not inside a "
           "writable loadable segment";
  std::vector<ElfDynamic> entries(dynamicSegment->p_filesz /
                                  sizeof(ElfDynamic));
  if (!entries.empty() && !readAt(fd, *dynamicOffset, entries.data(),
                                  entries.size() * sizeof(ElfDynamic)))
    return "cannot read the dynamic section: " +
           std::string(std::strerror(errno));
  std::map<int64_t, uint64_t> values;
  std::vector<uint64_t> names, needed;
  bool terminated = false;
  for (const ElfDynamic &entry : entries) {
    if (entry.d_tag == DT_NULL) {
      terminated = true;
      break;
    }
    if (entry.d_tag == DT_NEEDED)
      needed.push_back(entry.d_un.d_val);
    if (entry.d_tag == DT_NEEDED || entry.d_tag == DT_SONAME ||
        entry.d_tag == DT_RPATH || entry.d_tag == DT_RUNPATH)
      names.push_back(entry.d_un.d_val);
    else
      values[entry.d_tag] = entry.d_un.d_val;
  }
  if (!terminated)
    return "malformed ELF file: the dynamic section has no DT_NULL end";
  auto value = [&](int64_t tag) -> std::optional<uint64_t> {
    auto found = values.find(tag);
    if (found == values.end())
      return std::nullopt;
    return found->second;
  };
  // dlopen reads both without checking that the dynamic section has them.
  if (!value(DT_SYMTAB) || !value(DT_STRTAB))
    return "malformed ELF file: the dynamic section names no symbol or no "
           "string table";
  // Entries ld.so reads as soon as the first of each pair is there, without
  // looking whether the second is (a fuzzed model crashed it so).
  struct Needs {
    int64_t tag, needs;
    const char *tagName, *needsName;
  };
  const Needs pairs[] = {
      {DT_RELA, DT_RELASZ, "DT_RELA", "DT_RELASZ"},
      {DT_RELA, DT_RELAENT, "DT_RELA", "DT_RELAENT"},
      {DT_REL, DT_RELSZ, "DT_REL", "DT_RELSZ"},
      {DT_REL, DT_RELENT, "DT_REL", "DT_RELENT"},
      {DT_PLTREL, DT_JMPREL, "DT_PLTREL", "DT_JMPREL"},
      {DT_JMPREL, DT_PLTREL, "DT_JMPREL", "DT_PLTREL"},
      {DT_JMPREL, DT_PLTRELSZ, "DT_JMPREL", "DT_PLTRELSZ"},
      {DT_INIT_ARRAY, DT_INIT_ARRAYSZ, "DT_INIT_ARRAY", "DT_INIT_ARRAYSZ"},
      {DT_FINI_ARRAY, DT_FINI_ARRAYSZ, "DT_FINI_ARRAY", "DT_FINI_ARRAYSZ"},
      {DT_PREINIT_ARRAY, DT_PREINIT_ARRAYSZ, "DT_PREINIT_ARRAY",
       "DT_PREINIT_ARRAYSZ"},
#ifdef DT_RELR
      {DT_RELR, DT_RELRSZ, "DT_RELR", "DT_RELRSZ"},
      {DT_RELR, DT_RELRENT, "DT_RELR", "DT_RELRENT"},
#endif
  };
  for (const Needs &pair : pairs)
    if (value(pair.tag) && !value(pair.needs))
      return std::string("malformed ELF file: the dynamic section has ") +
             pair.tagName + " but no " + pair.needsName;
  // ld.so asserts these, ending the process.
  struct EntrySize {
    int64_t tag;
    const char *name;
    uint64_t size;
  };
  const EntrySize entrySizes[] = {
      {DT_RELAENT, "DT_RELAENT", sizeof(ElfRela)},
      {DT_RELENT, "DT_RELENT", sizeof(ElfRel)},
#ifdef DT_RELR
      {DT_RELRENT, "DT_RELRENT", sizeof(uintptr_t)},
#endif
  };
  for (const EntrySize &entry : entrySizes)
    if (value(entry.tag) && *value(entry.tag) != entry.size)
      return std::string("malformed ELF file: ") + entry.name + " is " +
             std::to_string(*value(entry.tag)) + ", expected " +
             std::to_string(entry.size);
  if (value(DT_PLTREL) && *value(DT_PLTREL) != uint64_t(kPltRelocations))
    return "malformed ELF file: DT_PLTREL is " +
           std::to_string(*value(DT_PLTREL)) + ", this machine takes only " +
           (kPltRelocations == DT_RELA ? "DT_RELA" : "DT_REL");
  // dlopen calls them.
  for (int64_t tag : {DT_INIT, DT_FINI})
    if (value(tag) && !image.mapped(*value(tag), 1, PF_X))
      return std::string("malformed ELF file: ") +
             (tag == DT_INIT ? "DT_INIT" : "DT_FINI") + " (" +
             hex(*value(tag)) +
             ") is not inside an executable loadable segment";
  struct Table {
    int64_t addressTag;
    int64_t sizeTag;
    const char *name;
  };
  const Table tables[] = {
      {DT_STRTAB, DT_STRSZ, "string"},
      {DT_RELA, DT_RELASZ, "RELA"},
      {DT_REL, DT_RELSZ, "REL"},
      {DT_JMPREL, DT_PLTRELSZ, "PLT relocation"},
      {DT_INIT_ARRAY, DT_INIT_ARRAYSZ, "init array"},
      {DT_FINI_ARRAY, DT_FINI_ARRAYSZ, "fini array"},
      {DT_PREINIT_ARRAY, DT_PREINIT_ARRAYSZ, "preinit array"},
      {DT_SYMTAB, DT_NULL, "symbol"},
      {DT_HASH, DT_NULL, "hash"},
      {DT_GNU_HASH, DT_NULL, "GNU hash"},
      {DT_VERSYM, DT_NULL, "symbol version"},
      {DT_VERDEF, DT_NULL, "version definition"},
      {DT_VERNEED, DT_NULL, "version needs"},
  };
  for (const Table &table : tables) {
    std::optional<uint64_t> address = value(table.addressTag);
    if (!address)
      continue;
    uint64_t size =
        table.sizeTag == DT_NULL ? 1 : value(table.sizeTag).value_or(0);
    if (!image.fileOffset(*address, size))
      return std::string("malformed ELF file: the ") + table.name + " table (" +
             hex(*address) + ", " + std::to_string(size) +
             " bytes) is not inside a loadable segment";
  }
  uint64_t stringBytes = value(DT_STRSZ).value_or(0);
  for (uint64_t name : names)
    if (name >= stringBytes)
      return "malformed ELF file: a library name at " + std::to_string(name) +
             " is past the string table (" + std::to_string(stringBytes) +
             " bytes)";
  // The symbol table has no size of its own; the segment holding it bounds
  // the symbols a relocation may name.
  uint64_t symbolCount = 0;
  if (std::optional<uint64_t> symbols = value(DT_SYMTAB)) {
    uint64_t lo = 0, hi = uint64_t(1) << 32;
    while (lo < hi) {
      uint64_t mid = lo + (hi - lo + 1) / 2;
      if (image.fileOffset(*symbols, mid * sizeof(ElfSymbol)))
        lo = mid;
      else
        hi = mid - 1;
    }
    symbolCount = lo;
  }
  struct RelocationTable {
    const char *name;
    int64_t addressTag, sizeTag, relativeCountTag;
    bool withAddends;
  };
  bool textRelocations = value(DT_TEXTREL).has_value() ||
                         (value(DT_FLAGS).value_or(0) & DF_TEXTREL);
  bool pltWithAddends = kPltRelocations == DT_RELA;
  const RelocationTable relocationTables[] = {
      {"RELA", DT_RELA, DT_RELASZ, DT_RELACOUNT, true},
      {"REL", DT_REL, DT_RELSZ, DT_RELCOUNT, false},
      {"PLT", DT_JMPREL, DT_PLTRELSZ, DT_NULL, pltWithAddends},
  };
  uint64_t symbolsNamed = 0;
  for (const RelocationTable &table : relocationTables) {
    std::optional<uint64_t> address = value(table.addressTag);
    if (!address)
      continue;
    uint64_t bytes = value(table.sizeTag).value_or(0);
    uint64_t relativeCount = table.relativeCountTag == DT_NULL
                                 ? 0
                                 : value(table.relativeCountTag).value_or(0);
    std::string problem =
        table.withAddends
            ? relocationProblem<ElfRela>(fd, image, table.name, *address, bytes,
                                         relativeCount, symbolCount,
                                         textRelocations, symbolsNamed)
            : relocationProblem<ElfRel>(fd, image, table.name, *address, bytes,
                                        relativeCount, symbolCount,
                                        textRelocations, symbolsNamed);
    if (!problem.empty())
      return problem;
  }
#ifdef DT_RELR
  if (std::optional<uint64_t> address = value(DT_RELR))
    if (std::string problem = relrProblem(fd, image, *address,
                                          *value(DT_RELRSZ), textRelocations);
        !problem.empty())
      return problem;
#endif
  return namesProblem(fd, image, values, needed, symbolsNamed);
}

// What makes the open file `fd` of `fileSize` bytes unfit for dlopen, or an
// empty string when nothing does.
std::string elfProblem(int fd, uint64_t fileSize) {
  ElfHeader header{};
  size_t present = fileSize < sizeof(header) ? fileSize : sizeof(header);
  if (!readAt(fd, 0, &header, present))
    return "cannot read: " + std::string(std::strerror(errno));
  if (present < SELFMAG || std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0)
    return "not an ELF file (no \\x7fELF magic)";
  if (present < sizeof(header))
    return "truncated ELF file: " + std::to_string(fileSize) +
           " bytes, shorter than an ELF header";
  if (header.e_ident[EI_CLASS] != kElfClass)
    return std::string("an ELF file of ") +
           (header.e_ident[EI_CLASS] == ELFCLASS32 ? "32" : "another") +
           "-bit class, this process is " +
           (kElfClass == ELFCLASS64 ? "64" : "32") + "-bit";
  if (header.e_ident[EI_DATA] != kElfData)
    return "an ELF file of the other byte order";
  if (header.e_machine != kElfMachine)
    return "an ELF file for another machine (e_machine " +
           std::to_string(header.e_machine) + ", this one is " +
           std::to_string(kElfMachine) + ")";
  if (header.e_type != ET_DYN)
    return "an ELF file that is not a shared object (e_type " +
           std::to_string(header.e_type) + ")";
  std::string size = " (the file has " + std::to_string(fileSize) + " bytes)";
  if (header.e_phentsize != sizeof(ElfProgramHeader))
    return "malformed ELF file: program headers of " +
           std::to_string(header.e_phentsize) + " bytes, expected " +
           std::to_string(sizeof(ElfProgramHeader));
  if (!tableFits(header.e_phoff, header.e_phnum, sizeof(ElfProgramHeader),
                 fileSize))
    return "truncated ELF file: the program header table (offset " +
           std::to_string(header.e_phoff) + ", " +
           std::to_string(header.e_phnum) + " entries) is not inside it" + size;
  std::vector<ElfProgramHeader> segments(header.e_phnum);
  if (!segments.empty() && !readAt(fd, header.e_phoff, segments.data(),
                                   segments.size() * sizeof(ElfProgramHeader)))
    return "cannot read the program header table: " +
           std::string(std::strerror(errno));
  for (size_t i = 0; i < segments.size(); ++i) {
    const ElfProgramHeader &segment = segments[i];
    if (segment.p_type == PT_LOAD &&
        !tableFits(segment.p_offset, 1, segment.p_filesz, fileSize))
      return "truncated ELF file: loadable segment " + std::to_string(i) +
             " (bytes " + std::to_string(segment.p_offset) + " to " +
             std::to_string(uint64_t(segment.p_offset) + segment.p_filesz) +
             ") is not inside it" + size;
  }
  // ld.so and dl_iterate_phdr read the program headers again where PT_PHDR
  // says they are loaded (a fuzzed model's pointed elsewhere): they must be
  // there, the same as at e_phoff.
  for (const ElfProgramHeader &segment : segments) {
    if (segment.p_type != PT_PHDR)
      continue;
    std::vector<ElfProgramHeader> loaded;
    if (std::string problem =
            readEntries(fd, Image(segments), "the loaded program headers",
                        segment.p_vaddr, segments.size(), loaded);
        !problem.empty())
      return problem;
    if (std::memcmp(loaded.data(), segments.data(),
                    segments.size() * sizeof(ElfProgramHeader)) != 0)
      return "malformed ELF file: the program headers PT_PHDR points to "
             "are not the ones at e_phoff";
  }
  if (std::string problem = dynamicProblem(fd, segments); !problem.empty())
    return problem;
  if (header.e_shoff != 0 && header.e_shentsize != sizeof(ElfSectionHeader))
    return "malformed ELF file: section headers of " +
           std::to_string(header.e_shentsize) + " bytes, expected " +
           std::to_string(sizeof(ElfSectionHeader));
  // With more sections than e_shnum holds, e_shnum is 0 and the count is in
  // the first section header, which must be there.
  if (header.e_shoff != 0 &&
      !tableFits(header.e_shoff, header.e_shnum == 0 ? 1 : header.e_shnum,
                 sizeof(ElfSectionHeader), fileSize))
    return "truncated ELF file: the section header table (offset " +
           std::to_string(header.e_shoff) + ", " +
           std::to_string(header.e_shnum) + " entries) is not inside it" + size;
  return std::string();
}

// How many bytes from `address` on lie in a loaded segment of the library
// `handle` mapped with every permission of `flags` (PF_R, PF_X); 0 when no
// such segment holds `address`.
size_t segmentBytesFrom(void *handle, const void *address, uint32_t flags) {
  struct link_map *map = nullptr;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || !map)
    return 0;
  struct Search {
    const struct link_map *map;
    uintptr_t address;
    uint32_t flags;
    size_t bytes;
  } search{map, reinterpret_cast<uintptr_t>(address), flags, 0};
  dl_iterate_phdr(
      [](struct dl_phdr_info *info, size_t, void *data) -> int {
        auto *search = static_cast<Search *>(data);
        if (info->dlpi_addr != search->map->l_addr ||
            std::strcmp(info->dlpi_name, search->map->l_name) != 0)
          return 0;
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfProgramHeader &segment = info->dlpi_phdr[i];
          uintptr_t start = info->dlpi_addr + segment.p_vaddr;
          if (segment.p_type == PT_LOAD &&
              (segment.p_flags & search->flags) == search->flags &&
              search->address >= start &&
              search->address - start < segment.p_memsz) {
            search->bytes = segment.p_memsz - (search->address - start);
            break;
          }
        }
        return 1;
      },
      &search);
  return search.bytes;
}

// Whether a NUL lies in the `bytes` bytes from `text`. They are a model's
// memory, mapped and readable, but a sanitized model's own sanitizer
// poisons what lies between its objects, so the check reads them unchecked.
__attribute__((no_sanitize("address"))) bool hasNul(const char *text,
                                                    size_t bytes) {
  for (size_t i = 0; i < bytes; ++i)
    if (text[i] == '\0')
      return true;
  return false;
}

disc_status *closeWith(void *handle, std::string message) {
  dlclose(handle);
  return makeStatus(std::move(message));
}

} // namespace

std::string checkLoadableFile(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return std::strerror(errno);
  struct stat info;
  std::string problem;
  if (::fstat(fd, &info) != 0)
    problem = std::strerror(errno);
  else if (S_ISDIR(info.st_mode))
    problem = std::strerror(EISDIR);
  else if (!S_ISREG(info.st_mode))
    problem = "not a regular file";
  else
    problem = elfProblem(fd, static_cast<uint64_t>(info.st_size));
  ::close(fd);
  return problem;
}

disc_status *openModelLibrary(const std::string &path, ModelLibrary &library) {
  std::string problem = checkLoadableFile(path);
  if (!problem.empty())
    return makeStatus("cannot open '" + path + "': " + problem);
  // dlopen searches the library path for a name without '/'; a model path
  // is always a file path.
  std::string openPath =
      path.find('/') == std::string::npos ? "./" + path : path;
  void *handle = dlopen(openPath.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *reason = dlerror();
    return makeStatus("cannot open '" + path +
                      "': " + (reason ? reason : "unknown dlopen error"));
  }
  // A fuzzed model's symbol may point anywhere; calling it would jump there.
  auto outsideCode = [&](const char *name, void *function) {
    return closeWith(handle, "'" + path + "': " + name + " (" +
                                 hex(reinterpret_cast<uintptr_t>(function)) +
                                 ") is not inside an executable segment of "
                                 "the model");
  };
  void *abiFunction = dlsym(handle, "disc_model_abi_version");
  if (!abiFunction)
    return closeWith(handle, "'" + path +
                                 "' is not a disc model (no "
                                 "disc_model_abi_version)");
  if (segmentBytesFrom(handle, abiFunction, PF_X) == 0)
    return outsideCode("disc_model_abi_version", abiFunction);
  int32_t version = reinterpret_cast<int32_t (*)()>(abiFunction)();
  if (version != DISC_RUNTIME_MODEL_ABI_VERSION)
    return closeWith(handle,
                     "'" + path + "' has ABI version " +
                         std::to_string(version) + ", this runtime supports " +
                         std::to_string(DISC_RUNTIME_MODEL_ABI_VERSION));
  void *metadataFunction = dlsym(handle, "disc_model_metadata");
  if (!metadataFunction)
    return closeWith(handle, "'" + path + "': no disc_model_metadata");
  if (segmentBytesFrom(handle, metadataFunction, PF_X) == 0)
    return outsideCode("disc_model_metadata", metadataFunction);
  library.metadata = reinterpret_cast<const char *(*)()>(metadataFunction)();
  if (!library.metadata)
    return closeWith(handle,
                     "'" + path + "': disc_model_metadata returned null");
  // The text is the model's constant; a fuzzed model's may lie outside it or
  // have no end inside it, and reading on would crash.
  size_t bytes = segmentBytesFrom(handle, library.metadata, PF_R);
  if (bytes == 0)
    return closeWith(handle, "'" + path +
                                 "': disc_model_metadata returned text "
                                 "outside the model's loaded segments");
  if (!hasNul(library.metadata, bytes))
    return closeWith(handle, "'" + path +
                                 "': disc_model_metadata returned text with "
                                 "no NUL end inside the model's segment");
  library.handle = handle;
  return nullptr;
}

} // namespace disc::stub
