// The metadata JSON reader of runtime_stub (lib/json.h), tested directly:
// what it accepts, and the one-line error with the offset for what it does
// not.
#include "json.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace disc::json {
namespace {

Value parseOk(const std::string &text) {
  Value value;
  std::string error;
  EXPECT_TRUE(parse(text, value, error)) << text << ": " << error;
  return value;
}

std::string parseError(const std::string &text) {
  Value value;
  std::string error;
  EXPECT_FALSE(parse(text, value, error)) << text;
  return error;
}

TEST(Json, ReadsAModelsMetadata) {
  Value metadata = parseOk(
      R"( {"abi_version": 1, "target": "cpu", "functions": [{"name": "main",)"
      R"( "inputs": [{"name": "x", "dtype": "f32", "shape": [-1, 784]}]}],)"
      R"( "stable": true, "hash": null} )");
  ASSERT_EQ(metadata.kind, Value::Kind::Object);
  const Value *target = metadata.find("target");
  ASSERT_NE(target, nullptr);
  EXPECT_EQ(target->string, "cpu");
  EXPECT_EQ(metadata.find("missing"), nullptr);
  EXPECT_EQ(metadata.find("abi_version")->integer, 1);
  EXPECT_TRUE(metadata.find("stable")->boolean);
  EXPECT_EQ(metadata.find("hash")->kind, Value::Kind::Null);
  const Value &input =
      metadata.find("functions")->array.at(0).find("inputs")->array.at(0);
  const Value &shape = *input.find("shape");
  ASSERT_EQ(shape.array.size(), 2u);
  EXPECT_TRUE(shape.array[0].isInteger);
  EXPECT_EQ(shape.array[0].integer, -1);
  EXPECT_EQ(shape.array[1].integer, 784);
  // find() on anything but an object finds nothing.
  EXPECT_EQ(shape.find("x"), nullptr);
}

TEST(Json, ReadsNumbersAsDoublesAndIntegersWhereTheyFit) {
  Value numbers = parseOk("[0, -7, 2.5, 1e3, -1.5E-2, 9223372036854775807, "
                          "9223372036854775808]");
  ASSERT_EQ(numbers.array.size(), 7u);
  EXPECT_TRUE(numbers.array[0].isInteger);
  EXPECT_EQ(numbers.array[1].integer, -7);
  EXPECT_FALSE(numbers.array[2].isInteger);
  EXPECT_DOUBLE_EQ(numbers.array[2].number, 2.5);
  EXPECT_FALSE(numbers.array[3].isInteger);
  EXPECT_DOUBLE_EQ(numbers.array[3].number, 1000.0);
  EXPECT_DOUBLE_EQ(numbers.array[4].number, -0.015);
  EXPECT_TRUE(numbers.array[5].isInteger);
  EXPECT_EQ(numbers.array[5].integer, INT64_MAX);
  // Beyond int64: a double only.
  EXPECT_FALSE(numbers.array[6].isInteger);
  EXPECT_DOUBLE_EQ(numbers.array[6].number, 9223372036854775808.0);
}

TEST(Json, DecodesEscapesToUtf8) {
  Value text = parseOk(R"("a\"b\\c\/d\n\t\u00e9\u20ac\ud83d\ude00")");
  EXPECT_EQ(text.string, "a\"b\\c/d\n\t\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
}

TEST(Json, LaterMembersOfTheSameNameWin) {
  EXPECT_EQ(parseOk(R"({"a": 1, "a": 2})").find("a")->integer, 2);
}

TEST(Json, NamesWhatIsWrongAndWhere) {
  EXPECT_EQ(parseError(""), "unexpected end of text at offset 0");
  EXPECT_EQ(parseError("{} x"), "unexpected trailing text at offset 3");
  EXPECT_EQ(parseError(R"({"a" 1})"), "expected ':' at offset 5");
  EXPECT_EQ(parseError(R"({"a": 1 "b": 2})"),
            "expected ',' or '}' at offset 8");
  EXPECT_EQ(parseError("[1 2]"), "expected ',' or ']' at offset 3");
  EXPECT_EQ(parseError("{1: 2}"), "expected a member name at offset 1");
  EXPECT_EQ(parseError(R"("abc)"), "unterminated string at offset 4");
  EXPECT_EQ(parseError("\"a\nb\""), "control character in string at offset 3");
  EXPECT_EQ(parseError(R"("\x")"), "bad escape '\\x' at offset 3");
  // A control character quoted from the text is escaped: one line still.
  EXPECT_EQ(parseError("\"\\\n\""), "bad escape '\\\\n' at offset 3");
  EXPECT_EQ(parseError(R"("\u12")"), "truncated \\u escape at offset 3");
  EXPECT_EQ(parseError(R"("\u12zz")"), "bad \\u escape at offset 6");
  EXPECT_EQ(parseError(R"("\ud83d")"),
            "unpaired surrogate in \\u escape at offset 7");
  EXPECT_EQ(parseError("-"), "malformed number at offset 1");
  EXPECT_EQ(parseError("1."), "malformed number at offset 2");
  EXPECT_EQ(parseError("1e+"), "malformed number at offset 3");
  EXPECT_EQ(parseError("nul"), "unexpected character 'n' at offset 0");
}

// Nesting is bounded, so hostile metadata cannot overflow the stack.
TEST(Json, RefusesNestingDeeperThan64) {
  EXPECT_EQ(parseOk(std::string(64, '[') + std::string(64, ']')).kind,
            Value::Kind::Array);
  std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_EQ(parseError(deep), "nesting too deep at offset 65");
}

} // namespace
} // namespace disc::json
