// A small JSON reader for model metadata: the runtime must not depend on a
// JSON library, and the metadata is a few hundred bytes.
#ifndef DISC_RUNTIME_STUB_JSON_H
#define DISC_RUNTIME_STUB_JSON_H

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace disc::json {

class Value {
public:
  enum class Kind { Null, Bool, Number, String, Array, Object };

  Kind kind = Kind::Null;
  bool boolean = false;
  double number = 0;
  // Set when the number was written as an integer that fits in int64_t.
  bool isInteger = false;
  int64_t integer = 0;
  std::string string;
  std::vector<Value> array;
  std::map<std::string, Value> object;

  // The member `key` of an object, or nullptr.
  const Value *find(const std::string &key) const;
};

// Parses `text` into `out`. On failure returns false and sets `error` to a
// one-line message with the byte offset of the problem.
bool parse(std::string_view text, Value &out, std::string &error);

} // namespace disc::json

#endif // DISC_RUNTIME_STUB_JSON_H
