// Reading and writing NumPy .npy files (format versions 1.0, 2.0 and 3.0),
// C order, little-endian, for every dtype of type_encoding.def except bf16,
// the 8-, 6- and 4-bit floats and i2/i4/ui2/ui4, which have no standard
// .npy spelling, and raw little-endian files for every dtype.
#ifndef DISC_RUNTIME_STUB_NPY_H
#define DISC_RUNTIME_STUB_NPY_H

#include "disc/ral/allocator.h"
#include "disc/ral/dtype.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace disc::npy {

struct Array {
  ral::DType dtype = ral::DType::f32;
  std::vector<int64_t> shape;
  // Contiguous, row-major, 64-byte aligned.
  ral::AlignedBuffer buffer;
  size_t bytes = 0;

  const void *data() const { return buffer.get(); }
};

// The .npy descriptor of `dtype` ("<f4", "|b1", ...), or nullptr for bf16.
const char *descriptorOf(ral::DType dtype);

// Reads `path`. On failure returns false and sets `error` to one line that
// starts with the quoted path. Reads no more than the header's shape needs
// (and one byte to tell a longer file), so that an endless file such as
// /dev/zero fails; headers longer than numpy writes are refused.
bool read(const std::string &path, Array &out, std::string &error);

// Reads raw little-endian data of `shape` and `dtype`: the file must hold
// exactly the bytes the shape needs. Errors name the path and the shape.
bool readRaw(const std::string &path, ral::DType dtype,
             const std::vector<int64_t> &shape, Array &out, std::string &error);

// Parses a whole .npy file held in memory; `name` names it in errors.
bool parse(const std::string &name, const std::string &contents, Array &out,
           std::string &error);

// Writes a contiguous row-major array to `path` (format 1.0, or 2.0 when the
// header needs it). The file is written beside `path` and renamed over it
// when complete, so a failed write leaves what `path` held. On failure
// returns false and sets `error`.
bool write(const std::string &path, ral::DType dtype,
           const std::vector<int64_t> &shape, const void *data,
           std::string &error);

// A file written beside its path under a temporary name, which commit()
// renames over the path: several files written so appear together or not at
// all. A path that is not a regular file (/dev/null, a pipe) was written in
// place, and a symbolic link is followed, so the file it names is replaced.
// An uncommitted StagedFile removes its temporary file.
class StagedFile {
public:
  StagedFile() = default;
  StagedFile(StagedFile &&other) noexcept;
  StagedFile &operator=(StagedFile &&other) noexcept;
  ~StagedFile();

  // Puts the file in place; on failure removes it and sets `error`.
  bool commit(std::string &error);

private:
  friend bool stage(const std::string &path, ral::DType dtype,
                    const std::vector<int64_t> &shape, const void *data,
                    StagedFile &out, std::string &error);
  friend bool stageRaw(const std::string &path, ral::DType dtype,
                       const std::vector<int64_t> &shape, const void *data,
                       StagedFile &out, std::string &error);
  StagedFile(std::string path, std::string target, std::string temporary)
      : path_(std::move(path)), target_(std::move(target)),
        temporary_(std::move(temporary)) {}
  void discard();

  std::string path_;   // as the caller named it, for errors
  std::string target_; // the file a symbolic link `path_` names
  std::string temporary_;
};

// Like write, but leaves the file for `out` to put in place.
bool stage(const std::string &path, ral::DType dtype,
           const std::vector<int64_t> &shape, const void *data, StagedFile &out,
           std::string &error);

// Like stage, but the file holds the elements' bytes alone, in memory order
// (one byte per element for the 8-, 6- and 4-bit floats and i2/i4/ui2/ui4, as
// ml_dtypes lays them out): what readRaw reads back given dtype and shape.
bool stageRaw(const std::string &path, ral::DType dtype,
              const std::vector<int64_t> &shape, const void *data,
              StagedFile &out, std::string &error);

// Like write, but adds the array after what `path` already holds (creating
// it when missing): several arrays one after the other in one file, which
// numpy reads back with repeated numpy.load calls on one open file.
bool append(const std::string &path, ral::DType dtype,
            const std::vector<int64_t> &shape, const void *data,
            std::string &error);

// One array of a .npz archive, named as numpy names it (without ".npy").
struct NamedArray {
  std::string name;
  Array array;
};

// Whether `contents` starts like a zip archive (a .npz file).
bool looksLikeNpz(const std::string &contents);

// Reads the arrays of a .npz archive in the order they are stored (the
// order numpy.savez was given them). Only stored (uncompressed) members are
// supported; a compressed one is an error naming it.
bool readNpz(const std::string &path, std::vector<NamedArray> &out,
             std::string &error);
bool parseNpz(const std::string &name, const std::string &contents,
              std::vector<NamedArray> &out, std::string &error);

// Reads `path`, a .npy file or a .npz archive: `out` gets its arrays in
// order (one, named "", for a .npy file) and `isArchive` says which it was.
bool readArrays(const std::string &path, std::vector<NamedArray> &out,
                bool &isArchive, std::string &error);

// Reads the whole file `path`; on failure sets `error` naming the path.
bool readFile(const std::string &path, std::string &contents,
              std::string &error);

} // namespace disc::npy

#endif // DISC_RUNTIME_STUB_NPY_H
