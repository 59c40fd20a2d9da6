//===- SharedObjectLinker.cpp - Link a model object with in-process lld ---===//

#include "disc/Target/SharedObjectLinker.h"

#include "lld/Common/Driver.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

LLD_HAS_DRIVER(elf)

using namespace mlir;
using namespace mlir::disc;

/// The system's copy of a C library, e.g. libm.so.6, found in the library
/// folders of the host's triple.
static std::optional<std::string> findSystemLibrary(llvm::StringRef fileName) {
  llvm::Triple triple(llvm::sys::getProcessTriple());
  std::string multiarch =
      (triple.getArchName() + "-linux-" +
       llvm::Triple::getEnvironmentTypeName(triple.getEnvironment()))
          .str();
  const std::string folders[] = {
      "/lib/" + multiarch,
      "/usr/lib/" + multiarch,
      "/lib64",
      "/usr/lib64",
      "/lib",
      "/usr/lib",
  };
  for (const std::string &folder : folders) {
    llvm::SmallString<128> path(folder);
    llvm::sys::path::append(path, fileName);
    if (llvm::sys::fs::exists(path))
      return std::string(path);
  }
  return std::nullopt;
}

llvm::Expected<llvm::SmallVector<char, 0>> mlir::disc::linkSharedObject(
    llvm::ArrayRef<llvm::SmallVector<char, 0>> objects) {
  std::optional<std::string> libm = findSystemLibrary("libm.so.6");
  std::optional<std::string> libc = findSystemLibrary("libc.so.6");
  if (!libm || !libc)
    return llvm::createStringError(
        "cannot find the system's libm.so.6 and libc.so.6 to link against");

  llvm::SmallString<128> sharedObjectPath;
  if (std::error_code error = llvm::sys::fs::createTemporaryFile(
          "disc-model", "so", sharedObjectPath))
    return llvm::createStringError(error,
                                   "cannot create a temporary shared object");
  llvm::FileRemover sharedObjectRemover(sharedObjectPath);
  llvm::SmallVector<llvm::SmallString<128>> objectPaths(objects.size());
  std::vector<std::unique_ptr<llvm::FileRemover>> objectRemovers;
  for (auto [object, objectPath] : llvm::zip_equal(objects, objectPaths)) {
    if (std::error_code error =
            llvm::sys::fs::createTemporaryFile("disc-model", "o", objectPath))
      return llvm::createStringError(error,
                                     "cannot create a temporary object file");
    objectRemovers.push_back(std::make_unique<llvm::FileRemover>(objectPath));
    std::error_code error;
    llvm::raw_fd_ostream stream(objectPath, error);
    if (error)
      return llvm::createStringError(error, "cannot write " + objectPath);
    stream.write(object.data(), object.size());
    stream.close();
    if (stream.has_error())
      return llvm::createStringError(stream.error(),
                                     "cannot write " + objectPath);
  }

  // The model needs libc/libm at most, so only those become DT_NEEDED, and
  // only when a symbol of theirs is used.
  std::vector<const char *> args = {"ld.lld", "-shared", "-o",
                                    sharedObjectPath.c_str()};
  for (llvm::SmallString<128> &objectPath : objectPaths)
    args.push_back(objectPath.c_str());
  args.insert(args.end(), {
                              "--as-needed",
                              libm->c_str(),
                              libc->c_str(),
                              "--gc-sections",
                              "--hash-style=gnu",
                              "--eh-frame-hdr",
                              "-z",
                              "noexecstack",
                              "-z",
                              "relro",
                              "-z",
                              "now",
                          });
  std::string linkerOutput;
  llvm::raw_string_ostream linkerStream(linkerOutput);
  lld::Result result = lld::lldMain(args, linkerStream, linkerStream,
                                    {{lld::Gnu, &lld::elf::link}});
  if (result.retCode != 0)
    return llvm::createStringError("lld failed to link the model: " +
                                   llvm::StringRef(linkerOutput).trim());

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> linked =
      llvm::MemoryBuffer::getFile(sharedObjectPath, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!linked)
    return llvm::createStringError(linked.getError(),
                                   "cannot read the linked shared object");
  llvm::StringRef bytes = (*linked)->getBuffer();
  return llvm::SmallVector<char, 0>(bytes.begin(), bytes.end());
}
