#include "json.h"

#include "disc/runtime_stub/text.h"

#include <cerrno>
#include <cstdlib>

namespace disc::json {

const Value *Value::find(const std::string &key) const {
  if (kind != Kind::Object)
    return nullptr;
  auto it = object.find(key);
  return it == object.end() ? nullptr : &it->second;
}

namespace {

// Nesting beyond this is not metadata; refusing it keeps the recursion bounded.
constexpr int kMaxDepth = 64;

class Parser {
public:
  explicit Parser(std::string_view text) : text_(text) {}

  bool parseDocument(Value &out, std::string &error) {
    bool ok = parseValue(out, 0);
    if (ok) {
      skipSpace();
      if (pos_ != text_.size())
        ok = fail("unexpected trailing text");
    }
    if (!ok)
      error = error_ + " at offset " + std::to_string(errorPos_);
    return ok;
  }

private:
  bool fail(const std::string &message) {
    if (error_.empty()) {
      error_ = stub::escapeControlCharacters(message);
      errorPos_ = pos_;
    }
    return false;
  }

  void skipSpace() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
  }

  bool consume(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word)
      return false;
    pos_ += word.size();
    return true;
  }

  bool parseValue(Value &out, int depth) {
    if (depth > kMaxDepth)
      return fail("nesting too deep");
    skipSpace();
    if (pos_ >= text_.size())
      return fail("unexpected end of text");
    char c = text_[pos_];
    if (c == '{')
      return parseObject(out, depth);
    if (c == '[')
      return parseArray(out, depth);
    if (c == '"') {
      out.kind = Value::Kind::String;
      return parseString(out.string);
    }
    if (consume("true")) {
      out.kind = Value::Kind::Bool;
      out.boolean = true;
      return true;
    }
    if (consume("false")) {
      out.kind = Value::Kind::Bool;
      return true;
    }
    if (consume("null")) {
      out.kind = Value::Kind::Null;
      return true;
    }
    if (c == '-' || (c >= '0' && c <= '9'))
      return parseNumber(out);
    return fail(std::string("unexpected character '") + c + "'");
  }

  bool parseObject(Value &out, int depth) {
    out.kind = Value::Kind::Object;
    ++pos_;
    skipSpace();
    if (consume("}"))
      return true;
    while (true) {
      skipSpace();
      if (pos_ >= text_.size() || text_[pos_] != '"')
        return fail("expected a member name");
      std::string key;
      if (!parseString(key))
        return false;
      skipSpace();
      if (!consume(":"))
        return fail("expected ':'");
      Value member;
      if (!parseValue(member, depth + 1))
        return false;
      out.object[key] = std::move(member);
      skipSpace();
      if (consume(","))
        continue;
      if (consume("}"))
        return true;
      return fail("expected ',' or '}'");
    }
  }

  bool parseArray(Value &out, int depth) {
    out.kind = Value::Kind::Array;
    ++pos_;
    skipSpace();
    if (consume("]"))
      return true;
    while (true) {
      Value element;
      if (!parseValue(element, depth + 1))
        return false;
      out.array.push_back(std::move(element));
      skipSpace();
      if (consume(","))
        continue;
      if (consume("]"))
        return true;
      return fail("expected ',' or ']'");
    }
  }

  static void appendUtf8(std::string &out, uint32_t code) {
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xc0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xe0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (code & 0x3f));
    } else {
      out += static_cast<char>(0xf0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3f));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (code & 0x3f));
    }
  }

  bool parseHex4(uint32_t &code) {
    if (pos_ + 4 > text_.size())
      return fail("truncated \\u escape");
    code = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text_[pos_++];
      code <<= 4;
      if (c >= '0' && c <= '9')
        code |= c - '0';
      else if (c >= 'a' && c <= 'f')
        code |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        code |= c - 'A' + 10;
      else
        return fail("bad \\u escape");
    }
    return true;
  }

  bool parseString(std::string &out) {
    ++pos_;
    while (pos_ < text_.size()) {
      char c = text_[pos_++];
      if (c == '"')
        return true;
      if (static_cast<unsigned char>(c) < 0x20)
        return fail("control character in string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size())
        break;
      char escaped = text_[pos_++];
      switch (escaped) {
      case '"':
      case '\\':
      case '/':
        out += escaped;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        uint32_t code;
        if (!parseHex4(code))
          return false;
        if (code >= 0xd800 && code < 0xdc00) {
          uint32_t low;
          if (!consume("\\u") || !parseHex4(low) || low < 0xdc00 ||
              low >= 0xe000)
            return fail("unpaired surrogate in \\u escape");
          code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        }
        appendUtf8(out, code);
        break;
      }
      default:
        return fail(std::string("bad escape '\\") + escaped + "'");
      }
    }
    return fail("unterminated string");
  }

  bool parseNumber(Value &out) {
    size_t start = pos_;
    bool integral = true;
    if (text_[pos_] == '-')
      ++pos_;
    auto digits = [&] {
      size_t first = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9')
        ++pos_;
      return pos_ > first;
    };
    if (!digits())
      return fail("malformed number");
    if (pos_ < text_.size() && text_[pos_] == '.') {
      integral = false;
      ++pos_;
      if (!digits())
        return fail("malformed number");
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      integral = false;
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-'))
        ++pos_;
      if (!digits())
        return fail("malformed number");
    }
    std::string literal(text_.substr(start, pos_ - start));
    out.kind = Value::Kind::Number;
    out.number = std::strtod(literal.c_str(), nullptr);
    if (integral) {
      errno = 0;
      long long value = std::strtoll(literal.c_str(), nullptr, 10);
      if (errno == 0) {
        out.isInteger = true;
        out.integer = value;
      }
    }
    return true;
  }

  std::string_view text_;
  size_t pos_ = 0;
  std::string error_;
  size_t errorPos_ = 0;
};

} // namespace

bool parse(std::string_view text, Value &out, std::string &error) {
  out = Value();
  return Parser(text).parseDocument(out, error);
}

} // namespace disc::json
