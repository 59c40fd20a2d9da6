#include "model_library.h"

#include "disc/runtime_stub.h"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <vector>

namespace disc::stub {

namespace {

// The ELF flavour of this process: only such a file can be dlopen'ed here.
#if UINTPTR_MAX == 0xffffffffffffffffu
using ElfHeader = Elf64_Ehdr;
using ElfProgramHeader = Elf64_Phdr;
using ElfSectionHeader = Elf64_Shdr;
constexpr unsigned char kElfClass = ELFCLASS64;
#else
using ElfHeader = Elf32_Ehdr;
using ElfProgramHeader = Elf32_Phdr;
using ElfSectionHeader = Elf32_Shdr;
constexpr unsigned char kElfClass = ELFCLASS32;
#endif
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
constexpr unsigned char kElfData = ELFDATA2LSB;
#else
constexpr unsigned char kElfData = ELFDATA2MSB;
#endif
#if defined(__x86_64__)
constexpr uint16_t kElfMachine = EM_X86_64;
#elif defined(__aarch64__)
constexpr uint16_t kElfMachine = EM_AARCH64;
#elif defined(__i386__)
constexpr uint16_t kElfMachine = EM_386;
#elif defined(__arm__)
constexpr uint16_t kElfMachine = EM_ARM;
#elif defined(__powerpc64__)
constexpr uint16_t kElfMachine = EM_PPC64;
#elif defined(__riscv)
constexpr uint16_t kElfMachine = EM_RISCV;
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
  auto abiVersion =
      reinterpret_cast<int32_t (*)()>(dlsym(handle, "disc_model_abi_version"));
  if (!abiVersion)
    return closeWith(handle, "'" + path +
                                 "' is not a disc model (no "
                                 "disc_model_abi_version)");
  int32_t version = abiVersion();
  if (version != DISC_RUNTIME_MODEL_ABI_VERSION)
    return closeWith(handle,
                     "'" + path + "' has ABI version " +
                         std::to_string(version) + ", this runtime supports " +
                         std::to_string(DISC_RUNTIME_MODEL_ABI_VERSION));
  auto metadata =
      reinterpret_cast<const char *(*)()>(dlsym(handle, "disc_model_metadata"));
  if (!metadata)
    return closeWith(handle, "'" + path + "': no disc_model_metadata");
  library.metadata = metadata();
  if (!library.metadata)
    return closeWith(handle,
                     "'" + path + "': disc_model_metadata returned null");
  library.handle = handle;
  return nullptr;
}

} // namespace disc::stub
